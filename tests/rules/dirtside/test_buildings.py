"""Isolated buildings as targets (dsii-core §5.6): close range whatever the distance, a d4 target die, special
chits ignored but BOOM, a total above the armour destroys it; the ruin is rubble (no longer blocks sight)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.board import Board, HexFeature
from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, buildings, odds, smoke
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Shell
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
