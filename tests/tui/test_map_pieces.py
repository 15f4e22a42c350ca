"""The map's pure pieces split out of the widget (issue 28 item 8): highlight flags, the model's
diffs, the scroll that keeps the cursor in view, the legend's box."""

from __future__ import annotations

from rules.board import Board
from rules.hexgrid import LineStep, from_offset
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_legend import legend_box_row, legend_inner, wrap_legend
from tui.widgets.hex_model import LOS, LOS_EDGE, PATH, REACH, SELECTED, MapModel, highlight_flags


def test_highlight_flags_combine_per_hex_and_mark_a_line_along_a_hexside_apart():
    a, b, c = from_offset(1, 1), from_offset(2, 1), from_offset(3, 1)
    flags = highlight_flags(reach=[a, b], path=[b], los=[LineStep((c,)), LineStep((a, b))],
                            selected=a)
    assert flags == {(1, 1): REACH | LOS_EDGE | SELECTED, (2, 1): REACH | PATH | LOS_EDGE, (3, 1): LOS}


def test_replacing_flags_returns_only_the_hexes_whose_look_changed_and_drops_off_board_ones():
    model = MapModel(Board(width=4, height=3, terrain=tuple("." * 12)))
    assert model.replace_flags({(0, 0): REACH, (1, 1): PATH, (9, 9): REACH}) == {(0, 0), (1, 1)}
    assert model.flags == {(0, 0): REACH, (1, 1): PATH}
    assert model.replace_flags({(0, 0): REACH, (2, 2): PATH}) == {(1, 1), (2, 2)}
    assert model.replace_flags(dict(model.flags)) == set()


def test_the_view_stays_while_the_cursor_is_inside_its_margins_and_centres_it_otherwise():
    layout = HexLayout(COMPACT, 60, 40)  # 121 x 40 cells, seen through 40 x 10
    assert layout.scroll_to_show(20, 15, (30, 10), (40, 10)) == (30, 10)  # cell (41, 15): inside
    assert layout.scroll_to_show(20, 15, (30, 10), (40, 10), centre=True) == (21, 10)  # cell x 41 (odd row: one over)
    assert layout.scroll_to_show(34, 15, (30, 10), (40, 10)) == (49, 10)  # cell x 69, margin 2: past the edge
    assert layout.scroll_to_show(0, 0, (30, 10), (40, 10)) == (0, 0)  # clamped at the top left
    assert layout.scroll_to_show(59, 39, (0, 0), (40, 10)) == (81, 30)  # and at the bottom right
    outlined = HexLayout(OUTLINED, 5, 4)  # 23 x 9: smaller than the view, never scrolls
    assert outlined.scroll_to_show(4, 3, (0, 0), (40, 10), centre=True) == (0, 0)


def test_the_legend_box_wraps_to_the_room_and_ends_below_its_lines():
    legend = ["F Forest: costs 2 to enter", "A-Z Side A"]
    inner = legend_inner(legend, 20)
    assert inner == 16
    wrapped = wrap_legend(legend, inner)
    assert wrapped == ["F Forest: costs", "  2 to enter", "A-Z Side A"]
    rows = [legend_box_row(wrapped, inner, y) for y in range(6)]
    assert rows[0] == "+- Legend " + "-" * 9 + "+" and rows[4] == "+" + "-" * 18 + "+"
    assert rows[1] == "| F Forest: costs  |" and rows[5] is None
    assert {len(r) for r in rows[:5]} == {inner + 4}
