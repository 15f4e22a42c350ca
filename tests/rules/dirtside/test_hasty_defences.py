"""Dug-in positions belong to hexes: units that start dug in hold one, engineers with AEVs dig hasty defences any
unit may then occupy (dsii-core §2.1, §13), and a unit that moves out is no longer dug in."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Dig
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, play, setup, start, tank, team, unit


def game():
    return start(setup([
        unit("aev", "blue", at(5, 10), [tank("AEV", gun=("RFAC", 1), aev=True)]),
        unit("inf", "blue", at(8, 10), [team("A")], dug_in=True),
        unit("r", "red", at(15, 2), [tank("R")]),
    ]), first="blue")


def test_engineers_dig_a_position_that_any_unit_may_then_occupy():
    state = game()
    assert Dig(side="blue", unit="aev") in legal_actions(state, "blue")
    play(state, "dig blue unit=aev")
    assert at(5, 10) in state.positions and state.dug_in(state.units["aev"])
    assert state.units["aev"].stats.activated
    assert ("Markers", "dug in, activated") in RULESET.unit_card(state, "aev")
    with pytest.raises(Refusal, match="no working AEV"):
        play(state, "dig red unit=r")


def test_a_unit_that_moves_out_of_its_position_is_no_longer_dug_in_and_another_may_move_in():
    state = game()
    assert state.dug_in(state.units["inf"])
    play(state, "move blue unit=inf path=[9,10]")
    while state.paused:
        play(state, "hold red")
    assert not state.dug_in(state.units["inf"]) and at(8, 10) in state.positions


def test_digging_is_the_whole_activation():
    state = game()
    play(state, "move blue unit=aev path=[5,9]")
    while state.paused:
        play(state, "hold red")  # the red tank lets it go without opportunity fire
    assert Dig(side="blue", unit="aev") not in legal_actions(state, "blue")
    with pytest.raises(Refusal, match="whole activation"):
        play(state, "dig blue unit=aev")
