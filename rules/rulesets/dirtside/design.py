"""Vehicle design and points (dsii-core §12) with the house rules' changes: RFAC 6 x class, multiple fire
controls, emplacements, artillery space, SAMs, decoys, AAMs (DS2-A08, A11, A12, A13)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil, floor

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import air
from rules.words import count

MOBILITY_PCT = {"wheeled_low": 10, "wheeled_high": 30, "tracked_slow": 20, "tracked_fast": 40, "gev_slow": 40,
                "gev_fast": 60, "grav": 100, "boat": 10, "hydrofoil": 40, "rsw": 40, "vtol": 500,
                "aerospace": 1000, "walker_combat": 100, "walker_transport": 80}
POWER_PCT = {"cfe": 20, "hmt": 40, "fgp": 60}
EMPLACEMENT_POWER_PCT = {"cfe": 10, "hmt": 20, "fgp": 30}
WEAPON_PTS = {"RFAC": 5, "HVC": 8, "HKP": 10, "MDC": 10, "HEL": 12, "DFFG": 15, "SLAM": 12}
HOUSE_RFAC_PTS = 6
BRIDGE_COST = 50
"""Bridgelayer: 50 points per bridge class (§12.7)."""
QUALITY_MULT = {"basic": 2, "enhanced": 4, "superior": 6}
GMS_PTS = {"GMS/L": {"basic": 20, "enhanced": 30, "superior": 40}, "GMS/H": {"basic": 30, "enhanced": 45, "superior": 60}}
ECM_PTS = {"none": 0, "basic": 15, "enhanced": 30, "superior": 45}
PDS_PTS = {"basic": 30, "enhanced": 45, "superior": 60}
ADS_PTS = {"basic": 200, "enhanced": 300, "superior": 400}
CBR_PTS = {"basic": 150, "enhanced": 200, "superior": 250}
PDS_SPACE = {"basic": 2, "enhanced": 3, "superior": 4}
ADS_SPACE = {"basic": 10, "enhanced": 15, "superior": 20}
AIR = ("vtol", "aerospace")


def rnd(x: Fraction) -> int:
    """Nearest whole point, halves up, for each line before it is added (§12.7)."""
    return floor(x + Fraction(1, 2))


class Weapon(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str
    """RFAC, HVC, HKP, MDC, HEL, DFFG, SLAM, GMS/L, GMS/H."""
    cls: int = Field(default=1, ge=1, le=5)
    mount: str = "turret"
    """turret, restricted, fixed."""
    barrels: int = Field(default=1, ge=1, le=5)
    guidance: str = "basic"
    """GMS only."""


class Design(BaseModel):
    """A vehicle or emplacement as built: everything the points and the fire rules read."""

    model_config = ConfigDict(extra="forbid")
    size: int = Field(default=3, ge=1, le=7)
    armour: int = Field(default=0, ge=0, le=8)
    armour_kind: str = "plain"
    mobility: str | None = "tracked_fast"
    """None for an emplacement (house rule: no mobility type)."""
    amphibious: bool = False
    power: str = "cfe"
    emplacement: bool = False
    weapons: list[Weapon] = Field(default_factory=list)
    fc: str = "basic"
    fcs: int = Field(default=1, ge=0, le=7)
    ecm: str = "none"
    pds: str | None = None
    ads: str | None = None
    sam: str | None = None
    lad: bool = False
    apfc: bool = False
    stealth: int = 0
    extra_apsw: int = 0
    artillery: str | None = None
    ammo: int = 0
    """Bombardment chits carried (house rule: one loaded, more take space)."""
    cbr: str | None = None
    supply: str | None = None
    """An ammunition supply vehicle: the artillery class (light, medium, heavy) of the `ammo` bombardment chits it
    carries for batteries (house 'Artillery and ammo supply': 1 / 3 / 6 spaces a chit; core 4 a chit)."""
    decoys: bool = False
    aam: str | None = None
    backup: bool = False
    carries_teams: int = 0
    dischargers: bool = False
    """Vehicle smoke dischargers (§5.6; the fact sheet gives them no points or space: none [R])."""
    dfo: int = Field(default=0, ge=0, le=10)
    """Dead-fall ordnance loads an aerospace craft carries (30 points, 4 capacity each; §11.4)."""
    towed: bool = False
    """A towed artillery piece (§9.1): no mobility or power plant of its own (none paid [R]), signature one below its
    weapon's size class, armour 0; a tractor of its size or larger limbers it."""
    sealed: bool = False
    """A sealed (NBC) vehicle: immune to biochem, may go within 6 of ground zero (§10.3-10.4; no points [R])."""
    aev: bool = False
    """An armoured engineer vehicle: combat repair (§6.4, §13; priced as carried capacity only [R])."""
    minelayer: bool = False
    """A minelayer vehicle (§10.1); its load is bought as ammunition (100 points, §12.7)."""
    bridge: int = Field(default=0, ge=0, le=5)
    """A bridgelayer's bridge class (§13, 50 points a class, §12.7): it carries vehicles up to that class [R: at
    most the layer's own size class, "up to its own class"]."""
    carries_powered: int = 0
    walker: bool = False

    @model_validator(mode="before")
    @classmethod
    def _emplacement_has_no_mobility(cls, data):
        if isinstance(data, dict) and data.get("emplacement") and "mobility" not in data:
            data = {**data, "mobility": None}  # house 'Emplacements': no mobility type
        return data

    @property
    def air(self) -> bool:
        return self.mobility in AIR

    def gun_classes(self) -> list[int]:
        """Weapon systems' classes, high to low, duplicates kept; APSWs (the free one too) count 1 (DS2-A11)."""
        cls = [w.cls for w in self.weapons if not w.type.startswith("GMS")]
        cls += [1] * (1 + self.extra_apsw)
        return sorted(cls, reverse=True)

    def largest_gun(self) -> int:
        direct = [w.cls for w in self.weapons if not w.type.startswith("GMS")]
        return max(direct, default=1)


