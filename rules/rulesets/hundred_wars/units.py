"""A Hundred Wars unit factors: Move per mode, Fire/Range pairs, CQB, Armour and the specialities (text: "Units")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.core import Unit
from rules.hexgrid import Direction, Hex
from rules.unknown import UNKNOWN, Unknown

Mode = Literal["ground", "underground", "sea", "sky", "space"]
"""The text's modes: "Ground, Under Ground - Tunnelling, Sea, Sky and Space"."""
MODES: tuple[Mode, ...] = ("ground", "underground", "sea", "sky", "space")
MODE_ALIASES = {"land": "ground", "water": "sea", "air": "sky", "tunnelling": "underground", "stars": "space"}
"""The sample lists write Land, Water and Air (AHW-A20)."""
WeaponKind = Literal["direct", "indirect", "homing"]
Mobile = Literal["", "hard_to_easy", "vhard_to_hard", "both"]
"""Mobile: Move cost x5 for one reduction, x10 for both (text: "Mobile")."""
MAX_MODES = 4
"""The text prices a 1st to a 4th mode (1, 2, 5, 10 points per cm)."""


class Movement(BaseModel):
    """One Move mode and its factor in cm (1d100: 1-100). Frozen: damage replaces it (snapshots share it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Mode
    factor: int = Field(ge=0, le=100)
    mobile: Mobile = ""
    """Mobile bought for this mode ("Ground 15(75pnts) Mobile - hard to easy"): its cost x5 or x10, its terrain eased."""

    @field_validator("mode", mode="before")
    @classmethod
    def _alias(cls, v):
        return MODE_ALIASES.get(str(v).lower(), str(v).lower())


class Weapon(BaseModel):
    """One Fire/Range pair: the Fire factor (1d100) and its Range in cm (1d100 x2: 2-200). Frozen, as Movement."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    fire: int = Field(ge=0, le=100)
    range: int = Field(ge=0, le=200)
    kind: WeaponKind = "direct"


class HwStats(BaseModel):
    """Every factor and speciality a unit may buy; damage lowers Armour, Move, Fire and Orders."""

    model_config = ConfigDict(extra="forbid")
    move: list[Movement] = Field(default_factory=list, max_length=MAX_MODES)
    """Modes in the order bought: the 1st costs 1 pnt per cm, the 2nd 2, the 3rd 5, the 4th 10 (AHW-A19)."""
    weapons: list[Weapon] = Field(default_factory=list, max_length=6)
    cqb: int = Field(default=0, ge=0, le=100)
    armour: int = Field(default=0, ge=0, le=100)
    orders: int = Field(default=0, ge=0, le=10)
    """The Orders speciality (AHW-A32: 1-10)."""
    orders_range: int = Field(default=0, ge=0, le=200)
    large: bool = False
    """One elevation higher for shooting and being shot at."""
    mobile: Mobile = ""
    """Mobile for every mode (older files); the text buys it with one mode (Movement.mobile), see mobile_in."""
    top_armour: bool = False
    """Hits from two elevations higher and indirect good hits do not double (costs as Armour)."""
    mine_proof: bool = False
    """Attacks from below do not double (costs as Armour)."""
    all_round: bool = False
    """Full Armour on flank and rear (double Armour cost; free at Armour 10 or less)."""
    rear_armour: bool = False
    """Optional: the bulk of the armour at the rear (front and rear swap)."""
    psionic: int = Field(default=0, ge=0, le=10)
    psionic_range: int = Field(default=0, ge=0, le=200)
    teleport: int = Field(default=0, ge=0, le=10)
    teleport_range: int = Field(default=0, ge=0, le=200)
    ecm: int = Field(default=0, ge=0, le=10)
    ecm_range: int = Field(default=0, ge=0, le=200)
    ads: int = Field(default=0, ge=0, le=10)
    ads_fire: int = Field(default=0, ge=0, le=100)
    ads_range: int = Field(default=0, ge=0, le=200)
    field_repairs: int = Field(default=0, ge=0, le=10)
    carry: int = Field(default=0, ge=0, le=10)
    """Units it can carry ('Each mole can carry one infantry Coy'); the text prices no carrying: 0 points."""
    blind: str = Field(default="", max_length=40)
    """Scenario only: units with the same label start under one blind (a group)."""

    @model_validator(mode="after")
    def _distinct_modes(self) -> HwStats:
        seen = [m.mode for m in self.move]
        if len(seen) != len(set(seen)):
            raise ValueError("each Move mode may be bought once")
        return self

    def __deepcopy__(self, memo: dict | None = None) -> HwStats:
        # Every field is immutable but the two lists (of frozen models): copying the lists keeps snapshots cheap.
        new = self.model_copy()
        d = new.__dict__  # set straight into the fields: they need no validation
        d["move"], d["weapons"] = list(self.move), list(self.weapons)
        return new

    def mode(self, mode: str) -> Movement | None:
        for m in self.move:
            if m.mode == mode:
                return m
        return None

    def mobile_in(self, mode: str) -> Mobile:
        """The Mobile speciality of this mode: the mode's own, else the unit-wide one."""
        m = self.mode(mode)
        return (m.mobile if m is not None else "") or self.mobile

    def move_factor(self, mode: str) -> int:
        m = self.mode(mode)
        return m.factor if m else 0

    @property
    def main_mode(self) -> Mode | None:
        return self.move[0].mode if self.move else None

    @property
    def total_move(self) -> int:
        return sum(m.factor for m in self.move)

    @property
    def total_fire(self) -> int:
        return sum(w.fire for w in self.weapons)

    @property
    def max_range(self) -> int:
        return max((w.range for w in self.weapons if w.fire > 0), default=0)

    @property
    def guns(self) -> int:
        """Weapons that may fire: the Fire/Range pairs, then the ADS when it has a Fire factor."""
        return len(self.weapons) + (1 if self.ads and self.ads_fire else 0)

    def weapon(self, w: int) -> Weapon | None:
        """Weapon `w`; the one after the Fire/Range pairs is the ADS: 'Against enemy units, use Fire attacks as
        usual' (text: "ADS") -- its Fire factor and range, direct fire."""
        if 0 <= w < len(self.weapons):
            return self.weapons[w]
        if w == len(self.weapons) and self.ads and self.ads_fire:
            return Weapon(fire=self.ads_fire, range=self.ads_range)
        return None


