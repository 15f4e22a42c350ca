"""Command units, rallying and regrouping with forced dice (dsii-core §3.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Rally, Regroup
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def test_rally_beats_own_plus_command_leadership_and_spends_the_unit():
    state = start(setup([
        unit("hq", "blue", at(2, 14), [tank("HQ")], command=True, leadership=1),
        unit("p", "blue", at(5, 14), [team("A"), team("B")], confidence="SH"),
        unit("r", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    assert Rally(side="blue", unit="p") in legal_actions(state, "blue")
    pv = RULESET.preview(state, Rally(side="blue", unit="p"))
    assert {RULESET.outcome_words(o, {}): o.chance for o in pv.outcomes}["up one level"] == Fraction(5, 8)  # d8 must beat 2 + 1
    play(state, "rally blue unit=p", 4)
    p = state.units["p"]
    assert p.stats.confidence == "ST" and p.stats.activated and state.current is None
    state.units["p"].stats.activated = False
    state.active_side = "blue"
    play(state, "rally blue unit=p", 3)  # 3 is not above 3: no change, still spent
    assert state.units["p"].stats.confidence == "ST" and state.units["p"].stats.activated


def test_no_rallying_without_a_command_unit_on_the_table():
    state = start(setup([unit("p", "blue", at(5, 14), [team("A")], confidence="SH"),
                         unit("r", "red", at(18, 1), [team("X")])]), first="blue")
    assert Rally(side="blue", unit="p") not in legal_actions(state, "blue")
    with pytest.raises(Refusal, match="no command unit"):
        play(state, "rally blue unit=p")


def test_losing_the_command_unit_drops_every_unit_a_level_and_stops_new_assaults_this_turn():
    state = start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")], facing=1),
        unit("hq", "red", at(5, 10), [tank("HQ", armour=2)], command=True),
        unit("inf", "red", at(9, 10), [team("A")]),
        unit("rt", "red", at(12, 4), [tank("R")]),
    ]), first="blue")
    # HKP/3 at 4: d12 10 against d8 2; R3 R2 Y1 = 6 > 2: destroyed
    play(state, "fire blue unit=t at=5,10", 2, 10, F("R3", "R2", "Y1"))
    assert state.units["hq"].eliminated
    assert state.units["inf"].stats.confidence == "ST" and state.units["rt"].stats.confidence == "ST"
    assert state.no_offensive == ["red"]
    assert not any(a.kind == "assault" for a in legal_actions(state, "red"))


def test_two_depleted_units_merge_with_the_better_leader_and_the_average_confidence():
    state = start(setup([
        unit("a", "blue", at(5, 14), [team("A1"), team("A2"), team("A3")], confidence="BR", leadership=3,
             quality="green"),
        unit("b", "blue", at(6, 14), [team("B1"), team("B2")], confidence="ST", leadership=1),
        unit("r", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    state.units["a"].stats.elements[0].lost = True
    state.units["b"].stats.elements[1].lost = True
    assert Regroup(side="blue", unit="a", other="b") in legal_actions(state, "blue")
    play(state, "regroup blue unit=a other=b")
    a, b = state.units["a"], state.units["b"]
    assert [e.name for e in a.stats.elements] == ["A2", "A3", "B1"]
    assert a.stats.leadership == 1 and a.stats.quality == "green" and a.stats.confidence == "SH"
    assert a.stats.elements[a.stats.leader].name == "B1"
    assert b.at is None and not b.in_play and [e.name for e in b.stats.elements] == ["A1", "B2"]
    assert a.stats.activated and b.stats.activated
