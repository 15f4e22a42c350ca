"""Bridgelayers (dsii-core §13: a full activation to lay the bridge, another to recover it; it carries vehicles up to
its own class; §12.7: 50 points a bridge class). [R] the bridge spans a river hexside next to the layer."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside import movement as mv
from rules.rulesets.dirtside.actions import Bridge, Move
from rules.rulesets.dirtside.design import Design, price
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, play, setup, start, tank, unit
from tests.rules.dirtside.test_rivers_water import river_board


def layer(size=3, bridge=3):
    return tank("Layer", size=size, armour=1, gun=("HVC", 1), bridge=bridge)


def game(tank_size=3, layer_at=at(5, 8)):
    return start(setup([unit("l", "blue", layer_at, [layer()]),
                        unit("t", "blue", at(5, 9), [tank("T", size=tank_size, armour=tank_size)]),
                        unit("r", "red", at(18, 1), [tank("R")])], river_board()), first="blue")


def test_laying_the_bridge_is_the_whole_activation_and_lets_vehicles_of_its_class_cross_free():
    state = game()
    t = state.units["t"]
    assert mv.hex_cost(state, t, at(6, 8), False, frm=at(5, 8)) == 1 + 3  # the river hexside: difficult
    lay = Bridge(side="blue", unit="l", at=at(6, 8))
    assert lay in legal_actions(state, "blue")
    assert Bridge(side="blue", unit="l", at=at(5, 7)) not in legal_actions(state, "blue")  # no river there
    assert "lay its bridge across the river" in RULESET.describe(state, lay)
    play(state, "bridge blue unit=l at=6,8")
    assert state.units["l"].stats.activated
    assert mv.hex_cost(state, t, at(6, 8), False, frm=at(5, 8)) == 1  # over the bridge
    assert mv.hex_cost(state, t, at(6, 9), False, frm=at(5, 9)) == 1  # no river on that side anyway
    assert any("Bridge over the river" in line for line in RULESET.side_lines(state, "blue"))


def test_a_vehicle_bigger_than_the_bridge_class_still_pays_the_river():
    state = game(tank_size=4)
    play(state, "bridge blue unit=l at=6,8")
    assert mv.hex_cost(state, state.units["t"], at(6, 8), False, frm=at(5, 8)) == 1 + 3


def test_laying_after_moving_is_refused_and_only_across_a_river_hexside():
    state = game()
    with pytest.raises(Refusal, match="no river runs between"):
        play(state, "bridge blue unit=l at=5,7")
    state = game()
    play(state, Move(side="blue", unit="l", path=[at(5, 7), at(5, 8)]))
    while state.paused or state.active_side == "red":
        play(state, "hold red")  # the red tank lets it go without opportunity fire
    assert not any(isinstance(a, Bridge) for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="whole activation"):
        play(state, "bridge blue unit=l at=6,8")


def test_recovering_takes_another_activation_from_either_end():
    state = game()
    play(state, "bridge blue unit=l at=6,8")
    play(state, "done red unit=r")
    play(state, "done blue unit=t")  # every unit has gone: a new turn, the layer activates again
    assert not state.units["l"].stats.activated
    if state.active_side == "red":
        play(state, "done red unit=r")
    with pytest.raises(Refusal, match="laid already"):
        play(state, "bridge blue unit=l at=6,8")
    state.units["l"].at = at(8, 8)
    with pytest.raises(Refusal, match="must stand at one end"):
        play(state, "bridge blue unit=l recover=true")
    state.units["l"].at = at(6, 8)
    assert Bridge(side="blue", unit="l", recover=True) in legal_actions(state, "blue")
    play(state, "bridge blue unit=l recover=true")
    assert state.bridges == [] and mv.hex_cost(state, state.units["t"], at(6, 8), False, frm=at(5, 8)) == 4


def test_a_bridge_costs_50_a_class_up_to_the_layers_own_class():
    d = Design(size=3, armour=1, mobility="tracked_fast", power="hmt", bridge=3)
    assert ("bridgelayer, class 3 bridge", 150) in price(d).lines and not price(d).problems
    assert "up to its own class" in price(Design(size=2, mobility="tracked_fast", power="hmt", bridge=3)).problems[0]
