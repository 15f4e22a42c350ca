"""Woods and urban areas (dsii-core §8.4; §14.3: a hex next to other terrain is on the edge): inside, an element
neither fires nor is fired on; only infantry in the wood may assault it; between units in a town, close assault
only."""

from __future__ import annotations

from rules.rulesets.dirtside import assault, combat
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.actions import Assault
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, board, setup, start, tank, team, unit

C = at(8, 8)


def area_board(kind):
    cells = {C: kind}
    cells.update({n: kind for n in C.neighbours()})
    return board(terrain=cells)


def game(kind="light_woods", blue=None):
    return start(setup([
        unit("in", "red", C, [team("Deep")]),
        unit("edge", "blue", C.neighbours()[0], blue or [team("Edge")]),
        unit("t", "blue", at(2, 2), [tank("T")]),
    ], area_board(kind)), first="blue")


def test_the_middle_of_a_wood_is_inside_and_its_rim_is_the_edge():
    state = game()
    assert ter.inside(state.board, C) == "woods" and ter.inside(state.board, C.neighbours()[0]) is None


def test_inside_a_wood_nobody_fires_out_or_in():
    state = game()
    deep, edge = state.units["in"], state.units["edge"]
    assert "inside the woods: it cannot be fired on" in combat.can_fire(state, edge, deep)
    assert "inside the woods: it cannot fire out" in combat.can_fire(state, deep, edge)


def test_only_infantry_in_the_wood_may_assault_inside_it():
    state = game()
    assert assault.why_not(state, state.units["edge"], state.units["in"]) == ""
    state = game(blue=[tank("Edge tank", mobility="walker_combat", power="fgp")])
    assert "only infantry also in the wood" in assault.why_not(state, state.units["edge"], state.units["in"])


def test_in_a_town_combat_is_close_assault_only():
    state = game("urban")
    state.units["in"].at = C.neighbours()[3]  # both on the town's edge, opposite sides of the centre
    assert "urban area: combat in there is close assault only" in combat.can_fire(
        state, state.units["edge"], state.units["in"])


def test_no_assault_inside_a_wood_is_offered_to_a_unit_the_rules_would_refuse():
    """Valley, seed 5001 (normal against random, stop 42): the rules offered the rebels a close assault with a move
    on a unit inside a wood, then refused it (§8.4: only infantry already in the wood may); the game stopped."""
    near = C.neighbours()[0].neighbours()[0]  # two hexes from the centre, in the open
    state = start(setup([
        unit("in", "red", C, [team("Deep")]),
        unit("near", "blue", near, [tank("Near tank")]),
        unit("walk", "blue", at(8, 14), [team("Walker")]),
    ], area_board("light_woods")), first="blue")
    assert ter.inside(state.board, C) == "woods" and near.distance(C) == 2
    offered = [a for a in legal_actions(state, "blue") if isinstance(a, Assault) and tuple(a.at) == tuple(C)]
    assert offered == []
