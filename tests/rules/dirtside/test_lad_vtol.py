"""LAD fires in self-defence at a VTOL attacking its unit within 12 hexes, before the attack (dsii-core §11.2-11.3):
LAD die against the pilot's die, a tie breaks the attack off [R], a hit draws 2 chits, all colours."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Fire

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, unit
from tests.said import chances, said


def heli():
    return {"name": "Gunship", "kind": "vehicle", "design": {"size": 3, "armour": 2, "mobility": "vtol",
                                                             "power": "fgp", "fc": "enhanced",
                                                             "weapons": [{"type": "RFAC", "cls": 2}]}}


def game(distance=6):
    return start(setup([
        unit("h", "blue", at(5, 14), [heli()]),
        unit("rt", "red", at(5, 14 - distance), [tank("Red 1", lad=True, size=4)]),
    ]), first="blue")


def rolled(ctx):
    return [e.record.sides for e in ctx.events if e.kind == "rolled"]


def test_a_tie_breaks_the_attack_off():
    state = game()
    ctx = play(state, "fire blue unit=h at=5,8", 3, 3)  # LAD d6 3, the pilot's d8 3
    assert rolled(ctx) == [6, 8] and not state.units["rt"].stats.lost_any


def test_a_lad_hit_over_the_armour_destroys_the_vtol_before_it_fires():
    state = game()
    ctx = play(state, "fire blue unit=h at=5,8", 6, 2, F("R3", "R3"))
    assert state.units["h"].eliminated and rolled(ctx)[:2] == [6, 8]


def test_out_of_lad_range_or_without_lad_nothing_fires_and_the_preview_has_the_lad_first():
    state = game()
    p = RULESET.preview(state, Fire(side="blue", unit="h", at=at(5, 8)))
    # a tie (6/48), or a hit (15/48) whose 2 chits total under the armour 2, breaks the attack off
    low = sum(p for d, p in odds.draws(2) if (ch.total(d, ch.ALL) or 0) < 2)
    assert said(p.outcomes[0], state) == "rt's LAD: the lead VTOL breaks off the attack"
    assert p.outcomes[0].chance == Fraction(6, 48) + Fraction(15, 48) * low
    plain = game()
    plain.units["rt"].stats.elements[0].design.lad = False
    base = chances(RULESET.preview(plain, Fire(side="blue", unit="h", at=at(5, 8))), plain)
    scaled = chances(p, state)
    assert all(scaled[k] == v * Fraction(27, 48) for k, v in base.items())  # the LAD misses 27/48
    far = game(distance=13)
    p = RULESET.preview(far, Fire(side="blue", unit="h", at=at(5, 1)))
    assert p is not None and "LAD" not in " ".join(said(o, far) for o in p.outcomes)
    ctx = play(far, "fire blue unit=h at=5,1", 6, 1)  # out of LAD reach: the gunship's own shot only (misses)
    assert rolled(ctx) == [6, 8]
