"""A DHR foot unit moves to the best cover among the hexes that come as near the objective (part of `prune`).

The computer cuts each unit's destinations to the few its cheap reading likes best, the pull of the objective
and of the enemy, and that reading knows no cover; the evaluation sees only the DV of the unit's own hex, not the
hedge it stands behind, and the look-ahead ends before the other side fires. So hedgerow's 1st Squad, behind the
hedges (a save of 2 against every German), walked into the road's gap in the hedge row (6,8: no save against the
Grenadiers nor the MG-42) to fire, and one Kar98k volley took its seven figures (seeds 3006, 5014 against the
greedy player). Of a foot unit's moves, one to a hex with less cover against the enemies that reach it than
another hex of its moves at least as near the objective is left out: it never costs a step towards the goal.

Only for the side that must take the hexes: the defenders' walk is to guard them, not to reach them, and cutting
their moves the same way (by nearness to the hexes they hold) cost them games: hedgerow computer against computer
(seeds 9100-9159) went from the Americans' 47% to 67% with both sides cut, 57% with the Americans' moves alone.
"""

from __future__ import annotations

from rules.actions import Action
from rules.hexgrid import Hex
from rules.rulesets.dhr.ai_reach import moving, reach
from rules.rulesets.dhr.fighters import firers, save_dv
from rules.rulesets.dhr.state import DHRState

OUT_OF_REACH = 7
"""The cover of a hex an enemy cannot fire at: better than any save (DV 6 at most)."""


def _threats(state: DHRState, side: str) -> list[tuple[Hex, int]]:
    """(hex, farthest reach) of each enemy unit holding a hex that has a weapon to fire."""
    out = []
    for e in state.units.values():
        if e.side == side or not e.on_map or e.attached_to is not None:
            continue
        r = max((reach(e, w) for w in e.stats.weapons if firers(e, w) > 0), default=0)
        if r:
            out.append((e.at, r))
    return out


def cover(state: DHRState, at: Hex, threats: list[tuple[Hex, int]]) -> tuple[int, ...]:
    """The saves a unit at `at` has against each threat, worst first (OUT_OF_REACH where it does not reach)."""
    return tuple(sorted(save_dv(state, e, at) if e.distance(at) <= r else OUT_OF_REACH for e, r in threats))


def best_cover(state: DHRState, side: str, actions: list[Action]) -> list[Action]:
    """`actions` less the moves of a foot unit of `side` to a hex with less cover than another of its
    destinations at least as near the nearest hex `side` must hold."""
    goals = [Hex(*h) for c in state.victory if c.kind == "hold" and c.side == side and c.hexes for h in c.hexes]
    threats = _threats(state, side)
    if not goals or not threats:
        return actions
    ends: dict[str, dict[Hex, tuple[int, tuple[int, ...]]]] = {}
    for a in actions:
        unit, to = moving(state, a)
        if unit is None or unit.side != side or unit.stats.vehicle or a.kind != "move":
            continue
        seen = ends.setdefault(unit.id, {})
        if to not in seen:
            seen[to] = (min(g.distance(to) for g in goals), cover(state, to, threats))

    def dominated(a: Action) -> bool:
        if a.kind != "move" or a.unit not in ends:
            return False
        near, cov = ends[a.unit][Hex(*a.path[-1])]
        return any(n <= near and c > cov for n, c in ends[a.unit].values())

    return [a for a in actions if not dominated(a)]
