"""QUAD unit stats: Quality, Speed, Attack, Defense and the special rules (text: "Stats", "Special Rules")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core import Unit

Special = Literal["amphibious", "charger", "elite", "forester", "green", "ranged", "steady", "support"]
"""The special rules of the text's "Special Rules" list."""

SPECIALS: dict[str, str] = {
    "amphibious": "Rivers don't count as difficult terrain",
    "charger": "May move and attack in one activation, +2 attack when it moved (QUAD-A21)",
    "elite": "Attack rolls of 5 or 6 that hit cost the target 1 Quality (QUAD-A13)",
    "forester": "Forests don't count as difficult terrain",
    "green": "Every unblocked hit on this unit costs Quality instead of a fall back (QUAD-A12)",
    "ranged": "Attacks with #1 dice at up to #2 hexes (QUAD-A04)",
    "steady": "Falls back one hex less than the hits dictate (QUAD-A11)",
    "support": "Friendly units adjacent to it gain +1 defense (QUAD-A14)",
}
"""One line per special rule, for the unit card and the quick reference."""


class QuadStats(BaseModel):
    """The four stats of the text's "Stats" section plus the special rules.

    `quality` is the current Quality; it falls as the unit takes losses and the
    unit is eliminated at 0. The scenario gives the starting value.
    """

    model_config = ConfigDict(extra="forbid")

    quality: int = Field(ge=0, le=5)
    """Overall effectiveness, 1-5 at the start; 0 means eliminated."""
    speed: int = Field(default=2, ge=0, le=12)
    """Hexes the unit may move in one activation (each hex costs 1, QUAD-A19)."""
    attack: int = Field(default=2, ge=0, le=20)
    """Dice rolled when attacking an adjacent enemy."""
    defense: int = Field(default=2, ge=0, le=20)
    """Dice rolled to block hits."""
    specials: list[Special] = Field(default_factory=list)
    ranged: tuple[int, int] | None = None
    """Ranged #1/#2: #1 attack dice at a range of up to #2 hexes (QUAD-A04)."""

    @model_validator(mode="after")
    def _ranged_needs_values(self) -> QuadStats:
        if self.ranged is not None:
            if self.ranged[0] < 0 or self.ranged[1] < 2:
                raise ValueError("ranged is [attack, range] with range of 2 hexes or more")
            if "ranged" not in self.specials:
                self.specials = [*self.specials, "ranged"]
        elif "ranged" in self.specials:
            raise ValueError("a ranged unit needs ranged = [attack, range]")
        self.specials = sorted(set(self.specials))
        return self

    def has(self, special: str) -> bool:
        return special in self.specials


class QuadUnit(Unit):
    """A QUAD unit: the common fields, typed stats, its starting Quality and its card rank."""

    stats: QuadStats
    start_quality: int = 0
    """Quality at the start of the game (the roster shows current / start)."""
    rank: str = ""
    """The rank of its three activation cards ("7", "A", "10'" for a second deck)."""


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
"""Number cards that identify units: Ace to 10, ten per deck (QUAD-A20)."""
TACTICS_RANKS = ("J", "Q", "K")
"""Face cards used as tactics cards."""


def unit_rank(index: int) -> str:
    """The card rank of a side's `index`-th unit; each further deck adds a prime ("7'")."""
    return RANKS[index % len(RANKS)] + "'" * (index // len(RANKS))


def tactics_rank(index: int) -> str:
    """The face of the `index`-th tactics card (J, Q, K, J', ...)."""
    return TACTICS_RANKS[index % len(TACTICS_RANKS)] + "'" * (index // len(TACTICS_RANKS))
