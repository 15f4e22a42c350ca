"""Flights of two aerospace craft flying and answering as one unit (dsii-core §1.2, §2.2, §11.3-11.4; house rule
'Aerospace air to air combat': a craft or unit of craft)."""

from __future__ import annotations

import pytest

from rules.rulesets.dirtside.legal import goes

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, unit
from tests.rules.dirtside.test_house_in_play import fighter, jet


def flight(over=True, **design):
    return [unit("lead", "blue", None, [fighter("Lead", **design)], role="aircraft", off_table=not over, wingman="wing"),
            unit("wing", "blue", None, [fighter("Wing", **design)], role="aircraft", off_table=not over)]


def test_a_flight_enters_the_battle_area_in_one_go():
    state = start(setup([*flight(over=False), unit("t", "blue", at(10, 14), [tank()]),
                         unit("r", "red", at(10, 2), [tank()]), unit("r2", "red", at(4, 2), [tank()])]), first="blue")
    assert state.units["wing"].stats.wingman == "lead"
    assert goes(state, "blue") == 3
    play(state, "sortie blue unit=lead")
    assert not state.units["lead"].stats.off_table and not state.units["wing"].stats.off_table
    assert state.units["wing"].stats.activated and goes(state, "blue") == 1


def test_every_craft_of_a_flight_tests_each_ads_fires_at_one_craft_then_each_craft_attacks():
    state = start(setup([
        *flight(), unit("t", "blue", at(10, 14), [tank()]),
        unit("aa", "red", at(14, 2), [tank("ADS", gun=("RFAC", 2), ads="enhanced")], sensors=True),
        unit("r", "red", at(10, 4), [tank("R1"), tank("R2")], leader=1),
    ]), first="blue")
    # both pilots test at +1 (6 and 2: the wing breaks off and leaves); the ADS d8 2 against the lead's d8 5:
    # miss; the lead's RFAC/2 close d10 9 against the target's d8 3: R1 + Y2 = 3 > top armour 2; test +2 holds
    play(state, "run blue unit=lead at=10,4", 6, 2, 2, 5, 3, 9, F("R1", "Y2"), 8)
    assert state.units["wing"].stats.off_table and state.units["wing"].stats.activated
    assert state.units["r"].stats.elements[0].lost


def test_both_craft_of_a_flight_strike_when_both_get_through():
    state = start(setup([*flight(), unit("t", "blue", at(10, 14), [tank()]),
                         unit("r", "red", at(10, 4), [tank("R1"), tank("R2")], leader=1)]), first="blue")
    # no air defence: the lead and the wing each attack the first element (both miss: 1 against 8)
    play(state, "run blue unit=lead at=10,4", 8, 1, 8, 1)
    assert not any(e.lost for e in state.units["r"].stats.elements)


def test_a_flight_attacked_in_the_air_evades_as_one_unit():
    state = start(setup([*flight(), unit("t", "blue", at(10, 14), [tank()]),
                         jet("kite", side="red"), unit("r", "red", at(10, 2), [tank()])]), first="red")
    play(state, "airfight red unit=kite target=lead weapon=guns")
    play(state, "react blue choice=evade", 1, 4, 5)  # the kite's d8 1 against d8 4 and the evading d8 5
    assert state.units["lead"].stats.activated and state.units["wing"].stats.activated


def test_a_wingman_must_be_an_aircraft_of_the_same_side():
    with pytest.raises(ValueError, match="wingman"):
        start(setup([unit("lead", "blue", None, [fighter("Lead")], role="aircraft", wingman="t"),
                     unit("t", "blue", at(10, 14), [tank()]), unit("r", "red", at(10, 2), [tank()])]))
