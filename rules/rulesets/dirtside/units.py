"""Dirtside units: a unit (platoon, battery, flight, launcher site) of elements with quality, leadership,
confidence and its markers (dsii-core §1.2-1.4). A unit stands in one hex with all its elements ([R], docs)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core import Unit
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import infantry as inf
from rules.rulesets.dirtside.design import Design, Weapon
from rules.rulesets.dirtside.ladder import QUALITY_DIE
from rules.unknown import UNKNOWN, Unknown

ElementKind = Literal["vehicle", "infantry", "emplacement", "aircraft"]
Team = Literal["rifle", "apsw", "assault", "observer", "anti_armour", "lad", "engineer", "mortar", "commando"]
MAX_ELEMENTS = 4
"""Up to 4 friendly elements in one hex (§14.4 [R]); a unit keeps all its elements in its hex."""


class Element(BaseModel):
    """One vehicle, emplacement, aircraft or infantry team, and what has happened to it."""

    model_config = ConfigDict(extra="forbid")
    name: str = ""
    kind: ElementKind = "vehicle"
    design: Design | None = None
    troop: Literal["militia", "line", "powered"] = "line"
    team: Team = "rifle"
    gms: str = "basic"
    """Guidance of an anti-armour team's GMS/L."""
    lost: bool = False
    damaged: bool = False
    immobilised: bool = False
    systems_down: bool = False
    ammo: int = 0
    """Bombardment chits carried (artillery vehicles, mortar teams: one effective bombardment)."""
    air_damage: int = 0
    dfo: int = 0
    """Dead-fall ordnance loads left (an aerospace craft's design `dfo`, §11.4)."""
    mine_loads: int = 0
    """A minelayer's loads (one per resupply, §10.1)."""

    @model_validator(mode="after")
    def _design(self) -> Element:
        if self.kind != "infantry" and self.design is None:
            raise ValueError(f"a {self.kind} element needs a design")
        # Filled only when not given, so a game state read back (a save, a remote seat) keeps spent ammunition.
        given = self.model_fields_set
        if self.team == "mortar" and "ammo" not in given and self.kind == "infantry":
            self.ammo = 1  # "enough ammunition for one effective bombardment" (house rule)
        if self.design and self.design.artillery and "ammo" not in given:
            self.ammo = max(1, self.design.ammo)  # one chit loaded; more as the design carries (house rule)
        if self.design and self.design.supply and "ammo" not in given:
            self.ammo = self.design.ammo  # an ammunition carrier's chits (house 'Artillery and ammo supply')
        if self.design and self.design.dfo and "dfo" not in given:
            self.dfo = self.design.dfo
        if self.design and self.design.minelayer and "mine_loads" not in given:
            self.mine_loads = 1  # "one load per resupply" (§10.1)
        return self

    @property
    def vehicle(self) -> bool:
        return self.kind in ("vehicle", "emplacement")

    @property
    def alive(self) -> bool:
        return not self.lost

    def armour(self) -> int:
        if self.design and self.design.towed:
            return 0  # a towed piece counts as armour 0 (§9.1)
        return self.design.armour if self.design else 0

    def kill(self) -> int:
        return ch.KILL[self.troop]

    def signature(self) -> int:
        d = self.design
        if d and d.towed and d.artillery:
            from rules.rulesets.dirtside.artillery import WEAPON_SIZE
            return max(1, WEAPON_SIZE[d.artillery] - 1)  # one size below its weapon class (§9.1)
        return (d.size + (1 if d.walker else 0)) if d else 1

    def guns(self) -> list[Weapon]:
        """Direct-fire weapons, largest first (GMSs last)."""
        ws = self.design.weapons if self.design else []
        return sorted(ws, key=lambda w: (w.type.startswith("GMS"), -w.cls))

    def largest_gun(self) -> int:
        return self.design.largest_gun() if self.design else 1

    def cost(self, house: bool = True) -> int:
        from rules.rulesets.dirtside.design import price
        if self.kind == "infantry":
            return inf.team_cost(self.troop, self.team, gms=self.gms)
        return price(self.design, house=house).total


Role = Literal["ground", "battery", "aircraft", "launcher"]


