"""The table as the rules read it during play: who sees whom, contact, move costs, what a model may shoot."""

from __future__ import annotations

from rules.hexgrid import Hex, path_to, reachable, to_offset
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.procedures.shooting import Situation
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS, traits_of

LEADER_RANGE = 6
"""'within 6” of a leader' (SKIRM-A17: hex distance <= 6)."""


def sees(state: SkirmState, looker: SkirmUnit, h: Hex) -> bool:
    """In the looker's front 180° arc and in line of sight (text #4)."""
    return ter.in_front(looker.at, looker.facing, h) and ter.sight(state.board, looker.at, h)


def in_contact(state: SkirmState, u: SkirmUnit) -> list[SkirmUnit]:
    """Standing enemy models in base contact (adjacent hexes, SKIRM-A27)."""
    return [e for e in state.enemies(u.side) if not e.downed and e.at.distance(u.at) == 1]


def step_cost_for(state: SkirmState, u: SkirmUnit):
    """Move costs for `u`: terrain (text #4); other models' hexes are closed; a plain move may not come into
    contact with a standing enemy (that is a charge, text #5B)."""
    board = state.board
    occupied = {x.at for x in state.units.values() if x.on_map and x.id != u.id}
    foes = [e.at for e in state.enemies(u.side) if not e.downed]

    def cost(a: Hex, b: Hex):
        if b in occupied:
            return None
        c = ter.step_cost(board, a, b)
        if c is None:
            return None
        if any(b.distance(f) == 1 for f in foes):
            return None
        return c
    return cost


def reach(state: SkirmState, u: SkirmUnit, budget: int) -> dict:
    return reachable(u.at, budget, step_cost_for(state, u))


def path_cost(state: SkirmState, u: SkirmUnit, path: list[Hex]) -> int | None:
    """Inches the path costs from the model's hex, or None if a step is barred."""
    cost = step_cost_for(state, u)
    total, here, i = 0, u.at, 0
    while i < len(path):
        h = path[i]
        if here.distance(h) != 1:
            return None
        if ter.is_gap(state.board, h):
            k = ter.gap_run(state.board, here, path[i:])
            if k is None or k > u.stats.speed // 2:  # 'up to half move' (SKIRM-A15)
                return None
            c = cost(here, path[i + k])  # the landing, as a step from the take-off
            if c is None:
                return None
            total += k + c
            here, i = path[i + k], i + k + 1
            continue
        c = cost(here, h)
        if c is None:
            return None
        total += c
        here, i = h, i + 1
    return total


def charge_path(state: SkirmState, u: SkirmUnit, target: SkirmUnit, budget: int) -> list[Hex] | None:
    """The cheapest way into contact with `target` within `budget` inches ([] when already in contact)."""
    if u.at.distance(target.at) == 1:
        return []
    found = reachable(u.at, budget, _charge_cost(state, u, target))
    ends = [h for h in found if h.distance(target.at) == 1 and h != u.at]
    if not ends:
        return None
    end = min(ends, key=lambda h: (found[h][0], h))
    return path_to(found, end)[1:]


def _charge_cost(state: SkirmState, u: SkirmUnit, target: SkirmUnit):
    board = state.board
    occupied = {x.at for x in state.units.values() if x.on_map and x.id != u.id}
    foes = [e.at for e in state.enemies(u.side) if not e.downed and e.id != target.id]

    def cost(a: Hex, b: Hex):
        if b in occupied or any(b.distance(f) == 1 for f in foes) or a.distance(target.at) == 1:
            return None
        return ter.step_cost(board, a, b)
    return cost


def charge_path_ok(state: SkirmState, u: SkirmUnit, target: SkirmUnit, path: list[Hex], budget: int) -> bool:
    cost = _charge_cost(state, u, target)
    total, here = 0, u.at
    for h in path:
        if here.distance(h) != 1:
            return False
        c = cost(here, h)
        if c is None:
            return False
        total += c
        here = h
    return total <= budget and here.distance(target.at) == 1


def situation(state: SkirmState, shooter: SkirmUnit, target_at: Hex, *, moved: int, shots: int = 1,
              spray: bool = False, aim: str = "none", overwatch: bool = False) -> Situation:
    """Everything the to-hit TN needs, read off the table."""
    target = state.unit_at(target_at)
    flanked = target is not None and not ter.in_front(target.at, target.facing, shooter.at)
    return Situation(
        weapon=shooter.stats.weapon, distance=shooter.at.distance(target_at),
        attachments=tuple(shooter.stats.attachments), moved=moved, shots=shots, spray=spray, aim=aim,  # type: ignore[arg-type]
        hard_cover=ter.hard_cover(state.board, shooter.at, target_at), flanked=flanked,
        suppressed=shooter.suppressed, overwatch=overwatch,
    )


def may_fire(shooter: SkirmUnit, moved: int) -> bool:
    """'Heavy = may not move and fire'."""
    return not (moved > 0 and "heavy" in traits_of(WEAPONS[shooter.stats.weapon], shooter.stats.attachments))


def targets(state: SkirmState, shooter: SkirmUnit) -> list[SkirmUnit]:
    """Enemy models the shooter may fire at: in its arc and sight, within range, not in contact with a friend."""
    w = WEAPONS[shooter.stats.weapon]
    out = []
    for e in state.enemies(shooter.side):
        d = shooter.at.distance(e.at)
        if d == 0 or not w.in_range(d) or not sees(state, shooter, e.at):
            continue
        out.append(e)
    return out


def alone(state: SkirmState, u: SkirmUnit) -> bool:
    """'A model out of LoS to all friendlies' (all-round: a friend may be looking the other way)."""
    friends = [f for f in state.units_of(u.side) if f.id != u.id]
    return bool(friends) and not any(ter.sight(state.board, u.at, f.at) for f in friends)


def near_leader(state: SkirmState, u: SkirmUnit) -> bool:
    return any(f.stats.leader and not f.downed and f.id != u.id and f.at.distance(u.at) <= LEADER_RANGE
               for f in state.units_of(u.side))


def edge_distance(state: SkirmState, h: Hex, edge: str) -> int:
    col, row = to_offset(h)
    return {"N": row, "S": state.board.height - 1 - row, "W": col, "E": state.board.width - 1 - col}[edge]


def home_edge(state: SkirmState, side: str) -> str:
    """The table edge nearest the side's models at the start: where its fleeing models run ('the end of the
    tabletop', text #5-ish)."""
    mine = [u.at for u in state.units.values() if u.side == side and u.at is not None]
    if not mine:
        return "S"
    return min("NSWE", key=lambda e: sum(edge_distance(state, h, e) for h in mine))
