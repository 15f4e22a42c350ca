"""Shooting, damage and the weapon table (text #5, #5A, #6), with forced dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.skirmish.procedures.roll import Check, tn_of
from rules.rulesets.skirmish.procedures.shooting import (
    Situation, Shot, attack_on_one, damage_tn, fate, hit_modifiers, may_reroll, roll_hit, roll_wound, shot_for,
)
from rules.rulesets.skirmish.units import SkirmStats
from rules.rulesets.skirmish.weapons import CALIBRES, WEAPONS, cqc_firearm_modifier, traits_of


def tn(**kw) -> int:
    return tn_of(hit_modifiers(Situation(**kw)))


def test_long_range_suppressive_fire_at_hard_cover_hits_only_on_a_lucky_0():
    # "most long-range suppressive fire against targets in cover only hits on a lucky ‘0’"
    t = tn(weapon="carbine", distance=30, spray=True, hard_cover=True)
    assert t == 16
    for stat in (4, 5):
        assert [f for f in range(1, 11) if Check(f, stat, t).passed] == [10]


def test_long_range_suppressive_in_cover_is_10_to_20_percent():
    # "(So most long-range suppressive fire against targets in cover will likely only hit on 10-20% chance)"
    t = tn(weapon="carbine", distance=30, spray=True, hard_cover=True)
    chances = [Fraction(sum(Check(f, s, t).passed for f in range(1, 11)), 10) for s in (4, 5, 6, 7)]
    assert all(Fraction(1, 10) <= p <= Fraction(2, 10) for p in chances)


@pytest.mark.parametrize("kw,expected", [
    (dict(weapon="carbine", distance=24), 10),  # effective range: no modifier
    (dict(weapon="carbine", distance=25), 12),  # long range +2
    (dict(weapon="carbine", distance=25, attachments=("bipod",)), 11),  # bipod, not moved: +1 instead
    (dict(weapon="carbine", distance=25, attachments=("bipod",), moved=1), 13),  # moved: +2 and Bulky +1
    (dict(weapon="carbine", distance=5, hard_cover=True), 12),
    (dict(weapon="carbine", distance=5, aim="hit"), 9),
    (dict(weapon="carbine", distance=5, flanked=True), 9),
    (dict(weapon="carbine", distance=5, suppressed=True), 12),
    (dict(weapon="carbine", distance=5, overwatch=True), 11),
    (dict(weapon="smg", distance=6), 9),  # Assault at 6" or less
    (dict(weapon="smg", distance=7), 10),
    (dict(weapon="shotgun", distance=8), 8),  # spray -2 (SKIRM-A03)
    (dict(weapon="shotgun", distance=5), 7),  # and Assault
    (dict(weapon="dmr", distance=5, moved=3), 11),  # Bulky moved
    (dict(weapon="sniper", distance=10, moved=3), 12),  # Bolt and Bulky stack (SKIRM-A25)
    (dict(weapon="shotgun", distance=8, moved=3), 8),  # Pump: no movement penalty
])
def test_to_hit_modifiers(kw, expected):
    assert tn(**kw) == expected


def test_scopes_reroll_a_miss_only_single_shot_without_moving():
    assert may_reroll(Situation(weapon="sniper", distance=30, attachments=("sniper_scope",)))
    assert not may_reroll(Situation(weapon="sniper", distance=6, attachments=("sniper_scope",)))
    assert not may_reroll(Situation(weapon="sniper", distance=30, attachments=("sniper_scope",), moved=1))
    assert may_reroll(Situation(weapon="carbine", distance=20, attachments=("acog",)))
    assert not may_reroll(Situation(weapon="carbine", distance=25, attachments=("acog",)))  # beyond effective
    assert not may_reroll(Situation(weapon="carbine", distance=20, attachments=("acog",), shots=2))
    assert may_reroll(Situation(weapon="carbine", distance=3, aim="reroll"))


def test_a_reroll_replaces_a_miss():
    shot = Shot(stat=5, tn=10, reroll=True, damage=5, wound_tn=10)
    assert roll_hit(ScriptedDice([3, 7]), shot).face == 7
    no = Shot(stat=5, tn=10, reroll=False, damage=5, wound_tn=10)
    dice = ScriptedDice([3])
    assert not roll_hit(dice, no).passed and dice.remaining == []


def test_attachments_make_a_weapon_bulky():
    assert "bulky" in traits_of(WEAPONS["carbine"], ["bipod"])
    assert "bulky" in traits_of(WEAPONS["carbine"], ["sniper_scope"])
    assert "bulky" in traits_of(WEAPONS["lmg"], ["bipod"])  # Heavy too: "Gives weapons Bulky" (issue 27)


def test_the_weapon_table():
    rows = {k: (w.effective, w.long, w.fire, w.auto, w.damage) for k, w in WEAPONS.items()}
    assert rows == {
        "pistol": (6, 12, "semi", 0, 4), "smg": (12, 24, "semi", 3, 4), "shotgun": (12, 18, "pump", 0, 7),
        "carbine": (24, None, "semi", 3, 5), "dmr": (30, None, "semi", 0, 6), "saw": (24, None, "semi", 4, 5),
        "lmg": (30, None, "semi", 4, 6), "sniper": (36, None, "bolt", 0, 7), "amr": (36, None, "bolt", 0, 8),
    }
    assert WEAPONS["shotgun"].damage_at(12) == 7 and WEAPONS["shotgun"].damage_at(13) == 3  # SKIRM-A10
    assert WEAPONS["pistol"].in_range(12) and not WEAPONS["pistol"].in_range(13)
    assert WEAPONS["carbine"].in_range(200)  # '-': no maximum (SKIRM-A09)
    assert WEAPONS["carbine"].rof(long=False) == 2 and WEAPONS["carbine"].rof(long=True) == 1
    assert WEAPONS["sniper"].rof(long=False) == 1


def test_calibres():
    assert CALIBRES["9mm"] == 4 and CALIBRES["5.56mm"] == 5 and CALIBRES["7.62mm"] == 6
    assert CALIBRES[".308"] == 7 and CALIBRES[".50"] == 8


def test_armour_raises_the_wound_tn():
    assert SkirmStats().wound_tn == 10  # 'Unarmoured human is 10TN'
    assert [SkirmStats(armour=a).wound_tn for a in ("light", "medium", "heavy")] == [11, 12, 13]
    assert damage_tn(10, "damage") == 8  # 'Aimed single shot -2TN bonus'


def test_heavy_costs_an_inch_of_move():
    assert SkirmStats(weapon="lmg", move=5).speed == 4 and SkirmStats(move=5).speed == 5


def test_wound_roll_downs_at_tn_and_kills_at_5_over():
    assert roll_wound(ScriptedDice([5]), 5, 10) == "downed"  # 10 equals the TN
    assert roll_wound(ScriptedDice([4]), 5, 10) == "none"
    assert roll_wound(ScriptedDice([10]), 5, 10) == "dead"  # 15: exceeds by 5+
    assert roll_wound(ScriptedDice([1]), 9, 10) == "none"  # natural 1 fails (SKIRM-A11)
    assert roll_wound(ScriptedDice([10]), 0, 13) == "downed"  # natural 0 succeeds


def test_two_downed_results_or_a_second_hit_kill():
    assert fate(False, ["downed", "downed"], True) == "dead"
    assert fate(True, ["downed"], True) == "dead"
    assert fate(True, ["none"], True) == "unhurt"
    assert fate(False, ["none", "downed"], True) == "downed"
    assert fate(False, [], False) == "miss"


def test_a_critical_hit_rolls_damage_twice():
    shot = Shot(stat=5, tn=10, reroll=False, damage=5, wound_tn=10)
    dice = ScriptedDice([10], [5, 5], [9])  # hit 15 (critical), two downed results, no Will check
    assert attack_on_one(dice, [shot], False, 5) == ("dead", False)
    assert dice.remaining == [9]


def test_a_non_damaging_hit_forces_a_will_check():
    shot = Shot(stat=5, tn=10, reroll=False, damage=5, wound_tn=10)
    assert attack_on_one(ScriptedDice([6], [2], [4]), [shot], False, 5) == ("unhurt", True)
    assert attack_on_one(ScriptedDice([6], [2], [5]), [shot], False, 5) == ("unhurt", False)
    assert attack_on_one(ScriptedDice([2], [3]), [shot], False, 5, in_zone=True) == ("miss", True)


def test_shot_for_uses_range_damage_and_aim():
    s = Situation(weapon="shotgun", distance=14, aim="damage")
    shot = shot_for(5, s, 10)
    assert shot.damage == 3 and shot.wound_tn == 8 and shot.tn == 10


def test_cqc_firearm_modifiers():
    assert cqc_firearm_modifier("pistol") == 0
    assert cqc_firearm_modifier("smg") == 1 and cqc_firearm_modifier("shotgun") == 1
    assert cqc_firearm_modifier("carbine") == 2 and cqc_firearm_modifier("lmg") == 2
