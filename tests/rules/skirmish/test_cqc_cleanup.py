"""Close quarters combat (#5B), activation, falling and clean-up (#3, #4, #5A, #5-ish), with forced dice."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.skirmish.procedures.cleanup import (
    activation_modifiers, downed_status, falling, morale_due, roll_downed, roll_off,
)
from rules.rulesets.skirmish.procedures.cqc import Fighter, cqc_modifiers, fighter_tn, melee_on_one, weapon_in_cqc
from rules.rulesets.skirmish.procedures.roll import tn_of


def test_the_knife_example():
    # "a knife could by Physique 4 + 1 knife bonus = 5 damage"
    assert weapon_in_cqc("carbine", "knife", 4)[2] == 5


def test_cqc_weapon_modifiers():
    assert weapon_in_cqc("carbine", "katana", 4)[1] == -1
    assert weapon_in_cqc("carbine", "bayonet", 4)[1] == 0
    assert weapon_in_cqc("pistol", "none", 4)[1:] == (0, 4, False)  # calibre of the pistol
    assert weapon_in_cqc("smg", "none", 4)[1] == 1
    assert weapon_in_cqc("dmr", "none", 4)[1:] == (2, 4, False)  # rifle: Physique


def test_cqc_modifiers():
    assert fighter_tn(0, from_rear=True) == 8
    assert fighter_tn(0, uphill=True) == 11
    assert fighter_tn(2, suppressed=True) == 14
    assert cqc_modifiers(0) == []


def test_a_critical_with_a_melee_weapon_kills_outright():
    knife = Fighter(cqc=5, tn=10, damage=5, melee=True)
    rifle = Fighter(cqc=5, tn=12, damage=4)
    assert melee_on_one(ScriptedDice([10], [5]), knife, rifle) == ("active", "dead", False)


def test_a_critical_with_a_firearm_only_wounds():
    a = Fighter(cqc=5, tn=10, damage=4)
    b = Fighter(cqc=5, tn=10, damage=4)
    assert melee_on_one(ScriptedDice([10], [5], [6]), a, b) == ("active", "downed", False)


def test_nobody_wins_when_both_fail():
    a, b = Fighter(cqc=5, tn=10), Fighter(cqc=5, tn=10)
    dice = ScriptedDice([2], [3])
    assert melee_on_one(dice, a, b) == (None, "miss", False) and dice.remaining == []


def test_allies_add_dice_and_the_best_is_kept():
    a = Fighter(cqc=4, tn=10, dice=2, damage=4)
    b = Fighter(cqc=5, tn=10, damage=4, willpower=5)
    # the attacker rolls 2 and 8 (keeps 12, margin 2), the defender 6 (11); the wound misses; Will fails
    assert melee_on_one(ScriptedDice([2, 8], [6], [2], [3]), a, b) == ("active", "unhurt", True)


def test_activation_modifiers():
    assert tn_of(activation_modifiers(near_leader=True)) == 9
    assert tn_of(activation_modifiers(alone=True)) == 11
    assert tn_of(activation_modifiers(suppressed=True)) == 12


def test_the_downed_table():
    assert [downed_status(f) for f in range(1, 11)] == ["carry on"] * 3 + ["still downed"] * 4 + ["dead"] * 3
    assert roll_downed(ScriptedDice([10])) == "dead"  # the 0 face: 'you're dead' (SKIRM-A01)


def test_falling_three_heights_needs_two_saves():
    # "falling 3x the models height would mean 2 saving rolls must be made or the model is downed"
    dice = ScriptedDice([6, 6])
    assert falling(dice, 5, 2) == "none" and dice.remaining == []
    assert falling(ScriptedDice([6, 4]), 5, 2) == "downed"
    assert falling(ScriptedDice([4, 4]), 5, 2) == "dead"  # two downed results
    assert falling(ScriptedDice([1]), 9, 2) == "dead"  # a natural 1 (SKIRM-A14)
    assert falling(ScriptedDice([2]), 3, 2) == "dead"  # 5 vs 10: failed by 5


def test_morale_at_half_the_points():
    assert morale_due(3, 6) and not morale_due(2, 6)
    assert morale_due(3, 5) and not morale_due(2, 5)  # SKIRM-A23


def test_leaders_roll_off():
    assert roll_off(ScriptedDice([6, 8]), {"a": 5, "b": 5}) == "b"
    assert roll_off(ScriptedDice([6, 6], [7, 3]), {"a": 5, "b": 5}) == "a"  # a tie is rolled again
    assert roll_off(ScriptedDice([2, 3], [3, 9]), {"a": 5, "b": 5}) == "b"  # nobody succeeded: again
