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

TOWER_3004 = [
    ('horde', 'Move Goblin archers to 5,3 (2 hexes)'),
    ('horde', 'Move Goblin archers to 5,1 (1 hex)'),
    ('horde', 'Move Goblin archers to 6,2 (1 hex)'),
    ('horde', 'Goblin archers: fire shortbow x1 at Mage Elspeth at 6,4'),
    ('horde', 'Move Orc warband (2) to 10,3 (2 hexes)'),
    ('horde', 'Move Orc warband (2) to 9,3 (1 hex)'),
    ('horde', 'Move Cave troll to 4,1 (3 hexes)'),
    ('keep', 'Move Men-at-arms to 7,5 (1 hex)'),
    ('keep', 'Move Men-at-arms to 8,5 (1 hex)'),
    ('keep', 'Move Men-at-arms to 8,6 (1 hex)'),
    ('keep', 'End the activation'),
    ('horde', 'Pass: set the chip aside'),
    ('horde', 'Shaman: drop out to 3,0'),
    ('horde', 'Shaman: cast hex bolt at Mage Elspeth at 6,4'),
    ('keep', 'Mage Elspeth: cast lightning at Orc warband at 3,1'),
    ('keep', 'End the activation'),
    ('keep', 'Move Crossbowmen to 7,5 (1 hex)'),
    ('keep', 'Move Crossbowmen to 6,5 (1 hex)'),
    ('keep', 'Move Crossbowmen to 7,5 (1 hex)'),
    ('keep', 'Crossbowmen: fire crossbow x1 at Goblin archers at 5,1'),
    ('keep', 'Pass: set the chip aside'),
    ('horde', 'Move Orc warband to 2,1 (3 hexes)'),
    ('horde', 'Move Orc warband to 0,1 (1 hex)'),
    ('horde', 'Move Orc warband to 1,0 (1 hex)'),
    ('keep', 'Move Men-at-arms to 7,5 (1 hex)'),
    ('keep', 'Move Men-at-arms to 7,4 (2 hexes)'),
    ('keep', 'End the activation'),
    ('keep', 'Pass: set the chip aside'),
    ('horde', 'Move Shaman to 3,2 (2 hexes)'),
    ('horde', 'End the activation'),
    ('keep', 'Move Crossbowmen to 7,4 (1 hex)'),
    ('keep', 'Crossbowmen: fire crossbow x1 at Goblin archers at 5,0'),
    ('horde', 'Move Orc warband (2) to 9,2 (1 hex)'),
    ('horde', 'Move Orc warband (2) to 9,3 (1 hex)'),
    ('horde', 'Move Orc warband (2) to 9,4 (1 hex)'),
    ('horde', 'Move Orc warband to 1,4 (3 hexes)'),
    ('horde', 'Move Cave troll to 2,2 (3 hexes)'),
    ('horde', 'Move Cave troll to 4,2 (1 hex)'),
    ('horde', 'Move Wolf riders to 8,0 (6 hexes)'),
    ('horde', 'Move Goblin archers to 7,0 (2 hexes)'),
    ('horde', 'Goblin archers: fire shortbow x2 (-1) at Mage Elspeth at 6,4'),
    ('keep', 'Mage Elspeth: cast lightning at Goblin archers at 7,0'),
    ('keep', 'Mage Elspeth: cast fireball at Orc warband (2) at 9,4'),
]
"""Tower, seed 3004, the computer (the Tower) against the random player, turns 1-2 as a first reading of the hedge's
cover played them; turn 3 begins with the Crossbowmen's chip, in the Tower (DV 4), Orc warband (2) three hexes off."""


def test_a_unit_with_a_shot_does_not_step_out_behind_the_tower_with_orcs_at_hand():
    """Every line of fire at 7,7, the open hex behind the Tower, passes through the house (saved at DV 4), but the
    orcs at 9,4 may charge there, and in melee only the defender's own hex saves: read by the lines alone, the
    Crossbowmen stepped out, and were cut down from 7 to 3. Their shot from the Tower stays."""
    seat = replay_scenario("tower", 3004, TOWER_3004)
    assert seat.side == "keep" and seat.view().eligible == ["k2"]
    legal = [seat.describe(a) for a in seat.legal_actions()]
    assert "Move Crossbowmen to 7,7 (2 hexes)" in legal
    kept = _kept(seat)
    assert "Move Crossbowmen to 7,7 (2 hexes)" not in kept
    assert "Move Crossbowmen to 7,4 (1 hex)" in kept
