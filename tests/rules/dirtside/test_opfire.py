"""Opportunity fire hex by hex: the move stops at the hex where a side may fire, the reacting side decides
through its seat (rules/reaction.py), and fire that immobilises or destroys the mover ends its move there
(dsii-core §2.4)."""

from __future__ import annotations

from rules.rulesets.dirtside.actions import Hold, OpFire
from rules.rulesets.dirtside.turn import decision, legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def game():
    return start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1", armour=4)], facing=1),
        unit("rt", "red", at(5, 4), [tank("Red 1")], facing=4),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="blue")


def test_fire_at_the_first_hex_that_immobilises_the_mover_stops_it_there():
    state = game()
    play(state, "move blue unit=t path=[5,13;5,12;5,11]")
    assert state.paused[-1].kind == "opfire" and state.units["t"].at == at(5, 13)
    # HKP/3 at 9 hexes (close): d12 10 against d8 2; R2 Y1 M: 3 < front armour 4, M immobilises; test +1 holds
    play(state, "opfire red unit=rt at=5,13", 2, 10, F("R2", "Y1", "M"), 8)
    t = state.units["t"]
    assert t.at == at(5, 13) and t.stats.elements[0].immobilised and not state.paused
    assert state.units["rt"].stats.activated
    assert decision(state).side == "blue" and state.current == "t"  # the mover's activation goes on


def test_each_hex_asks_again_and_the_unit_that_fired_is_spent():
    state = game()
    play(state, "move blue unit=t path=[5,13;5,12;5,11]")
    play(state, Hold(side="red"))
    play(state, Hold(side="red"))
    assert set(legal_actions(state, "red")) == {OpFire(side="red", unit="rt", at=at(5, 11)), Hold(side="red")}
    play(state, "opfire red unit=rt at=5,11", 8, 2)  # a miss: d12 2 against d8 8
    assert state.units["t"].at == at(5, 11) and not state.paused
    assert state.spent == 3
