"""The die ladder, contests, confidence and reaction tests (dsii-core §1, §3) and their exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.dirtside import ladder, morale, odds


def test_ladder_shifts_and_impossible_below_d4_and_capped_at_d12():
    assert ladder.shift(6, 1) == 8 and ladder.shift(6, -1) == 4
    assert ladder.shift(4, -1) is None
    assert ladder.shift(12, 1) == 12 and ladder.shift(10, 3) == 12
    assert ladder.QUALITY_DIE == {"green": 6, "regular": 8, "veteran": 10}


def test_contest_needs_strictly_higher_and_the_passive_keeps_its_higher_die():
    c = ladder.contest(8, (6, 10), ScriptedDice(7, 3, 7), "fire")
    assert c.passive_best == 7 and not c.success and c.tie
    c = ladder.contest(8, (6, 10), ScriptedDice(8, 3, 7), "fire")
    assert c.success


def test_impossible_active_die_rolls_nothing_and_fails():
    dice = ScriptedDice(1)
    c = ladder.contest(None, (4,), dice, "fire")
    assert not c.success and dice.remaining == []


def test_worked_example_blue_2_threat_1():
    """§3.1: Blue-2 (d8) at threat +1: N = 3; 4-8 pass, 2-3 drop one, 1 drops two."""
    for roll, drops in [(8, 0), (4, 0), (3, 1), (2, 1), (1, 2)]:
        assert morale.confidence_test(8, 2, 1, ScriptedDice(roll)).drops == drops


def test_s9_regular_2_threat_3_must_beat_5_and_a_2_drops_two():
    r = morale.confidence_test(8, 2, 3, ScriptedDice(2))
    assert r.need == 5 and r.drops == 2
    assert morale.confidence_test(8, 2, 3, ScriptedDice(6)).passed
    assert morale.confidence_test(8, 2, 3, ScriptedDice(5)).drops == 1


def test_reaction_test_bonus_may_pass_the_top_of_the_die():
    # house 'Close assaults': +2 to the threat test die roll. Green-3 (d6), Shaken +3: N = 6
    assert not morale.reaction_test(6, 3, 3, ScriptedDice(6)).passed
    assert morale.reaction_test(6, 3, 3, ScriptedDice(5), bonus=2).passed


def test_threat_levels_highest_applies():
    assert morale.casualty_threat(True, 1, 4, 1, 4, False) == 1
    assert morale.casualty_threat(False, 2, 4, 2, 4, False) == 2
    assert morale.casualty_threat(False, 1, 4, 3, 4, True) == 3
    assert morale.casualty_threat(False, 0, 4, 0, 4, False) is None
    assert morale.ASSAULT_ATTACKER == {"CO": 0, "ST": 1, "SH": 3}


def test_house_assault_bonus_plus_2_plus_1_and_never_stacking():
    tanks = [(3, 3), (3, 4)]
    assert morale.assault_threat_bonus(True, [], tanks) == 2
    assert morale.assault_threat_bonus(True, [(2, 2)], tanks) == 1
    assert morale.assault_threat_bonus(True, [(3, 2)], tanks) == 0  # armour not lower than all
    assert morale.assault_threat_bonus(True, [(2, 3)], tanks) == 0  # gun not smaller than all
    assert morale.assault_threat_bonus(False, [], tanks) == 0  # a mixed unit gets nothing (DS2-A04)


def test_leader_change_d6():
    assert morale.leader_change(ScriptedDice(1), 2) == 3
    assert morale.leader_change(ScriptedDice(5), 2) == 2
    assert morale.leader_change(ScriptedDice(6), 1) == 1
    assert morale.leader_change(ScriptedDice(3), 3) == 3


@pytest.mark.parametrize("active, passive, bonus", [(8, (6,), 0), (10, (8, 10), 0), (6, (4, 6), 2), (12, (12,), 0)])
def test_exact_contest_equals_enumerated_procedure(active, passive, bonus):
    wins = total = 0
    for faces in product(*(range(1, d + 1) for d in (active,) + passive)):
        c = ladder.contest(active, passive, ScriptedDice(*faces), "x")
        wins += (c.active_roll + bonus > c.passive_best)
        total += 1
    assert Fraction(wins, total) == odds.contest(active, passive, bonus)


def test_exact_test_outcomes_equal_the_procedure():
    for die in (6, 8, 10):
        got = {}
        for roll in range(1, die + 1):
            k = morale.confidence_test(die, 2, 1, ScriptedDice(roll)).drops
            got[k] = got.get(k, Fraction(0)) + Fraction(1, die)
        assert got == odds.test_outcomes(die, 2, 1)
