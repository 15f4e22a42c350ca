"""River hexsides (§14.2 [R]: crossing costs the river's going once, on top of the hex entered) and open water
for amphibious vehicles and powered infantry (§4.3: poor going instead of impassable)."""

from __future__ import annotations

import pytest

from rules.board import Board, EdgeFeature
from rules.core import Refusal
from rules.rulesets.dirtside import movement as mv

from tests.rules.dirtside.helpers import at, board, play, setup, start, tank, team, unit


def river_board():
    b = board()
    edge = EdgeFeature(at=at(5, 8), side="E", feature="stream")
    return Board(width=b.width, height=b.height, terrain=b.terrain, edges=(edge,))


def game(elements, b=None):
    return start(setup([unit("u", "blue", at(5, 8), elements), unit("r", "red", at(18, 1), [tank("R")])],
                       b or river_board()), first="blue")


def test_crossing_a_river_hexside_costs_its_going_once_more():
    state = game([tank("T")])
    u = state.units["u"]
    assert mv.hex_cost(state, u, at(6, 8), False, frm=at(5, 8)) == 1 + 3  # open, plus the river: difficult
    assert mv.hex_cost(state, u, at(5, 7), False, frm=at(5, 8)) == 1  # no river on that side
    path, spent = mv.check_path(state, u, [at(6, 8)])
    assert spent == 4
    grav = game([tank("G", mobility="grav", power="fgp")])
    assert mv.hex_cost(grav, grav.units["u"], at(6, 8), False, frm=at(5, 8)) == 1 + 1  # easy, not in travel mode
    play(state, "move blue unit=u path=[6,8]")
    assert state.spent == 4


def water_game(elements):
    b = board(terrain={at(6, 8): "water"})
    return game(elements, b)


def test_open_water_is_poor_for_amphibious_vehicles_and_powered_infantry_only():
    assert mv.hex_cost(*_u(water_game([tank("T", amphibious=True)])), at(6, 8), False) == 2
    assert mv.hex_cost(*_u(water_game([tank("T")])), at(6, 8), False) is None
    assert mv.hex_cost(*_u(water_game([team("P", troop="powered")])), at(6, 8), False) == 2
    assert mv.hex_cost(*_u(water_game([team("L")])), at(6, 8), False) is None
    state = water_game([tank("T")])
    with pytest.raises(Refusal, match="impassable"):
        play(state, "move blue unit=u path=[6,8]")


def _u(state):
    return state, state.units["u"]


def test_combat_walkers_wade_but_may_not_fire_and_transport_walkers_may_not_enter():
    from rules.rulesets.dirtside import combat
    walker = tank("W", mobility="walker_combat", power="fgp", walker=True)
    state = water_game([walker])
    u = state.units["u"]
    assert mv.hex_cost(state, u, at(6, 8), False) == 2
    u.at = at(6, 8)
    state.units["r"].at = at(9, 8)
    assert "wading in open water" in combat.can_fire(state, u, state.units["r"])
    carrier = tank("TW", mobility="walker_transport", power="fgp", walker=True)
    assert mv.hex_cost(*_u(water_game([carrier])), at(6, 8), False) is None
