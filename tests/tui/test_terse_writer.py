"""The terse terminal writer (tui/widgets/sgr.py, shadow.py): fewer bytes, the same screen on a VT emulator."""

from __future__ import annotations

import random

import pyte
import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tui.widgets import hex_update, sgr
from tui.widgets.shadow import Shadow

COLOURS = [None, "red", "green", "color(253)", "color(17)", "#102030"]
ATTRS = ["bold", "dim", "italic", "underline", "reverse", "strike"]


def random_style(rng: random.Random) -> Style | None:
    if rng.random() < 0.15:
        return None
    return Style(color=rng.choice(COLOURS), bgcolor=rng.choice(COLOURS),
                 **{a: True for a in ATTRS if rng.random() < 0.25})


def paint(width: int, height: int, *writes: str) -> list[list[tuple]]:
    screen = pyte.Screen(width, height)
    stream = pyte.ByteStream(screen)
    for data in writes:
        stream.feed(data.encode())
    return [[shown(c) for c in (screen.buffer[y][x] for x in range(width))] for y in range(height)]


def shown(c) -> tuple:
    """What a cell shows: a blank without underline, reverse or strike shows only its background
    (its text colour, bold or italic cannot be seen, so the writer need not set them)."""
    if c.data == " " and not (c.underscore or c.reverse or c.strikethrough):
        return (" ", None, c.bg, False, False, False, False, False)
    return (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.strikethrough)


def console() -> Console:
    return Console(color_system="256", force_terminal=True, width=40)


@pytest.mark.parametrize("seed", range(20))
def test_a_run_of_styles_paints_what_rich_paints(seed):
    rng = random.Random(seed)
    segments = [Segment(rng.choice("ab #."), random_style(rng)) for _ in range(30)]
    con = console()
    rich_out = "".join(s.style.render(s.text, color_system=con._color_system) if s.style else s.text for s in segments)
    ours = sgr.render(segments, con._color_system)
    assert paint(40, 1, ours) == paint(40, 1, rich_out)
    assert len(ours) <= len(rich_out)
    # It ends with the attributes reset, as Rich's writer does: what comes next starts from them.
    assert paint(40, 1, ours + "X")[0][30] == paint(40, 1, " " * 30 + "X")[0][30]


def test_transition_says_only_what_changes():
    system = console()._color_system
    plain = sgr._state(Style(), system)
    cursor = sgr._state(Style(bold=True, reverse=True), system)
    assert sgr.transition(plain, cursor) == "\x1b[1;7m"
    assert sgr.transition(cursor, plain) == "\x1b[0m"
    assert sgr.transition(cursor, sgr._state(Style(reverse=True), system)) == "\x1b[22m"


def test_moves_are_relative_on_the_same_row_when_shorter():
    assert sgr.move((10, 3), 11, 3) == "\x1b[C"
    assert sgr.move((10, 3), 10, 3) == ""
    assert sgr.move((10, 3), 12, 4) == "\x1b[5;13H"
    assert sgr.move(None, 0, 4) == "\x1b[5H"


def random_screen(rng: random.Random, width: int, height: int, base: list[list[Segment]] | None = None):
    lines = []
    for y in range(height):
        if base is not None and rng.random() < 0.5:
            lines.append(base[y])
            continue
        cells, x = [], 0
        while x < width:
            ch = rng.choice("ab .#漢") if x < width - 1 else "z"
            if ch == " " and rng.random() < 0.4:  # a long run of blanks, to the edge or not
                run = rng.randint(1, width - x)
                cells.append(Segment(" " * run, random_style(rng)))
                x += run
                continue
            cells.append(Segment(ch, random_style(rng)))
            x += 2 if ch == "漢" else 1
        lines.append(cells)
    return lines


@pytest.fixture(params=[False, True], ids=["erase-default-only", "bce"])
def erase(request, monkeypatch):
    """Blanks erased on the default background only, or on any (a terminal with `bce`, as pyte)."""
    monkeypatch.setattr(sgr, "ERASE_COLOURS", [request.param])
    return request.param


@pytest.mark.parametrize("seed", range(12))
def test_whole_screens_through_the_shadow_paint_what_textual_paints(seed, erase):
    """Several whole-screen frames in a row, then partial ones: the shadow writes only changed
    cells, and the terminal ends up the same as with Textual's writer."""
    rng = random.Random(seed)
    width, height = 30, 5
    con = console()
    shadow = Shadow()
    ours, theirs = [], []
    lines = None
    for _ in range(4):
        lines = random_screen(rng, width, height, lines)
        update = LayoutUpdate([[Strip(line)] for line in lines], Region(0, 0, width, height))
        ours.append(shadow.layout(update, con))
        theirs.append(hex_update.textual_layout_segments()(update, con))
    assert paint(width, height, *ours) == paint(width, height, *theirs)
    assert sum(map(len, ours[1:])) <= sum(map(len, theirs[1:]))


def test_an_unchanged_frame_writes_nothing():
    con = console()
    shadow = Shadow()
    line = [Segment("hello world", Style(color="red"))]
    update = LayoutUpdate([[Strip(line)]], Region(0, 0, 11, 1))
    assert shadow.layout(update, con)
    assert shadow.layout(update, con) == ""


