"""Movement: going by mobility family, travel mode on roads, reachable hexes and path checks (dsii-core §4)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Refusal
from rules.hexgrid import Hex, path_to, reachable
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element, is_vtol
from rules.words import with_verb

NO_ENTRY = 2
SEALED_ONLY = 6
"""After a nuke: no entry within 2 of ground zero; within 6 sealed vehicles and powered infantry only (§10.3)."""


def families(unit: DSUnit) -> list[str]:
    return sorted({ter.family(e.design.mobility if e.design else None, e.kind == "infantry")
                   for e in unit.movers()})


@dataclass(frozen=True)
class Going:
    """What of a unit's elements decides its going: worked out once for a unit, not again for every hex a
    reach or a path asks about (listing every destination of every unit asked it 300,000 times a decision)."""

    families: tuple[str, ...]
    swimmers: frozenset[str]
    """The families that may take open water as poor going (`swims`)."""
    transport_walker: bool
    """A transport walker among the movers: no open water for the walker family (§4.3)."""


def going_of(unit: DSUnit) -> Going:
    fams = tuple(families(unit))
    return Going(fams, frozenset(f for f in fams if swims(unit, f)),
                 any(e.design and e.design.mobility == "walker_transport" for e in unit.movers()))


def immune(e: Element) -> bool:
    """Powered infantry and sealed vehicles ignore biochem (§10.4)."""
    return (e.kind == "infantry" and e.troop == "powered") or bool(e.design and e.design.sealed)


def entry_problem(state: DSState, unit: DSUnit, h: Hex) -> str:
    """After a nuke nobody comes within 2 of ground zero; within 6 only sealed vehicles and powered infantry."""
    for gz in state.ground_zero:
        d = gz.distance(h)
        if d <= NO_ENTRY:
            return f"{h} is within {NO_ENTRY} hexes of ground zero {gz}"
        if d <= SEALED_ONLY and not all(immune(e) for e in unit.stats.alive()):
            return f"{h} is within {SEALED_ONLY} hexes of ground zero {gz}: sealed vehicles and powered infantry only"
    return ""


def hex_cost(state: DSState, unit: DSUnit, h: Hex, travel: bool, run: bool = False,
             frm: Hex | None = None, going: Going | None = None) -> float | None:
    """The dearest going among the unit's elements (they move together); roads are easy only in travel mode;
    running combat walkers count normal going as easy (§4.4). Coming from `frm` across a river hexside adds the
    river's going once (§14.2 [R])."""
    if not state.board.in_bounds(h):
        return None
    if state.ground_zero:
        if entry_problem(state, unit, h):
            return None
    g = going or going_of(unit)
    t = "rubble" if h in state.rubble else state.board.terrain_at(h)
    worst = 0.0
    for fam in g.families:
        c = ter.step_cost(state.board, t, fam)
        if c is None and t == "water" and fam in g.swimmers:
            c = ter.GOING_COST["P"]
        if t == "water" and fam == "walker" and g.transport_walker:
            c = None  # open water: combat walkers only (§4.3)
        if c is None:
            return None
        if c == 0.5 and not travel:
            c = 1.0  # easy going only in travel mode (§4.2)
        worst = max(worst, c)
    base = 0.5 if run and worst == 1.0 else worst
    if frm is None:
        return base
    bridge = state.bridge_over(frm, h) if state.bridges else None
    if bridge is not None:
        from rules.rulesets.dirtside.bridges import carries
        if carries(bridge, unit):
            return base  # over a laid bridge: no river to cross (§13)
    extra = 0.0
    for fam in g.families:
        x = ter.crossing_cost(state.board, frm, h, fam)
        if x is None:
            return None
        extra = max(extra, 1.0 if x == 0.5 and not travel else x)
    return base + extra


SWIMMERS = ("wheeled_low", "wheeled_high", "tracked")


def swims(unit: DSUnit, fam: str) -> bool:
    """Open water is poor going, not impassable, for amphibious wheeled and tracked vehicles and for powered
    infantry, when every element of that family of the unit can (§4.3)."""
    group = [e for e in unit.movers() if ter.family(e.design.mobility if e.design else None, e.kind == "infantry") == fam]
    if fam == "infantry":
        return bool(group) and all(e.troop == "powered" for e in group)
    return fam in SWIMMERS and bool(group) and all(e.design and e.design.amphibious for e in group)


def may_run(unit: DSUnit) -> bool:
    return all(e.design and e.design.mobility == "walker_combat" for e in unit.stats.alive())


