"""The turn with forced dice: pips, blinds, Move counters, movement with terrain, fire, damage, close combat."""

from __future__ import annotations

import pytest

from rules.actions import parse_action
from rules.core import Context, Refusal
from rules.dice import ScriptedDice
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import RULESET, engage, field, firing, turn, victory
from rules.rulesets.hundred_wars.state import PendingDamage
from tests.rules.hundred_wars.helpers import HQ, INF, act, at, board, game, unit
from tests.said import chances as said_chances


def test_orders_roll_gives_pips_and_passes_to_the_next_side():
    s = game([unit("h", "red", at(1, 1), **HQ), unit("e", "blue", at(1, 6))], phase="orders")
    act(s, "orders red", 3)
    assert s.pips == {"h": 3}
    assert s.acting() == "blue" and s.phase == "orders"
    act(s, "orders blue")  # blue has no commander: no roll
    assert s.phase == "blinds" and s.acting() == "red"


def test_placing_a_blind_costs_a_pip_and_must_be_in_the_home_quarter():
    s = game([unit("h", "red", None, **HQ), unit("e", "blue", at(1, 6))], phase="blinds", pips={"h": 1}, dummies=1)
    blind = s.blind_of("h")
    dummy = next(u for u in s.units.values() if u.blind and u.side == "red" and u.dummy)
    with pytest.raises(Refusal, match="home quarter"):
        act(s, f"blind red unit={blind.id} at=5,5")
    act(s, f"blind red unit={blind.id} at=5,1")
    assert blind.at == at(5, 1) and s.pips["h"] == 0
    with pytest.raises(Refusal, match="no commander has 1 pip"):
        act(s, f"blind red unit={dummy.id} at=6,1")


def test_move_counters_need_a_commander_within_orders_range_across_terrain():
    units = [unit("h", "red", at(0, 0), **HQ), unit("i", "red", at(6, 0)), unit("e", "blue", at(1, 7))]
    s = game(units, phase="counters", pips={"h": 2})
    act(s, "counter red unit=i to=6,3")  # 30 cm away: within Orders Range 30
    assert s.units["i"].counter == at(6, 3) and s.pips["h"] == 1
    wood = board(terrain={at(3, 0): "wood"})
    s = game(units, b=wood, phase="counters", pips={"h": 2}, rolled={f"wood@{at(3, 0)}": "hard"})
    with pytest.raises(Refusal, match="within Orders range"):
        act(s, "counter red unit=i to=6,3")  # Hard terrain between halves the range to 15 cm


def test_movement_rolls_and_moves_min_of_roll_and_move():
    s = game([unit("i", "red", at(0, 0)), unit("e", "blue", at(11, 7))], phase="move")
    s.units["i"].counter = at(8, 0)
    act(s, "move red unit=i", 7)  # 7 cm: one 5 cm hex
    assert s.units["i"].at == at(1, 0)
    s.units["i"].moved = False
    act(s, "move red unit=i", 80)  # capped at Move 10: two hexes
    assert s.units["i"].at == at(3, 0)


def test_entering_a_piece_rolls_it_once_and_hard_halves_the_move():
    b = board(terrain={at(2, 0): "wood", at(3, 0): "wood"})
    s = game([unit("i", "red", at(0, 0), **{**INF, "move": [{"mode": "ground", "factor": 20}]}),
              unit("e", "blue", at(11, 7))], b=b, phase="move")
    s.units["i"].counter = at(6, 0)
    act(s, "move red unit=i", 100, 4)  # movement 100, then the wood rolls 4: Hard -> Move 10 = 2 hexes
    assert s.units["i"].at == at(2, 0)
    assert s.terrain_rolls == {f"wood@{at(2, 0)}": "hard"}


def test_a_unit_with_a_counter_must_move_before_the_phase_ends():
    s = game([unit("i", "red", at(0, 0)), unit("e", "blue", at(11, 7))], phase="move")
    s.units["i"].counter = at(4, 0)
    with pytest.raises(Refusal, match="must roll and move"):
        act(s, "done red")
    act(s, "move red unit=i", 10)
    act(s, "done red")
    assert s.acting() == "blue"


def test_fire_reveals_a_real_blind_and_hits_the_unit_under_it():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", None, name="Blue Rifles")], dummies=0)
    blind = s.blind_of("b")
    blind.at = at(3, 4)  # 15 cm away
    act(s, "fire red unit=r at=3,4", 9, 12, 3)  # range 18 in 15..19: a good hit; Fire 12 v Armour 3: destroyed
    assert blind.eliminated and s.units["b"].at == at(3, 4) and s.units["b"].eliminated


def test_range_good_hit_doubles_the_fire_factor_on_a_revealed_unit():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))])
    ev = act(s, "fire red unit=r at=3,4", 8, 30, 70)  # range 16 in 15..19: good hit, Fire cap 32: 30 vs 8 -> destroyed
    assert s.units["b"].eliminated
    assert any("good hit" in e.text() for e in ev)


