"""The sequence of play (text #3): activation rolls, the initiative, Sprint, the Horde rule, leaders, fleeing."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.actions import Activate, EndActivation, Move, Nominate, RollOff, Shoot

from tests.rules.skirmish.helpers import act, acting, board, model, o, setup, start


def four(**stats):
    return setup([model("r1", "red", o(2, 8), **stats), model("r2", "red", o(4, 8), **stats),
                   model("b1", "blue", o(2, 1), **stats), model("b2", "blue", o(4, 1), **stats)])


def test_the_first_turn_starts_with_the_leaders_roll_off():
    state = RULESET.setup(four(), 1, {})
    assert RULESET.decision(state).side == "red" and RULESET.legal_actions(state, "red") == [RollOff(side="red")]
    act(state, RollOff(side="red"), 4, 7)  # 9 fails, 12 passes
    assert state.active_side == "blue" and state.phase == "activation"


def test_a_passed_roll_keeps_the_initiative_a_failed_one_passes_it_after_the_action():
    state = start(four())
    act(state, Activate(side="red", unit="r1"), 5)  # 5 + 5 = 10: passed
    assert state.acting.grade == "passed"
    act(state, EndActivation(side="red", unit="r1"))
    assert state.active_side == "red"
    act(state, Activate(side="red", unit="r2"), 4)  # 9: failed
    assert state.acting.grade == "failed" and state.active_side == "red"
    act(state, EndActivation(side="red", unit="r2"))
    assert state.active_side == "blue"


def test_a_failed_model_may_move_or_shoot_not_both():
    state = start(four())
    act(state, Activate(side="red", unit="r1"), 2)
    act(state, Move(side="red", unit="r1", path=[o(2, 7)]))
    assert state.acting is None and state.active_side == "blue"  # the move was its one action


def test_a_passed_model_moves_and_shoots():
    state = start(four())
    act(state, Activate(side="red", unit="r1"), 8)
    act(state, Move(side="red", unit="r1", path=[o(2, 7)]))
    assert state.acting is not None
    act(state, Shoot(side="red", unit="r1", at=o(2, 1)), 3)  # 8 vs 10: a miss
    assert state.acting is None and state.active_side == "red"


def test_sprint_moves_a_second_time_instead_of_shooting():
    state = start(four())
    act(state, Activate(side="red", unit="r1"), 8)
    act(state, Move(side="red", unit="r1", path=[o(2, 7)]))
    act(state, Move(side="red", unit="r1", path=[o(2, 6)]))
    assert state.acting is None and state.units["r1"].at == o(2, 6)


def test_without_sprint_there_is_no_second_move():
    state = start(four(), sprint=False)
    act(state, Activate(side="red", unit="r1"), 8)
    act(state, Move(side="red", unit="r1", path=[o(2, 7)]))
    with pytest.raises(Refusal, match="may not move again"):
        act(state, Move(side="red", unit="r1", path=[o(2, 6)]))


def test_a_move_longer_than_move_is_refused():
    state = acting(start(four()), "r1")
    path = [o(2, 7), o(2, 6), o(2, 5), o(2, 4), o(2, 3), o(3, 3)]
    with pytest.raises(Refusal, match="costs 6"):
        act(state, Move(side="red", unit="r1", path=path))


def test_tough_going_costs_two_inches_per_inch():
    s = setup([model("r1", "red", o(2, 8)), model("b1", "blue", o(12, 1))],
              b=board(terrain={o(2, 7): "rough", o(2, 6): "rough", o(2, 5): "rough"}))
    state = acting(start(s), "r1")
    with pytest.raises(Refusal, match="costs 6"):
        act(state, Move(side="red", unit="r1", path=[o(2, 7), o(2, 6), o(2, 5)]))
    act(state, Move(side="red", unit="r1", path=[o(2, 7), o(2, 6)]))


def test_horde_rule_after_the_enemy_has_activated():
    state = start(four())
    for b in ("b1", "b2"):
        state.units[b].activated = True
    act(state, Activate(side="red", unit="r1"), 8)  # passed, but only 'a single move or shoot'
    assert state.acting.grade == "horde"
    act(state, Move(side="red", unit="r1", path=[o(2, 7)]))
    assert state.acting is None
    act(state, Activate(side="red", unit="r2"), 2)  # failed: the rest only adjust 2"
    assert state.acting.grade == "adjust" and state.horde_stop == ["red"]
    with pytest.raises(Refusal, match="has 2"):
        act(state, Move(side="red", unit="r2", path=[o(4, 7), o(4, 6), o(4, 5)]))


def test_without_the_horde_rule_a_pass_moves_and_shoots():
    state = start(four(), horde_rule=False)
    for b in ("b1", "b2"):
        state.units[b].activated = True
    act(state, Activate(side="red", unit="r1"), 8)
    assert state.acting.grade == "passed"


def test_a_leader_within_6_gives_minus_1_and_a_model_alone_plus_1():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)),
               model("b1", "blue", o(2, 1)), model("b2", "blue", o(4, 1))])
    state = start(s)
    act(state, Activate(side="red", unit="r2"), 4)  # 9 vs TN 9
    assert state.acting.grade == "passed"
    state = start(s, leader_bonus=False)
    act(state, Activate(side="red", unit="r2"), 4)
    assert state.acting.grade == "failed"
    walled = setup([model("r1", "red", o(2, 8)), model("r2", "red", o(6, 8)),
                    model("b1", "blue", o(2, 1)), model("b2", "blue", o(4, 1))],
                   b=board(terrain={o(4, 8): "building"}))
    state = start(walled)
    act(state, Activate(side="red", unit="r2"), 5)  # 10 vs TN 11: out of sight of all friends
    assert state.acting.grade == "failed"


def test_suppression_adds_2_to_the_activation_roll():
    state = start(four())
    state.units["r1"].suppressed = True
    act(state, Activate(side="red", unit="r1"), 6)  # 11 vs 12
    assert state.acting.grade == "failed"


def test_a_model_that_has_activated_may_not_again():
    state = start(four())
    state.units["r1"].activated = True
    with pytest.raises(Refusal, match="already activated"):
        act(state, Activate(side="red", unit="r1"))


def test_the_flow_of_battle_nominates_the_enemys_next_model():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)),
               model("b1", "blue", o(2, 1)), model("b2", "blue", o(4, 1))])
    state = start(s)
    with pytest.raises(Refusal, match="option is off"):
        act(state, Nominate(side="red", unit="r1", target="b2"))
    state = start(s, flow_of_battle=True)
    act(state, Nominate(side="red", unit="r1", target="b2"), 6)
    assert state.active_side == "blue" and state.nominated == {"blue": "b2"}
    assert state.units["r1"].activated
    with pytest.raises(Refusal, match="nominated"):
        act(state, Activate(side="blue", unit="b1"))
    act(state, Activate(side="blue", unit="b2"), 6)


def test_a_failed_nomination_swaps_the_initiative_like_usual():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)),
               model("b1", "blue", o(2, 1)), model("b2", "blue", o(4, 1))])
    state = start(s, flow_of_battle=True)
    act(state, Nominate(side="red", unit="r1", target="b2"), 2)
    assert state.active_side == "blue" and state.nominated == {}


def test_a_fleeing_model_runs_for_its_edge_and_leaves_the_table():
    state = start(four())
    state.units["r1"].fleeing = True
    assert state.home_edge["red"] == "S"
    act(state, Activate(side="red", unit="r1"))  # no roll: it runs
    r1 = state.units["r1"]
    assert r1.fled and r1.eliminated and state.acting is None


def test_a_downed_model_crawls_its_whole_two_inches():
    """'downed, may crawl 2”' (text #3): a crawl of two hexes ends two hexes on, not after the first. The move
    stopped at the first step for any model already down (a stop meant for one downed on the way): the hint
    offered 'Lt Marsh moves to 8,11' and said he would end at 9,12."""
    state = start(four())
    state.units["r1"].downed = True
    acting(state, "r1", grade="crawl")
    act(state, Move(side="red", unit="r1", path=[o(2, 7), o(2, 6)]))
    assert state.units["r1"].at == o(2, 6)
    assert state.acting is None  # the crawl was its one action