def enterable(state: DSState, unit: DSUnit, h: Hex) -> bool:
    return hex_cost(state, unit, h, False) is not None


def travel_mode(state: DSState, unit: DSUnit) -> bool:
    """Travel mode: not firing this activation and no Under Fire marker (§4.2)."""
    return not state.acted and not unit.stats.under_fire


def budget(unit: DSUnit, assault: bool = False) -> float:
    return unit.bmf() * (2 if assault else 1)


def already(state: DSState, unit: DSUnit) -> float:
    """Movement the activating unit has spent so far (a VTOL's mode change is paid in movement, §4.4)."""
    return state.spent if state.current == unit.id else 0.0


def grounded(unit: DSUnit) -> bool:
    return is_vtol(unit) and unit.stats.mode == "grounded"


def destinations(state: DSState, unit: DSUnit, *, assault: bool = False, run: bool = False) -> dict[Hex, list[Hex]]:
    """Hex -> path (start excluded) within the unit's movement; enemy and friendly units block."""
    if unit.at is None or unit.bmf() <= 0 or grounded(unit):
        return {}
    occupied = {u.at for u in state.units.values() if u.on_map and u.id != unit.id}
    travel = travel_mode(state, unit) and not assault
    going = going_of(unit)

    def cost(a: Hex, b: Hex):
        if b in occupied:
            return None
        return hex_cost(state, unit, b, travel, run, frm=a, going=going)

    came = reachable(unit.at, budget(unit, assault) - already(state, unit), cost)
    return {h: path_to(came, h)[1:] for h in came if h != unit.at}


def check_path(state: DSState, unit: DSUnit, path: list[Hex], *, assault: bool = False,
               run: bool = False) -> tuple[list[Hex], float]:
    """The path without its start and its cost, or a refusal naming the problem."""
    path = [Hex(*h) for h in path]
    if path and path[0] == unit.at:
        path = path[1:]
    if not path:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} already there: choose another hex")
    if unit.bmf() <= 0:
        raise Refusal(f"{unit.name} cannot move (immobilised or without a mobility type)")
    if grounded(unit):
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} grounded: it takes off (low mode) before it moves")
    occupied = {u.at: u for u in state.units.values() if u.on_map and u.id != unit.id}
    travel = travel_mode(state, unit) and not assault
    spent, here = 0.0, unit.at
    going = going_of(unit)  # once for the path, as `reach` does (nothing changes the unit while it is checked)
    for h in path:
        if here.distance(h) != 1:
            raise Refusal(f"the path jumps from {here} to {h}, which are not next to each other")
        if not state.board.in_bounds(h):
            raise Refusal(f"the path leaves the map at {h}")
        if h in occupied:
            raise Refusal(f"the path crosses {h}, where {with_verb(occupied[h].name, 'stands', 'stand')}")
        c = hex_cost(state, unit, h, travel, run, frm=here, going=going)
        if c is None:
            label = ter.TERRAIN.get(state.board.terrain_at(h))
            raise Refusal(f"{h} ({label.label if label else 'terrain'}) is impassable to {unit.name}")
        spent += c
        here = h
    limit = budget(unit, assault) - already(state, unit)
    if spent > limit:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} {limit:g} movement and this path costs {spent:g}")
    return path, spent


EVASIVE_MOBILITY = ("gev_fast", "grav")


def evasive_problem(state: DSState, unit: DSUnit, path: list[Hex]) -> str:
    """'' when the path may be taken as evasive movement (§4.4)."""
    if any(not e.design or e.design.mobility not in EVASIVE_MOBILITY for e in unit.stats.alive()):
        return "only fast GEVs and grav vehicles move evasively (the whole unit)"
    travel = travel_mode(state, unit)
    costs = [hex_cost(state, unit, h, travel, frm=a) for a, h in zip([unit.at] + list(path), path)]
    if any(c is None or c > 1 for c in costs):
        return "evasive movement needs easy or normal going all the way"
    if sum(costs) < 0.75 * unit.bmf():
        return f"evasive movement uses at least 3/4 of the move ({0.75 * unit.bmf():g})"
    return ""


def confidence_allows(state: DSState, unit: DSUnit, dest: Hex) -> bool:
    """Broken units may not advance; Routed units withdraw: neither may end closer to the enemy (§1.4 [R])."""
    if unit.stats.confidence not in ("BR", "RO"):
        return True
    enemies = [u.at for u in state.units.values() if u.side != unit.side and u.on_map]
    return not enemies or min(dest.distance(e) for e in enemies) >= min(unit.at.distance(e) for e in enemies)
