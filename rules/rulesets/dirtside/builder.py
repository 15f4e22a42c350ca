"""Dirtside's army costing for the builder and `hexwar army` (rules/armycost.py): a unit priced by
army.unit_points (dsii-core §12.7 with the house rules' changes) and a vehicle designed field by field."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from rules.armycost import Choice, DesignSpec
from rules.rulesets.dirtside.army import unit_points
from rules.rulesets.dirtside.artillery import AMMO_COST
from rules.rulesets.dirtside.design import ECM_PTS, MOBILITY_PCT, POWER_PCT, QUALITY_MULT, WEAPON_PTS, Design, price as design_price
from rules.rulesets.dirtside.units import DSStats
from rules.words import count

QUALITIES = tuple(QUALITY_MULT)
WEAPONS = ("none",) + tuple(WEAPON_PTS) + ("GMS/L", "GMS/H")


def price(stats: dict[str, Any], name: str = "this unit") -> tuple[int, list[str]]:
    """(points, problems in words) of one unit's stats (a scenario unit's `stats` table)."""
    try:
        s = DSStats.model_validate(stats)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return 0, [f"{name}: {where + ': ' if where else ''}{first['msg']}"]
    return unit_points(name, s)


def _weapons(v: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for n in ("1", "2"):
        kind = v.get(f"weapon{n}", "none")
        if kind != "none":
            out.append({"type": kind, "cls": v.get(f"class{n}", 1)} if not kind.startswith("GMS") else {"type": kind})
    return out


NONE = "none"
SYSTEMS = ("pds", "ads", "sam", "artillery", "supply")
"""Fields whose value "none" leaves the system out of the design."""


TRACTOR = {"armour": 1, "mobility": "wheeled_high", "power": "cfe"}
"""[R] The tractor the design screen adds for towed guns: an unarmed high-mobility truck of the guns' size (a
tractor of the gun's size or larger limbers it, §9.1); a force file may give any tractor design."""


def _design(v: dict[str, Any]) -> dict[str, Any]:
    """The design the chosen values make. "emplacement" as the mobility is the house rule's emplacement: no
    mobility type, half-price power plant, armour up to size + 1, equal all round. "towed": a towed artillery
    piece with no mobility of its own (§9.1). "aerospace": a craft, its weapons fixed, carrying ordnance loads."""
    out = {"size": v["size"], "armour": v["armour"], "mobility": v["mobility"], "power": v["power"],
           "weapons": _weapons(v), "fc": v["fc"], "fcs": v["fcs"], "ecm": v["ecm"]}
    if v["mobility"] == "emplacement":
        out.update(mobility=None, emplacement=True)
    if v["mobility"] == "towed":
        out.update(mobility=None, towed=True)
    if v["mobility"] == "aerospace":
        out["weapons"] = [w | {"mount": "fixed"} for w in out["weapons"]]
    for k in ("dfo", "bridge"):
        if v.get(k, 0):
            out[k] = v[k]  # where it does not belong, the pricing names the problem
    for k in SYSTEMS:
        if v.get(k, NONE) != NONE:
            out[k] = v[k]
    if v.get("artillery", NONE) != NONE or v.get("supply", NONE) != NONE:
        out["ammo"] = v.get("ammo", 1)
    for k in ("lad", "apfc"):
        if v.get(k) == "yes":
            out[k] = True
    return out


def stats_of(v: dict[str, Any]) -> dict[str, Any]:
    """A ground unit of `vehicles` identical vehicles of the chosen design (towed guns: and their `tractors`), or
    an aerospace unit (one craft each; more is a problem the pricing names), waiting off the table."""
    design = _design(v)
    if v["mobility"] == "aerospace":
        return {"quality": v["quality"], "role": "aircraft", "off_table": True,
                "elements": [{"name": f"craft {i + 1}", "kind": "aircraft", "design": design}
                             for i in range(v["vehicles"])]}
    elements = [{"name": f"{'gun' if design.get('towed') else 'vehicle'} {i + 1}", "kind": "vehicle", "design": design}
                for i in range(v["vehicles"])]
    if design.get("towed"):
        elements += [{"name": f"tractor {i + 1}", "kind": "vehicle", "design": {"size": v["size"], **TRACTOR}}
                     for i in range(v.get("tractors", 0))]
    return {"quality": v["quality"], "elements": elements}