DamageKey = str
"""Where a damage point goes: "armour", "orders", "move:<mode>" or "fire:<index>" (AHW-A14)."""


def damage_keys(stats: HwStats) -> list[DamageKey]:
    """The factors that can still take damage, in the standard spill order: Armour, Fire, Move, Orders."""
    keys: list[DamageKey] = []
    if stats.armour:
        keys.append("armour")
    keys += [f"fire:{i}" for i, w in enumerate(stats.weapons) if w.fire]
    keys += [f"move:{m.mode}" for m in stats.move if m.factor]
    if stats.orders:
        keys.append("orders")
    return keys


def factor_of(stats: HwStats, key: DamageKey) -> int:
    if key == "armour":
        return stats.armour
    if key == "orders":
        return stats.orders
    kind, _, which = key.partition(":")
    if kind == "fire":
        return stats.weapons[int(which)].fire
    if kind == "move":
        return stats.move_factor(which)
    raise KeyError(key)


def lower(stats: HwStats, key: DamageKey, points: int) -> None:
    """Take `points` off one factor, in place (never below 0)."""
    if key == "armour":
        stats.armour = max(0, stats.armour - points)
    elif key == "orders":
        stats.orders = max(0, stats.orders - points)
    elif key.startswith("fire:"):
        i = int(key[5:])
        w = stats.weapons[i]
        stats.weapons[i] = w.model_copy(update={"fire": max(0, w.fire - points)})
    elif key.startswith("move:"):
        m = stats.mode(key[5:])
        if m is not None:
            stats.move[stats.move.index(m)] = m.model_copy(update={"factor": max(0, m.factor - points)})
    else:
        raise KeyError(key)


def key_label(key: DamageKey, stats: HwStats | None = None) -> str:
    """A damage key in words: 'Armour', 'Fire 2', 'Move (sky)'."""
    if key in ("armour", "orders"):
        return key.capitalize()
    kind, _, which = key.partition(":")
    return f"Fire {int(which) + 1}" if kind == "fire" else f"Move ({which})"


class HwUnit(Unit):
    """A unit or a blind. A blind carries its group (or nothing: a dummy) and hides it from the other sides."""

    stats: HwStats = Field(default_factory=HwStats)
    start: HwStats = Field(default_factory=HwStats)
    """The factors bought; the difference in points is the damage received."""
    blind: bool = False
    contents: list[str] | Unknown = Field(default_factory=list)
    """A blind's units (empty: a dummy blind; UNKNOWN in another side's view)."""
    dummy: bool | Unknown = False
    """True for an imagined blind (only its owner's view says so; UNKNOWN in the others')."""
    imitates: int | None | Unknown = None
    """A dummy blind's Move, chosen by its owner among their force's when placing it (None: the `dummy_move`
    option): its moves look like a real group's. Only its owner's view has it."""
    level: int = 0
    """Elevation: 1-3 in the sky, -1 to -3 underground or at sea depth, 0 on the surface."""
    mode: Mode | None = None
    """The mode it moves in now (its first bought mode unless it changed)."""
    facing: Direction = "E"
    speed: int = 0
    """Space units: the current speed in cm per turn (AHW-A21)."""
    counter: Hex | None = None
    """Its Move counter: the hex it is ordered to (None: no counter)."""
    counter_attack: Literal["", "ram", "suicide"] = ""
    counter_level: int | None = None
    """A level to climb or dive to on the way (at half Move)."""
    moved: bool = False
    """Moved this movement phase."""
    fired: list[int] = Field(default_factory=list)
    """Weapons fired this fire phase."""
    repaired: bool = False
    locked: list[str] = Field(default_factory=list)
    """Factors that rolled a 10 for field repairs: no further repairs (text: "Field Repairs")."""
    buffer: list[str] = Field(default_factory=list)
    """A teleporter's units suspended in its buffers."""
    carried: list[str] = Field(default_factory=list)
    """A carrier's passengers (off the table while carried)."""
    destroyed_by: str = ""
    walked: tuple[int, Hex, Hex] | None = None
    """Its last walk: (turn, from, to); a suicide attack counts the target's motion of this turn (moving.py)."""

    def __deepcopy__(self, memo: dict | None = None) -> HwUnit:
        # Snapshots copy every unit: only the factors and the four lists change in place, the rest is immutable.
        new = self.model_copy()
        d = new.__dict__  # set straight into the fields: they need no validation
        d["stats"], d["start"] = self.stats.__deepcopy__(memo), self.start.__deepcopy__(memo)
        d["fired"], d["locked"], d["buffer"] = list(self.fired), list(self.locked), list(self.buffer)
        d["contents"] = self.contents if self.contents is UNKNOWN else list(self.contents)
        d["carried"] = list(self.carried)
        return new

    @property
    def is_marker(self) -> bool:
        return self.blind

    @property
    def agrees_as(self) -> str:
        """What a verb after its name agrees with (rules/words.py `agree`): its name, but "blind" for a blind, one
        counter whatever its tag reads ("Blue Legion blind yas moves", not "move")."""
        return "blind" if self.blind else self.name
