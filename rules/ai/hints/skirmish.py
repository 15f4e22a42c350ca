"""The computer's hints for Skirmish: a model's worth by its points and its state, the going by the rules' own costs."""

from __future__ import annotations

from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.terrain import HARD_COVER, in_cover, in_front
from rules.rulesets.skirmish.terrain import step_cost  # noqa: F401 - the going in inches (text #4): the paths' cost

contact = 0.1
"""Skirmish is fought with firearms across the table: closing in matters, as in the generic reading."""

STATE_FACTOR = {"fleeing": 0.3, "downed": 0.5, "suppressed": 0.8}
"""What is left of a model's worth in each state: a downed model neither moves nor shoots and may die, a
fleeing one is leaving the table, a suppressed one is slowed. The generic reading counted none of these
(booleans are not numbers to it): a model shot down was worth as much as a healthy one."""

HARD = 1.35
"""A model in hard cover (building, rubble: +2 to the TN to hit it, text #4) keeps its worth longer: a
shooter of Shooting 5 hits 40% of the time instead of 60%, a third fewer hits. At 1.15 (the previous round)
the defenders of both bundled scenarios walked out of their huts into the open to close in by a few hexes."""
SOFT = 1.1
"""A model in other cover (woods, behind a low wall)."""
BLIND = 0.5
"""Cost of a standing model whose nearest enemy is outside its front arc: it cannot shoot that enemy nor
watch it (overwatch fires only in the front arc), and is shot at flanked (-1 TN, text #4). Without it every
facing scored alike and the computer pivoted at random. It is a side's asset (`side_value`), not part of a
model's worth: the greedy yardstick reads the worth of models only, and with the facing in it, it pivoted
for ever among the facings that tied (800 pivots in a game)."""


def unit_value(state: SkirmState, unit) -> float:
    """Points (a leader 2, a model 1: what morale counts), its skills, less for what it suffers."""
    s = unit.stats
    worth = 5.0 * s.points + 0.3 * (s.skill + s.shooting + s.cqc + s.willpower - 20)
    for flag, factor in STATE_FACTOR.items():
        if getattr(unit, flag, False):
            worth *= factor
    if unit.at is not None and state.board.terrain_at(unit.at) in HARD_COVER:
        worth *= HARD
    elif unit.at is not None and in_cover(state.board, unit.at):
        worth *= SOFT
    return worth + (0.4 if unit.overwatch else 0.0)


def side_value(state: SkirmState, side: str) -> float:
    """Minus `BLIND` for each standing model of the side that does not face its nearest enemy."""
    return -BLIND * sum(1 for u in state.units.values()
                        if u.side == side and u.on_map and u.at is not None and not u.downed and not u.fleeing
                        and not _faces_nearest(state, u))


def _faces_nearest(state: SkirmState, unit) -> bool:
    """The nearest standing enemy model (any of the nearest, at equal distance) is in the model's front arc."""
    enemies = [u.at for u in state.units.values() if u.side != unit.side and u.on_map and u.at is not None]
    if not enemies:
        return True
    near = min(unit.at.distance(e) for e in enemies)
    return any(in_front(unit.at, unit.facing, e) for e in enemies if unit.at.distance(e) == near)