def test_fire_at_a_dummy_blind_removes_it_without_a_fire_roll():
    s = game([unit("r", "red", at(3, 1)), unit("x", "blue", at(11, 7))], dummies=1)
    dummy = next(u for u in s.units.values() if u.blind and u.side == "blue")
    dummy.at = at(3, 3)
    act(s, "fire red unit=r at=3,3", 50)
    assert dummy.eliminated and dummy.dummy


def test_a_missed_range_roll_reveals_nothing():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", None)])
    blind = s.blind_of("b")
    blind.at = at(3, 4)
    act(s, "fire red unit=r at=3,4", 7)  # 14 < 15 cm: not sighted
    assert not blind.eliminated and s.units["b"].at is None


def test_odd_damage_is_allocated_by_the_firer_even_by_the_target():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})])
    act(s, "fire red unit=r at=3,4", 50, 13, 10)  # Fire 13 v Armour 10: 3 damage, odd
    assert s.pending[0].allocator == "red" and s.pending[0].damage == 3
    assert RULESET.decision(s).side == "red"
    with pytest.raises(Refusal):
        act(s, "fire red unit=r at=3,4")
    act(s, "allocate red unit=b first=fire:0")
    assert s.units["b"].stats.weapons[0].fire == 13 and not s.pending
    s.units["r"].fired = []
    act(s, "fire red unit=r at=3,4", 50, 14, 10)  # 4 damage: even
    assert s.pending[0].allocator == "blue"
    act(s, "allocate blue unit=b first=spread")
    assert s.units["b"].stats.armour == 28


def test_damage_with_no_armour_left_destroys():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "armour": 0})])
    s.units["b"].stats.armour = 0
    act(s, "fire red unit=r at=3,4", 50, 3, 1)
    assert s.units["b"].eliminated


def test_target_priority_enemy_in_contact_first():
    s = game([unit("r", "red", at(3, 3)), unit("b1", "blue", at(3, 4)), unit("b2", "blue", at(6, 3))])
    with pytest.raises(Refusal, match="priorities"):
        act(s, "fire red unit=r at=6,3")
    s.options["target_priority"] = False
    act(s, "fire red unit=r at=6,3", 1)


def test_contact_reveals_blinds_and_starts_close_combat():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", None, **{**INF, "cqb": 30})], phase="move")
    blind = s.blind_of("b")
    blind.at = at(3, 4)
    s.units["r"].counter = at(3, 5)
    # move 10 cm -> 3,3 (adjacent to the blind): revealed; CQB: red rolls 12, blue 25 -> red takes 13 (odd: blue allocates)
    act(s, "move red unit=r", 10, 12, 25)
    assert blind.eliminated and s.units["b"].at == at(3, 4)
    assert s.pending[0].damage == 13 and s.pending[0].allocator == "blue" and s.pending[0].units == ["r"]


def test_ram_uses_both_armour_factors_as_damage():
    s = game([unit("r", "red", at(3, 1), **{**INF, "armour": 40}), unit("b", "blue", at(3, 4))], phase="move")
    s.units["r"].counter, s.units["r"].counter_attack = at(3, 4), "ram"
    act(s, "move red unit=r", 10)
    damages = sorted((p.damage, p.units[0]) for p in s.pending)
    assert damages == [(8, "r"), (40, "b")]


def test_suicide_attack_destroys_the_attacker():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))], phase="move")
    s.units["r"].counter, s.units["r"].counter_attack = at(3, 4), "suicide"
    act(s, "move red unit=r", 10, 10, 3, 1, 5)  # closing 10 cm: Fire 10 v Armour 3 -> destroyed
    assert s.units["r"].eliminated and s.units["b"].eliminated


def test_space_units_change_speed_by_the_roll():
    ship = {"move": [{"mode": "space", "factor": 80}], "cqb": 1, "armour": 70}
    b = board(terrain={at(c, r): "space" for c in range(12) for r in range(8)})
    s = game([unit("s", "red", at(0, 0), **ship), unit("e", "blue", at(11, 7), **ship)], b=b, phase="move")
    s.units["s"].counter, s.units["s"].speed = at(11, 0), 0
    act(s, "move red unit=s accelerate=true", 12)  # speed 0 + 12 = 12 cm: two hexes
    assert s.units["s"].speed == 12 and s.units["s"].at == at(2, 0)


def test_field_repairs_restore_a_point_and_a_ten_ends_repairs_on_that_factor():
    fixer = {**INF, "field_repairs": 5}
    s = game([unit("f", "red", at(3, 1), **fixer), unit("i", "red", at(4, 1)), unit("e", "blue", at(11, 7))])
    s.units["i"].stats.armour = 5
    act(s, "repair red unit=f at=4,1", 2)
    assert s.units["i"].stats.armour == 6
    s.units["f"].repaired = False
    act(s, "repair red unit=f at=4,1", 10)
    assert s.units["i"].locked == ["armour"]


