"""Setting up with the option `place_terrain`: each player's 1d10 pieces placed in turn, shaped by their placer
(placing.SHAPES): a river's course bends, other pieces leave hexes around them open, forts get gates."""

from __future__ import annotations

import pytest

from rules.core import Refusal, Setup, SideSetup
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import RULESET, field
from tests.rules.hundred_wars.helpers import HQ, act, at, board, unit


def placing_game(b=None, table: str = "auto"):
    setup = Setup(ruleset="hundred_wars", name="t", board=b or board(),
                  sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")],
                  units=[unit("r", "red", None, **HQ), unit("b", "blue", None, **HQ)])
    s = RULESET.setup(setup, 1, {"dummy_blinds": 0, "place_terrain": True, "table": table})
    act(s, "roll_off red", 8, 3, 3, 3)  # blue places first, 3 pieces each
    return s


def of(s, terrain: str) -> set[Hex]:
    return {h for h in s.board.hexes() if s.board.terrain_at(h) == terrain}


def test_players_place_their_terrain_pieces_in_turn_the_low_scorer_first():
    setup = Setup(ruleset="hundred_wars", name="t", board=board(),
                  sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")],
                  units=[unit("r", "red", None, **HQ), unit("b", "blue", None, **HQ)])
    s = RULESET.setup(setup, 1, {"dummy_blinds": 0, "place_terrain": True})
    act(s, "roll_off red", 8, 3, 2, 1)  # red 8, blue 3: blue is the low scorer; red may place 2, blue 1
    assert s.phase == "terrain" and s.pieces_left == {"red": 2, "blue": 1}
    assert RULESET.decision(s).side == "blue"
    act(s, "piece blue terrain=wood at=4,4")
    assert s.board.terrain_at(at(4, 4)) == "wood" and s.board.terrain_at(at(5, 4)) == "wood"
    assert RULESET.decision(s).side == "blue"  # still shaping its wood
    act(s, "done blue")
    assert RULESET.decision(s).side == "red"
    with pytest.raises(Refusal, match="not an open hex"):
        act(s, "piece red terrain=hill at=4,4")
    act(s, "piece red terrain=hill at=9,2")
    act(s, "done red")
    assert RULESET.decision(s).side == "red"  # blue has no pieces left
    act(s, "done red")
    assert s.phase == "edge" and RULESET.decision(s).side == "red"  # the high scorer chooses the edge
    assert field.piece_at(s, at(9, 2)).startswith("hill@")


