"""Ortillery and deviation (dsii-core §9.8): a d12 clock for the direction, a d6 and a d8: a higher d8 moves the
impact by the difference; counter-battery fire cannot reach orbit."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, ortillery
from rules.rulesets.dirtside.actions import Bombard
from rules.rulesets.dirtside.units import DSStats

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit
from tests.said import said


def orbit(**stats):
    return unit("orb", "blue", None, [tank("Rod 1", gun=("HVC", 3), artillery="heavy", ammo=1)],
                role="battery", artillery="heavy", off_table=True, orbital=True, **stats)


def game(**options):
    return start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ"), team("B")]),
        orbit(),
        unit("rt", "red", at(10, 6), [tank("Red 1")], facing=4),
        unit("r2", "red", at(17, 2), [team("C")]),
    ]), first="blue", **options)


def called(state):
    play(state, "call blue unit=obs battery=orb at=10,6 munition=HEF", 6)  # leader d8 needs 6 off-table
    play(state, "done blue")
    play(state, "done red unit=rt")


def test_the_impact_moves_by_the_d8_over_the_d6_in_the_clock_direction():
    state = game()
    called(state)
    # 3 o'clock -> E; d6 2, d8 5: 3 hexes east, out of reach of the red tank (zone radius 2): no draws
    ctx = play(state, "bombard blue unit=orb at=10,6", 3, 2, 5)
    assert "deviates 3 hexes E: it lands at 13,6" in " ".join(e.text() for e in ctx.events)
    assert not state.units["rt"].stats.elements[0].damaged and state.units["orb"].stats.elements[0].ammo == 0


def test_a_d8_not_above_the_d6_lands_on_target():
    state = game()
    called(state)
    # on target: heavy artillery draws 3 chits per gun against the tank's top armour 2
    play(state, "bombard blue unit=orb at=10,6", 11, 5, 5, F("R3", "Y3", "G0"))
    assert state.units["rt"].stats.elements[0].lost


def test_the_deviation_odds_are_exact_and_the_preview_sums_over_every_landing_hex():
    d = ortillery.distance_odds()
    assert d[0] == Fraction(21, 48) and [d[k] * 48 for k in range(1, 8)] == [6, 6, 5, 4, 3, 2, 1]
    state = game()
    assert sum(ortillery.spots(state, at(10, 6)).values()) == 1
    called(state)
    p = RULESET.preview(state, Bombard(side="blue", unit="orb", at=at(10, 6), munition="HEF"))
    mine = [o for o in p.outcomes if said(o, state).startswith("rt")]
    assert sum(o.chance for o in mine) == 1
    # the tank is outside the 2-hex zone exactly when the impact moves 3 or more: 15/48
    assert next(o.chance for o in mine if "outside" in said(o, state)) == Fraction(15, 48)


def test_the_option_makes_every_battery_deviate_and_orbit_is_out_of_counter_battery_reach():
    state = game(deviation=True)
    assert ortillery.deviates(state, state.units["orb"])
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ")]), orbit(),
        unit("cb", "red", None, [tank("CB", gun=("HVC", 3), artillery="heavy", ammo=1)], role="battery",
             artillery="heavy", off_table=False, cbr="superior"),
        unit("rt", "red", at(10, 6), [tank("Red 1")]),
    ]), first="red")
    state.fired["orb"] = [state.units["orb"].at]
    state.units["cb"].at = at(12, 1)
    with pytest.raises(Refusal, match="fires from orbit: counter-battery fire cannot reach it"):
        play(state, "counter red unit=cb target=orb")
    with pytest.raises(ValidationError, match="off-table battery"):
        DSStats(role="battery", artillery="heavy", orbital=True)
