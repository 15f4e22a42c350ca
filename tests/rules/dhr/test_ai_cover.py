"""A DHR unit with a shot worth taking from where it stands keeps its cover (rules/rulesets/dhr/ai_shots.py
`_leaves_cover`). The position is from a game the old computer lost, replayed with the game's own dice."""

from __future__ import annotations

import random

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from tests.rules.dhr.helpers import replay_scenario

FARM_7007 = [
    ("de", "Move Grenadiers to 7,4 (1 hex)"),
    ("de", "Grenadiers: spend another MP and cross into 7,4 (automatic pass)"),
]
"""Farm, seed 7007, the computer (the Wehrmacht) against the random player, turn 1: the Grenadiers' chip came
first; they stepped from 7,3 to 7,4, both farmhouse hexes (DV 4)."""


def _kept(seat) -> list[str]:
    return [seat.describe(a) for a in hints_for(seat.ruleset).prune(seat.view(), seat.side, seat.legal_actions())]


def test_a_unit_with_a_shot_does_not_leave_the_farmhouse_for_the_open():
    """The old computer moved the Grenadiers on to 6,5 (open, DV 0; its line 512.5, one throw that reached a
    casualties win, against 506.4 for the Kar98k at the 1st Squad from the house) to bring the Panzerfaust to bear
    on the Stuart; the random Americans shot them to pieces in the open and won. Moves within the house stay."""
    seat = replay_scenario("farm", 7007, FARM_7007)
    assert seat.side == "de" and seat.view().active_unit == "de1"
    legal = [seat.describe(a) for a in seat.legal_actions()]
    assert "Move Grenadiers to 6,5 (1 hex)" in legal
    kept = _kept(seat)
    assert "Move Grenadiers to 6,5 (1 hex)" not in kept
    assert "Move Grenadiers to 7,3 (1 hex)" in kept
    chosen = computer_for("normal", random.Random("computer:normal:de:7007")).choose(seat)
    assert seat.describe(chosen) != "Move Grenadiers to 6,5 (1 hex)"
