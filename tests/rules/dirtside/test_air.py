"""Air defence, SAMs, decoys, air-to-air combat, cruise-missile interception (house rules, dsii-core §11)."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.dirtside import air
from rules.rulesets.dirtside import chits as ch

F = ch.faces_for


def test_pilot_die_by_colour_and_nerve():
    assert air.pilot_die("veteran", 1) == 12 and air.pilot_die("green", 3) == 4 and air.pilot_die("regular", 2) == 8


def test_lad_die_steps_up_per_extra_weapon():
    assert [air.lad_die(n) for n in (1, 2, 3)] == [6, 8, 10]


def test_zad_lower_misses_equal_aborts_higher_draws_all_colours():
    assert air.air_defence_fire(8, 3, (8,), 2, ScriptedDice(3, 5)).outcome == "miss"
    assert air.air_defence_fire(8, 3, (8,), 2, ScriptedDice(5, 5)).outcome == "abort"
    assert air.air_defence_fire(8, 3, (8,), 2, ScriptedDice(6, 5, F("G1", "M", "G0"))).outcome == "abort"
    assert air.air_defence_fire(8, 3, (8,), 2, ScriptedDice(6, 5, F("G1", "Y1", "BOOM"))).outcome == "damaged"
    assert air.air_defence_fire(8, 3, (8,), 2, ScriptedDice(6, 5, F("G3", "Y1", "R0"))).outcome == "destroyed"


def test_cruise_missile_never_aborts_and_any_hit_destroys_it():
    assert air.air_defence_fire(8, 3, (air.CRUISE_DIE,), 0, ScriptedDice(7, 7), cruise=True).outcome == "miss"
    assert air.air_defence_fire(8, 3, (12,), 0, ScriptedDice(8, 7), cruise=True).outcome == "destroyed"


def test_evasion_dice_ecm_plus_marker_or_decoys_or_one_higher():
    assert air.evasion_dice("none", "regular", False, False) == (4,)
    assert air.evasion_dice("basic", "regular", True, False) == (6, 8)
    assert air.evasion_dice("basic", "regular", False, True) == (6, 4)
    assert air.evasion_dice("none", "green", True, True) == (4, 8)
    assert air.evasion_dice("none", "veteran", True, True) == (4, 12)


def test_only_normal_size_unactivated_craft_evade():
    assert air.may_evade(5, False) and not air.may_evade(6, False) and not air.may_evade(3, True)


def test_sam_higher_than_best_evasion_die_destroys():
    r = air.sam_or_aam("enhanced", "basic", "regular", True, False, ScriptedDice(7, 3, 6))
    assert r.hit
    assert not air.sam_or_aam("basic", "none", "regular", False, False, ScriptedDice(3, 3)).hit


def test_air_to_air_guns_green_down_ace_up():
    assert air.gun_attack_die("enhanced", "green") == 6 and air.gun_attack_die("enhanced", "veteran") == 10


def test_air_to_air_gun_hit_one_chit_red_counts_m_destroys():
    p = air.gun_attack("enhanced", "regular", 8, None, ScriptedDice(7, 3, F("R2")))
    assert p.hit and p.damage == 2
    p = air.gun_attack("enhanced", "regular", 8, 8, ScriptedDice(7, 3, 6, F("M")))
    assert p.destroyed_outright
    p = air.gun_attack("enhanced", "regular", 8, None, ScriptedDice(7, 3, F("Y3")))
    assert p.hit and p.damage == 0


def test_cumulative_air_damage_states():
    assert air.air_damage_state(1, 2) == "fighting"
    assert air.air_damage_state(2, 2) == "damaged"
    assert air.air_damage_state(3, 2) == "destroyed"


def test_house_costs_and_space():
    assert air.SAM_COST == {"basic": 300, "enhanced": 400, "superior": 500}
    assert air.SAM_SPACE == {"basic": 10, "enhanced": 15, "superior": 20}
    assert air.AAM_COST == {"basic": 30, "enhanced": 45, "superior": 60} and air.AAM_SPACE == 8
    assert (air.DECOY_COST, air.DECOY_SPACE) == (20, 2)
    assert air.ADS_REACH == 36