def test_psionic_pip_reveals_a_blind_in_range():
    psi = {**HQ, "psionic": 1, "psionic_range": 30}
    s = game([unit("p", "red", at(3, 1), **psi), unit("b", "blue", None)])
    s.blind_of("b").at = at(3, 5)
    act(s, "psi red unit=p at=3,5")
    assert s.units["b"].at == at(3, 5)
    with pytest.raises(Refusal):
        act(s, "psi red unit=p at=3,5")


def test_ecm_jam_removes_pips_but_not_below_two():
    ecm = {**INF, "ecm": 6, "ecm_range": 40}
    s = game([unit("j", "red", at(3, 1), **ecm), unit("h", "blue", at(3, 5), **HQ)], phase="counters", pips={"h": 5})
    act(s, "jam red unit=j at=3,5", 2, 9)  # ECM 2 <= 6 succeeds; 9 pips off, not below 2
    assert s.pips["h"] == 2


def test_player_order_ties_are_rolled_again():
    s = game([unit("i", "red", at(0, 0)), unit("e", "blue", at(11, 7))], phase="move")
    act(s, "done red")
    act(s, "done blue", 4, 4, 2, 9)
    assert s.order == ["blue", "red"] and s.turn == 2 and s.phase == "orders"


def test_most_damage_received_loses():
    s = game([unit("i", "red", at(0, 0)), unit("e", "blue", at(11, 7)), unit("f", "blue", at(10, 7))])
    s.units["e"].eliminated = True
    r = victory.result(s, "test")
    assert r.winner == "red" and "Blue 64" in r.reason
    s.units["f"].eliminated = True
    assert victory.check(s).winner == "red"


def test_legal_actions_are_accepted():
    s = game([unit("r", "red", at(3, 3)), unit("b1", "blue", at(3, 6))], phase="counters", pips={})
    assert [a.text() for a in turn.legal_actions(s, "red")] == ["done red", "agree_end red"]


def test_three_sides_choose_edges_in_roll_order_and_take_every_phase_in_player_order():
    from rules.core import Setup, SideSetup
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import board

    setup = Setup(ruleset="hundred_wars", name="three", board=board(),
                  sides=[SideSetup(id=s, name=s) for s in ("red", "blue", "green")],
                  units=[unit("r", "red", None, **HQ), unit("b", "blue", None, **HQ), unit("g", "green", None, **HQ)])
    s = RULESET.setup(setup, 1, {"dummy_blinds": 0})
    act(s, "roll_off red", 3, 9, 5)
    assert s.order == ["blue", "green", "red"] and RULESET.decision(s).side == "blue"
    act(s, "edge blue edge=west")
    with pytest.raises(Refusal, match="not free"):
        act(s, "edge green edge=west")
    act(s, "edge green edge=north")
    # No pieces to roll; player order: red 2, blue 7, green 7 - the tie re-rolls: blue 1, green 4.
    act(s, "edge red edge=south", 2, 7, 7, 1, 4)
    assert s.edges == {"blue": "west", "green": "north", "red": "south"}
    assert s.order == ["green", "blue", "red"] and s.phase == "orders"
    for side, face in (("green", 2), ("blue", 3), ("red", 4)):
        assert RULESET.decision(s).side == side
        act(s, f"orders {side}", face)
    assert s.phase == "blinds" and s.acting() == "green"


def test_fortifications_are_good_going_inside_and_at_gates_and_harder_under_resistance():
    from rules.rulesets.hundred_wars import field

    fort = {at(5, 3): "fort", at(6, 3): "fort", at(5, 4): "fort"}
    b = board(terrain=fort, gates=(at(5, 4),))
    s = game([unit("r", "red", at(3, 3)), unit("e", "blue", at(11, 7))], b=b, rolled={f"fort@{at(5, 3)}": "very_hard"})
    assert field.entry_level(s, at(4, 3), at(5, 3), "ground", "red", None) == "very_hard"  # over the wall
    assert field.entry_level(s, at(4, 4), at(5, 4), "ground", "red", None) == "easy"  # at the gate
    assert field.entry_level(s, at(5, 3), at(6, 3), "ground", "red", None) == "easy"  # inside
    s.units["e"].at = at(6, 3)  # now contested
    assert field.entry_level(s, at(4, 4), at(5, 4), "ground", "red", None) == "impassable"


def test_fire_across_a_piece_known_to_be_impassable_is_refused():
    b = board(terrain={at(3, 2): "rough"})
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 3))], b=b, rolled={f"rough@{at(3, 2)}": "impassable"})
    with pytest.raises(Refusal, match="impassable"):
        act(s, "fire red unit=r at=3,3")


def test_an_unrolled_piece_is_rolled_when_fired_into_and_cuts_the_range():
    b = board(terrain={at(3, 3): "wood"})
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 3))], b=b)
    act(s, "fire red unit=r at=3,3", 5, 9)  # the wood rolls 5 (Hard): range 2 x 9 / 2 = 9 < 10 cm: not sighted
    assert s.terrain_rolls == {f"wood@{at(3, 3)}": "hard"} and s.units["r"].fired == [0]