def test_a_piece_is_shaped_by_leaving_hexes_around_it_open():
    s = placing_game()
    act(s, "piece blue terrain=wood at=4,4")
    ring = set(at(4, 4).neighbours())
    assert of(s, "wood") == ring | {at(4, 4)} and s.pieces_left["blue"] == 2
    offered = {Hex(*a.at) for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"}
    assert offered == ring  # the hexes around it, one by one; not its own hex
    east, west = at(4, 4).neighbour("E"), at(4, 4).neighbour("W")
    act(s, f"piece blue terrain=wood at={east}")
    act(s, f"piece blue terrain=wood at={west}")
    assert of(s, "wood") == ring - {east, west} | {at(4, 4)} and s.board.terrain_at(east) == "open"
    with pytest.raises(Refusal, match="own hex: it stays"):
        act(s, "piece blue terrain=wood at=4,4")
    with pytest.raises(Refusal, match="not part of the wood"):
        act(s, f"piece blue terrain=wood at={east}")  # already left open: shaping only takes hexes out
    with pytest.raises(Refusal, match="finish the wood first"):
        act(s, "piece blue terrain=hill at=9,2")
    act(s, "done blue")
    assert RULESET.decision(s).side == "red" and len(of(s, "wood")) == 5
    assert len({field.piece_at(s, h) for h in of(s, "wood")}) == 1  # one piece, rolled once


def test_a_river_bends_along_the_course_its_placer_chooses():
    s = placing_game()
    start = at(2, 3)
    act(s, f"piece blue terrain=river at={start}")
    assert of(s, "river") == {start}  # a river starts as its one hex
    assert {Hex(*a.at) for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"} == set(start.neighbours())
    course = [start, start.neighbour("E")]
    course.append(course[-1].neighbour("NE"))  # a bend of one hexside
    course.append(course[-1].neighbour("E"))   # and back
    course.append(course[-1].neighbour("SE"))
    for h in course[1:]:
        act(s, f"piece blue terrain=river at={h}")
    assert of(s, "river") == set(course)
    with pytest.raises(Refusal, match="not next to its end"):
        act(s, f"piece blue terrain=river at={course[-1].neighbour('E').neighbour('E')}")
    with pytest.raises(Refusal, match="not turn back on itself"):
        act(s, f"piece blue terrain=river at={course[-1].neighbour('W')}")  # a turn of two hexsides touches it
    offered = {Hex(*a.at) for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"}
    assert offered == {course[-1].neighbour(d) for d in ("E", "SE", "SW")}
    act(s, "done blue")
    assert of(s, "river") == set(course) and len({field.piece_at(s, h) for h in course}) == 1
    assert s.board.terrain_at(course[1].neighbour("SE")) == "open"  # nothing around it


def test_a_river_cannot_run_into_a_hex_that_is_not_open():
    s = placing_game(board(terrain={at(5, 3): "hill"}))
    act(s, "piece blue terrain=river at=4,3")
    with pytest.raises(Refusal, match="is not open: the river cannot run into it"):
        act(s, "piece blue terrain=river at=5,3")


def test_a_river_may_still_run_straight_to_the_tables_edge():
    s = placing_game()
    act(s, "piece blue terrain=river at=2,3 toward=E")  # from 2,3 straight to the east edge, nothing around it
    line, h = [], at(2, 3)
    while s.board.in_bounds(h):
        line.append(h)
        h = h.neighbour("E")
    assert len(line) == 10 and of(s, "river") == set(line)
    act(s, "done blue")
    with pytest.raises(Refusal, match="only a river takes a direction"):
        act(s, "piece red terrain=wood at=2,6 toward=E")


def test_a_fortification_gets_gates_on_its_edge_and_crossing_there_is_good_going():
    s = placing_game()
    centre = at(5, 4)
    act(s, f"piece blue terrain=fort at={centre}")
    gate, wall = centre.neighbour("E"), centre.neighbour("W")
    with pytest.raises(Refusal, match="inside the fort"):
        act(s, f"piece blue terrain=fort at={centre} gate=true")  # the hexes around it close it in
    with pytest.raises(Refusal, match="not part of the fort"):
        act(s, f"piece blue terrain=fort at={gate.neighbour('E')} gate=true")
    act(s, f"piece blue terrain=fort at={gate} gate=true")
    with pytest.raises(Refusal, match="already has a gate"):
        act(s, f"piece blue terrain=fort at={gate} gate=true")
    act(s, "done blue")
    assert s.board.features_at(gate) == {"gate"} and not s.board.features_at(wall)
    s.terrain_rolls[field.piece_at(s, centre)] = "hard"
    assert field.entry_level(s, gate.neighbour("E"), gate, "ground", "red", None) == "easy"  # at the gate
    assert field.entry_level(s, wall.neighbour("W"), wall, "ground", "red", None) == "hard"  # over the wall
    act(s, "piece red terrain=settlement at=9,2")
    edge = at(9, 2).neighbour("E")
    act(s, f"piece red terrain=settlement at={edge} gate=true")
    assert s.board.features_at(edge) == {"road"}  # a settlement's way in is a road
    act(s, "done red")
    act(s, "piece blue terrain=wood at=2,6")
    with pytest.raises(Refusal, match="only a fortification or a settlement"):
        act(s, f"piece blue terrain=wood at={at(2, 6).neighbour('E')} gate=true")


def test_the_sea_space_and_sky_tables_have_their_own_pieces():
    sea = board(terrain={at(c, r): "sea" for c in range(12) for r in range(8) if c > 2})
    s = placing_game(sea)  # mostly sea: the sea table, placed on sea hexes
    offered = {(a.terrain, s.board.terrain_at(Hex(*a.at))) for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"}
    assert offered == {("current", "sea"), ("reef", "sea")}
    with pytest.raises(Refusal, match="not a terrain piece you may place on the sea table"):
        act(s, "piece blue terrain=wood at=5,3")
    act(s, "piece blue terrain=reef at=5,3")
    assert s.board.terrain_at(at(5, 3)) == "reef" and s.board.terrain_at(at(6, 3)) == "reef"
    assert s.board.terrain_at(at(1, 3)) == "open"
    space = board(terrain={at(c, r): "space" for c in range(12) for r in range(8)})
    s = placing_game(space)
    assert {a.terrain for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"} == {"dust", "meteors"}
    s = placing_game(table="sky")  # an open map flown over: the sky table's pieces on open hexes
    assert {a.terrain for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"} == {"wind", "storm"}
    act(s, "piece blue terrain=storm at=4,4")
    assert s.board.terrain_at(at(4, 4)) == "storm" and s.board.glyphs.get("storm") == "!"
    s = placing_game(table="underground")
    assert {a.terrain for a in RULESET.legal_actions(s, "blue") if a.kind == "piece"} == {"rock"}
