"""Dead-fall ordnance (dsii-core §11.4; house 'Aerospace vehicles': a bomber leaves after dropping its ordnance):
an attack run drops one load on the target's hex: every element within 2 hexes draws 2 chits with the munition's
artillery validity; a load costs 30 points and 4 capacity."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import AttackRun
from rules.rulesets.dirtside.design import Design, price
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def bomber(loads=2):
    return unit("bomb", "blue", None, [{"name": "Bomber", "kind": "aircraft", "design": {
        "size": 4, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "basic", "dfo": loads,
        "weapons": [{"type": "RFAC", "cls": 1, "mount": "fixed"}]}}], role="aircraft", off_table=False)


def game(loads=2):
    return start(setup([
        bomber(loads), unit("t", "blue", at(3, 14), [tank("T")]),
        unit("inf", "red", at(10, 4), [team("A"), team("B")]),
        unit("far", "red", at(17, 2), [tank("R")]),
    ]), first="blue")


def test_a_load_draws_2_chits_on_every_element_in_the_zone_with_hef_validity():
    state = game()
    assert AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF") in legal_actions(state, "blue")
    # HEF against infantry in the open: red + yellow; A draws R3 + Y1 = 4, killed; B draws G3 + G3 = 0
    play(state, "run blue unit=bomb at=10,4 ordnance=HEF", F("R3", "Y1"), F("G3", "G3"), 8, 5, 8)
    assert [e.lost for e in state.units["inf"].stats.elements] == [True, False]
    assert state.units["bomb"].stats.elements[0].dfo == 1
    assert ("Ordnance loads", "1") in RULESET.unit_card(state, "bomb")


def test_the_preview_and_no_load_left():
    state = game()
    p = RULESET.preview(state, AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF"))
    kill = next(o.chance for o in p.outcomes if o.label == "inf A: killed")
    assert kill == odds.infantry_kill(2, ch.RY, 4)  # no air defence: the load always falls
    state = game(loads=0)
    assert not any(isinstance(a, AttackRun) and a.ordnance != "none" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="no dead-fall ordnance load left"):
        play(state, "run blue unit=bomb at=10,4 ordnance=MAK")


def test_loads_cost_30_and_take_4_capacity_on_aerospace_craft_only():
    d = Design(size=4, armour=2, mobility="aerospace", power="fgp", dfo=2)
    assert ("2 ordnance loads", 60) in price(d).lines and not price(d).problems
    assert "ordnance loads go on aerospace craft only" in price(Design(size=4, dfo=1)).problems[0]
    assert ("1 ordnance load", 30) in price(Design(size=4, dfo=1)).lines
    assert price(Design(size=1, armour=0, mobility="aerospace", power="fgp", dfo=2)).problems  # 8 > 5 capacity
