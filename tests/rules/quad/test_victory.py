"""Victory from the scenario's conditions (eliminate, hold at the end of turn N, turn limit, casualties)."""

from __future__ import annotations

from rules.core import VictoryCondition
from rules.rulesets.quad import RULESET
from rules.rulesets.quad.actions import Release

from tests.rules.quad.helpers import Hex, activation, play, setup, start, unit

OBJ = Hex(4, 4)


def game(victory=(), max_turns=None, red_at=Hex(2, 2)):
    s = setup([unit("r1", "red", red_at), unit("r2", "red", Hex(1, 1)), unit("b1", "blue", Hex(8, 2))],
              victory=victory, max_turns=max_turns)
    return activation(start(s))


def end_turn(state):
    play(state, Release(side=state.active_side))
    play(state, Release(side=state.active_side))


def test_a_side_with_no_units_left_loses():
    state = game()
    assert RULESET.victory(state) is None
    state.units["b1"].eliminated = True
    result = RULESET.victory(state)
    assert result.winner == "red" and "eliminated" in result.reason


def test_holding_the_objective_at_the_end_of_the_given_turn_wins():
    cond = VictoryCondition(kind="hold", side="red", hexes=[OBJ], turn=2, text="Hold the ford at the end of turn 2")
    state = game([cond], red_at=OBJ)
    end_turn(state)
    assert state.turn_ended == 1 and RULESET.victory(state) is None  # turn 1 is not the one named
    from rules.rulesets.quad.actions import Decline
    play(state, Decline(side="red"))
    play(state, Decline(side="blue"))  # the roll-off was on turn 1 only
    assert RULESET.victory(state) is None  # mid-turn 2
    end_turn(state)
    result = RULESET.victory(state)
    assert result.winner == "red" and result.reason == "Hold the ford at the end of turn 2"


def test_not_holding_the_objective_at_that_turn_is_no_win_and_the_turn_limit_side_wins():
    conds = [VictoryCondition(kind="hold", side="red", hexes=[OBJ], turn=1),
             VictoryCondition(kind="turn_limit", side="blue", turn=1, text="Blue holds out")]
    state = game(conds)
    end_turn(state)
    result = RULESET.victory(state)
    assert result.winner == "blue" and result.reason == "Blue holds out"


def test_max_turns_ends_the_game_drawn():
    state = game(max_turns=1)
    play(state, Release(side="red"))
    assert RULESET.victory(state) is None
    play(state, Release(side="blue"))
    result = RULESET.victory(state)
    assert result.winner is None and result.turn == 1


def test_casualties_condition():
    state = game([VictoryCondition(kind="casualties", side="blue", fraction=0.5)])
    state.units["r1"].eliminated = True
    assert RULESET.victory(state).winner == "blue"


def test_standing_is_a_unit_on_the_map_and_casualties_count_the_eliminated_of_the_other_sides():
    """The check after every action counts in one pass (victory.check): a unit off the map does not keep its side
    standing, and only eliminated units of the other sides are casualties."""
    state = game([VictoryCondition(kind="casualties", side="blue", fraction=0.6)])
    state.units["r1"].at = None  # off the map: not lost, not standing
    assert RULESET.victory(state) is None  # red still has r2 on the map; 0 of 2 red units lost
    state.units["r2"].eliminated = True  # 1 of 2 lost (below 0.6); and red has nothing on the map
    result = RULESET.victory(state)
    assert result.winner == "blue" and "eliminated" in result.reason