def test_a_group_takes_one_counter_moves_on_one_roll_at_its_lowest_move_and_fires_at_the_same_target():
    slow = {**INF, "move": [{"mode": "ground", "factor": 5}]}
    fast = {**INF, "move": [{"mode": "ground", "factor": 20}]}
    units = [unit("h", "red", at(0, 0), **HQ), unit("t", "red", at(2, 1), **fast), unit("i", "red", at(2, 2), **slow),
             unit("e", "blue", at(11, 7)), unit("f", "blue", at(10, 7))]
    s = game(units, phase="counters", pips={"h": 1})
    act(s, "counter red unit=t to=8,1")
    assert s.units["t"].counter == s.units["i"].counter == at(8, 1) and s.pips["h"] == 0
    s.phase = "move"
    act(s, "move red unit=t", 60)  # one roll for both; the group's lowest Move is 5 cm: one hex each
    assert s.units["t"].at == at(3, 1) and s.units["i"].at == at(3, 2)
    assert s.units["t"].moved and s.units["i"].moved
    s.phase = "fire"
    s.options["target_priority"] = False
    s.units["e"].at, s.units["f"].at = at(5, 3), at(5, 4)
    act(s, "fire red unit=i at=5,3", 1)  # i fires at e (not sighted)
    with pytest.raises(Refusal, match="group"):
        act(s, "fire red unit=t at=5,4")
    act(s, "fire red unit=t at=5,3", 1)


def test_a_group_with_differing_move_may_take_a_separate_roll_for_the_faster_unit():
    """'When factors differ either use a separate roll for the differing units or use the lowest unit factor'."""
    slow = {**INF, "move": [{"mode": "ground", "factor": 5}]}
    fast = {**INF, "move": [{"mode": "ground", "factor": 20}]}
    units = [unit("t", "red", at(2, 1), **fast), unit("i", "red", at(2, 2), **slow), unit("e", "blue", at(11, 7))]
    s = game(units, phase="move")
    s.units["t"].counter = s.units["i"].counter = at(8, 1)
    offered = [a for a in RULESET.legal_actions(s, "red") if a.kind == "move"]
    assert {(a.unit, a.alone) for a in offered} == {("t", False), ("i", False), ("t", True), ("i", True)}
    act(s, "move red unit=t alone=true", 60)  # its own roll and Move 20: four hexes; the slow one stays
    assert s.units["t"].at == at(6, 1) and s.units["t"].moved
    assert s.units["i"].at == at(2, 2) and not s.units["i"].moved
    act(s, "move red unit=i", 60)  # now alone in its moving group: Move 5, one hex
    assert s.units["i"].at == at(3, 2)
    s2 = game([unit("a", "red", at(2, 1), **fast), unit("b", "red", at(2, 2), **fast), unit("e", "blue", at(11, 7))],
              phase="move")
    s2.units["a"].counter = s2.units["b"].counter = at(8, 1)
    assert not any(a.kind == "move" and a.alone for a in RULESET.legal_actions(s2, "red"))
    with pytest.raises(Refusal, match="same Move"):
        act(s2, "move red unit=a alone=true")


ADS_UNIT = {**INF, "weapons": [], "armour": 30, "ads": 5, "ads_range": 20}


def test_an_ads_fires_at_enemy_units_as_usual_with_its_fire_and_range():
    """ADS: 'Against enemy units, use Fire attacks as usual' -- the ADS Fire factor and range, one more weapon."""
    gun = {**ADS_UNIT, "ads_fire": 40, "ads_range": 30}
    s = game([unit("a", "red", at(3, 1), **gun), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})])
    assert [(x.unit, x.weapon) for x in RULESET.legal_actions(s, "red") if x.kind == "fire"] == [("a", 0)]
    assert "its ADS (Fire 40, Range 30 cm)" in RULESET.describe(s, parse_action(RULESET.action_adapter, "fire red unit=a at=3,4"))
    act(s, "fire red unit=a at=3,4", 50, 35, 20)  # Fire 35 v Armour 20: 15 damage, odd: the firer allocates
    assert s.pending[0].damage == 15 and s.pending[0].allocator == "red"
    s.pending, s.units["a"].fired = [], []
    s.units["b"].at = at(3, 8)  # 35 cm: beyond the ADS range of 30 cm
    assert not [x for x in RULESET.legal_actions(s, "red") if x.kind == "fire"]


