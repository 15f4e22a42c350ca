"""DHR's computer keeps a vehicle out of the reach of anti-tank weapons it outranges (rules/rulesets/dhr/ai_reach.py)."""

from __future__ import annotations

import random

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.rulesets.dhr.ai_reach import reach
from tests.rules.dhr.helpers import replay_scenario


def _farm_3000():
    """Farm, seed 3000 (the computer the Americans, against the greedy player): the M5 Stuart's chip is drawn first.
    The old computer drove it onto the farmhouse at 7,4, next to the Grenadiers and their Panzerfaust (range 1, it
    fires 4 hexes at the range bands' penalty); the Stuart's guns fire 32 and 40 hexes."""
    seat = replay_scenario("farm", 3000, [])
    assert seat.side == "us"
    assert any(a.kind == "move" and a.unit == "us3" for a in seat.legal_actions())
    return seat


def _next_to_the_grenadiers(seat, actions):
    grenadiers = seat.view().units["de1"].at
    return [a for a in actions if a.kind == "move" and a.unit == "us3" and a.path[-1].distance(grenadiers) <= 1]


def _within(seat, actions, hexes):
    grenadiers = seat.view().units["de1"].at
    return [a for a in actions if a.kind == "move" and a.unit == "us3" and a.path[-1].distance(grenadiers) <= hexes]


def test_the_stuart_keeps_out_of_the_panzerfausts_reach():
    seat = _farm_3000()
    kept = hints_for(seat.ruleset).prune(seat.view(), "us", seat.legal_actions())
    assert _within(seat, seat.legal_actions(), 4) and not _within(seat, kept, 4)
    assert reach(seat.view().units["de1"], seat.view().units["de1"].stats.weapons[2]) == 4


def test_the_stuart_does_not_drive_next_to_the_panzerfaust():
    seat = _farm_3000()
    legal = seat.legal_actions()
    assert _next_to_the_grenadiers(seat, legal)  # 7,4 among them
    kept = hints_for(seat.ruleset).prune(seat.view(), "us", legal)
    assert not _next_to_the_grenadiers(seat, kept)
    assert any(a.kind == "move" and a.unit == "us3" for a in kept)
    for n in range(3):
        chosen = computer_for("normal", random.Random(f"computer:us:{n}")).choose(seat)
        assert chosen not in _next_to_the_grenadiers(seat, legal), seat.describe(chosen)


def test_in_the_last_turn_the_stuart_may_drive_onto_the_farmhouse():
    seat = _farm_3000()
    view = seat.view()
    view.turn = view.max_turns
    kept = hints_for(seat.ruleset).prune(view, "us", seat.legal_actions())
    goals = {tuple(h) for h in view.victory[0].hexes}
    onto = [a for a in _next_to_the_grenadiers(seat, kept)]
    assert onto and all(tuple(a.path[-1]) in goals for a in onto)
