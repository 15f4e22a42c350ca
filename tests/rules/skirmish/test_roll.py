"""The roll of text #2 and its stated numbers, with forced dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.skirmish.procedures.roll import Check, Contest, best, roll_check, tn_of


@pytest.mark.parametrize("stat,percent", [(7, 80), (6, 70), (5, 60), (4, 50), (3, 40)])
def test_the_decimal_ladder_gives_the_stated_percentages(stat, percent):
    # "Here is how the stat aligns with % chance to succeed, with stat+d10 vs TN10"
    passed = sum(Check(face, stat, 10).passed for face in range(1, 11))
    assert Fraction(passed, 10) == Fraction(percent, 100)


def test_equal_to_the_tn_succeeds():
    assert Check(5, 5, 10).passed  # SKIRM-A02: 'equals or exceeds'
    assert not Check(4, 5, 10).passed


def test_a_natural_1_always_fails_and_a_natural_0_always_succeeds():
    assert not Check(1, 10, 10).passed  # 11 vs 10, but a natural 1
    assert Check(10, 0, 25).passed  # the 0 face counts 10 and always succeeds (SKIRM-A01)
    assert Check(10, 0, 25).total == 10


def test_critical_when_passing_by_5_or_more():
    assert Check(10, 5, 10).critical  # 15 vs 10
    assert not Check(9, 5, 10).critical  # 14 vs 10
    assert not Check(1, 14, 10).critical  # a natural 1 fails, so it is no critical


def test_a_negative_modifier_is_good():
    # "The target number is modified, so a negative modifier is good"
    assert tn_of([("aimed", -1)]) == 9
    assert tn_of([("long range", 2), ("hard cover", 2)]) == 14


def test_contested_active_player_wins_ties():
    assert Contest(Check(5, 5, 10), Check(5, 5, 10)).winner == "active"
    assert Contest(Check(5, 5, 10), Check(6, 5, 10)).winner == "other"


def test_contested_compares_margins_against_each_own_tn():
    # SKIRM-A05: 13 vs TN 12 (margin 1) loses to 11 vs TN 9 (margin 2)
    assert Contest(Check(8, 5, 12), Check(6, 5, 9)).winner == "other"


def test_contested_only_one_success_wins_and_nobody_when_both_fail():
    assert Contest(Check(2, 5, 10), Check(5, 5, 10)).winner == "other"
    assert Contest(Check(2, 5, 10), Check(3, 5, 10)).winner is None  # SKIRM-A06


def test_contested_critical_beats_the_opponent_by_5():
    assert Contest(Check(10, 5, 10), Check(5, 5, 10)).critical  # margins 5 and 0
    assert not Contest(Check(9, 5, 10), Check(5, 5, 10)).critical


def test_extra_dice_keep_the_best_roll():
    assert best([Check(3, 5, 10), Check(8, 5, 10), Check(1, 5, 10)]).face == 8
    dice = ScriptedDice([2, 9])
    c = roll_check(dice, 5, 10, "CQC", dice_count=2)
    assert c.face == 9 and dice.records[0].faces == (2, 9)


def test_the_roll_is_logged_with_the_zero_face_shown_as_0():
    dice = ScriptedDice([10])
    roll_check(dice, 4, 12, "to hit")
    rec = dice.records[0]
    assert rec.shown_faces() == ["0"]
    assert "natural 0" in rec.outcome
