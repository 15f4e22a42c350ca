"""Engineers: demolitions by engineers and commandos, and AEV combat repair (dsii-core §6.4, §13; house rule
'Infantry commandos': they have the demolitions ability of engineers)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Demolish, Repair
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, board, play, setup, start, tank, team, unit


def test_engineers_demolish_a_building_in_contact_into_rubble_but_not_under_fire():
    state = start(setup([unit("e", "blue", at(5, 10), [team("E", kind="engineer")]),
                         unit("r", "red", at(18, 1), [team("X")])], b=board(terrain={at(5, 9): "urban"})), first="blue")
    assert Demolish(side="blue", unit="e", at=at(5, 9)) in legal_actions(state, "blue")
    play(state, "demolish blue unit=e at=5,9")
    assert at(5, 9) in state.rubble
    state = start(setup([unit("e", "blue", at(5, 10), [team("E", kind="engineer")], under_fire=True),
                         unit("r", "red", at(18, 1), [team("X")])], b=board(terrain={at(5, 9): "urban"})), first="blue")
    with pytest.raises(Refusal, match="under fire"):
        play(state, "demolish blue unit=e at=5,9")


def test_a_demolition_names_the_buildings_not_the_unit_standing_in_them():
    """Valley's Shade Commandos offered "Shade Commandos: demolish Shade Commandos" for their own hex's buildings."""
    state = start(setup([unit("c", "blue", at(5, 10), [team("C", kind="commando")], name="Shade Commandos"),
                         unit("r", "red", at(5, 9), [tank("R1")], name="Lynx"),
                         unit("rx", "red", at(18, 1), [team("X")])], b=board(terrain={at(5, 10): "urban"})),
                  first="blue")
    said = {a.text(): RULESET.describe(state, a) for a in legal_actions(state, "blue") if a.kind == "demolish"}
    assert said == {"demolish blue unit=c at=5,10": "Shade Commandos: demolish the buildings at 5,10",
                    "demolish blue unit=c at=5,9": "Shade Commandos: demolish Lynx"}


def test_commandos_demolish_an_enemy_vehicle_in_contact():
    state = start(setup([unit("c", "blue", at(5, 10), [team("C", kind="commando")]),
                         unit("r", "red", at(5, 9), [tank("R1"), tank("R2")], leader=1),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    play(state, "demolish blue unit=c at=5,9", 8)  # R1 destroyed; the +2 (half lost) test holds on 8
    assert [e.lost for e in state.units["r"].stats.elements] == [True, False]


def test_an_aev_repairs_damage_immobilisation_and_systems_down_on_4_or_more():
    state = start(setup([unit("aev", "blue", at(5, 10), [tank("AEV", gun=("RFAC", 1), aev=True)]),
                         unit("t", "blue", at(5, 9), [tank("T")]), unit("r", "red", at(18, 1), [team("X")])]),
                  first="blue")
    t = state.units["t"].stats.elements[0]
    t.damaged = t.immobilised = True
    pv = RULESET.preview(state, Repair(side="blue", unit="aev", target="t"))
    assert {RULESET.outcome_words(o, {}): o.chance for o in pv.outcomes}["repaired"] == Fraction(1, 2)
    play(state, "repair blue unit=aev target=t", 4)
    assert not t.damaged and not t.immobilised and state.units["aev"].stats.activated
