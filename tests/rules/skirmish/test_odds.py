"""Exact odds agree with the procedures the actions use, walked over every dice sequence."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.rulesets.skirmish.procedures.cqc import Fighter, melee_on_one
from rules.rulesets.skirmish.odds import activation_odds, attack_odds, best_of, enumerate_dice, melee_odds
from rules.rulesets.skirmish.procedures.roll import best, Check
from rules.rulesets.skirmish.procedures.shooting import Shot, attack_on_one


SHOTS = [
    [Shot(stat=5, tn=10, reroll=False, damage=5, wound_tn=10)],
    [Shot(stat=4, tn=12, reroll=True, damage=7, wound_tn=11)],
    [Shot(stat=3, tn=11, reroll=False, damage=4, wound_tn=10)] * 2,  # two shots: few hits keep the walk short
    [Shot(stat=5, tn=16, reroll=False, damage=5, wound_tn=10)] * 3,
]


@pytest.mark.parametrize("shots", SHOTS)
@pytest.mark.parametrize("downed,zone", [(False, False), (True, False), (False, True)])
def test_attack_odds_equal_the_enumerated_procedure(shots, downed, zone):
    exact = attack_odds(shots, downed, 5, in_zone=zone)
    walked = enumerate_dice(lambda d: attack_on_one(d, shots, downed, 5, in_zone=zone))
    assert exact == {k: v for k, v in walked.items() if v}
    assert sum(exact.values()) == 1


@pytest.mark.parametrize("shot", [
    Shot(stat=5, tn=10, reroll=False, damage=5, wound_tn=10),
    Shot(stat=7, tn=8, reroll=True, damage=9, wound_tn=8),  # criticals on the hit and on the wounds
    Shot(stat=2, tn=14, reroll=True, damage=3, wound_tn=14),  # only natural 0s pass
])
def test_one_shot_walked_apart_equals_the_whole_shot_walked(shot):
    from rules.rulesets.skirmish.odds import _one_shot
    from rules.rulesets.skirmish.procedures.shooting import TargetResult, resolve_shot

    def whole(dice):
        r = TargetResult()
        resolve_shot(dice, shot, r)
        return r.hits > 0, sum(w == "downed" for w in r.wounds), "dead" in r.wounds
    assert _one_shot(shot) == enumerate_dice(whole)


FIGHTS = [
    (Fighter(cqc=5, tn=10, damage=5, melee=True), Fighter(cqc=5, tn=12, damage=4)),
    (Fighter(cqc=4, tn=10, dice=2, damage=4), Fighter(cqc=6, tn=9, damage=6, melee=True, wound_tn=11)),
    (Fighter(cqc=5, tn=11, damage=4), Fighter(cqc=5, tn=10, damage=4, downed=True)),
]


@pytest.mark.parametrize("active,other", FIGHTS)
def test_melee_odds_equal_the_enumerated_procedure(active, other):
    exact = melee_odds(active, other)
    walked = enumerate_dice(lambda d: melee_on_one(d, active, other))
    assert exact == {k: v for k, v in walked.items() if v}


def test_best_of_n_matches_all_faces():
    for n in (1, 2, 3):
        walked = enumerate_dice(lambda d: best([Check(f, 5, 10) for f in d.roll(n, 10, "x")]))
        assert best_of(5, 10, n) == walked


def test_activation_odds():
    assert activation_odds(5, 10) == Fraction(6, 10)
    assert activation_odds(5, 9) == Fraction(7, 10)  # leader within 6"


def test_the_quick_resolver_gives_the_games_odds():
    from rules.resolver import procedures, run

    assert set(procedures("skirmish")) >= {"check", "shot", "fight", "downed"}
    proc, values = run("skirmish", "shot", {"shots": "2", "tn": "12"})
    shot = Shot(stat=5, tn=12, reroll=False, damage=5, wound_tn=10)
    exact = attack_odds([shot, shot], False, 5)
    assert sum(o.chance for o in proc.odds(values).outcomes) == 1
    assert {o.chance for o in proc.odds(values).outcomes} == set(exact.values())
    proc, values = run("skirmish", "check", {"stat": "4"})
    assert proc.odds(values).outcomes[0].chance == Fraction(5, 10)
