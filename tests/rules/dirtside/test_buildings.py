"""Isolated buildings as targets (dsii-core §5.6): close range whatever the distance, a d4 target die, special
chits ignored but BOOM, a total above the armour destroys it; the ruin is rubble (no longer blocks sight)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.board import Board, HexFeature
from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, buildings, odds, smoke
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Bombard, Shell
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, unit

B = at(8, 8)


def game(kind="building"):
    b = board()
    b = Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=B, feature=kind),))
    return start(setup([
        unit("t", "blue", at(8, 12), [tank("T", gun=("HKP", 3))]),  # superior fire control: close d12
        unit("r", "red", at(8, 2), [tank("R")]),
    ], b), first="blue")


def test_a_building_blocks_sight_until_it_is_a_ruin():
    state = game()
    assert not smoke.sees(state, at(8, 12), at(8, 2))
    assert Shell(side="blue", unit="t", at=B) in legal_actions(state, "blue")
    # the d4 rolls 2, the d12 rolls 9: a hit; HKP/3 close: all colours; 3 + 1 + 0 = 4 > armour 3: destroyed
    play(state, "shell blue unit=t at=8,8", 2, 9, F("R3", "G1", "Y0"))
    assert B in state.rubble and smoke.sees(state, at(8, 12), at(8, 2))
    play(state, "done blue")
    with pytest.raises(Refusal, match="no standing building"):
        play(state, "shell red unit=r at=8,8")


def test_equal_to_the_armour_or_specials_other_than_boom_leave_it_standing():
    state = game()
    play(state, "shell blue unit=t at=8,8", 2, 9, F("R3", "M", "T"))
    assert B not in state.rubble
    assert buildings.destroyed_by(("BOOM", "R0", "R0"), ch.ALL, 6)
    assert not buildings.destroyed_by(("F", "BOOM", "R3"), ch.ALL, 3)


def test_the_preview_is_the_exact_chance_it_falls():
    state = game("industrial")
    p = RULESET.preview(state, Shell(side="blue", unit="t", at=B))
    hit = odds.contest(12, (4,))
    fall = odds.draw_dist(3, lambda d: buildings.destroyed_by(d, ch.ALL, 5)).get(True, Fraction(0))
    assert p.outcomes[0].chance == hit * fall and "armour 5" in p.dice


def battery_game(terrain=None, feature="building"):
    b = board(terrain=terrain or {})
    b = Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=B, feature=feature),))
    return start(setup([
        unit("obs", "blue", at(8, 14), [tank("HQ")]),
        unit("bat", "blue", None, [tank(f"Gun {i}", gun=("HVC", 3), artillery="medium", ammo=1) for i in (1, 2)],
             role="battery", artillery="medium", off_table=True),
        unit("r", "red", at(2, 2), [tank("R")]),
    ], b), first="blue")


def test_a_building_in_an_artillery_zone_draws_as_a_vehicle_once_per_gun():
    state = battery_game()
    play(state, "call blue unit=obs battery=bat at=8,9 munition=MAK", 6)
    play(state, "done blue")
    play(state, "done red unit=r")
    p = RULESET.preview(state, Bombard(side="blue", unit="bat", at=at(8, 9), munition="MAK"))
    fall = next(o.chance for o in p.outcomes if o.label.startswith("the building"))
    one = odds.draw_dist(2, lambda d: buildings.destroyed_by(d, ch.RY, 3)).get(True, Fraction(0))
    assert fall == 1 - (1 - one) ** 2
    # medium: 2 chits a gun, MAK against a vehicle red + yellow; the first gun's R3 + Y1 = 4 > 3
    play(state, "bombard blue unit=bat at=8,9 munition=MAK", F("R3", "Y1"))
    assert B in state.rubble


def test_a_converged_hef_mission_ruins_an_urban_impact_hex():
    state = battery_game(terrain={at(12, 8): "urban"})
    play(state, "call blue unit=obs battery=bat at=12,8 munition=HEF", 6)
    play(state, "done blue")
    play(state, "done red unit=r")
    play(state, "bombard blue unit=bat at=12,8 munition=HEF")
    assert at(12, 8) in state.rubble
