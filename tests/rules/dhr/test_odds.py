"""The DHR odds preview: exact distributions that agree with the procedures they describe.

Small cases are checked against `enumerate_procedure`, which runs the real
procedure over every dice outcome; a large case against a seeded sample.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import SeededDice
from rules.odds import total
from rules.rulesets.dhr.armour_odds import (
    contest_distribution, contest_kill_chance, contest_win_chance, vehicle_kill_chance,
)
from rules.rulesets.dhr.enumerate_odds import enumerate_procedure
from rules.rulesets.dhr.odds import (
    area_odds, crew_check_chance, fire_odds, gated, line_fire_odds, melee_odds, morale_distribution, overrun_odds,
)
from rules.rulesets.dhr.procedures import (
    Combatant, Firer, LineTarget, armour_contest, contest_winner, crew_check, resolve_area_attack, resolve_fire,
    resolve_line_fire, resolve_melee, resolve_vehicle_fire, vehicle_overrun,
)
from tests.said import said


def fire_key(result):
    return (result.casualties, result.morale.retreat if result.morale else None)


def test_morale_distribution_matches_the_worked_example():
    """Morale: Veteran 4 behind a wall after 2 losses: 5 or less; a 6 fails by 1."""
    assert morale_distribution(5) == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    assert morale_distribution(7) == {0: 1}
    assert morale_distribution(-1) == {k: Fraction(1, 6) for k in range(2, 8)}


def test_fire_odds_equal_the_procedure_over_every_roll_with_terrain_and_morale():
    firer = Firer(2, 4, 6)
    target = Combatant(3, 3, terrain_dv=2, leader_rating=4)
    exact = fire_odds(firer, target, distance=8, save_dv=2)
    enumerated = enumerate_procedure(lambda d: fire_key(resolve_fire(firer, target, d, distance=8, save_dv=2)))
    assert exact.joint == enumerated and total(exact.joint) == 1


def test_fire_odds_equal_the_procedure_with_armour_medic_and_a_last_figure():
    firer = Firer(1, 5, 6)
    target = Combatant(1, 3, terrain_dv=1, armour_dv=2, medic=True)
    exact = fire_odds(firer, target, distance=3, save_dv=1)
    enumerated = enumerate_procedure(lambda d: fire_key(resolve_fire(firer, target, d, distance=3, save_dv=1)))
    assert exact.joint == enumerated
    assert exact.eliminated == Fraction(5, 6) * Fraction(5, 6) * Fraction(4, 6) * Fraction(5, 6)


def test_fire_odds_equal_the_procedure_for_a_tough_champion():
    firer = Firer(1, 4, 6, rof=(2, 1))
    champ = Combatant(1, 5, toughness=2, wounds=1, terrain_dv=2)
    exact = fire_odds(firer, champ, distance=2, save_dv=0, slots=1)
    enumerated = enumerate_procedure(lambda d: fire_key(resolve_fire(firer, champ, d, distance=2, save_dv=0)))
    assert exact.joint == enumerated


def test_fire_odds_of_an_impossible_shot():
    odds = fire_odds(Firer(5, 2, 4), Combatant(5, 3), distance=9, save_dv=0)
    assert not odds.possible and odds.joint == {(0, None): 1}


def test_melee_odds_equal_the_procedure_and_the_sides_are_independent():
    attacker = Combatant(1, 4, terrain_dv=1)
    defender = Combatant(1, 3, terrain_dv=2)
    odds = melee_odds(attacker, defender)

    def run(d):
        r = resolve_melee(attacker, defender, d)
        return (fire_key_of(r.defender_damage, r.defender_morale), fire_key_of(r.attacker_damage, r.attacker_morale))

    enumerated = enumerate_procedure(run)
    joint = {(dk, ak): dp * ap for dk, dp in odds.defender.joint.items() for ak, ap in odds.attacker.joint.items()}
    assert {k: v for k, v in joint.items() if v} == enumerated
    may_enter = sum((p for ((dc, dr), (ac, ar)), p in enumerated.items()
                     if (dc >= 1 or dr) and not (ac >= 1 or ar)), Fraction(0))
    assert odds.attacker_may_enter == may_enter


def fire_key_of(damage, morale):
    return (damage.casualties, morale.retreat if morale else None)


def test_area_odds_equal_the_procedure_with_a_light_charge():
    target = Combatant(1, 3, terrain_dv=2, armour_dv=1)
    exact = area_odds(3, target, distance=7, weapon_range=6, light=3)

    def run(d):
        res = resolve_area_attack(3, [target], d, distance=7, weapon_range=6, light=3)
        if not res.effects:
            return (0, None)
        e = res.effects[0]
        return fire_key_of(e.damage, e.morale)

    assert exact.joint == enumerate_procedure(run)


def test_area_odds_equal_the_procedure_in_untenable_terrain():
    target = Combatant(2, 3, terrain_dv=3, untenable=True)
    exact = area_odds(2, target, melee=True, armour=False)

    def run(d):
        e = resolve_area_attack(2, [target], d, melee=True, armour=False).effects[0]
        return fire_key_of(e.damage, e.morale)

    assert exact.joint == enumerate_procedure(run)


def test_overrun_odds_equal_the_procedure():
    target = Combatant(2, 3, terrain_dv=1, armour_dv=3)
    exact = overrun_odds(target)
    assert exact.joint == enumerate_procedure(lambda d: fire_key(vehicle_overrun(target, d)))


def test_contest_distribution_matches_every_face_of_both_sides():
    """DHR-A15, DHR-A16: 2 armament dice against 3 armour dice, every one of 6**5 rolls."""
    counts: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=5):
        k = contest_winner(faces[:2], faces[2:]).effect_rolls
        counts[k] = counts.get(k, Fraction(0)) + Fraction(1, 6**5)
    assert contest_distribution(2, 3) == counts


@pytest.mark.parametrize("armament,armour", [(0, 0), (0, 2), (2, 0), (1, 1), (1, 4), (4, 1), (3, 3), (5, 2), (2, 5), (5, 5)])
def test_contest_distribution_matches_every_roll_of_both_sides(armament, armour):
    """Every sorted roll of the attacker against every sorted roll of the defender (the contest reads
    only counts of faces, so sorted rolls weighted by their orderings stand for all 6**(a+d))."""
    from rules.rulesets.dhr.armour_odds import _multisets

    counts: dict[int, Fraction] = {}
    for a_faces, p in _multisets(armament):
        for d_faces, q in _multisets(armour):
            k = contest_winner(a_faces, d_faces).effect_rolls
            counts[k] = counts.get(k, Fraction(0)) + p * q
    assert contest_distribution(armament, armour) == counts


def test_contest_distribution_matches_the_procedure():
    enumerated = enumerate_procedure(lambda d: armour_contest(2, 2, d).outcome.effect_rolls)
    assert contest_distribution(2, 2) == enumerated


def test_contest_win_chances_follow_the_dice_and_the_tie_rule():
    """Armored Vehicles: one die each wins only when higher (15/36: ties go to the defender);
    the M5's 3D6 against the Panther's 4D6 wins less often than 4D6 against 3D6."""
    assert contest_win_chance(1, 1) == Fraction(15, 36)
    assert Fraction(0) < contest_win_chance(3, 4) < contest_win_chance(4, 3) < Fraction(1, 2)


def test_vehicle_kill_chance_equals_the_procedure():
    gun = Firer(1, 4, 8)
    exact = vehicle_kill_chance(gun, 1, 2, distance=3, save_dv=2)
    enumerated = enumerate_procedure(
        lambda d: resolve_vehicle_fire(gun, 1, 2, d, distance=3, save_dv=2).killed)
    assert exact == enumerated[True]


def test_large_fire_odds_agree_with_a_seeded_sample():
    """10 figures x RoF 5 against a unit behind a wall with armour and a medic."""
    firer = Firer(10, 5, 6, rof=(1, 1, 1, 1, 1))
    target = Combatant(10, 3, terrain_dv=3, armour_dv=2, medic=True)
    exact = fire_odds(firer, target, distance=4, save_dv=2, slots=2)
    n = 3000
    cas_sum = 0
    fails = 0
    for i in range(n):
        r = resolve_fire(firer, target, SeededDice(1234, i), distance=4, save_dv=2, slots=2)
        cas_sum += r.casualties
        fails += bool(r.morale and r.morale.failed)
    mean = float(exact.expected_casualties)
    assert abs(cas_sum / n - mean) < 0.15
    p = float(exact.morale_fail)
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(fails / n - p) < 4 * sigma + 1e-9


def test_odds_for_typical_units_are_exact():
    """10 figures x RoF 5: exact distributions (their speed is `make bench`'s figure)."""
    firer = Firer(10, 5, 6, rof=(1, 1, 1, 1, 1))
    target = Combatant(10, 4, terrain_dv=2, armour_dv=1, medic=True, leader_rating=5)
    odds = fire_odds(firer, target, distance=3, save_dv=3, slots=5)
    melee = melee_odds(Combatant(10, 4, melee_dice=5, medic=True), Combatant(10, 3, terrain_dv=4, armour_dv=2))
    assert total(odds.joint) == 1 and total(melee.defender.joint) == 1


def test_outcomes_lines_for_the_preview():
    odds = fire_odds(Firer(2, 4, 6), Combatant(2, 3), distance=1, save_dv=0)
    labels = [said(o, ruleset="dhr") for o in odds.outcomes()]
    assert labels[0] == "target: 0 casualties" and "target: 2 casualties (wiped out)" in labels
    assert "target: fails morale" in labels
    assert sum(o.chance for o in odds.outcomes() if "casualt" in said(o, ruleset="dhr")) == 1


def test_line_fire_odds_equal_the_procedure_for_each_target():
    mg = Firer(1, 4, 6, rof=(2,))
    targets = [LineTarget(Combatant(1, 3, unit="a"), 2, 0), LineTarget(Combatant(1, 2, terrain_dv=1, unit="b"), 8, 0)]
    exact = line_fire_odds(mg, targets)

    def run(d):
        return tuple(fire_key(r) for r in resolve_line_fire(mg, targets, d).results)

    enumerated = enumerate_procedure(run)
    joint = {(ka, kb): pa * pb for ka, pa in exact[0].joint.items() for kb, pb in exact[1].joint.items()}
    assert {k: v for k, v in joint.items() if v} == enumerated


def test_crew_check_gates_the_fire_odds():
    """Crew Served Weapons; DHR-A14: the gun fires only after passing Rating - crew lost."""
    assert crew_check_chance(4, 2) == Fraction(2, 6) and crew_check_chance(4, 0) == 1
    assert crew_check_chance(2, 2) == 0 and crew_check_chance(2, 1, leader_rating=4) == Fraction(3, 6)
    gun = Firer(1, 4, 6)
    target = Combatant(1, 3)
    odds = gated(fire_odds(gun, target, distance=2, save_dv=0), crew_check_chance(4, 2))

    def run(d):
        if not crew_check(4, 2, d).passed:
            return (0, None)
        return fire_key(resolve_fire(gun, target, d, distance=2, save_dv=0))

    assert odds.joint == enumerate_procedure(run)


def test_vehicle_kill_chance_with_the_damage_table_equals_the_procedure():
    gun = Firer(1, 5, 8)
    exact = vehicle_kill_chance(gun, 2, 1, distance=3, damage_table=True)
    enumerated = enumerate_procedure(
        lambda d: resolve_vehicle_fire(gun, 2, 1, d, distance=3, damage_table=True).killed)
    assert exact == enumerated[True]
    assert contest_kill_chance(2, 1, damage_table=True) < contest_kill_chance(2, 1)


@settings(max_examples=40, deadline=None)
@given(
    rating=st.integers(1, 5), distance=st.integers(1, 14), save=st.integers(0, 6), armour=st.integers(0, 6),
    figures=st.integers(1, 2), t_rating=st.integers(1, 5), dv=st.integers(0, 5), leader=st.none() | st.integers(1, 5),
    medic=st.booleans(), untenable=st.booleans(), toughness=st.integers(1, 2),
)
def test_fire_odds_equal_the_procedure_for_any_small_shot(
    rating, distance, save, armour, figures, t_rating, dv, leader, medic, untenable, toughness
):
    """Property: for one firing die, the exact odds are the procedure run over every roll."""
    firer = Firer(1, rating, 6)
    target = Combatant(figures, t_rating, terrain_dv=dv, armour_dv=armour, leader_rating=leader, medic=medic,
                       untenable=untenable, toughness=toughness)
    exact = fire_odds(firer, target, distance=distance, save_dv=save)
    enumerated = enumerate_procedure(lambda d: fire_key(resolve_fire(firer, target, d, distance=distance,
                                                                     save_dv=save)))
    assert exact.joint == enumerated