def lines_of(v: dict[str, Any]) -> list[str]:
    """One vehicle's price line by line (dsii-core §12.7)."""
    try:
        p = design_price(Design.model_validate(_design(v)))
    except ValidationError as exc:
        return [str(exc.errors()[0]["msg"])]
    one = "one craft" if v["mobility"] == "aerospace" else "one gun" if v["mobility"] == "towed" else "one vehicle"
    out = [f"{label}: {pts}" for label, pts in p.lines] + [f"{one}: {p.total}"]
    if v["mobility"] == "towed":
        tractors = v.get("tractors", 0)
        tractor = design_price(Design.model_validate({'size': v['size'], **TRACTOR})).total
        out.append(f"{count(tractors, 'tractor')}, {tractor} each (unarmed trucks of the guns' size)")
        if tractors < v["vehicles"]:
            stranded = v["vehicles"] - tractors
            out.append(f"{count(stranded, 'gun')} without a tractor cannot be limbered to move")
    cls = v.get("artillery", NONE) if v.get("artillery", NONE) != NONE else v.get("supply", NONE)
    if cls != NONE:
        out.append(f"its {v.get('ammo', 1)} {cls} chits, bought at {AMMO_COST[cls]} each: {v.get('ammo', 1) * AMMO_COST[cls]}")
    return out


DESIGN = DesignSpec(
    fields=(
        Choice("vehicles", "vehicles in the unit", (1, 2, 3, 4)),
        Choice("quality", "quality", ("green", "regular", "veteran")),
        Choice("size", "size", tuple(range(1, 8))),
        Choice("armour", "armour", tuple(range(0, 9))),
        Choice("mobility", "mobility", tuple(k for k in MOBILITY_PCT if k not in ("vtol", "aerospace"))
               + ("emplacement", "towed", "aerospace")),
        Choice("tractors", "tractors (towed guns)", (0, 1, 2, 3, 4)),
        Choice("power", "power plant", tuple(POWER_PCT)),
        Choice("weapon1", "weapon 1", WEAPONS),
        Choice("class1", "weapon 1 class", (1, 2, 3, 4, 5)),
        Choice("weapon2", "weapon 2", WEAPONS),
        Choice("class2", "weapon 2 class", (1, 2, 3, 4, 5)),
        Choice("fc", "fire control", tuple(QUALITY_MULT)),
        Choice("fcs", "fire controls", (1, 2, 3, 4, 5, 6, 7)),
        Choice("ecm", "ECM", tuple(ECM_PTS)),
        Choice("pds", "point defence", (NONE,) + QUALITIES),
        Choice("ads", "area defence (ADS)", (NONE,) + QUALITIES),
        Choice("sam", "SAM system", (NONE,) + QUALITIES),
        Choice("lad", "LAD", ("no", "yes")),
        Choice("apfc", "APFC belt", ("no", "yes")),
        Choice("artillery", "artillery", (NONE, "light", "medium", "heavy")),
        Choice("supply", "ammunition carrier", (NONE, "light", "medium", "heavy")),
        Choice("ammo", "bombardment chits carried", tuple(range(1, 11))),
        Choice("dfo", "ordnance loads (aerospace)", tuple(range(0, 7))),
        Choice("bridge", "bridgelayer: bridge class", tuple(range(0, 6))),
    ),
    default={"vehicles": 3, "quality": "regular", "size": 3, "armour": 2, "mobility": "tracked_fast", "power": "cfe",
             "weapon1": "HVC", "class1": 3, "weapon2": "none", "class2": 1, "fc": "basic", "fcs": 1, "ecm": "none",
             "pds": NONE, "ads": NONE, "sam": NONE, "lad": "no", "apfc": "no", "artillery": NONE, "supply": NONE,
             "ammo": 1, "tractors": 0, "dfo": 0, "bridge": 0},
    stats=stats_of,
    lines=lines_of,
)
