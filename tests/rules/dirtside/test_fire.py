"""Direct fire, vehicle fire at infantry (house RFACs), GMS and ADS interception, assault shots."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import fire, odds
from rules.rulesets.dirtside import weapons as w

F = ch.faces_for


def test_range_bands_inclusive_and_a_damaged_firer_one_band_longer():
    assert [w.band("HKP", 3, d) for d in (18, 19, 30, 31, 42, 43)] == [0, 1, 1, 2, 2, None]
    assert w.band("HKP", 3, 18, damaged=True) == 1
    assert w.band("HKP", 3, 31, damaged=True) is None
    assert w.band("HEL", 1, 60) == 1 and w.band("HEL", 1, 60, hel_band="close") == 0


def test_fire_control_dice_and_moving_fast_steps_down_and_basic_long_fast_is_impossible():
    assert [w.firer_die("basic", b) for b in range(3)] == [8, 6, 4]
    assert [w.firer_die("superior", b) for b in range(3)] == [12, 10, 8]
    assert w.firer_die("enhanced", 0, fast=True) == 8
    assert w.firer_die("basic", 2, fast=True) is None


def test_target_dice_signature_stealth_ads_and_best_secondary():
    assert [w.target_primary(s) for s in (1, 2, 3, 4, 5, 6)] == [12, 10, 8, 6, 4, 4]
    assert w.target_primary(3, stealth=5) == 12  # never below signature 1
    assert w.target_primary(3, stealth=1, active_ads=True) == 6
    assert w.target_secondary({"soft_cover", "hull_down"}) == 10
    assert w.target_secondary(set()) is None


def test_validity_rows():
    assert w.vehicle_validity("HVC", 0) == (ch.RY, 1)
    assert w.vehicle_validity("HVC", 2) == (ch.GREEN, 1)
    assert w.vehicle_validity("HKP", 1) == (ch.RY, 1)
    assert w.vehicle_validity("HEL", 0, "ablative") == (ch.GREEN, 1)
    assert w.vehicle_validity("GMS/H", 1, "reactive") == (ch.RED, 1)
    assert w.vehicle_validity("DFFG", 2) == (ch.ALL, Fraction(1, 2))
    assert w.vehicle_validity("IAVR", 0, apfc=True) == (ch.YELLOW, 1)


def test_hkp3_at_medium_hits_and_knocks_out_armour_4():
    shot = fire.Shot("HKP", 3, distance=25, fc="enhanced", signature=3, armour=4)
    # enhanced medium d8 vs signature-3 d8: target rolls 4, firer 6 -> hit; chits R3 Y2 G3 -> 5 > 4
    r = fire.direct_fire(shot, ScriptedDice(4, 6, F("R3", "Y2", "G3")))
    assert r.firer_die == 8 and r.target_dice == (8,)
    assert r.hits == 1 and r.results[0].knocked_out and r.results[0].total == 5


def test_a_tie_misses_and_a_miss_draws_nothing():
    r = fire.direct_fire(fire.Shot("HVC", 3, 10), ScriptedDice(5, 5))
    assert r.hits == 0 and r.draws == ()


def test_multiple_mount_one_target_roll_each_barrel_a_separate_hit():
    shot = fire.Shot("RFAC", 2, 5, barrels=3, armour=2)
    faces = [4, 6, 2, 8] + F("R1", "R1") + F("BOOM", "G0")
    r = fire.direct_fire(shot, ScriptedDice(faces))
    assert r.firer_rolls == (6, 2, 8) and r.hits == 2
    assert r.results[0].damaged and r.results[1].boom


def test_rfac_house_rule_against_infantry_3_close_2_medium_none_long():
    assert w.versus_infantry("RFAC", 1, 8) == (3, ch.YELLOW)
    assert w.versus_infantry("RFAC", 1, 12) == (2, ch.YELLOW)
    assert w.versus_infantry("RFAC", 1, 16) is None  # DS2-A07: the base rule stops at medium
    assert w.versus_infantry("RFAC", 1, 8, house_rfac=False) == (2, ch.YELLOW)
    assert w.versus_infantry("HKP", 3, 5) is None
    assert w.versus_infantry("DFFG", 2, 10) == (3, ch.RED)
    assert w.versus_infantry("SLAM", 3, 12) == (3, ch.YELLOW) and w.versus_infantry("SLAM", 3, 13) is None


def test_rfac_at_close_draws_3_per_barrel_against_infantry():
    r = fire.fire_at_infantry("RFAC", 2, 5, 4, ScriptedDice(F("Y1", "Y2", "Y1") + F("R3", "R3", "Y0")), barrels=2)
    assert r.kills == (True, False)


def test_gms_guidance_against_ecm_and_pds_best_die():
    dice = ScriptedDice(7, 5, 6, F("R3", "Y3", "R2", "G3", "R0"))
    r = fire.gms_attack("GMS/H", "enhanced", "basic", "basic", 5, dice)
    assert r.guidance_roll == 7 and r.defence_rolls == (5, 6)
    assert r.result.knocked_out and r.result.total == 8


def test_gms_jammed_on_a_tie():
    r = fire.gms_attack("GMS/L", "basic", "none", None, 3, ScriptedDice(4, 4))
    assert not r.hit


def test_ads_steps_down_per_extra_missile_and_a_basic_takes_at_most_two():
    dice = ScriptedDice(4, 3, 1, 2)
    assert fire.ads_interception("basic", [8, 8], dice) == [True, False]
    assert [r.sides for r in dice.records] == [4, 8, 4, 8]
    with pytest.raises(ValueError):
        fire.ads_interception("basic", [8, 8, 8], ScriptedDice())


def test_vehicles_in_assault_hit_on_4_to_6_hull_down_6_soft_cover_5():
    assert fire.assault_vehicle_shot("HVC", 3, 3, ScriptedDice(4, F("R1", "R1", "R2"))).result.knocked_out
    assert fire.assault_vehicle_shot("HVC", 3, 3, ScriptedDice(5), cover="hull_down").draw == ()
    assert fire.assault_vehicle_shot("HVC", 3, 3, ScriptedDice(5, F("R0", "R0", "R0")), cover="soft").draw
    # from round 2 no cover counts (DS2-A06)
    assert fire.assault_vehicle_shot("HVC", 3, 3, ScriptedDice(4, F("R0", "R0", "R0")), cover="hull_down",
                                     first_round=False).draw
    with pytest.raises(ValueError):
        fire.assault_vehicle_shot("GMS/L", 1, 3, ScriptedDice())


def test_exact_hits_per_barrel_equals_the_procedure():
    from itertools import product
    shot = fire.Shot("RFAC", 1, 5, barrels=2, fc="basic", signature=4, armour=9)
    got = {}
    for t, a, b in product(range(1, 7), range(1, 9), range(1, 9)):
        faces = [t, a, b] + [1] * 2  # misses draw nothing; each hit of class 1 draws one chit
        hits = fire.direct_fire(shot, ScriptedDice(faces)).hits
        got[hits] = got.get(hits, Fraction(0)) + Fraction(1, 6 * 64)
    assert got == odds.hits_per_barrel(8, (6,), 2)
