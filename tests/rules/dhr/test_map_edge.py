"""A line of sight along the map's edge asks the board only about hexes on the map (roundtrip report, seed 111)."""

from __future__ import annotations

from rules.rulesets.dhr.combat import save_dv
from rules.rulesets.dhr.terrain import cover_dv, line, line_on
from tests.rules.dhr.helpers import H, activate, board, game, scripted, unit

# odd-r rows: the last column zigzags, so a line down it runs along spines whose other hex is off the map
EDGE = board(14, 10, terrain={(13, r): "woods" for r in range(2, 9)})
FIRER, TARGET = H(13, 1), H(13, 9)


def test_the_line_down_the_last_column_touches_hexes_off_the_map():
    assert any(not EDGE.in_bounds(h) for s in line(FIRER, TARGET) for h in s.hexes)


def test_the_line_kept_to_the_map_has_only_hexes_on_the_map_and_every_step_on_it():
    steps = line_on(EDGE, FIRER, TARGET)
    assert all(EDGE.in_bounds(h) for s in steps for h in s.hexes)
    assert [s.hexes[0] for s in steps if len(s.hexes) == 1][0] == FIRER and steps[-1].hexes == (TARGET,)


def test_the_terrain_save_along_the_edge_counts_the_woods_on_the_map():
    g = game([unit("r1", "red", (13, 1)), unit("b1", "blue", (13, 9))], b=EDGE)
    assert save_dv(g.state, FIRER, TARGET) == 3  # DHR-A07: the woods the line runs over; off the map gives nothing
    assert cover_dv(EDGE, TARGET, FIRER) == 0  # the target stands in the open, behind no hexside


def test_firing_down_the_edge_of_the_map_resolves():
    rifle = {"name": "rifle", "range": 12, "rof": [1, 1]}
    g = game([unit("r1", "red", (13, 1), weapons=[rifle]), unit("b1", "blue", (13, 9))], b=EDGE)
    activate(g, "r1")
    events, _ = scripted(g, "fire red unit=r1 at=13,9", *[6] * 10, 1)  # ten misses, then the morale test for being fired on, passed
    assert events
