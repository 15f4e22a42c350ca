"""SLAM salvo spread (dsii-core §5.6, §14.5): a hit at medium range also catches every other element within 1 hex
(its own hex included) on a d6 of 5-6, at long range within 2 on a 6; each caught element draws the SLAM's class."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Fire

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit
from tests.said import said


def game(distance=20, near=at(5, 1)):
    return start(setup([
        unit("s", "blue", at(5, 2 + distance), [tank("Launcher", gun=("SLAM", 4), size=4)]),
        unit("rt", "red", at(5, 2), [tank("R1", armour=3), tank("R2", armour=3)], facing=4),
        unit("ri", "red", near, [team("Rifles")]),
    ], board(height=30)), first="blue")


def rolled(ctx):
    return [(e.record.purpose, e.record.sides) for e in ctx.events if e.kind == "rolled"]


def test_a_medium_range_hit_catches_the_unit_mate_and_the_team_next_door_on_5_6():
    state = game()
    # target d8 (size 3) rolls 1; firer superior at medium d10 rolls 9: hit, 4 chits red + yellow vs front 3 =
    # 1: no damage; spread: R2 on 5 (caught: 4 chits, R3 + Y3 = 6 > 3, knocked out), the rifles on 4 (spared)
    ctx = play(state, "fire blue unit=s at=5,2", 1, 9, F("R1", "G3", "G3", "G0"), 5, F("R3", "Y3", "G0", "G0"), 4, 8)
    rt = state.units["rt"].stats.elements
    assert not rt[0].lost and rt[1].lost and not state.units["ri"].stats.elements[0].lost
    assert ("SLAM spread", 6) in rolled(ctx)


def test_a_miss_catches_nothing_and_close_range_has_no_spread():
    state = game()
    ctx = play(state, "fire blue unit=s at=5,2", 6, 2)
    assert ("SLAM spread", 6) not in rolled(ctx)
    state = game(distance=10)
    ctx = play(state, "fire blue unit=s at=5,2", 1, 9, F("R1", "G3", "G3", "G0"))
    assert ("SLAM spread", 6) not in rolled(ctx)


def test_the_preview_gives_each_caught_element_its_exact_chance():
    state = game()
    p = RULESET.preview(state, Fire(side="blue", unit="s", at=at(5, 2)))
    team_kill = next(o.chance for o in p.outcomes if said(o, state) == "SLAM spread: ri Rifles: killed")
    # hit: superior d10 at medium against the size-3 target's d8; no F in the 4-chit draw; caught on 5-6; 4 yellow chits >= 4
    p_hit = odds.contest(10, (8,))
    no_f = 1 - odds.vehicle(4, ch.RY, 3).get("F", Fraction(0))
    assert team_kill == p_hit * no_f * Fraction(1, 3) * odds.infantry_kill(4, ch.YELLOW, 4)
