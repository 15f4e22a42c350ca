"""Every active ADS covering the target engages a missile attack once, best first (§7.2), and the fire preview
counts each interception exactly."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Fire

from tests.rules.dirtside.helpers import at, play, setup, start, tank, unit


def game():
    return start(setup([
        unit("g", "blue", at(5, 10), [tank("Launcher", gun=("GMS/L", 1))]),
        unit("rt", "red", at(5, 4), [tank("Red 1", armour=3)]),
        unit("a1", "red", at(8, 4), [tank("ADS B", gun=("RFAC", 2), ads="basic", size=4)], sensors=True),
        unit("a2", "red", at(2, 4), [tank("ADS E", gun=("RFAC", 2), ads="enhanced", size=4)], sensors=True),
    ]), first="blue")


def test_the_second_covering_ads_may_shoot_the_missile_the_first_missed():
    state = game()
    # the enhanced ADS (d8) first: 2 against guidance 5, missed; then the basic ADS (d6): 6 against 3, destroyed
    ctx = play(state, "fire blue unit=g at=5,4", 2, 5, 6, 3)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [8, 6, 6, 6]
    assert not state.units["rt"].stats.elements[0].damaged and not state.units["rt"].stats.lost_any


def test_the_preview_counts_every_covering_ads():
    state = game()
    p = RULESET.preview(state, Fire(side="blue", unit="g", at=at(5, 4)))
    miss = next(o.chance for o in p.outcomes if o.label.endswith("misses"))
    # guidance d6 beats ECM none (d4) 14/24; the d8 ADS fails to beat it 21/48, the d6 ADS 21/36
    assert miss == 1 - Fraction(14, 24) * Fraction(21, 48) * Fraction(21, 36)
    state.units["a1"].stats.sensors = False
    p = RULESET.preview(state, Fire(side="blue", unit="g", at=at(5, 4)))
    assert next(o.chance for o in p.outcomes if o.label.endswith("misses")) == 1 - Fraction(14, 24) * Fraction(21, 48)