def test_ecm_attacks_an_enemy_ads_and_reduces_it_by_the_difference_for_the_turn():
    """ECM: 'Combat an enemy ADS. Roll below your ECM and also beat the enemy's ADS roll to reduce the ADS by the
    difference' (AHW-A23: margins); the reduced ADS then intercepts less."""
    ecm = {**INF, "ecm": 6, "ecm_range": 40}
    big = {**INF, "weapons": [{"fire": 60, "range": 60}]}

    def fresh():
        return game([unit("j", "red", at(2, 1), **ecm), unit("g", "red", at(4, 1), **big),
                     unit("a", "blue", at(3, 5), **ADS_UNIT)])

    s = fresh()
    assert any(x.kind == "ecm_ads" and x.unit == "j" for x in RULESET.legal_actions(s, "red"))
    act(s, "ecm_ads red unit=j at=3,5", 1, 4)  # ECM margin 5, ADS margin 1: the ADS loses 4
    assert s.ads_cut == {"a": 4} and firing.ads_factor(s, s.units["a"]) == 1
    with pytest.raises(Refusal, match="may attack an ADS"):
        act(s, "ecm_ads red unit=j at=3,5")
    act(s, "fire red unit=g at=3,5", 50, 2, 9, 50, 20)  # ADS 1 fails its 2; Fire 60 uncut: 50 v 20 -> destroyed
    assert s.units["a"].eliminated
    s = fresh()
    act(s, "fire red unit=g at=3,5", 50, 2, 9, 50, 20)  # full ADS 5: margin 3 beats the failed ECM: Fire 60 - 30
    assert not s.units["a"].eliminated and s.pending[0].damage == 10  # 30 v 20
    s = fresh()
    act(s, "ecm_ads red unit=j at=3,5", 7, 4)  # the ECM roll fails: nothing
    assert s.ads_cut == {}
    turn.end_turn(s, Context(lambda sink: ScriptedDice(3, 8, sink=sink)))
    assert s.ecm_ads == [] and s.ads_cut == {}


MOLE = {"move": [{"mode": "underground", "factor": 10}, {"mode": "ground", "factor": 10}], "cqb": 20, "armour": 40,
        "carry": 1}


def test_a_mole_carries_one_infantry_coy_and_sets_it_down_next_to_it():
    """'Each mole can carry one infantry Coy': board in contact, ride off the table, leave for a free hex beside it."""
    s = game([unit("m", "red", at(3, 1), **MOLE), unit("i", "red", at(3, 2)), unit("j", "red", at(2, 1)),
              unit("e", "blue", at(11, 7))], phase="move")
    boards = {(a.unit, a.at) for a in RULESET.legal_actions(s, "red") if a.kind == "carry"}
    assert boards == {("i", at(3, 1)), ("j", at(3, 1))}
    act(s, "carry red unit=i at=3,1")
    assert s.units["i"].at is None and s.units["m"].carried == ["i"] and s.units["i"].moved
    with pytest.raises(Refusal, match="cannot board"):
        act(s, "carry red unit=j at=3,1")  # one Coy only
    assert RULESET.unit_card(s, "m")[-1] == ("Passengers", "i")
    s.units["m"].at = at(7, 3)  # the mole has moved on
    downs = {a.at for a in RULESET.legal_actions(s, "red") if a.kind == "carry" and a.off}
    assert downs == set(at(7, 3).neighbours()) and at(7, 4) in downs
    act(s, "carry red unit=i at=7,4 off=true")
    assert s.units["i"].at == at(7, 4) and s.units["m"].carried == []
    s.phase = "fire"
    with pytest.raises(Refusal, match="Phase 5"):
        act(s, "carry red unit=i at=7,3")


def test_passengers_and_units_in_buffers_are_lost_with_their_carrier():
    """(hexwar) 'The consequences of a teleporter taking a bad hit in these circumstances can be disastrous'."""
    s = game([unit("m", "red", at(3, 1), **MOLE), unit("i", "red", at(3, 2)), unit("e", "blue", at(11, 7))],
             phase="move")
    act(s, "carry red unit=i at=3,1")
    engage.destroy(s, s.units["m"], Context(lambda sink: ScriptedDice(sink=sink)), "test")
    assert s.units["i"].eliminated and s.units["i"].destroyed_by == "lost with m"


def test_a_teleporter_gathers_units_into_its_buffers_and_sends_as_many_as_its_roll():
    """'roll 1d10; the score must equal or exceed the number of units transported. Any units not covered by the die
    roll are suspended in buffers'; 'Teleport units can teleport each other but not themselves'."""
    tp = {**INF, "teleport": 3, "teleport_range": 20}
    s = game([unit("t", "red", at(3, 1), **tp), unit("a", "red", at(3, 2)), unit("b", "red", at(4, 2)),
              unit("e", "blue", at(11, 7))], phase="move")
    assert {a.passenger for a in RULESET.legal_actions(s, "red") if a.kind == "gather"} == {"a", "b"}
    act(s, "gather red unit=t passenger=a")
    act(s, "gather red unit=t passenger=b")
    assert s.units["t"].buffer == ["a", "b"] and s.units["a"].at is None
    with pytest.raises(Refusal, match="cannot take"):
        act(s, "gather red unit=t passenger=t")
    send = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "teleport" and not a.passenger)
    turn.apply(s, send, Context(lambda sink: ScriptedDice(1, sink=sink)))  # a 1: one unit materialises
    assert s.units["a"].at is not None and s.units["t"].buffer == ["b"] and s.units["b"].at is None
    assert not [a for a in RULESET.legal_actions(s, "red") if a.kind == "gather"]  # it has sent this turn
    engage.destroy(s, s.units["t"], Context(lambda sink: ScriptedDice(sink=sink)), "test")
    assert s.units["b"].eliminated and not s.units["a"].eliminated