class DSStats(BaseModel):
    """A unit's stats and markers."""

    model_config = ConfigDict(extra="forbid")
    quality: Literal["green", "regular", "veteran"] = "regular"
    leadership: int = Field(default=2, ge=1, le=3)
    confidence: Literal["CO", "ST", "SH", "BR", "RO"] = "CO"
    role: Role = "ground"
    elements: list[Element] = Field(default_factory=list, max_length=12)
    leader: int | Unknown = 0
    """Which element is the Unit Leader (secret from the enemy, §1.2: UNKNOWN in its view)."""
    facing: int = Field(default=0, ge=0, le=5)
    """Hexside the unit faces, as an index of DIRECTIONS (E, NE, NW, W, SW, SE)."""
    limbered: bool = False
    """Towed artillery hooked up to its tractors: it moves with them and may not fire (§9.1)."""
    dug_in: bool = False
    hull_down: bool = False
    off_table: bool = False
    """Batteries and launchers off the map; aircraft not over the battle area."""
    artillery: Literal["light", "medium", "heavy"] | None = None
    cbr: str | None = None
    orbital: bool = False
    """Ortillery: an off-table battery in orbit; counter-battery fire cannot reach it and its fire deviates (§9.8)."""
    launchers: int = Field(default=0, ge=0, le=5)
    missiles: list[str | Unknown] = Field(default_factory=list)
    smoke: int = Field(default=0, ge=0, le=20)
    """Smoke ammunition markers of a battery (§9.2)."""
    dmr: int = Field(default=0, ge=0, le=20)
    nukes: int = Field(default=0, ge=0, le=5)
    """Nuclear shells of a heavy battery (1000 points each, §9.2)."""
    biochem: int = Field(default=0, ge=0, le=5)
    """Biochem markers of a heavy battery (200 points each, §9.2)."""
    """DMR (scatterable mine) ammunition markers of a battery (§9.2; not light artillery)."""
    """Cruise-missile warheads still in stock (HEF, MAK, HE, DMR, biochem, nuke)."""
    # markers
    activated: bool = False
    under_fire: bool = False
    panic: bool = False
    sensors: bool = False
    """ADS / SAM radar on (ACTIVE SENSORS)."""
    lost_any: bool = False
    """The unit has had its first element damaged or destroyed."""
    tested_panic: bool = False
    arrived: int | None = None
    """Turn an aircraft entered the battle area (DS2-A20)."""
    home: bool = False
    aboard: str | None = None
    """The carrier unit this infantry unit rides in (off the map while aboard)."""
    drop: bool = False
    """Drop-troop capability: an aerospace craft over the battle area may drop the unit (+50% of each element's
    points, §12.7); without it, its aerospace transport lands to put it down (§4.4)."""
    command: bool = False
    """A command unit: it rallies units; losing it shakes its whole side (§3.3)."""
    wingman: str | None = None
    """The other craft of a flight of two aerospace craft: they activate and fly as one (§1.2, §2.2, §11.4)."""
    evasive: bool = False
    """EVASIVE marker (§4.4), until the unit's next activation."""
    smoked: int = 0
    """Smoke dischargers fired: activation ends left before the small cloud goes (§5.6)."""
    mode: Literal["low", "high", "grounded"] = "low"
    """A VTOL unit's mode (§4.4, §11.5); ignored for other units."""
    forced_low: bool = False
    """Forced down by zone air defence: no climbing back to high mode in sight and range of an active ADS [R]."""
    """Smoke dischargers fired: activation ends left before the small cloud goes (§5.6)."""
    """A damaged aircraft flown home for the rest of the game."""

    @model_validator(mode="after")
    def _check(self) -> DSStats:
        if self.role == "ground" and not self.off_table and len(self.elements) > MAX_ELEMENTS:
            raise ValueError(f"a unit stands in one hex: at most {MAX_ELEMENTS} elements")
        if self.elements and self.leader is not UNKNOWN and not 0 <= self.leader < len(self.elements):
            raise ValueError("leader must be the index of one of the unit's elements")
        if self.orbital and not (self.role == "battery" and self.off_table):
            raise ValueError("ortillery (orbital = true) is an off-table battery: role = battery, off_table = true")
        if self.role == "battery" and self.artillery is None:
            raise ValueError("a battery needs artillery = light, medium or heavy")
        return self

    def die(self) -> int:
        return QUALITY_DIE[self.quality]

    def alive(self) -> list[Element]:
        return [e for e in self.elements if e.alive]


def is_vtol(unit: DSUnit) -> bool:
    """A ground unit whose every element flies as a VTOL (§11.5)."""
    if unit.stats.role != "ground":
        return False
    alive = False  # `stats.alive()` not listed: asked of every unit that may fire, at every step of a move
    for e in unit.stats.elements:
        if not e.lost:
            if not (e.design and e.design.mobility == "vtol"):
                return False
            alive = True
    return alive


class DSUnit(Unit):
    stats: DSStats
    start_size: int = 0

    @property
    def alive(self) -> bool:
        # `stats.alive()` unlisted, `Element.alive` inlined: asked of every unit many times an action (a load
        # replays them all)
        return not self.eliminated and any(not e.lost for e in self.stats.elements)

    @property
    def in_play(self) -> bool:
        """On the map, or an off-table asset still in the game."""
        return self.alive and not self.stats.home

    def vehicles(self) -> list[Element]:
        return [e for e in self.stats.alive() if e.vehicle]

    def infantry(self) -> list[Element]:
        return [e for e in self.stats.alive() if e.kind == "infantry"]

    def all_vehicles(self) -> bool:
        return bool(self.stats.alive()) and all(e.vehicle for e in self.stats.alive())

    def has(self, team: str) -> bool:
        return any(e.kind == "infantry" and e.team == team for e in self.stats.alive())

    def towed(self) -> list[Element]:
        return [e for e in self.stats.alive() if e.design and e.design.towed]

    def movers(self) -> list[Element]:
        """The elements that move under their own power: limbered towed guns ride behind their tractors (§9.1)."""
        return [e for e in self.stats.alive() if not (self.stats.limbered and e.design and e.design.towed)]

    def bmf(self) -> float:
        """The slowest element's base movement factor (damaged vehicles half) (§4.1, §4.4); an unlimbered towed
        gun cannot move."""
        from rules.rulesets.dirtside.terrain import mobility_bmf
        out = []
        for e in self.movers():
            if e.immobilised:
                return 0
            b = inf.BMF[e.troop] if e.kind == "infantry" else mobility_bmf(e.design.mobility)
            out.append(b / 2 if e.damaged else b)
        return min(out, default=0)
