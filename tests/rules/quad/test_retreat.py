"""Falling back (text: "Combat"; QUAD-A10 partial retreat, A11 Steady first, A18 path and owner's choice)."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.events import Retreated
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Retreat
from rules.rulesets.quad.turn import decision, legal_actions

from tests.rules.quad.helpers import Hex, activation, board, give, play, setup, start, unit

A, D = Hex(4, 3), Hex(5, 3)
AWAY = {Hex(6, 3), Hex(6, 2), Hex(5, 4)}
"""The three hexes next to D that are farther from A."""


def pushed(extra=(), terrain=None, quality=3, specials=()):
    """Red attacks blue's Q`quality` D0 unit; the test scripts the attack dice."""
    state = activation(start(setup([unit("att", "red", A, attack=3),
                                    unit("def", "blue", D, quality=quality, defense=0, specials=specials), *extra],
                                   board(terrain=terrain))))
    give(state, "red", "att", "att")
    return state


def test_each_fall_back_hex_must_be_farther_from_the_attacker_and_the_owner_picks():
    state = pushed()
    play(state, "attack red unit=att at=6,3", 4, 1, 1)
    assert decision(state).side == "blue"
    assert {a.to for a in legal_actions(state, "blue")} == AWAY
    with pytest.raises(Refusal):
        play(state, Retreat(side="blue", unit="def", to=Hex(5, 2)))  # sideways: not farther
    play(state, Retreat(side="blue", unit="def", to=Hex(5, 4)))
    assert state.units["def"].at == Hex(5, 4) and not state.retreats


def test_enemy_friendly_and_impassable_hexes_block_and_a_single_way_is_taken_without_asking():
    state = pushed(extra=[unit("r2", "red", Hex(6, 2), name="enemy"), unit("b2", "blue", Hex(6, 3))],
                   terrain={Hex(5, 4): "impassable"})
    play(state, "attack red unit=att at=6,3", 4, 4, 1, 1)  # r2 next to the target adds a die
    # Nothing open next to the defender that is farther away: both hexes cost Quality (QUAD-A10).
    assert state.units["def"].at == D and state.units["def"].stats.quality == 1
    state2 = pushed(extra=[unit("b2", "blue", Hex(6, 3)), unit("b3", "blue", Hex(6, 2))])
    ctx, _ = play(state2, "attack red unit=att at=6,3", 4, 1, 1)
    assert state2.units["def"].at == Hex(5, 4) and not state2.retreats  # one way only: no question
    assert [e for e in ctx.events if isinstance(e, Retreated)][0].lost == 0


def test_a_partial_fall_back_goes_as_far_as_it_can_and_each_missing_hex_costs_quality():
    """QUAD-A10: three pushes, room for one hex only."""
    walls = [unit(f"w{i}", "blue", h) for i, h in enumerate([Hex(6, 3), Hex(6, 2), Hex(6, 4), Hex(5, 5)])]
    state = pushed(extra=walls, quality=4)
    ctx, _ = play(state, "attack red unit=att at=6,3", 5, 5, 5)
    dfn = state.units["def"]
    assert dfn.at == Hex(5, 4) and dfn.stats.quality == 4 - 2
    done = [e for e in ctx.events if isinstance(e, Retreated)][0]
    assert done.path == (D, Hex(5, 4)) and done.lost == 2


def test_steady_is_applied_before_blocked_hexes_become_quality_loss():
    """QUAD-A11: Steady with three pushes and no room: 2 hexes blocked -> 2 Quality, not 3."""
    boxed = [unit("r2", "red", Hex(6, 2)), unit("r3", "red", Hex(6, 3)), unit("r4", "red", Hex(5, 4))]
    state = pushed(extra=boxed, quality=4, specials=["steady"])
    play(state, "attack red unit=att at=6,3", 5, 5, 5, 1, 1, 1)  # 3 + 3 allies next to the target
    assert state.units["def"].stats.quality == 4 - 2


def test_fall_back_arithmetic():
    assert proc.fall_back(q_hits=1, push=3, quality=3, steady=False, capacity=3) == (1, 3)
    assert proc.fall_back(q_hits=0, push=3, quality=5, steady=False, capacity=1) == (2, 1)
    assert proc.fall_back(q_hits=0, push=3, quality=5, steady=True, capacity=0) == (2, 0)
    assert proc.fall_back(q_hits=3, push=3, quality=3, steady=False, capacity=3) == (3, 0)
    assert proc.fall_back(q_hits=0, push=4, quality=2, steady=False, capacity=0) == (2, 0)


def test_a_unit_pushed_out_of_quality_is_eliminated():
    state = pushed(extra=[unit("r2", "red", Hex(6, 2)), unit("r3", "red", Hex(6, 3)), unit("r4", "red", Hex(5, 4))],
                   quality=2)
    play(state, "attack red unit=att at=6,3", 3, 3, 1, 1, 1, 1)
    assert state.units["def"].eliminated


def test_retreat_capacity_counts_the_deepest_path():
    blocked = {Hex(6, 3), Hex(6, 2)}
    assert proc.retreat_capacity(D, A, lambda h: h in blocked, 5) == 5
    assert proc.retreat_capacity(D, A, lambda h: h in blocked | {Hex(5, 4)}, 5) == 0


def test_with_ask_retreats_off_the_unit_takes_the_hex_with_the_most_room():
    walls = [unit("w1", "blue", Hex(7, 3)), unit("w2", "blue", Hex(7, 2)), unit("w3", "blue", Hex(6, 4))]
    state = pushed(extra=walls, quality=4)
    state.options["ask_retreats"] = False
    # From D, (6,3) and (6,2) lead into walls after one hex; (5,4) leads on to (5,5) and beyond.
    play(state, "attack red unit=att at=6,3", 5, 5, 1)
    assert not state.retreats and state.units["def"].at.distance(D) == 2 and state.units["def"].stats.quality == 4
