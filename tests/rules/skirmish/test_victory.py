"""The scenario's victory conditions, checked when the text says: a hold 'at the end of a turn' only then."""

from __future__ import annotations

from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.actions import Activate, EndActivation, Move

from tests.rules.skirmish.helpers import act, acting, model, o, setup, start

HUT = o(2, 5)


def hut_game():
    """Red wins by holding the hut at the end of any turn; both sides two models, the hut empty."""
    return setup([model("r1", "red", o(2, 8)), model("r2", "red", o(6, 8)),
                  model("b1", "blue", o(10, 1)), model("b2", "blue", o(12, 1))],
                 victory=[{"kind": "hold", "side": "red", "hexes": [list(HUT)]}], max_turns=6)


def end_turn_one(state):
    """Every model but b1 has activated; b1 ends its activation: clean up, then turn 2's roll-off (red wins)."""
    for u in state.units.values():
        u.activated = True
    acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 8, 2)  # roll-off: red 5 + 8, blue 5 + 2
    assert state.turn == 2 and state.active_side == "red" and RULESET.victory(state) is None


def test_a_hold_at_the_end_of_a_turn_is_not_won_by_stepping_in_during_the_next_turn():
    state = start(hut_game(), active="blue")
    end_turn_one(state)
    act(state, Activate(side="red", unit="r1"), 9)  # 5 + 9: passed
    act(state, Move(side="red", unit="r1", path=[o(2, 7), o(2, 6), HUT]))
    assert state.units["r1"].at == HUT
    assert RULESET.victory(state) is None  # turn 2 is not over: blue may still take the hut back


def test_the_hold_is_won_when_the_turn_ends_with_the_hut_held():
    state = start(hut_game(), active="blue")
    end_turn_one(state)
    act(state, Activate(side="red", unit="r1"), 9)
    act(state, Move(side="red", unit="r1", path=[o(2, 7), o(2, 6), HUT]))
    act(state, EndActivation(side="red", unit="r1"))
    for uid in ("r2", "b1"):
        state.units[uid].activated = True
    acting(state, "b2")
    act(state, EndActivation(side="blue", unit="b2"))  # the clean up of turn 2
    result = RULESET.victory(state)
    assert result is not None and result.winner == "red" and result.turn == 2
