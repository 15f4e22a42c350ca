"""Every stated number of the text's procedures, with forced dice."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import combat, damage, fire, movement, orders, specials
from rules.rulesets.hundred_wars.units import HwStats


@pytest.mark.parametrize("face,level", [(1, "easy"), (2, "hard"), (7, "hard"), (8, "very_hard"), (9, "very_hard"),
                                        (10, "impassable")])
def test_mode_roll(face, level):
    assert ter.mode_roll(face) == level


def test_one_level_harder_under_enemy_resistance():
    assert [ter.harder(l) for l in ter.LEVELS] == ["hard", "very_hard", "impassable", "impassable"]


@pytest.mark.parametrize("mobile,level,result", [
    ("hard_to_easy", "hard", "easy"), ("hard_to_easy", "very_hard", "very_hard"),
    ("vhard_to_hard", "very_hard", "hard"), ("vhard_to_hard", "hard", "hard"),
    ("both", "very_hard", "easy"), ("both", "hard", "easy"), ("both", "impassable", "impassable"),
])
def test_mobile_reduces_terrain(mobile, level, result):
    assert ter.for_mobile(level, mobile) == result


@pytest.mark.parametrize("roll,factor,pips", [(3, 5, 3), (5, 5, 5), (9, 5, 5), (10, 5, 5), (1, 9, 1), (10, 10, 10)])
def test_pips_below_orders_give_the_roll_else_the_full_allowance(roll, factor, pips):
    dice = ScriptedDice(roll)
    assert orders.roll_pips(factor, dice).pips == pips
    assert dice.remaining == []


@pytest.mark.parametrize("level,reach", [("easy", 30), ("hard", 15), ("very_hard", 3), ("impassable", 0)])
def test_orders_range_across_terrain(level, reach):
    assert orders.orders_reach(30, level) == reach


@pytest.mark.parametrize("roll,factor,level,cm", [
    (7, 10, "easy", 7), (10, 10, "easy", 10), (60, 10, "easy", 10),
    (60, 15, "hard", 8), (5, 15, "hard", 5), (60, 15, "very_hard", 2), (60, 15, "impassable", 0),
])
def test_movement_roll(roll, factor, level, cm):
    assert movement.distance(roll, factor, level) == cm


def test_changing_level_is_at_half_move_rate():
    assert movement.distance(100, 40, "easy", changes_level=True) == 20
    assert movement.distance(100, 15, "hard", changes_level=True) == 4


def test_space_speed_example():
    # "So if Moving at 80, and the next turn 60 is rolled then new speed is 140. Or 80 - 60 = 20"
    assert movement.space_speed(80, 60, 80, accelerate=True) == 140
    assert movement.space_speed(80, 60, 80, accelerate=False) == 20
    assert movement.space_speed(20, 60, 80, accelerate=False) == 0  # "If figure is minus unit is stationary"


def test_walk_uses_the_worst_terrain_so_far():
    # 5 cm hexes, Move 20, roll 100: 4 hexes in the open; entering Hard halves it to 10 cm.
    assert movement.walk(100, 20, "easy", ["easy"] * 6, 5).steps == 4
    assert movement.walk(100, 20, "easy", ["easy", "hard", "easy", "easy"], 5).steps == 2
    assert movement.walk(100, 20, "easy", ["easy", "impassable"], 5).steps == 1
    assert movement.walk(12, 20, "easy", ["easy"] * 6, 5).steps == 2


@pytest.mark.parametrize("roll,level,score", [(1, "easy", 2), (100, "easy", 200), (37, "hard", 37), (37, "very_hard", 8),
                                              (5, "impassable", 0)])
def test_range_roll_is_doubled_then_divided_then_rounded_up(roll, level, score):
    assert fire.range_score(roll, level) == score


def test_range_roll_sighting_and_good_hits():
    # 20 cm to the target, 5 cm hexes: a doubled roll of 20-24 touches the target.
    assert not fire.range_outcome(9, 20, 5, "easy").effective
    assert fire.range_outcome(10, 20, 5, "easy").good
    assert fire.range_outcome(12, 20, 5, "easy").good
    r = fire.range_outcome(13, 20, 5, "easy")
    assert r.effective and not r.good
    dice = ScriptedDice(10)
    assert fire.range_roll(20, 5, "easy", dice).good and dice.records[0].outcome.startswith("good hit")


def test_indirect_and_homing_ignore_hard_terrain_for_range():
    assert fire.range_outcome(20, 30, 5, "hard", "direct").score == 20
    assert fire.range_outcome(20, 30, 5, "hard", "indirect").score == 40
    assert fire.range_outcome(20, 30, 5, "very_hard", "indirect").score == 4
    assert fire.range_outcome(20, 30, 5, "very_hard", "homing").score == 20


def test_fire_and_armour_rolls_are_capped_and_the_difference_is_damage():
    r = fire.fire_roll(16, 8, ScriptedDice(90, 5))  # Fire roll above the Fire factor = 16; Armour 5
    assert (r.fire_score, r.armour_score, r.hit, r.destroyed) == (16, 5, True, True)
    r = fire.fire_roll(16, 8, ScriptedDice(12, 70))  # Armour roll above the factor = 8; 12 < 16: damage 4
    assert (r.fire_score, r.armour_score, r.hit, r.destroyed, r.damage) == (12, 8, True, False, 4)
    r = fire.fire_roll(16, 8, ScriptedDice(8, 70))
    assert not r.hit and r.damage == 0


def test_double_the_armour_roll_destroys():
    assert fire.fire_outcome(20, 10, 30, 30).destroyed
    assert not fire.fire_outcome(19, 10, 30, 30).destroyed


def test_good_hit_doubles_the_fire_factor_not_the_roll():
    assert fire.fire_outcome(25, 30, 16, 40, good=True).fire_score == 25
    assert fire.fire_outcome(40, 30, 16, 40, good=True).fire_score == 32
    assert fire.fire_outcome(8, 30, 16, 40, good=True).fire_score == 8


@pytest.mark.parametrize("level,kind,dmg", [
    ("easy", "direct", 15), ("hard", "direct", 8), ("hard", "indirect", 15), ("hard", "homing", 15),
    ("very_hard", "direct", 2), ("very_hard", "indirect", 2), ("very_hard", "homing", 8),
])
def test_terrain_cuts_damage(level, kind, dmg):
    # Fire 35 against Armour 20 (not double): 15 damage before terrain, rounded up after it.
    r = fire.fire_outcome(35, 20, 40, 40, level=level, kind=kind)
    assert r.fire_score - r.armour_score == 15 and r.damage == dmg


def test_damage_doubles_from_above_below_and_indirect_good_hits():
    assert fire.doubles_damage(indirect_good_hit=True)
    assert not fire.doubles_damage(indirect_good_hit=True, top_armour=True)
    assert fire.doubles_damage(from_above=True) and not fire.doubles_damage(from_above=True, top_armour=True)
    assert fire.doubles_damage(from_below=True) and not fire.doubles_damage(from_below=True, mine_proof=True)
    assert fire.fire_outcome(35, 20, 40, 40, double=True).damage == 30


def test_even_damage_is_allocated_by_the_target_odd_by_the_firer():
    assert fire.allocator(4) == "target" and fire.allocator(3) == "firer"


@pytest.mark.parametrize("armour,arc,all_round,rear_bulk,result", [
    (40, "front", False, False, 40), (40, "flank", False, False, 20), (40, "rear", False, False, 10),
    (41, "flank", False, False, 21), (41, "rear", False, False, 11), (40, "rear", True, False, 40),
    (10, "rear", False, False, 10), (40, "rear", False, True, 40), (40, "front", False, True, 10),
])
def test_flank_and_rear_armour(armour, arc, all_round, rear_bulk, result):
    assert fire.armour_against(armour, arc, all_round=all_round, rear_bulk=rear_bulk) == result


def test_elevation_rules():
    assert fire.elevation_refusal(0, -2, "direct", 60)
    assert not fire.elevation_refusal(0, -2, "direct", 61)
    assert not fire.elevation_refusal(0, -2, "homing", 10)
    assert fire.elevation_refusal(0, -1, "direct", 80, target_underground=True)
    assert fire.elevation_level(0, 2, "easy") == "very_hard"
    assert fire.elevation_level(0, 1, "easy") == "easy"
    assert fire.shot_levels(0, 1, firer_large=True) == (1, 1)
    assert fire.from_above(2, 0) and not fire.from_above(1, 0)
    assert fire.from_below(-1, 0) and not fire.from_below(0, 2)


def test_target_priorities():
    c = fire.Candidate
    assert fire.priority_targets([c("a", 10), c("b", 5, firing_at_me=True), c("x", 5, in_contact=True)]) == ["x"]
    assert fire.priority_targets([c("a", 10), c("b", 15, firing_at_me=True)]) == ["b"]
    assert fire.priority_targets([c("a", 10), c("b", 15, engaging_friends=True)]) == ["b"]
    assert fire.priority_targets([c("a", 10), c("b", 15), c("d", 10)]) == ["a", "d"]


def test_damage_allocation():
    s = HwStats.model_validate({"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 16, "range": 20}],
                                "cqb": 20, "armour": 8})
    assert damage.choices(s) == ["armour", "fire:0", "move:ground", "spread"]
    a = damage.allocate(s, 12, "armour")
    assert a.taken == {"armour": 8, "fire:0": 4} and a.stats.armour == 0 and not a.destroyed
    a = damage.allocate(s, 3, "spread")
    assert a.taken == {"armour": 1, "fire:0": 1, "move:ground": 1}
    assert damage.allocate(s, 35, "move:ground").destroyed  # more damage than the factors hold
    zero = s.model_copy(update={"armour": 0})
    assert damage.allocate(zero, 1, "fire:0").destroyed  # "destroyed by any further damage"
    assert s.armour == 8  # the input is not changed


def test_close_combat_cumulative_scores():
    # Two infantry (CQB 20) against one Guard (CQB 24): 15 + 20 (roll 50 capped) = 35 vs 24 -> Guard takes 11.
    r = combat.close_combat([("i1", 20), ("i2", 20)], [("g", 24)], ScriptedDice(15, 50, 30))
    assert r.scores == {"i1": 15, "i2": 20, "g": 24} and r.totals == (35, 24)
    assert (r.loser, r.damage) == (1, 11)
    r = combat.close_combat([("a", 20)], [("b", 24)], ScriptedDice(10, 10))
    assert (r.loser, r.damage) == (None, 0)  # a tie does no damage (AHW-A17)
    r = combat.close_combat([("a", 20)], [("b", 24)], ScriptedDice(15, 10), weak_spot=(False, True))
    assert (r.loser, r.damage) == (1, 20)  # contacted where weakest: the winner's full CQB factor


def test_ram_and_suicide():
    assert combat.ram(40, 8) == (8, 40)
    assert combat.closing_speed(30, 20) == 50 and combat.closing_speed(30, -40) == 0
    r = combat.suicide(30, 20, 5, 8, ScriptedDice(45, 3, 60, 2))
    assert r.fire == 50 and r.on_target.destroyed and r.on_attacker.destroyed


def test_ecm_margins_and_contests():
    assert specials.margin(5, 3) == 2 and specials.margin(5, 6) == 0 and specials.margin(0, 1) == 0
    assert specials.contest(6, 2, 4, 3).success  # margin 4 beats 1
    assert not specials.contest(6, 5, 4, 3).success  # 1 does not beat 1
    assert specials.contest(6, 5).success  # no enemy ECM
    c = specials.ecm_contest(6, 0, ScriptedDice(4))
    assert c.success and c.difference == 2


def test_ecm_removes_pips_but_not_below_two():
    assert specials.pips_after_ecm(7, 3) == 4
    assert specials.pips_after_ecm(7, 9) == 2
    assert specials.pips_after_ecm(2, 5) == 2 and specials.pips_after_ecm(1, 5) == 1


def test_ads_reduces_firepower_by_ten_times_the_difference():
    assert specials.ads_applies(36) and not specials.ads_applies(35)
    assert specials.ads_reduction(5, 2) == 30
    assert specials.ads_reduction(5, 2, ecm=4, ecm_roll_=3) == 20
    assert specials.ads_reduction(5, 2, ecm=6, ecm_roll_=1) == 0
    assert specials.ads_vs_ecm(3, 6, 1, 2) == 3  # ECM margin 5 - ADS margin 1 = 4, at most the ADS


def test_field_repairs():
    assert specials.field_repair(4, 3).repaired
    assert not specials.field_repair(4, 4).repaired
    r = specials.roll_repair(9, ScriptedDice(10))
    assert not r.repaired and r.locked


def test_teleport_chain_and_buffers():
    tps = {"t1": (Hex(0, 0), 20), "t2": (Hex(4, 0), 30), "t3": (Hex(10, 0), 10), "t4": (Hex(30, 0), 50)}
    assert specials.chain(tps, "t1", 5) == ["t1", "t2", "t3"]
    assert specials.can_reach(tps, "t1", Hex(12, 0), 5)  # within t3's range through t2
    assert not specials.can_reach(tps, "t1", Hex(20, 0), 5)
    t = specials.transport(["a", "b", "c"], ["z"], 2, capacity=4)
    assert t.sent == ["z", "a"] and t.buffered == ["b", "c"]
    with pytest.raises(ValueError):
        specials.transport(["a", "b"], ["z"], 2, capacity=2)


def test_scuttling_stranded_units():
    assert specials.scuttle(20, fire=30, armour=10)
    assert not specials.scuttle(30, fire=30, armour=10) and not specials.scuttle(10, fire=30, armour=10)


def test_the_quick_line_of_fire_is_hexgrids_line_exactly():
    """field.line_hexes_fast (whole numbers) gives the very hexes, ties and order of hexgrid.line_hexes (Fractions)."""
    from rules.hexgrid import area, line_hexes
    from rules.rulesets.hundred_wars.field import line_hexes_fast

    centre = Hex(0, 0)
    pairs = [(a, b) for a in area(centre, 1) for b in area(centre, 7)]
    pairs += [(Hex(-3, 5), Hex(20, -9)), (Hex(4, 4), Hex(-17, 2)), (Hex(0, 0), Hex(24, -12)), (Hex(2, -1), Hex(-9, 20))]
    for a, b in pairs:
        assert line_hexes_fast(a, b) == line_hexes(a, b), (a, b)