def test_ecm_may_cancel_a_new_enemy_order_issued_within_its_range():
    """ECM: 'Cancel a new enemy order or order change issued with in range'; 'Combat an enemy ECM attack. Roll
    below your ECM and also beat the enemy's ECM roll' -- a pause for the ECM side's reaction (rules/reaction.py)."""
    ecm = {**INF, "ecm": 6, "ecm_range": 40}

    def fresh(red_ecm: bool = False):
        return game([unit("h", "red", at(0, 0), **HQ), unit("i", "red", at(3, 1), **(ecm if red_ecm else INF)),
                     unit("j", "blue", at(3, 5), **ecm)], phase="counters", pips={"h": 3})

    s = fresh()
    act(s, "counter red unit=i to=6,1")
    assert RULESET.decision(s).side == "blue" and "cancel the new Move order" in RULESET.decision(s).prompt
    offered = RULESET.legal_actions(s, "blue")
    assert {a.kind for a in offered} == {"done", "jam"} and RULESET.legal_actions(s, "red") == []
    assert "cancel the new order" in RULESET.describe(s, next(a for a in offered if a.kind == "jam"))
    act(s, "jam blue unit=j at=3,1", 2)  # ECM 2 <= 6, no enemy ECM to beat: the order is cancelled
    assert s.units["i"].counter is None and s.pips["h"] == 2 and RULESET.decision(s).side == "red"
    act(s, "counter red unit=i to=6,1")  # j has used its ECM this turn: no pause
    assert s.units["i"].counter == at(6, 1) and not s.paused
    s = fresh()
    act(s, "counter red unit=i to=6,1")
    act(s, "done blue")  # let it stand
    assert s.units["i"].counter == at(6, 1) and RULESET.decision(s).side == "red"
    s = fresh(red_ecm=True)
    act(s, "counter red unit=i to=6,1")
    act(s, "jam blue unit=j at=3,1", 2, 2)  # margin 4 does not beat the ordering side's margin 4: it stands
    assert s.units["i"].counter == at(6, 1)
    with pytest.raises(Refusal):
        act(s, "jam blue unit=j at=3,1")


def test_ecm_disrupts_homing_fire_and_restores_the_targets_cover():
    """ECM: 'Disrupt Homing Weapons - Roll below your ECM and also beat any enemy ECM roll to restore cover bonus to
    friendly units in Range currently under homing weapon attack' (Homing ignores Hard; restored, Hard halves)."""
    from fractions import Fraction

    from rules.rulesets.hundred_wars import odds

    homing = {**INF, "weapons": [{"fire": 40, "range": 60, "kind": "homing"}]}
    wood = board(terrain={at(3, 5): "wood"})

    def fresh():
        return game([unit("g", "red", at(3, 1), **homing), unit("t", "blue", at(3, 5)),
                     unit("j", "blue", at(5, 5), **{**INF, "ecm": 6, "ecm_range": 20})],
                    b=wood, rolled={f"wood@{at(3, 5)}": "hard"})

    s = fresh()
    shown = said_chances(RULESET.preview(s, parse_action(RULESET.action_adapter, "fire red unit=g at=3,5")), s)
    cover = Fraction(6, 10)  # the ECM 6 roll succeeds, no red ECM to beat
    miss = cover * odds.range_roll(20, 5, "hard", "direct")["miss"] + (1 - cover) * odds.range_roll(20, 5, "hard", "homing")["miss"]
    assert shown["not sighted"] == miss and sum(shown.values()) == 1
    act(s, "fire red unit=g at=3,5", 2, 10)  # cover restored: the Range roll 20 is halved to 10 of 20 cm: not sighted
    assert not s.units["t"].eliminated and not s.pending
    s = fresh()
    act(s, "fire red unit=g at=3,5", 8, 10, 30, 5)  # the ECM fails: homing ignores Hard, 20 cm: a Good Hit, destroyed
    assert s.units["t"].eliminated


