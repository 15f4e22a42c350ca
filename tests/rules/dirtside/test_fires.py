"""Burning woods and buildings and firefighting (dsii-core §10.2, §13; option `fires`, [R] triggers): a fire is 6
hexes of smoke downwind that does not thin; engineers or an AEV next to it put it out with a whole activation."""

from __future__ import annotations

from rules.core import Context
from rules.rulesets.dirtside import RULESET, fires, smoke
from rules.rulesets.dirtside.actions import Extinguish
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit

W = at(8, 6)


def game(on=True):
    return start(setup([
        unit("obs", "blue", at(8, 14), [team("HQ")]),
        unit("bat", "blue", None, [tank("Gun", gun=("HVC", 3), artillery="medium", ammo=1)], role="battery",
             artillery="medium", off_table=True),
        unit("eng", "red", at(9, 6), [team("Sappers", kind="engineer")]),
        unit("r", "red", at(2, 2), [tank("R")]),
    ], board(terrain={W: "light_woods"})), first="blue", fires=on)


def fire_the_mission(state, *faces):
    play(state, "call blue unit=obs battery=bat at=8,6 munition=HEF", 6)
    play(state, "done blue")
    play(state, "done red unit=r")
    play(state, "bombard blue unit=bat at=8,6 munition=HEF", *faces)


def test_a_converged_hef_mission_sets_the_wood_alight_and_the_fire_does_not_thin():
    state = game()
    # the wind d6 4 (west); the engineers 1 hex off draw 3 chits, all blank: unhurt; their +0 test holds
    fire_the_mission(state, 4, F("R0", "Y0", "G0"), 8)
    cloud = fires.burning(state)[0]
    assert cloud.hexes[0] == W and len(cloud.hexes) == 6
    assert "Fire at" in " ".join(RULESET.side_lines(state, "red"))
    smoke.thin(state, Context(lambda sink: None))
    assert len(fires.burning(state)[0].hexes) == 6


def test_engineers_next_to_it_put_it_out_with_their_whole_activation():
    state = game()
    fire_the_mission(state, 4, F("R0", "Y0", "G0"), 8)
    assert Extinguish(side="red", unit="eng", at=W) in legal_actions(state, "red")
    play(state, "extinguish red unit=eng at=8,6")
    assert not fires.burning(state) and state.turn == 2  # its activation was the last of turn 1
    assert "no engineer team or AEV" in fires.problem(state, state.units["r"], W)
    assert "nothing is burning" in fires.problem(state, state.units["eng"], W)


def test_with_the_option_off_nothing_burns():
    state = game(on=False)
    fire_the_mission(state, F("R0", "Y0", "G0"), 8)
    assert not fires.burning(state)
