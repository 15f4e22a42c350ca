"""DHR units of figures: the stats a scenario gives and what the game tracks.

A unit is a group of figures standing in one hex (one hex = 6 inches, see
NOTES "Scale"). Its Rating (1-5) is the number every check is rolled equal to
or under ("Rating"). Foot move 3 hexes, mounted 6 ("Movement"). Weapons carry a
range in hexes and a Rate of Fire written as slots, `[3, 3, 2, 2, 2]` for the
text's MG-42 "3|3|2|2|2" ("Rate of Fire", DHR-A08). Armour is a DV per attack
type ("Armor Saves"), vehicles roll armour dice against armament dice
("Armored Vehicles & Heavy Weapons"). Special figures (Leader, RTO, Medic,
Wizard, Champion) are one-figure units that may attach to a unit ("Special
Figures").
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core import Unit
from rules.rulesets.dhr.catalogue import ARMOUR, TROOPS, VEHICLE_ARMOUR, WEAPONS, lookup

SpecialKind = Literal["", "leader", "rto", "medic", "wizard", "champion"]
TroopType = Literal["foot", "mounted", "vehicle", "formation", "natives", "crew"]


class Weapon(BaseModel):
    """One weapon the unit's figures fire ("Firing", "Range", "Rate of Fire")."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="rifle", max_length=60)
    range: int = Field(default=6, ge=1, le=100)
    """One range band in hexes; each further band is -1 to the firing roll (DHR-A03)."""
    rof: list[int] = Field(default_factory=lambda: [1], min_length=1, max_length=5)
    """Dice per firer in each slot, left to right; slots are used whole (DHR-A08)."""
    count: int = Field(default=0, ge=0, le=100)
    """How many of the unit's figures fire it; 0 = every figure (a squad's rifles).
    A machine gun or a tank's gun has count 1: its dice come from its RoF."""
    attack: str = Field(default="small_arms", max_length=30)
    """The attack type the target's armour DV is looked up by (arrows, small_arms...)."""
    armament: int = Field(default=0, ge=0, le=5)
    """Armament dice against vehicle armour (0: cannot hurt an armoured vehicle)."""
    line: bool = False
    """A machine gun: may lay line fire over every unit along the line (DHR-A10)."""
    area: bool = False
    """Area effect: hits the whole hex ("Area Effect", optional rule)."""
    light: int = Field(default=0, ge=0, le=6)
    """A light area charge: an extra n-in-6 roll before anyone is hit (DHR-A17)."""
    untenable: bool = False
    """Flame or gas: the target's morale gets no terrain DV ("Area Effect", DHR-A11)."""
    crew_served: bool = False
    """Needs its crew: a crew check before it fires ("Crew Served Weapons")."""

    @property
    def slots(self) -> int:
        return len(self.rof)


