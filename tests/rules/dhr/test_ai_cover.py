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


HEDGEROW_7004 = [("us", "Pass: set the chip aside")]
"""Hedgerow, seed 7004, the computer (the Americans) against the greedy player, turn 1: the Medic's chip came
first (set aside), then the 1st Squad's, at 4,11 in the open with every German line of fire crossing a hedgerow."""


def test_a_unit_with_a_shot_keeps_behind_the_hedge():
    """The old computer (cover read by the hex's own DV) walked the 1st Squad along the road to 6,8, the gap in the
    hedge: open like 4,11, but the Grenadiers' line from the farmhouse crosses no hedge there (DV 0, where every
    line at 4,11 is saved at DV 2). The Grenadiers' rifles then took 5 of its 8 figures and the Americans lost that
    turn. Behind the hedge at 5,8 the same shots are saved at DV 2: kept."""
    seat = replay_scenario("hedgerow", 7004, HEDGEROW_7004)
    assert seat.side == "us" and "us1" in seat.view().eligible
    legal = [seat.describe(a) for a in seat.legal_actions()]
    assert "Move 1st Squad to 6,8 (3 hexes)" in legal and "Move 1st Squad to 5,8 (3 hexes)" in legal
    kept = _kept(seat)
    assert "Move 1st Squad to 6,8 (3 hexes)" not in kept
    assert "Move 1st Squad to 5,8 (3 hexes)" in kept