@dataclass(frozen=True)
class Price:
    lines: tuple[tuple[str, int], ...]
    problems: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        return sum(p for _, p in self.lines)


def price(d: Design, *, house: bool = True) -> Price:
    """The points of a design, line by line, and every rule it breaks (in words)."""
    lines: list[tuple[str, int]] = []
    add = lambda label, x: lines.append((label, rnd(Fraction(x))))  # noqa: E731
    vsp = d.size * 5
    add("VSP", vsp)
    armour_pct = Fraction(20 * d.armour + (10 * d.armour if d.armour_kind != "plain" else 0), 100)
    armour_pts = rnd(armour_pct * vsp)
    lines.append(("armour", armour_pts))
    bvp = vsp + armour_pts
    power = "fgp" if d.air else d.power
    if d.towed:
        pass  # a towed piece has no power plant [R]
    elif d.emplacement and house:
        pct = EMPLACEMENT_POWER_PCT[power]
        # house 'Emplacements' percentages round up to a whole point (DS2-A08)
        lines.append((f"power plant {power.upper()} ({pct}% of BVP {bvp})", ceil(Fraction(pct * bvp, 100))))
    else:
        pct = POWER_PCT[power]
        add(f"power plant {power.upper()} ({pct}% of BVP {bvp})", Fraction(pct * bvp, 100))
    if d.mobility and not d.emplacement:
        add(f"mobility {d.mobility} ({MOBILITY_PCT[d.mobility]}%)", Fraction(MOBILITY_PCT[d.mobility] * bvp, 100))
        if d.amphibious:
            add("amphibious (20%)", Fraction(20 * bvp, 100))
    for wpn in d.weapons:
        if wpn.type.startswith("GMS"):
            add(f"{wpn.type} {wpn.guidance}", GMS_PTS[wpn.type][wpn.guidance] * wpn.barrels)
        else:
            per = HOUSE_RFAC_PTS if (wpn.type == "RFAC" and house) else WEAPON_PTS[wpn.type]
            add(f"{wpn.type}/{wpn.cls} x{wpn.barrels}", per * wpn.cls * wpn.barrels)
    if d.extra_apsw:
        add("extra APSW", 4 * d.extra_apsw)
    fc_pts = 0
    if any(not w.type.startswith("GMS") for w in d.weapons):
        q = QUALITY_MULT[d.fc]
        fc_pts = q * d.largest_gun()
        add(f"fire control {d.fc}", fc_pts)
        if d.fcs > 1:
            classes = d.gun_classes()
            for n in range(2, d.fcs + 1):
                if n <= len(classes):
                    add(f"fire control #{n} ({q} x class {classes[n - 1]})", q * classes[n - 1])
    ecm = ECM_PTS[d.ecm]
    if ecm:
        add(f"ECM {d.ecm}", ecm)
    if d.pds:
        add(f"PDS {d.pds}", PDS_PTS[d.pds])
    if d.ads:
        add(f"ADS {d.ads}", ADS_PTS[d.ads])
    if d.sam:
        add(f"SAM {d.sam}", air.SAM_COST[d.sam])
    if d.lad:
        add("LAD", 75)
    if d.apfc:
        add("APFC", 5 * d.size)
    if d.stealth:
        add(f"stealth {d.stealth}", 20 * d.size * d.stealth)
    if d.artillery:
        add(f"{d.artillery} artillery", art.SYSTEM_COST[d.artillery])
    if d.cbr:
        add(f"counter-battery radar {d.cbr}", CBR_PTS[d.cbr])
    if d.decoys:
        add("decoys", air.DECOY_COST)
    if d.dfo:
        add(count(d.dfo, "ordnance load"), art.DFO_COST * d.dfo)
    if d.bridge:
        add(f"bridgelayer, class {d.bridge} bridge", BRIDGE_COST * d.bridge)
    if d.aam:
        add(f"AAMs {d.aam}", air.AAM_COST[d.aam])
    if d.backup:
        guidance = sum(GMS_PTS[w.type][w.guidance] for w in d.weapons if w.type.startswith("GMS"))
        add("backup systems (30%)", Fraction(3, 10) * (fc_pts + ecm + 20 * d.size * d.stealth + guidance))
    return Price(tuple(lines), tuple(problems(d, house=house)))


