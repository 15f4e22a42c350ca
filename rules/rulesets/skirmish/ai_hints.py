"""The computer's hints for Skirmish: a model's worth by its points and its state, the going by the rules' own costs."""

from __future__ import annotations

from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.terrain import HARD_COVER, in_cover
from rules.rulesets.skirmish.terrain import step_cost  # noqa: F401 - the going in inches (text #4): the paths' cost

contact = 0.1
"""Skirmish is fought with firearms across the table: closing in matters, as in the generic reading."""

STATE_FACTOR = {"fleeing": 0.3, "downed": 0.5, "suppressed": 0.8}
"""What is left of a model's worth in each state: a downed model neither moves nor shoots and may die, a
fleeing one is leaving the table, a suppressed one is slowed. The generic reading counted none of these
(booleans are not numbers to it): a model shot down was worth as much as a healthy one."""

HARD = 1.15
"""A model in hard cover (building, rubble: +2 to the TN to hit it, text #4) keeps its worth longer."""
SOFT = 1.07
"""A model in other cover (woods, behind a low wall)."""


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
