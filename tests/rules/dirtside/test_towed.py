"""Towed artillery (dsii-core §9.1): signature one below the weapon's size class, armour 0; limbering and
unlimbering are whole activations; limbered it moves with its tractors and cannot fire; unlimbered it cannot move."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside.actions import Bombard, Limber, Move
from rules.rulesets.dirtside.design import Design, price
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, play, setup, start, tank, unit


def gun(name="Gun", cls="medium", size=3):
    return {"name": name, "kind": "vehicle", "design": {"size": size, "armour": 3, "mobility": None, "power": "cfe",
                                                         "artillery": cls, "towed": True, "ammo": 1}}


def tractor(name="Tractor", size=3):
    return {"name": name, "kind": "vehicle", "design": {"size": size, "armour": 1, "mobility": "wheeled_high",
                                                         "power": "cfe", "carries_teams": 0}}


def game(tractor_size=3, limbered=False):
    return start(setup([
        unit("bat", "blue", at(5, 12), [gun(), tractor(size=tractor_size)], limbered=limbered),
        unit("r", "red", at(5, 4), [tank("R")]),
    ]), first="blue")


def test_a_towed_piece_is_armour_0_and_one_size_below_its_weapon_class():
    state = game()
    g = state.units["bat"].stats.elements[0]
    assert g.armour() == 0 and g.signature() == 3  # medium artillery: weapon size class 4
    d = Design(size=3, armour=3, mobility=None, artillery="medium", towed=True)
    assert not any(label.startswith(("power", "mobility")) for label, _ in price(d).lines)
    assert price(Design(size=3, mobility="tracked_fast", artillery="medium", towed=True)).problems


def test_unlimbered_it_fires_and_cannot_move_limbering_is_the_whole_activation():
    state = game()
    acts = legal_actions(state, "blue")
    assert any(isinstance(a, Bombard) and a.unit == "bat" for a in acts)
    assert not any(isinstance(a, Move) and a.unit == "bat" for a in acts)
    assert Limber(side="blue", unit="bat") in acts
    play(state, "limber blue unit=bat")
    bat = state.units["bat"]
    assert bat.stats.limbered and bat.stats.activated and state.current is None


def test_limbered_it_moves_with_its_tractor_and_cannot_fire():
    state = game(limbered=True)
    bat = state.units["bat"]
    assert bat.bmf() == 10  # the high-mobility wheeled tractor's pace
    acts = legal_actions(state, "blue")
    assert any(isinstance(a, Move) and a.unit == "bat" for a in acts)
    assert not any(isinstance(a, Bombard) and a.unit == "bat" for a in acts)
    play(state, "move blue unit=bat path=[5,11]")
    assert state.units["bat"].at == at(5, 11)
    assert Limber(side="blue", unit="bat") not in legal_actions(state, state.active_side)  # it has moved


def test_a_tractor_smaller_than_the_gun_cannot_limber_it():
    state = game(tractor_size=2)
    assert Limber(side="blue", unit="bat") not in legal_actions(state, "blue")
    with pytest.raises(Refusal, match="lacks 1 tractor of the guns' size or larger"):
        play(state, "limber blue unit=bat")
