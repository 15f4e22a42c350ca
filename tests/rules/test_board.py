"""The board model: terrain, elevation, features, hexside features, limits."""

from __future__ import annotations

import copy
import pickle

import pytest
from pydantic import ValidationError

from rules.board import Board, EdgeFeature, HexFeature
from rules.hexgrid import Hex, from_offset


def make_board() -> Board:
    return Board(
        width=3, height=2,
        terrain=("open", "forest", "open", "river", "open", "open"),
        elevation=(0, 1, 2, 0, 0, 0),
        features=(HexFeature(at=from_offset(0, 1), feature="road"),),
        edges=(EdgeFeature(at=from_offset(0, 0), side="E", feature="wall"),),
    )


def test_terrain_elevation_and_features_by_hex():
    b = make_board()
    assert b.terrain_at(from_offset(1, 0)) == "forest"
    assert b.terrain_at(from_offset(0, 1)) == "river"
    assert b.height_at(from_offset(2, 0)) == 2
    assert b.features_at(from_offset(0, 1)) == {"road"}
    assert b.features_at(from_offset(1, 1)) == frozenset()


def test_hexside_features_are_found_from_either_side():
    b = make_board()
    a, c = from_offset(0, 0), from_offset(1, 0)
    assert b.edge_features(a, c) == {"wall"} == b.edge_features(c, a)
    assert b.edge_sides(c) == [("W", frozenset({"wall"}))]


def test_bounds_and_off_map_lookups():
    b = make_board()
    assert b.in_bounds(from_offset(2, 1)) and not b.in_bounds(from_offset(3, 0))
    with pytest.raises(KeyError):
        b.terrain_at(Hex(-5, 0))
    assert len(b.hexes()) == 6


def test_bad_boards_are_refused():
    with pytest.raises(ValidationError, match="terrain has 2 hexes"):
        Board(width=3, height=2, terrain=("open", "open"))
    with pytest.raises(ValidationError, match="1..200"):
        Board.flat(500, 2)
    with pytest.raises(ValidationError, match="off the map"):
        Board(width=1, height=1, terrain=("open",), features=(HexFeature(at=Hex(5, 5), feature="road"),))


def test_the_board_is_shared_not_copied_by_snapshots():
    b = make_board()
    assert copy.deepcopy(b) is b


def test_a_board_memo_is_its_own_and_leaves_the_board_as_it_was():
    """Lines of sight and cover are remembered per board (`Board.memo`): two boards never share what they
    remember, and the memo is no part of the board's data (equality, its TOML)."""
    a, b = make_board(), make_board()
    a.memo("sight")[(1, 2)] = True
    assert a.memo("sight") == {(1, 2): True} and a.memo("cover") == {}
    assert b.memo("sight") == {}
    assert a == b and a.model_dump() == b.model_dump()


def test_a_value_of_the_board_alone_is_worked_out_once_per_board():
    """`Board.once`: the Hundred Wars pieces, a board's digest, the hexes blocking sight. Each board works out its
    own, and a board sent to another process goes without what it remembered (a scratch pad, not its data)."""
    made = []
    a, b = make_board(), make_board()
    assert a.once("terrain", lambda board: made.append(board) or board.terrain[1]) == "forest"
    assert a.once("terrain", lambda board: made.append(board) or "again") == "forest"
    assert b.once("terrain", lambda board: made.append(board) or "b's") == "b's"
    assert len(made) == 2 and made[0] is a and made[1] is b
    a.memo("lines")[(1, 2)] = ("wood",)
    copied = pickle.loads(pickle.dumps(a))
    assert copied == a and copied.memo("lines") == {} and copied.once("terrain", lambda board: "afresh") == "afresh"


def test_remembered_sight_and_cover_are_what_the_terrain_says_on_every_pair():
    from rules.rulesets.skirmish import terrain
    from saves.scenarios import load_scenario

    board = load_scenario("village", ruleset="skirmish").board
    hexes = board.hexes()[::7]
    for _ in range(2):  # the second round answers from the memo
        for x in hexes:
            assert terrain.in_cover(board, x) == (board.terrain_at(x) in terrain.COVER
                                                  or any("wall" in fs for _, fs in board.edge_sides(x)))
            for y in hexes:
                assert terrain.sight(board, x, y) == terrain._sight(board, x, y), (x, y)
    blocked = sum(not terrain.sight(board, x, y) for x in hexes for y in hexes)
    assert blocked, "the village has walls and buildings: some lines must be blocked"
    # Keyed by plain ints, the memos are never tracked by the garbage collector: keyed by pairs of hexes
    # they made one full collection cost 20 ms in the middle of an odds preview.
    import gc

    assert not gc.is_tracked(board.memo("skirmish.sight")) and not gc.is_tracked(board.memo("skirmish.cover"))