async def test_the_status_line_changes_in_the_same_frame_as_the_map_cursor(toy_game):
    """The game screen hears of a cursor move at once (`HexMap.cursor_listener`), not through a
    message handled after Textual may have written the map's frame: one frame, one chunk."""
    from tests.tui.test_game_flow import game_app
    from tui.widgets.status_line import StatusLine

    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        status = screen.query_one(StatusLine)
        start = screen.map.cursor
        target = start.neighbour("E")
        screen.map.cursor = target  # no pause: nothing else has run yet
        assert status.fields["cursor"] == screen.map.describe(target)
        assert status.fields["cursor"] != screen.map.describe(start)
        await pilot.pause()


async def test_a_dialog_leaves_the_screen_beneath_as_it_was(toy_game):
    """A dialog's transparent backdrop is not restyled: the cells beside the dialog keep exactly
    the styles they had (the map's terminal-default colours included), so nothing but the dialog
    is written when it opens."""
    from textual.renderables.background_screen import BackgroundScreen
    from textual.color import Color
    from textual.screen import Screen

    from tests.tui.test_game_flow import game_app

    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert hex_update.installed()
        screen = app.screen
        backdrop = BackgroundScreen(screen, Color(0, 0, 0, 0))
        assert Screen.post_render(screen, backdrop, Style(color="red", bgcolor="blue")) is backdrop
        await pilot.press("question_mark")
        await pilot.pause()
        row = app.screen._compositor.render_strips()[0]
        beneath = screen._compositor.render_strips()[0]
        assert [s.style for s in row][:3] == [s.style for s in beneath][:3]


def test_blanks_that_show_the_same_are_not_written_again():
    """Blanks differing only in text colour or bold look the same: no rewrite, no colour code."""
    con = console()
    shadow = Shadow()
    first = [Segment("ab", Style(color="red")), Segment("      ", Style(color="red", bold=True)), Segment("cd")]
    again = [Segment("ab", Style(color="red")), Segment("      ", Style(color="blue")), Segment("cd")]
    shadow.layout(LayoutUpdate([[Strip(first)]], Region(0, 0, 10, 1)), con)
    assert shadow.layout(LayoutUpdate([[Strip(again)]], Region(0, 0, 10, 1)), con) == ""
    underlined = [Segment("ab", Style(color="red")), Segment("      ", Style(underline=True)), Segment("cd")]
    assert shadow.layout(LayoutUpdate([[Strip(underlined)]], Region(0, 0, 10, 1)), con) != ""


def test_a_blank_keeps_the_colour_in_use():
    """'ab' in red, blanks, 'cd' in red: no reset and no second red for the blanks between."""
    con = console()
    line = [Segment("ab", Style(color="red")), Segment("  ", Style()), Segment("cd", Style(color="red"))]
    out = Shadow().layout(LayoutUpdate([[Strip(line)]], Region(0, 0, 6, 1)), con)
    assert out.count("\x1b[31m") == 1 and "\x1b[0m" == out[-4:] and out.count("\x1b[") == 3
    assert paint(6, 1, out) == paint(6, 1, "\x1b[31mab\x1b[0m  \x1b[31mcd\x1b[0m")


async def test_a_partial_update_renders_only_the_widgets_under_its_dirty_regions(toy_game):
    """A map cell and the status line dirty: the side panel is not rendered (Textual rendered every
    widget under the bounding box of the two), the widgets rendered only on the dirty rows (the
    screen and its containers were rendered whole, 19-24 rows), and the dirty spans get the same
    strips as Textual's."""
    from textual.geometry import Region
    from textual.widget import Widget

    from tests.tui.test_game_flow import game_app
    from tui.widgets.unit_card import UnitCard

    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        dirty = [Region(3, 4, 1, 1), Region(60, 23, 5, 1)]
        rendered = []
        original = Widget.render_lines

        heights = []

        def spy(widget, crop):
            rendered.append(type(widget).__name__)
            heights.append(crop.height)
            return original(widget, crop)

        Widget.render_lines = spy
        try:
            compositor._dirty_regions.update(dirty)
            ours = compositor.render_partial_update()
            narrow, narrow_heights = list(rendered), list(heights)
            rendered.clear()
            compositor._dirty_regions.update(dirty)
            theirs = hex_update._textual_partial_update(compositor)
        finally:
            Widget.render_lines = original
        assert UnitCard.__name__ in rendered and UnitCard.__name__ not in narrow
        assert {"HexMap", "StatusLine"} <= set(narrow)
        assert set(narrow_heights) == {1} and max(heights) > 1  # two one-row regions: one-row bands
        for y, x1, x2 in theirs.spans:
            for x, strip in theirs.chops[y].items():
                if strip is not None and x <= x2 and x + strip.cell_length > x1:
                    assert ours.chops[y][x] == strip


async def test_the_hidden_cursor_is_parked_only_for_a_text_input(toy_game):
    """Textual parks the hidden terminal cursor after every frame (6 bytes a cursor move); only a
    text input uses where it is (an input method's window), so only then is it parked."""
    import textual.app
    from textual._context import active_app
    from textual.widgets import Input

    from tests.tui.test_game_flow import game_app

    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert hex_update.installed()
        token = active_app.set(app)
        try:
            assert app.focused is app.screen.map
            assert textual.app.Control.move_to(0, 0).segment.text == ""
            await app.screen.mount(Input(id="probe"))
            app.screen.query_one("#probe").focus()
            await pilot.pause()
            assert textual.app.Control.move_to(4, 2).segment.text == "\x1b[3;5H"
        finally:
            active_app.reset(token)