def test_psionic_pips_place_move_or_remove_enemy_move_orders_once_per_phase():
    """Psionic: 'Pips are one use only, once per phase ... psionics may be used to place, move or remove enemy move
    orders ... up to the maximum range paid for'."""
    psi = {**HQ, "psionic": 2, "psionic_range": 30}
    s = game([unit("p", "red", at(3, 1), **psi), unit("e", "blue", at(3, 5)), unit("f", "blue", at(10, 7))],
             phase="counters", pips={"p": 0})
    offered = [a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and not a.simulate]
    assert offered and {Hex(*a.at) for a in offered} == {at(3, 5)}  # f is beyond 30 cm
    assert not any(a.remove for a in offered)  # e has no counter yet
    act(s, "psi red unit=p at=3,5 to=3,6")
    assert s.units["e"].counter == at(3, 6) and s.psi_used == {"p": 1}
    with pytest.raises(Refusal, match="once per phase"):
        act(s, "psi red unit=p at=3,5 remove=true")
    s.psi_phase = []  # a later phase
    act(s, "psi red unit=p at=3,5 remove=true")
    assert s.units["e"].counter is None and s.psi_used == {"p": 2}
    s.psi_phase = []
    with pytest.raises(Refusal, match="all its psionic pips"):
        act(s, "psi red unit=p at=3,5 to=3,6")
    s.psi_used = {}
    with pytest.raises(Refusal, match="beyond"):
        act(s, "psi red unit=p at=10,7 to=10,6")
    s.phase = "move"
    with pytest.raises(Refusal, match="Phase 3"):
        act(s, "psi red unit=p at=3,5 to=3,6")


def _fort_game(rolled: str = "very_hard", enemy_at=None):
    fort = {at(c, r): "fort" for c in range(3, 8) for r in range(2, 5)}
    return game([unit("r", "red", at(4, 3)), unit("e", "blue", enemy_at or at(11, 7))], b=board(terrain=fort),
                phase="move", rolled={f"fort@{at(3, 2)}": rolled} if rolled else None)


def test_a_walk_starting_inside_an_uncontested_fort_is_easy_going():
    """Text: "Fortifications and settlements are good going inside if uncontested by enemy." A Move 10 unit in a
    fort rolled V.Hard walks 10 cm (2 hexes) on a roll of 50, as on open ground, and no die is rolled for the fort."""
    s = _fort_game()
    assert field.piece_at(s, at(4, 3)) == field.piece_at(s, at(6, 3))
    s.units["r"].counter = at(6, 3)
    act(s, "move red unit=r", 50)
    assert s.units["r"].at == at(6, 3)
    s2 = _fort_game(rolled="")
    s2.units["r"].counter = at(6, 3)
    act(s2, "move red unit=r", 50)  # the fort's piece is never rolled: inside, its level does not matter
    assert s2.units["r"].at == at(6, 3) and s2.terrain_rolls == {}


def test_a_walk_starting_inside_a_contested_fort_goes_at_its_rolled_level():
    s = _fort_game(enemy_at=at(7, 4))
    s.units["r"].counter = at(4, 2)
    act(s, "move red unit=r", 50)  # V.Hard quarters the Move: 2 cm, no hex
    assert s.units["r"].at == at(4, 3)


def test_the_dice_log_scores_are_the_scores_the_damage_used():
    """A Good Hit doubles the Fire cap: the log's Fire and Armour scores are the very ones the rule compared
    (one function for both, procedures/fire.score_of_fire / score_of_armour)."""
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 3))])
    events = act(s, "fire red unit=r at=3,3", 5, 90, 5)  # range 10 cm of 10: a Good Hit; Fire 90 capped at 32
    said = {e.record.purpose: e.record.outcome for e in events if e.kind == "rolled"}
    assert said["fire"].startswith("scores 32 ") and said["armour"].startswith("scores 5 ")
    assert s.units["b"].eliminated
    assert any(e.kind == "eliminated" and "Fire 32 double Armour 5" in e.why for e in events)


def test_a_suicide_attack_adds_the_targets_motion_toward_the_attacker_and_subtracts_its_motion_away():
    """Text: "the combined speed of both units (movement towards each other is added together, movement of the
    target away from the attacker is subtracted) as a mutual fire factor"."""
    from rules.rulesets.hundred_wars import moving

    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))], phase="move")
    s.units["b"].walked = (s.turn, at(3, 6), at(3, 4))  # b walked 2 hexes toward where r will stand
    s.units["r"].counter, s.units["r"].counter_attack = at(3, 4), "suicide"
    events = act(s, "move red unit=r", 10, 15, 8, 1, 5)  # r walks 10 cm; b came 10 cm: Fire 20
    fire = [e.record.outcome for e in events if e.kind == "rolled" and e.record.purpose == "fire"]
    assert fire[0] == "scores 15 (Fire 20)"
    assert [p.damage for p in s.pending] == [7]  # 15 - 8 (at Fire 10, as before, it was 2)
    away = game([unit("r", "red", at(3, 3)), unit("b", "blue", at(3, 6))], phase="move")
    away.units["b"].walked = (away.turn, at(3, 4), at(3, 6))
    assert moving.target_toward(away, away.units["b"], at(3, 3)) == -10
    away.units["b"].walked = (away.turn - 1, at(3, 4), at(3, 6))  # last turn's walk does not count
    assert moving.target_toward(away, away.units["b"], at(3, 3)) == 0


def test_a_walk_records_where_it_went_this_turn():
    s = game([unit("r", "red", at(0, 0)), unit("b", "blue", at(11, 7))], phase="move")
    s.units["r"].counter = at(2, 0)
    act(s, "move red unit=r", 60)
    assert s.units["r"].walked == (s.turn, at(0, 0), at(2, 0))


