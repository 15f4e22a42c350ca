"""What the enemy's next volleys may take from a DHR side: the `threat` hint (rules/rulesets/dhr/ai_threat.py)."""

from __future__ import annotations

import pytest

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for, without_rules_of_thumb
from rules.hexgrid import from_offset
from rules.service import GameService
from saves.scenarios import load_scenario


def _view(scenario: str, side: str):
    seat = GameService.new(load_scenario(scenario, ruleset="dhr"), seed=3006).seat(side)
    return seat, seat.view()


def _placed(view, unit: str, col: int, row: int):
    moved = view.model_copy(deep=True)
    moved.units[unit] = moved.units[unit].model_copy(update={"at": from_offset(col, row)})
    return moved


def test_the_gap_in_the_hedge_stands_under_more_fire_than_the_hedge():
    """Hedgerow's 1st Squad in the road's gap (6,8) has no save against the Grenadiers nor the MG-42; behind the
    hedge (5,8) it saves on 2 against every German (the case of rules/rulesets/dhr/ai_cover.py)."""
    seat, view = _view("hedgerow", "us")
    threat = hints_for(seat.ruleset).threat
    gap, hedge = threat(_placed(view, "us1", 6, 8), "us"), threat(_placed(view, "us1", 5, 8), "us")
    assert gap > hedge > 0


def test_a_side_out_of_every_enemy_reach_stands_under_no_threat():
    seat, view = _view("farm", "us")
    threat = hints_for(seat.ruleset).threat
    far = view
    for uid, u in view.units.items():
        if u.side == "us" and not u.stats.vehicle:
            far = _placed(far, uid, 0, 9)
    # the Germans' Kar98k and MGs reach every hex of the farm from the farmhouse: taken back to the corner,
    # the Americans are still in reach, but the Germans, moved off to the far edge, are not
    assert threat(view, "us") > 0
    for uid, u in view.units.items():
        if u.side == "de":
            far = _placed(far, uid, 13, 0)
    assert 0 <= threat(far, "us") < threat(view, "us")


def test_the_evaluator_weighs_the_threat_only_at_the_levels_that_read_it():
    seat, view = _view("hedgerow", "us")
    hints = hints_for(seat.ruleset)
    ev = Evaluator(hints, seat.ruleset)
    plain = ev.material(view, "us")
    ev.threat_weight = 0.5
    expected = plain - 0.5 * hints.threat(view, "us") + 0.5 * hints.threat(view, "de")
    assert ev.material(view, "us") == pytest.approx(expected)
    assert ev.material(view, "us", assets=False) == pytest.approx(Evaluator(hints, seat.ruleset).material(
        view, "us", assets=False))  # the greedy yardstick's reading is untouched
    assert without_rules_of_thumb(hints).threat is None  # easy reads no threat


def test_hard_reads_the_threat_and_normal_does_not(monkeypatch):
    """The search's evaluator weighs the threat at the computer's own `threat` (rules/ai/levels.py)."""
    import random

    from rules.ai.levels import computer_for

    seat, _ = _view("hedgerow", "us")
    weights = {}
    for level in ("normal", "hard"):
        player = computer_for(level, random.Random(1))
        ev, _worlds = player._setup(seat)
        weights[level] = ev.threat_weight
    assert weights["normal"] == 0 and weights["hard"] > 0
