"""Issue 24 item 7: flying a cruise missile in shows its odds: the guns on the way, then the warhead."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Fly

from tests.rules.dirtside.helpers import at, launcher, play, setup, start, tank, team, unit
from tests.said import said


def due(*extra):
    state = start(setup([unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(),
                         unit("inf", "red", at(10, 4), [team("A"), team("B")]), *extra]))
    play(state, "launch blue unit=site at=10,4")
    for side, uid in [("red", "inf"), ("blue", "t")] + [("red", u.id) for u in extra]:
        play(state, f"done {side} unit={uid}")
    return state


def chances(state, where=(10, 4)):
    p = RULESET.preview(state, Fly(side="blue", missile="cm1", at=at(*where)))
    return p, {said(o, state): o.chance for o in p.outcomes}


def test_the_fly_preview_gives_the_dud_chance_and_each_team_killed():
    state = due(unit("rt", "red", at(16, 4), [tank("Red 1")], facing=4))
    p, got = chances(state)
    kill = state.units["inf"].infantry()[0].kill()
    fate = odds.class_dist(5, ch.ALL, lambda c: "F" if "F" in c else ch.read_infantry(c, ch.ALL, kill))
    clean = (1 - fate["F"]) ** 2
    assert "shot down on the way in" not in got
    assert got["fails to detonate (an F chit)"] == 1 - clean
    assert got["inf A: killed"] == got["inf B: killed"] == clean * fate[True] / (1 - fate["F"])
    assert "5 chits" in p.dice


def test_an_ads_near_the_path_may_shoot_it_down_first():
    state = due(unit("aa", "red", at(16, 4), [tank("Sky Guard", gun=("RFAC", 2), ads="enhanced")], sensors=True))
    p, got = chances(state)
    down = Fraction(sum(1 for a in range(1, 9) for t in range(1, 13) if a > t), 8 * 12)  # d8 strictly above a d12
    assert got["shot down on the way in"] == down
    assert any("ADS (d8)" in n for n in p.notes)
    assert sum(v for k, v in got.items() if k in ("shot down on the way in", "fails to detonate (an F chit)")) < 1