def test_losing_the_last_commander_is_said_and_shown_on_the_side_line():
    """Issue 24 item 9: no pips and no Move orders for the rest of the game were never flagged."""
    from rules.rulesets.hundred_wars import RULESET
    from tests.rules.hundred_wars.helpers import HQ

    s = game([unit("r", "red", at(3, 1)), unit("hq", "blue", at(3, 4), name="Blue HQ", **HQ)])
    assert not any("NO COMMANDER" in line for line in RULESET.side_lines(s, "blue"))
    ev = act(s, "fire red unit=r at=3,4", 8, 30, 70)  # a good hit: Fire 30 v Armour 6: destroyed
    assert s.units["hq"].eliminated
    assert "Blue has no commander left: no pips and no Move orders for the rest of the game" in [e.text() for e in ev]
    assert any("NO COMMANDER" in line for line in RULESET.side_lines(s, "blue"))
    assert not any("commander" in e.text() for e in act(s, "done red"))  # said once, when it happens


def test_another_sides_hidden_commander_is_not_shown_as_lost():
    """Red's roster said of Blue "NO COMMANDER: no Move orders for the rest of the game" from the first turn of
    first-blinds: Red's view holds no unit of Blue's still under a blind or to come (view.py), its commander
    included. Blue's own line and the referee's still say it when it is so, and Red's once it is seen destroyed."""
    from rules.rulesets.hundred_wars import RULESET
    from rules.rulesets.hundred_wars.view import view

    s = game([unit("r", "red", at(3, 1)), unit("hq", "blue", None, name="Blue HQ", **HQ)])
    assert s.units["hq"].at is None and s.blind_of("hq") is not None  # under a blind still to come
    seen_by_red = view(s, "red")
    assert "hq" not in seen_by_red.units
    red_lines = RULESET.side_lines(seen_by_red, "blue")
    assert not any("NO COMMANDER" in line for line in red_lines), red_lines
    assert any("unseen" in line for line in red_lines)
    assert not any("NO COMMANDER" in line for line in RULESET.side_lines(view(s, "blue"), "blue"))

    s = game([unit("r", "red", at(3, 1)), unit("hq", "blue", at(3, 4), name="Blue HQ", **HQ)])
    act(s, "fire red unit=r at=3,4", 8, 30, 70)  # destroyed where Red sees it
    assert any("NO COMMANDER" in line for line in RULESET.side_lines(view(s, "red"), "blue"))


def test_another_sides_commander_with_its_orders_shot_away_is_shown_as_lost():
    """A commander whose Orders factor is shot to 0 gives no pips (AHW-A14) and stays on the table: Blue's own line
    said NO COMMANDER and Red's "unseen", as if it were still hidden."""
    from rules.rulesets.hundred_wars import RULESET
    from rules.rulesets.hundred_wars.view import view

    s = game([unit("r", "red", at(3, 1)), unit("hq", "blue", at(3, 4), name="Blue HQ", **HQ)])
    s.units["hq"].stats.orders = 0  # the damage allocated to its Orders (units.lower)
    for seat in ("red", "blue"):
        lines = RULESET.side_lines(view(s, seat), "blue")
        assert any("NO COMMANDER" in line for line in lines), (seat, lines)


def test_losing_one_of_two_commanders_is_not_losing_the_last():
    """The check after an action looks first at the commander the side had before it (turn.apply): when that one
    is destroyed, the side's other commander still counts."""
    from tests.rules.hundred_wars.helpers import HQ

    s = game([unit("r", "red", at(3, 1)), unit("hq", "blue", at(3, 4), name="Blue HQ", **HQ),
              unit("hq2", "blue", at(9, 7), name="Blue HQ 2", **HQ)])
    assert s.commanding()["blue"] == "hq"
    ev = act(s, "fire red unit=r at=3,4", 8, 30, 70)
    assert s.units["hq"].eliminated and s.commanding() == {"blue": "hq2"}
    assert not any("commander" in e.text() for e in ev)


def test_damage_on_a_group_member_with_no_factor_left_destroys_it():
    """AHW-A15: 'Once the unit reaches 0 in Armour it is considered destroyed by any further damage.' A losing
    group's unit with every factor spent was offered to take the damage (on its Armour) and then refused, which
    stopped a computer game of first-blinds (seed 9139)."""
    spent = {**INF, "armour": 0, "weapons": [{"fire": 0, "range": 20}], "move": [{"mode": "ground", "factor": 0}]}
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **spent), unit("c", "blue", at(4, 4))])
    s.pending = [PendingDamage(units=["b", "c"], damage=5, allocator="red", why="close combat")]
    offered = [a.text() for a in RULESET.legal_actions(s, "red")]
    assert "allocate red unit=b first=armour" in offered
    act(s, "allocate red unit=b first=armour")  # no dice
    assert s.units["b"].eliminated and not s.units["c"].eliminated and not s.pending
