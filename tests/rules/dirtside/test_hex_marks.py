"""Markers on the map beyond the units (issue 12 item 3): cruise-missile target chits, called fire missions, smoke
and minefields, each as a seat may know them (the real chit only to its own side; a mission only to its side)."""

from __future__ import annotations

import random

from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.state import Cloud, Minefield, Mission

from tests.rules.dirtside.helpers import at, play
from tests.rules.dirtside.test_game import missile_game


def marks(state, side):
    return {(m.at, m.mark, m.label) for m in RULESET.hex_marks(RULESET.view(state, side), side)}


def test_each_chit_of_a_cruise_missile_is_marked_and_only_its_side_knows_the_real_one():
    state = missile_game()
    play(state, "launch blue unit=site at=10,4 dummies=[3,3;14,8]")
    blue = marks(state, "blue")
    assert (at(10, 4), "@", "cruise-missile target chit cm1 (the real one), lands turn 2") in blue
    assert (at(3, 3), "@", "cruise-missile target chit cm1 (a dummy), lands turn 2") in blue
    red = marks(state, "red")
    assert {h for h, _, _ in red} == {at(10, 4), at(3, 3), at(14, 8)}
    assert all("real or dummy" in label for _, _, label in red)


def test_the_enemy_marks_are_the_same_whichever_chit_is_real():
    state = missile_game()
    play(state, "launch blue unit=site at=10,4 dummies=[3,3;14,8]")
    for seed in range(6):
        mixed = RULESET.hidden_from(state, "red", random.Random(seed))
        assert marks(mixed, "red") == marks(state, "red")


def test_missions_to_their_own_side_smoke_and_mines_to_everybody():
    state = missile_game()
    state.missions.append(Mission(side="blue", battery="site", at=at(9, 9), munition="HEF", called_turn=1,
                                  observer="t"))
    state.clouds.append(Cloud(hexes=[at(4, 4), at(5, 4)]))
    state.mines.append(Minefield(id="m1", at=at(7, 7), jumping=True))
    blue, red = marks(state, "blue"), marks(state, "red")
    assert any(h == at(9, 9) and m == ">" for h, m, _ in blue) and not any(h == at(9, 9) for h, _, _ in red)
    for seen in (blue, red):
        assert {(h, m) for h, m, _ in seen if m == ";"} == {(at(4, 4), ";"), (at(5, 4), ";")}
        assert (at(7, 7), "?", "minefield marker (within 2 hexes), jumping") in seen


def test_marker_symbols_are_declared_and_clash_with_no_terrain_symbol():
    terrain = {s for info in RULESET.terrain.values() for s in (info.glyph, info.mark) if s}
    assert not set(RULESET.hex_mark_symbols) & terrain
