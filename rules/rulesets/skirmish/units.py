"""Skirmish models: the stats of text #2 on the decimal ladder, Move (SKIRM-A16), weapons and the tokens."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.core import Unit
from rules.hexgrid import Direction
from rules.rulesets.skirmish.weapons import ARMOUR, MELEE, WEAPONS, Armour, Attachment

LADDER = {7: "heroic", 6: "elite/very good", 5: "regular/sound/trained", 4: "rookie/meh/green", 3: "untrained/bad"}
"""Text #2: 'Here is how the stat aligns with % chance to succeed'."""


def ladder(stat: int) -> str:
    """'7 (80%) = heroic ... 3 (40%) = untrained/bad'."""
    return LADDER.get(stat, "beyond the ladder")


class SkirmStats(BaseModel):
    """Text #2 'Miniature Stats', plus Move (SKIRM-A16) and what the model carries."""

    model_config = ConfigDict(extra="forbid")

    skill: int = Field(default=5, ge=0, le=10)
    """Combat Skill (experience, cool-headedness, initiative, reactions)."""
    willpower: int = Field(default=5, ge=0, le=10)
    shooting: int = Field(default=5, ge=0, le=10)
    cqc: int = Field(default=5, ge=0, le=10)
    physique: int = Field(default=4, ge=0, le=10)
    agility: int = Field(default=5, ge=0, le=10)
    defence: int = Field(default=10, ge=1, le=20)
    """The wound TN before armour: '‘10’ for a normal unarmoured human'."""
    move: int = Field(default=5, ge=0, le=12)
    weapon: str = "carbine"
    attachments: list[Attachment] = Field(default_factory=list)
    melee: str = "none"
    """A melee weapon of the CQC table, or 'none' (fights with its firearm)."""
    armour: Armour = "none"
    leader: bool = False

    @field_validator("weapon")
    @classmethod
    def _known_weapon(cls, v: str) -> str:
        if v not in WEAPONS:
            raise ValueError(f"unknown weapon {v!r} (known: {', '.join(WEAPONS)})")
        return v

    @field_validator("melee")
    @classmethod
    def _known_melee(cls, v: str) -> str:
        if v != "none" and v not in MELEE:
            raise ValueError(f"unknown melee weapon {v!r} (known: none, {', '.join(MELEE)})")
        return v

    @property
    def wound_tn(self) -> int:
        """Defence plus armour: the TN of a damage roll (text #5A, #6)."""
        return self.defence + ARMOUR[self.armour]

    @property
    def speed(self) -> int:
        """Move in hexes, 'Heavy ... -1” move speed' (SKIRM-A16, A17)."""
        return max(self.move - (1 if "heavy" in WEAPONS[self.weapon].traits else 0), 0)

    @property
    def points(self) -> int:
        """'Each mini is worth 1pt. Leaders ... are worth 2pt' (text #5-ish Simple Morale)."""
        return 2 if self.leader else 1


class SkirmUnit(Unit):
    """A model on the table with its tokens (text #2 'Counters & Playing Pieces')."""

    model_config = ConfigDict(extra="forbid")
    stats: SkirmStats
    facing: Direction = "E"
    """Models 'only see in their front 180d arc' (text #4)."""
    downed: bool = False
    suppressed: bool = False
    fleeing: bool = False
    overwatch: bool = False
    activated: bool = False
    fled: bool = False
    """Left the table fleeing (gone like the dead, but not dead)."""
    shot_on_overwatch: bool = False
    """Fired from overwatch this turn (only those who did not shoot test to keep it)."""
    hurt_this_turn: bool = False
    """Downed or killed this turn (for 'each subsequent clean up phase when further injuries' happen)."""


TOKENS = ("downed", "suppressed", "fleeing", "overwatch", "activated")


def marks(u: SkirmUnit) -> str:
    """Short token marks for the roster and the map."""
    if u.fled:
        return "fled"
    if u.eliminated:
        return "dead"
    out = []
    if u.stats.leader:
        out.append("L")
    for flag, mark in (("downed", "dn"), ("suppressed", "sup"), ("fleeing", "flee"), ("overwatch", "ow"),
                       ("activated", "*")):
        if getattr(u, flag):
            out.append(mark)
    return " ".join(out)