def capacity_used(d: Design, *, house: bool = True) -> int:
    used = 0
    guns = sorted((w for w in d.weapons if not w.type.startswith("GMS")), key=lambda w: -w.cls)
    for i, wpn in enumerate(guns):
        first = 3 if (i == 0 and wpn.mount != "fixed" and not d.walker) else 2
        used += first * wpn.cls + 2 * wpn.cls * (wpn.barrels - 1)
    used += sum((2 if w.type == "GMS/L" else 4) * w.barrels for w in d.weapons if w.type.startswith("GMS"))
    used += PDS_SPACE[d.pds] if d.pds else 0
    used += ADS_SPACE[d.ads] if d.ads else 0
    used += air.SAM_SPACE[d.sam] if d.sam else 0
    used += 2 * d.lad + d.apfc + d.extra_apsw + (14 if d.cbr else 0)
    used += 4 * d.carries_teams + 8 * d.carries_powered
    if d.artillery:
        cls = art.WEAPON_SIZE[d.artillery]
        used += art.ammo_space(d.artillery, d.ammo) if house else 3 * cls + 4 * max(0, d.ammo - 3)
    if d.supply in art.HOUSE_CHIT_SPACE:
        used += (art.HOUSE_CHIT_SPACE[d.supply] if house else art.CORE_LOAD_SPACE) * d.ammo
    used += art.DFO_SPACE * d.dfo
    used += (air.DECOY_SPACE if d.decoys else 0) + (air.AAM_SPACE if d.aam else 0)
    return used


def armour_limit(d: Design, *, house: bool = True) -> int:
    if d.emplacement and house:
        return d.size + 1
    if d.mobility == "vtol":
        return min(2, d.size - 1)
    if d.mobility == "aerospace":
        return min(3, d.size - 1)
    return d.size


def problems(d: Design, *, house: bool = True) -> list[str]:
    out = []
    if d.emplacement and d.mobility and house:
        out.append("an emplacement has no mobility type")
    if d.armour > armour_limit(d, house=house):
        out.append(f"armour {d.armour} is above the limit of {armour_limit(d, house=house)} for this vehicle")
    cap = 5 * d.size
    used = capacity_used(d, house=house)
    if used > cap:
        out.append(f"it needs {used} capacity but a size {d.size} vehicle has {cap}")
    systems = sum(w.barrels for w in d.weapons) + d.extra_apsw + bool(d.pds) + bool(d.ads) + bool(d.sam) + d.lad + bool(d.artillery)
    if systems > d.size:
        out.append(f"{systems} weapon systems, but a size {d.size} vehicle may carry {d.size}")
    limit = d.size if house else 1
    if d.fcs > limit:
        out.append(f"{d.fcs} fire controls, but this vehicle may have {limit} (one per size level)")
    if d.fcs > len(d.gun_classes()):
        out.append(f"fire control #{d.fcs} has no {d.fcs}th weapon to serve (DS2-A11)")
    if d.air and any(w.cls > 3 for w in d.weapons):
        out.append("air vehicles carry no weapon above class 3")
    if (d.decoys or d.aam) and not d.air:
        out.append("decoys and AAMs go on aerospace craft and VTOLs only")
    if d.supply and d.supply not in art.HOUSE_CHIT_SPACE:
        out.append(f"an ammunition carrier carries light, medium or heavy chits, not {d.supply!r}")
    if d.dfo and d.mobility != "aerospace":
        out.append("dead-fall ordnance loads go on aerospace craft only")
    if d.bridge > d.size:
        out.append(f"a bridgelayer carries a bridge up to its own class ({d.size}), not class {d.bridge}")
    if d.bridge and (d.air or not d.mobility):
        out.append("a bridgelayer is a ground vehicle that moves")
    if d.towed and (not d.artillery or d.mobility):
        out.append("a towed piece is an artillery weapon with no mobility type of its own")
    if d.supply and d.artillery:
        out.append("a vehicle is an artillery piece or an ammunition carrier, not both")
    if d.stealth and d.size > 5:
        out.append("modular vehicles may not have stealth")
    return out
