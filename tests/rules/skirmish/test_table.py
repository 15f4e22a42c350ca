"""Rules played on the table with forced dice: CQC, coup de grâce, clean-up, morale, falls, fire restrictions."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import Charge, EndActivation, Lock, Move, PushBack, Shoot, Spray

from tests.rules.skirmish.helpers import act, acting, board, model, o, setup, start, texts


def duel(**blue):
    s = setup([model("r1", "red", o(4, 6), melee="knife"), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(4, 3), **blue), model("b2", "blue", o(14, 1))])
    return acting(start(s), "r1")


def test_a_charge_fights_and_the_loser_forfeits_its_activation():
    state = duel()
    # attacker knife (TN 10) rolls 8: 13, margin 3; defender carbine (+2: TN 12) rolls 9: 14, margin 2
    # wound: Physique 4 + knife 1 + 2 = 7 vs 10: unhurt; Will 5 + 6 = 11 holds
    act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 8, 9, 2, 6)
    assert state.units["b1"].activated and state.melee.winner == "r1"
    assert RULESET.decision(state).side == "red"
    assert set(RULESET.legal_actions(state, "red")) >= {PushBack(side="red"), Lock(side="red")}


def test_push_back_moves_the_loser_1_and_frees_both():
    state = duel()
    act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 8, 9, 2, 6)
    act(state, PushBack(side="red"))
    assert state.units["b1"].at.distance(state.units["r1"].at) == 2 and state.acting is None


def test_locked_models_may_only_fight():
    state = duel()
    act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 8, 9, 2, 6)
    act(state, Lock(side="red"))
    state.units["b1"].activated = False
    state = acting(state, "b1")
    with pytest.raises(Refusal, match="locked in combat"):
        act(state, Move(side="blue", unit="b1", path=[o(3, 2)]))
    with pytest.raises(Refusal, match="locked in combat"):
        act(state, Shoot(side="blue", unit="b1", at=o(4, 4)))
    act(state, Charge(side="blue", unit="b1", at=o(4, 4)), 1, 1)  # both fail: no winner (SKIRM-A06)


def test_a_wounded_loser_in_contact_is_killed_by_coup_de_grace():
    state = duel()
    # attacker 13 (margin 3) beats 11 (TN 12: fails); wound 5 + 5 = 10: downed, and in contact: killed
    events = act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 8, 7, 5)
    assert state.units["b1"].eliminated and any("coup de grâce" in t for t in texts(events))


def test_a_critical_with_a_melee_weapon_kills():
    state = duel()
    events = act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 10, 2)
    assert state.units["b1"].eliminated and any("critical" in t for t in texts(events))


def test_moving_into_contact_with_a_downed_enemy_kills_it():
    s = setup([model("r1", "red", o(4, 6)), model("b1", "blue", o(4, 3)), model("b2", "blue", o(14, 1))])
    state = acting(start(s), "r1")
    state.units["b1"].downed = True
    act(state, Move(side="red", unit="r1", path=[o(4, 5), o(4, 4)]))
    assert state.units["b1"].eliminated


def test_a_plain_move_may_not_come_into_contact():
    state = duel()
    with pytest.raises(Refusal, match="blocked"):
        act(state, Move(side="red", unit="r1", path=[o(4, 5), o(4, 4)]))


def test_fighting_from_the_rear_and_with_allies():
    state = duel()
    state.units["b1"].facing = "NW"  # r1 comes from its rear: -2 TN
    state.units["r2"].at = o(3, 3)  # an ally in contact with b1: an extra die
    from rules.rulesets.skirmish import table as rs

    f = rs.fighter(state, state.units["r1"], state.units["b1"], active=True)
    state.units["r1"].at = o(4, 4)
    f = rs.fighter(state, state.units["r1"], state.units["b1"], active=True)
    assert f.tn == 8 and f.dice == 2


def test_clean_up_rolls_downed_suppression_and_overwatch():
    s = setup([model("r1", "red", o(2, 8)), model("r2", "red", o(4, 8)), model("r3", "red", o(6, 8)),
               model("r4", "red", o(8, 8)), model("b1", "blue", o(2, 1))], max_turns=5)
    state = start(s)
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state.units["r1"].downed = True
    state.units["r2"].suppressed = True
    state.units["r3"].overwatch = True
    state = acting(state, "b1")
    # clean-up: r1's downed roll 2 (carry on); morale: 1 of 4 points, none; r2 Will 4 + ... 5 + 4 = 9 stays;
    # r3 Skill 5 + 5 = 10 keeps overwatch; then the next turn's roll-off: red 7, blue 2
    events = act(state, EndActivation(side="blue", unit="b1"), 2, 4, 5, 7, 2)
    assert not state.units["r1"].downed and state.units["r2"].suppressed and state.units["r3"].overwatch
    assert state.turn == 2 and state.active_side == "red" and not any(u.activated for u in state.units.values())
    assert any("clean up" in t for t in texts(events))


def test_the_downed_roll_can_kill_and_a_lost_overwatch_test_removes_the_token():
    s = setup([model("r1", "red", o(2, 8)), model("r2", "red", o(4, 8)), model("r3", "red", o(6, 8)),
               model("b1", "blue", o(2, 1))])
    state = start(s)
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state.units["r1"].downed = True
    state.units["r3"].overwatch = True
    state = acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 10, 4, 7, 2)  # 0: dead; r3 loses overwatch; roll-off
    assert state.units["r1"].eliminated and not state.units["r3"].overwatch


def test_morale_at_half_the_points_makes_failures_flee():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)), model("r3", "red", o(6, 8)),
               model("b1", "blue", o(2, 1))])
    state = start(s)
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state.units["r1"].eliminated = True  # the leader: 2 of 4 points
    state = acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 3, 6, 7, 2)  # r2 fails (8), r3 passes; roll-off
    assert state.units["r2"].fleeing and not state.units["r3"].fleeing and state.morale_broken == ["red"]


def test_morale_off_makes_no_test():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)), model("b1", "blue", o(2, 1))])
    state = start(s, morale=False)
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state.units["r1"].eliminated = True
    state = acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 7, 2)


def test_jumping_down_three_heights_needs_two_saves():
    b = board(heights={o(4, 6): 3, o(4, 5): 0})
    s = setup([model("r1", "red", o(4, 6)), model("b1", "blue", o(14, 1))], b=b)
    state = acting(start(s), "r1")
    act(state, Move(side="red", unit="r1", path=[o(4, 5)]), 6, 4)  # 11 passes, 9 fails: downed
    assert state.units["r1"].downed and state.acting is None


def test_climbing_two_heights_needs_a_ladder():
    b = board(heights={o(4, 5): 2})
    s = setup([model("r1", "red", o(4, 6)), model("b1", "blue", o(14, 1))], b=b)
    state = acting(start(s), "r1")
    with pytest.raises(Refusal, match="blocked"):
        act(state, Move(side="red", unit="r1", path=[o(4, 5)]))
    b = board(heights={o(4, 5): 2}, features=[(o(4, 5), "ladder")])
    state = acting(start(setup([model("r1", "red", o(4, 6)), model("b1", "blue", o(14, 1))], b=b)), "r1")
    act(state, Move(side="red", unit="r1", path=[o(4, 5)]))


def test_suppressed_models_may_not_leave_cover_or_advance_in_the_open():
    b = board(terrain={o(4, 6): "rubble", o(4, 5): "open", o(5, 6): "rubble"})
    s = setup([model("r1", "red", o(4, 6)), model("b1", "blue", o(4, 1))], b=b)
    state = acting(start(s), "r1")
    state.units["r1"].suppressed = True
    with pytest.raises(Refusal, match="suppressed"):
        act(state, Move(side="red", unit="r1", path=[o(4, 5)]))
    act(state, Move(side="red", unit="r1", path=[o(5, 6)]))  # cover to cover


def test_heavy_weapons_may_not_move_and_fire():
    s = setup([model("r1", "red", o(4, 8), weapon="lmg"), model("b1", "blue", o(4, 1))])
    state = acting(start(s), "r1")
    act(state, Move(side="red", unit="r1", path=[o(4, 7)]))
    with pytest.raises(Refusal, match="Heavy"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1)))


def test_suppressive_fire_at_long_range_must_be_stationary_and_suppresses_the_area():
    s = setup([model("r1", "red", o(1, 9), weapon="smg"), model("b1", "blue", o(14, 0)),
               model("b2", "blue", o(13, 1))], b=board(width=20, height=12))
    state = acting(start(s), "r1")
    state.units["r1"].facing = "NE"
    act(state, Move(side="red", unit="r1", path=[o(2, 9)]))
    with pytest.raises(Refusal, match="stationary"):
        act(state, Spray(side="red", unit="r1", at=o(14, 0), hits=[o(14, 0)] * 3))
    state = acting(start(s), "r1")
    state.units["r1"].facing = "NE"
    # three hit rolls at TN 14 (+2 long, +2 suppressive): 8, 2, 5 miss; Will: b1 4 (9, suppressed), b2 6 holds
    act(state, Spray(side="red", unit="r1", at=o(14, 0), hits=[o(14, 0)] * 3), 8, 2, 5, 4, 6)
    assert state.units["b1"].suppressed and not state.units["b2"].suppressed


def test_aimed_fire_needs_a_single_shot_after_two_inches_or_less():
    s = setup([model("r1", "red", o(4, 8)), model("b1", "blue", o(4, 1))])
    state = acting(start(s), "r1")
    act(state, Move(side="red", unit="r1", path=[o(4, 7), o(4, 6), o(4, 5)]))
    with pytest.raises(Refusal, match="2\" or less"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1), aim="hit"))
    state = acting(start(s, aimed_fire=False), "r1")
    with pytest.raises(Refusal, match="only gives -1"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1), aim="reroll"))
    act(state, Move(side="red", unit="r1", path=[o(4, 7)]))
    with pytest.raises(Refusal, match="did not move"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1), aim="hit"))
    state = acting(start(s, aimed_fire=False), "r1")
    # 'Aiming' -1 without moving: 5 + 4 = 9 hits TN 9; wound 5 + 2 = 7 vs 10; Will 5 + 6 holds
    events = act(state, Shoot(side="red", unit="r1", at=o(4, 1), aim="hit"), 4, 2, 6)
    assert any("9 vs TN 9: passed" in t for t in texts(events))


def test_semiauto_second_target_within_6_and_effective_range_only():
    s = setup([model("r1", "red", o(4, 8)), model("b1", "blue", o(4, 1)), model("b2", "blue", o(12, 1))])
    state = acting(start(s), "r1")
    with pytest.raises(Refusal, match="within 6"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1), shots=2, second=o(12, 1)))


def test_a_model_cannot_shoot_out_of_its_front_arc_or_sight():
    s = setup([model("r1", "red", o(4, 8)), model("b1", "blue", o(4, 1))], b=board(terrain={o(4, 5): "building",
                                                                                          o(5, 5): "building"}))
    state = acting(start(s), "r1")
    assert not ter.sight(state.board, o(4, 8), o(4, 1))
    with pytest.raises(Refusal, match="sees"):
        act(state, Shoot(side="red", unit="r1", at=o(4, 1)))


def test_hard_cover_from_a_building_or_a_wall():
    b = board(terrain={o(4, 3): "building"}, edges=[(o(8, 3), "SW", "wall")])
    assert ter.hard_cover(b, o(4, 8), o(4, 3))
    assert ter.hard_cover(b, o(7, 6), o(8, 3)) or ter.hard_cover(b, o(8, 6), o(8, 3))
    assert not ter.hard_cover(b, o(8, 0), o(8, 3))


def test_morale_is_tested_again_only_after_further_losses():
    s = setup([model("r1", "red", o(2, 8), leader=True), model("r2", "red", o(4, 8)), model("r3", "red", o(6, 8)),
               model("b1", "blue", o(2, 1))])
    state = start(s)
    state.morale_broken = ["red"]
    state.units["r1"].eliminated = True
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state = acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 7, 2)  # no new loss: no morale test, only the roll-off
    state.units["r2"].hurt_this_turn = True
    state.units["r2"].downed = True
    for u in state.units.values():
        u.activated = True
    state.units["b1"].activated = False
    state = acting(state, "b1")
    act(state, EndActivation(side="blue", unit="b1"), 5, 2, 7, 2)  # r2 stays downed; r3's Will 7 fails; roll-off
    assert state.units["r3"].fleeing


def test_a_model_downed_by_fire_next_to_an_enemy_is_killed_at_once():
    s = setup([model("r1", "red", o(4, 8)), model("r2", "red", o(4, 2)), model("b1", "blue", o(4, 1))])
    state = acting(start(s), "r1")
    state.units["r1"].facing = "NE"
    # hit 5 + 6 = 11, wound 5 + 5 = 10: downed, and r2 stands in contact with it: coup de grâce
    events = act(state, Shoot(side="red", unit="r1", at=o(4, 1)), 6, 5)
    assert state.units["b1"].eliminated and any("coup de grâce" in t for t in texts(events))


def test_push_back_and_fire_at_full_rof():
    state = duel()
    act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 8, 9, 2, 6)
    # two shots at the pushed model, 2" away: misses 2 and 3
    events = act(state, PushBack(side="red", fire=True), 2, 3)
    assert sum("to hit" in t for t in texts(events)) == 2


def test_a_line_of_sight_along_the_map_edge_is_decided_by_the_hex_on_the_map():
    b = board(width=6, height=6)
    # a line from 0,0 to 0,2 runs along the spine between 0,1 and the hex off the map west of it
    assert ter.sight(b, o(0, 0), o(0, 2))
    blocked = board(width=6, height=6, terrain={o(0, 1): "building"})
    assert not ter.sight(blocked, o(0, 0), o(0, 2))


def gap_game(move=5):
    b = board(terrain={o(5, 5): "gap", o(6, 5): "gap", o(7, 5): "gap"},
              heights={o(4, 5): 2, o(8, 5): 2, o(9, 5): 2})
    s = setup([model("r1", "red", o(4, 5), move=move), model("b1", "blue", o(14, 0))], b=b)
    return acting(start(s), "r1")


def test_jumping_a_gap_tests_agility_for_each_inch_beyond_the_first():
    state = gap_game(move=6)
    path = [o(5, 5), o(6, 5), o(7, 5), o(8, 5), o(9, 5)]
    assert any(isinstance(a, Move) and a.path == path[:4] for a in RULESET.legal_actions(state, "red"))
    act(state, Move(side="red", unit="r1", path=path), 5, 6)  # 3" of gap: two tests, 10 and 11 pass
    assert state.units["r1"].at == o(9, 5)


def test_a_failed_jump_test_ends_the_move_on_landing():
    state = gap_game(move=6)
    act(state, Move(side="red", unit="r1", path=[o(5, 5), o(6, 5), o(7, 5), o(8, 5), o(9, 5)]), 5, 2)
    assert state.units["r1"].at == o(8, 5) and state.acting.moves == 1


def test_a_gap_wider_than_half_move_cannot_be_jumped_and_no_one_stands_in_a_gap():
    state = gap_game(move=5)  # half of 5" is 2": three hexes of gap are too wide
    with pytest.raises(Refusal, match="blocked"):
        act(state, Move(side="red", unit="r1", path=[o(5, 5), o(6, 5), o(7, 5), o(8, 5)]))
    with pytest.raises(Refusal, match="blocked"):
        act(state, Move(side="red", unit="r1", path=[o(5, 5)]))


def _in_contact(facing_b1: bool):
    from rules.hexgrid import DIRECTIONS

    s = setup([model("r1", "red", o(4, 4), melee="knife"), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(4, 3)), model("b2", "blue", o(14, 1))])
    state = acting(start(s), "r1")
    r1, b1 = state.units["r1"], state.units["b1"]
    r1.facing = next(d for d in DIRECTIONS if ter.in_front(r1.at, d, b1.at) == facing_b1)
    return state


def test_no_fight_with_an_enemy_outside_the_front_arc_until_the_model_pivots():
    """Text #4: "They cannot attack enemies outside this arc" -- a fight from contact too (issue 27)."""
    from rules.rulesets.skirmish.actions import Pivot

    state = _in_contact(facing_b1=False)
    fight = Charge(side="red", unit="r1", at=o(4, 3))
    assert fight not in RULESET.legal_actions(state, "red")
    with pytest.raises(Refusal, match="front arc"):
        act(state, fight, 1, 1)
    act(state, Pivot(side="red", unit="r1", face=ter.facing_towards(state.units["r1"].at, state.units["b1"].at)))
    assert fight in RULESET.legal_actions(state, "red")
    act(state, fight, 1, 1)  # both fail: no winner


def test_a_charger_faces_the_enemy_it_charges():
    state = duel()
    state.units["r1"].facing = "SW"
    act(state, Charge(side="red", unit="r1", path=[o(4, 5), o(4, 4)], at=o(4, 3)), 1, 1)
    r1 = state.units["r1"]
    assert ter.in_front(r1.at, r1.facing, state.units["b1"].at)


def test_a_fight_from_contact_ends_the_activation_as_a_charge_does():
    """Text #5B: after a melee both models are left "awaiting the next activation of either": the fight is the
    model's move and action, from contact as after a charge's move (docs/rules/skirmish.md)."""
    state = _in_contact(facing_b1=True)
    act(state, Charge(side="red", unit="r1", at=o(4, 3)), 1, 1)  # both fail: no winner, no pushback
    assert state.acting is None or state.acting.unit != "r1"
    assert not any(getattr(a, "unit", None) == "r1" for a in RULESET.legal_actions(state, "red"))
