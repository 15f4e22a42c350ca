"""Terrain (text: "Terrain Effects"; QUAD-A02, A16, A19): difficult terrain attacks a unit entering it."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.events import Moved, Rolled
from rules.rulesets.quad.actions import Move
from rules.rulesets.quad.turn import legal_actions

from tests.rules.quad.helpers import Hex, activation, board, give, play, setup, start, unit

S, T = Hex(3, 3), Hex(4, 3)


def mover(terrain=None, heights=None, specials=(), quality=3, speed=2):
    state = activation(start(setup([unit("m", "red", S, quality=quality, speed=speed, specials=specials),
                                    unit("far", "blue", Hex(8, 6))], board(terrain=terrain, heights=heights))))
    give(state, "red", "m", "m")
    return state


def rolls(ctx):
    return [e.record for e in ctx.events if isinstance(e, Rolled)]


def test_open_ground_is_not_difficult_no_dice_are_rolled():
    state = mover()
    ctx, _ = play(state, Move(side="red", unit="m", path=[T]))
    assert state.units["m"].at == T and rolls(ctx) == []


@pytest.mark.parametrize("terrain", ["forest", "fortified", "river"])
def test_difficult_terrain_rolls_one_die_and_a_roll_above_quality_stops_the_unit(terrain):
    """QUAD-A02: 1d6 > Quality is a hit; the unit stays where it is and the move ends."""
    stopped = mover({T: terrain})
    ctx, _ = play(stopped, Move(side="red", unit="m", path=[T, Hex(5, 3)]), 4)
    assert stopped.units["m"].at == S
    assert rolls(ctx)[0].need == 3 and rolls(ctx)[0].test == ">"
    entered = mover({T: terrain})
    play(entered, Move(side="red", unit="m", path=[T, Hex(5, 3)]), 3)
    assert entered.units["m"].at == Hex(5, 3)


def test_a_stop_partway_keeps_the_hexes_already_walked():
    state = mover({Hex(5, 3): "forest"}, speed=3)
    ctx, _ = play(state, Move(side="red", unit="m", path=[T, Hex(5, 3), Hex(6, 3)]), 6)
    assert state.units["m"].at == T
    assert [e for e in ctx.events if isinstance(e, Moved)][0].path == (S, T)


def test_foresters_ignore_forest_and_amphibious_units_ignore_rivers_but_not_the_other():
    play(f := mover({T: "forest"}, specials=["forester"]), Move(side="red", unit="m", path=[T]))
    assert f.units["m"].at == T
    play(a := mover({T: "river"}, specials=["amphibious"]), Move(side="red", unit="m", path=[T]))
    assert a.units["m"].at == T
    play(fr := mover({T: "river"}, specials=["forester"]), Move(side="red", unit="m", path=[T]), 6)
    assert fr.units["m"].at == S
    play(af := mover({T: "forest"}, specials=["amphibious"]), Move(side="red", unit="m", path=[T]), 6)
    assert af.units["m"].at == S


def test_slope_is_difficult_moving_up_only():
    """QUAD-A16: terrain attack only when moving up."""
    up = mover(heights={T: 1})
    play(up, Move(side="red", unit="m", path=[T]), 5)
    assert up.units["m"].at == S
    down = mover(heights={S: 1})
    ctx, _ = play(down, Move(side="red", unit="m", path=[T]))
    assert down.units["m"].at == T and rolls(ctx) == []


def test_forest_up_a_slope_is_one_terrain_attack_and_a_forester_still_rolls_for_the_slope():
    state = mover({T: "forest"}, heights={T: 1})
    ctx, _ = play(state, Move(side="red", unit="m", path=[T]), 1)
    assert len(rolls(ctx)) == 1 and "forest and slope up" in rolls(ctx)[0].purpose
    forester = mover({T: "forest"}, heights={T: 1}, specials=["forester"])
    ctx, _ = play(forester, Move(side="red", unit="m", path=[T]), 1)
    assert len(rolls(ctx)) == 1 and "slope" in rolls(ctx)[0].purpose


def test_every_hex_costs_one_speed_difficult_or_not():
    """QUAD-A19."""
    state = mover({T: "forest", Hex(5, 3): "forest"})
    dests = {a.path[-1] for a in legal_actions(state, "red") if isinstance(a, Move)}
    assert Hex(5, 3) in dests and Hex(6, 3) not in dests
    assert all(len(a.path) <= 2 for a in legal_actions(state, "red") if isinstance(a, Move))


def test_impassable_hexes_and_occupied_hexes_cannot_be_entered():
    state = mover({T: "impassable"})
    state.units["far"].at = Hex(3, 4)
    dests = {a.path[-1] for a in legal_actions(state, "red") if isinstance(a, Move)}
    assert T not in dests and Hex(3, 4) not in dests
    with pytest.raises(Refusal):
        play(state, Move(side="red", unit="m", path=[T]))
    with pytest.raises(Refusal):
        play(state, Move(side="red", unit="m", path=[Hex(3, 4)]))


def test_a_move_longer_than_speed_or_not_adjacent_is_refused():
    state = mover(speed=1)
    with pytest.raises(Refusal):
        play(state, Move(side="red", unit="m", path=[T, Hex(5, 3)]))
    with pytest.raises(Refusal):
        play(state, Move(side="red", unit="m", path=[Hex(5, 3)]))