class SpellData(BaseModel):
    """One spell of a Wizard's spell book ("Special Figures": Wizard: "his special attacks can
    be ranged and area effect"). Cast with the procedures' `cast_spell`."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="spell", max_length=60)
    range: int = Field(default=0, ge=0, le=100)
    """Range value in hexes, bands as for weapons; 0 = touch: an adjacent enemy only."""
    dice: int = Field(default=1, ge=1, le=20)
    """Dice of a single-target spell (its rate of fire, no penalty)."""
    area: bool = False
    """Hits every figure in the target hex (Area Effect), a touch area spell without a roll."""
    light: int = Field(default=0, ge=0, le=6)
    """An area spell that is 'light in nature': n-in-6 per figure (DHR-A17); 0 = full."""
    armour: bool = True
    """Whether armour saves apply against it."""
    attack: str = Field(default="magic", max_length=30)


class DHRStats(BaseModel):
    """What a scenario says about a unit (`stats = {...}` in the TOML file)."""

    model_config = ConfigDict(extra="forbid")
    troop: TroopType | None = None
    """The troop type, whose movement and unit size are the defaults (catalogue.TROOPS); left out:
    a vehicle, a mounted unit, a crew-served weapon's crew or foot, by the flags below."""
    figures: int | None = Field(default=None, ge=1, le=100)
    """Figures in the unit; left out: the troop type's ("10 per foot and 5 per mounted or artillery unit")."""
    rating: int = Field(default=3, ge=1, le=5)
    mp: int | None = Field(default=None, ge=0, le=12)
    """Movement points (hexes); left out: the troop type's (foot 3, mounted 6, "Movement")."""
    mounted: bool = False
    weapons: list[Weapon] = Field(default_factory=list, max_length=6)
    melee: int = Field(default=1, ge=0, le=6)
    """Melee dice per figure: Rate of Fire in melee is always 1 ("Melee")."""
    melee_attack: str = Field(default="melee", max_length=30)
    armour: dict[str, int] = Field(default_factory=dict)
    """Armour DV per attack type; the key "all" covers any type not listed."""
    helmet: bool = False
    shield: bool = False
    """A full helmet and a shield together give +1 DV (DHR-A18)."""
    vehicle: bool = False
    armour_dice: int = Field(default=0, ge=0, le=5)
    """Vehicle armour dice: 1 unarmoured .. 5 'OMG armoured'."""
    crew_served: bool = False
    """The unit is the crew of a gun: crew losses make it check before firing."""
    special: SpecialKind = ""
    """A special figure (one figure that may attach to a unit)."""
    spells: list[SpellData] = Field(default_factory=list, max_length=8)
    """A Wizard's spell book (special figures option; each spell once per activation)."""
    toughness: int = Field(default=1, ge=1, le=10)
    """Hits to fell one figure: a Champion "can shrug off a few hits" (special figures option)."""
    strike_rating: int = Field(default=3, ge=1, le=5)
    """RTO: the Rating of the batteries and pilots it calls (the 1D6 to land on the hex)."""
    attached_to: str = Field(default="", max_length=40)
    """A special figure that starts the game attached to this unit (its `at` may be left out)."""
    artillery: int = Field(default=0, ge=0, le=10)
    """RTO: off-board artillery missions it may call."""
    air: int = Field(default=0, ge=0, le=10)
    """RTO: air strikes it may call."""

    @model_validator(mode="before")
    @classmethod
    def _by_name(cls, data: Any) -> Any:
        """Weapons, armour and vehicle armour may be named from the catalogue: `weapons = ["MG 42"]` or
        `[{ type = "MG 42", crew_served = true }]`, `armour = "field plate"`, `armour_dice = "heavily armored"`."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        weapons = data.get("weapons")
        if isinstance(weapons, list):
            data["weapons"] = [_weapon(w) for w in weapons]
        if isinstance(data.get("armour"), str):
            data["armour"] = dict(lookup(ARMOUR, data["armour"], "armour"))
        if isinstance(data.get("armour_dice"), str):
            data["armour_dice"] = lookup(VEHICLE_ARMOUR, data["armour_dice"], "vehicle armour")
        return data

    @model_validator(mode="after")
    def _troop_defaults(self) -> DHRStats:
        troop = TROOPS[self.troop_type]
        if self.mp is None:
            self.mp = troop.mp
        if self.figures is None:
            self.figures = troop.figures
        if self.troop == "mounted":
            self.mounted = True
        elif self.troop == "vehicle":
            self.vehicle = True
        elif self.troop == "crew":
            self.crew_served = True
        return self

    @property
    def troop_type(self) -> str:
        """The troop type given, or the one the flags say."""
        if self.troop:
            return self.troop
        if self.vehicle:
            return "vehicle"
        if self.mounted:
            return "mounted"
        return "crew" if self.crew_served else "foot"

    def armour_dv(self, attack: str) -> int:
        dv = self.armour.get(attack, self.armour.get("all", 0))
        if self.helmet and self.shield:
            dv += 1
        return min(dv, 6)


def _weapon(w: Any) -> Any:
    """A weapon given by its catalogue name (with the scenario's changes on top), or as it is."""
    if isinstance(w, str):
        return {"name": w, **lookup(WEAPONS, w, "weapon")}
    if isinstance(w, dict) and isinstance(w.get("type"), str):
        rest = {k: v for k, v in w.items() if k != "type"}
        return {"name": w["type"], **lookup(WEAPONS, w["type"], "weapon"), **rest}
    return w


class DHRUnit(Unit):
    stats: DHRStats
    figures: int = 0
    """Figures left (for a vehicle unit: vehicles left)."""
    start_figures: int = 0
    wounds: int = 0
    """Hits taken toward the next figure (a Champion's toughness)."""
    attached_to: str | None = None
    """The unit a special figure sticks with (it moves with it)."""
    artillery: int = 0
    air: int = 0
    """Strikes an RTO may still call."""
    mp_lost: bool = False
    """Mobility kill (damage table 6): cannot move."""
    weapon_out: bool = False
    """Main weapon knocked out (damage table 1): its armament weapons cannot fire."""
    rating_loss: int = 0
    """Crew casualties on a vehicle (damage table 4) lower its Rating."""

    @property
    def rating(self) -> int:
        return max(1, self.stats.rating - self.rating_loss)

    @property
    def crew_lost(self) -> int:
        return max(0, self.start_figures - self.figures)

    @property
    def chip_type(self) -> str:
        """What a By Type chip says: the unit's kind, or its special figure kind."""
        if self.kind:
            return self.kind
        if self.stats.special:
            return self.stats.special
        if self.stats.vehicle:
            return "vehicle"
        return "mounted" if self.stats.mounted else "infantry"
