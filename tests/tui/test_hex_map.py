"""The hex map widget alone, in a tiny host app over the toy rule set: keys, clamping, scrolling, zoom,
highlights, messages, snapshots, literal names, and the narrow screen updates it relies on."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from rules.board import Board, EdgeFeature, HexFeature
from rules.hexgrid import Hex, from_offset, line, to_offset
from rules.service import GameService
from tests.conftest import toy_setup
from tui.widgets import hex_update
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_map import HexMap


def toy_service(width: int = 8, height: int = 6, **units) -> GameService:
    setup = toy_setup(width, height)
    board = setup.board
    elevation = [0] * (width * height)
    elevation[2 * width + 3] = 2
    board = Board(
        width=width, height=height, terrain=board.terrain, elevation=tuple(elevation),
        glyphs={"open": ".", "forest": "F"},
        features=(HexFeature(at=from_offset(2, 4), feature="road"),),
        edges=(EdgeFeature(at=from_offset(4, 2), side="E", feature="wall"),),
    )
    setup = setup.model_copy(update={"board": board})
    for unit in setup.units:
        if unit.id in units:
            unit.name = units[unit.id]
    return GameService.new(setup, seed=1)


class MapHost(App):
    """Mounts one HexMap (focused) over a game service's state."""

    CSS = "HexMap { height: 1fr; }"

    def __init__(self, service: GameService | None = None, zoom: int = COMPACT, cursor: Hex | None = None):
        super().__init__()
        self.service = service or toy_service()
        self.start_zoom = zoom
        self.start_cursor = cursor

    def compose(self) -> ComposeResult:
        yield HexMap(id="map")

    def on_mount(self) -> None:
        hex_map = self.query_one(HexMap)
        hex_map.set_state(self.service.state, self.service.ruleset)
        hex_map.zoom = self.start_zoom
        if self.start_cursor is not None:
            hex_map.cursor = self.start_cursor
        hex_map.focus()


def posted(messages: list, kind: type) -> list:
    """Messages of a kind, each once (the hook sees a bubbling message at every node it visits)."""
    seen: dict[int, object] = {}
    for m in messages:
        if isinstance(m, kind):
            seen.setdefault(id(m), m)
    return list(seen.values())


def screen_text(app: App) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


MIDDLE = from_offset(3, 2)

KEY_DIRECTIONS = [
    ("right", "E"), ("left", "W"), ("6", "E"), ("4", "W"),
    ("7", "NW"), ("9", "NE"), ("1", "SW"), ("3", "SE"),
]


class TestCursorKeys:
    @pytest.mark.parametrize("key,direction", KEY_DIRECTIONS)
    async def test_each_key_moves_one_hex_its_way(self, key, direction):
        app = MapHost(cursor=MIDDLE)
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.press(key)
            assert app.query_one(HexMap).cursor == MIDDLE.neighbour(direction)

    @pytest.mark.parametrize("start_row", [1, 2])
    async def test_up_and_down_keep_the_offset_column(self, start_row):
        start = from_offset(3, start_row)
        app = MapHost(cursor=start)
        async with app.run_test(size=(40, 12)) as pilot:
            hex_map = app.query_one(HexMap)
            await pilot.press("up")
            assert to_offset(hex_map.cursor) == (3, start_row - 1)
            assert hex_map.cursor in (start.neighbour("NE"), start.neighbour("NW"))
            await pilot.press("down", "down")
            assert to_offset(hex_map.cursor) == (3, start_row + 1)
            assert hex_map.cursor in (start.neighbour("SE"), start.neighbour("SW"))

    async def test_up_then_down_alternates_ne_and_nw_by_row(self):
        app = MapHost(cursor=from_offset(3, 4))
        async with app.run_test(size=(40, 12)) as pilot:
            hex_map = app.query_one(HexMap)
            steps = []
            for _ in range(3):
                before = hex_map.cursor
                await pilot.press("up")
                steps.append(before.direction_to(hex_map.cursor))
            assert steps in (["NE", "NW", "NE"], ["NW", "NE", "NW"])

    async def test_cursor_is_clamped_to_the_board(self):
        app = MapHost()
        async with app.run_test(size=(40, 12)) as pilot:
            hex_map = app.query_one(HexMap)
            hex_map.cursor = Hex(100, 100)
            await pilot.pause()
            assert to_offset(hex_map.cursor) == (7, 5)
            hex_map.cursor = Hex(-50, -3)
            assert to_offset(hex_map.cursor) == (0, 0)

    async def test_a_move_off_the_edge_leaves_the_cursor_where_it_is(self):
        app = MapHost(cursor=from_offset(0, 0))
        async with app.run_test(size=(40, 12)) as pilot:
            hex_map = app.query_one(HexMap)
            await pilot.press("left", "up", "7", "9")
            assert to_offset(hex_map.cursor) == (0, 0)


class TestMessages:
    async def test_each_move_posts_cursor_moved_and_enter_posts_selected(self):
        messages = []
        app = MapHost(cursor=MIDDLE)
        async with app.run_test(size=(40, 12), message_hook=messages.append) as pilot:
            messages.clear()
            await pilot.press("right", "3", "enter")
            await pilot.pause()
            moved = [m.hex for m in posted(messages, HexMap.CursorMoved)]
            selected = [m.hex for m in posted(messages, HexMap.Selected)]
            first = MIDDLE.neighbour("E")
            assert moved == [first, first.neighbour("SE")]
            assert selected == [first.neighbour("SE")]

    async def test_a_click_moves_the_cursor_and_selects_the_hex(self):
        messages = []
        app = MapHost(cursor=MIDDLE)
        async with app.run_test(size=(40, 12), message_hook=messages.append) as pilot:
            hex_map = app.query_one(HexMap)
            target = from_offset(5, 3)
            cell = HexLayout(COMPACT, 8, 6).cell(5, 3)
            messages.clear()
            await pilot.click(HexMap, offset=(cell.x, cell.y))
            await pilot.pause()
            assert hex_map.cursor == target
            assert [m.hex for m in posted(messages, HexMap.Selected)] == [target]


class TestLayout:
    @pytest.mark.parametrize("zoom", [COMPACT, OUTLINED])
    def test_every_hex_is_found_again_under_each_of_its_cells(self, zoom):
        layout = HexLayout(zoom, 9, 7)
        for row in range(7):
            for col in range(9):
                cell = layout.cell(col, row)
                assert 0 <= cell.x and cell.x + cell.width <= layout.width and cell.y < layout.height
                for x in range(cell.x, cell.x + cell.width):
                    assert layout.hex_at(x, cell.y) == (col, row)

    @pytest.mark.parametrize("zoom", [COMPACT, OUTLINED])
    def test_no_two_hexes_share_a_cell(self, zoom):
        layout = HexLayout(zoom, 9, 7)
        cells = [(x, layout.cell(c, r).y) for r in range(7) for c in range(9)
                 for x in range(layout.cell(c, r).x, layout.cell(c, r).x + layout.cell(c, r).width)]
        assert len(cells) == len(set(cells))

    async def test_a_click_in_outlined_zoom_picks_the_hex_drawn_there(self):
        app = MapHost(zoom=OUTLINED, cursor=MIDDLE)
        async with app.run_test(size=(40, 16)) as pilot:
            cell = HexLayout(OUTLINED, 8, 6).cell(4, 3)
            await pilot.click(HexMap, offset=(cell.x + 2, cell.y))
            assert app.query_one(HexMap).cursor == from_offset(4, 3)


class TestScrolling:
    async def test_the_view_follows_the_cursor_over_a_large_map(self):
        service = toy_service(60, 40)
        app = MapHost(service, cursor=from_offset(0, 0))
        async with app.run_test(size=(30, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            assert hex_map.scroll_offset == (0, 0)
            await pilot.press(*["right"] * 25, *["down"] * 15)
            await pilot.pause()
            col, row = to_offset(hex_map.cursor)
            assert (col, row) == (25, 15)
            cell = HexLayout(COMPACT, 60, 40).cell(col, row)
            sx, sy = hex_map.scroll_offset
            assert sx > 0 and sy > 0
            assert sx <= cell.x < sx + hex_map.size.width
            assert sy <= cell.y < sy + hex_map.size.height

    async def test_outlined_zoom_scrolls_too(self):
        service = toy_service(30, 20)
        app = MapHost(service, zoom=OUTLINED, cursor=from_offset(0, 0))
        async with app.run_test(size=(30, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            await pilot.press(*["3"] * 8)
            await pilot.pause()
            col, row = to_offset(hex_map.cursor)
            cell = HexLayout(OUTLINED, 30, 20).cell(col, row)
            sx, sy = hex_map.scroll_offset
            assert sy > 0
            assert sy <= cell.y < sy + hex_map.size.height


class TestDrawing:
    async def test_compact_zoom_draws_one_line_per_hex_row(self):
        app = MapHost()
        async with app.run_test(size=(40, 10)):
            hex_map = app.query_one(HexMap)
            assert hex_map.virtual_size.height == 6
            lines = screen_text(app).splitlines()
            assert lines[1].startswith(" .") and "A" in lines[1] and "x" in lines[1]
            assert "F" in lines[2]  # the forest at (3, 2)
            assert "#" in lines[2]  # the wall east of (4, 2)

    async def test_outlined_zoom_draws_outlines_elevation_and_features(self):
        app = MapHost(zoom=OUTLINED)
        async with app.run_test(size=(40, 16)):
            hex_map = app.query_one(HexMap)
            assert hex_map.virtual_size == (4 * 8 + 3, 2 * 6 + 1)
            text = screen_text(app)
            lines = text.splitlines()
            assert lines[0].startswith(" / \\ / \\")
            assert lines[1].startswith("| . | . |")
            assert "/2\\" in lines[4]  # elevation 2 at (3, 2), above its interior
            assert "#" in lines[5]  # the wall between (4, 2) and (5, 2)
            assert "=" in lines[10]  # the road at (2, 4), below its interior

    async def test_sides_differ_by_letter_case_without_colour(self):
        app = MapHost(zoom=OUTLINED)
        async with app.run_test(size=(40, 16)):
            text = screen_text(app)
            assert ".A2" in text and ".B2" in text  # side a: upper case, strength mark 2
            assert ".x2" in text and ".y1" in text  # side b: lower case

    async def test_zoom_switches_and_keeps_the_cursor(self):
        app = MapHost(cursor=MIDDLE)
        async with app.run_test(size=(40, 16)) as pilot:
            hex_map = app.query_one(HexMap)
            hex_map.zoom = OUTLINED
            await pilot.pause()
            assert hex_map.virtual_size.height == 13
            assert hex_map.cursor == MIDDLE
            hex_map.zoom = 5  # not a zoom level: compact
            await pilot.pause()
            assert hex_map.zoom == COMPACT

    async def test_legend_lists_terrain_marks_and_sides(self):
        app = MapHost()
        async with app.run_test(size=(60, 12)) as pilot:
            hex_map = app.query_one(HexMap)
            assert "Legend" not in screen_text(app)
            hex_map.show_legend = True
            await pilot.pause()
            text = screen_text(app)
            assert "Legend" in text
            assert "F Forest: costs 2 to enter" in text
            assert "# wall (hexside)" in text and "= road (hex feature)" in text
            assert "A-Z Side A" in text and "a-z Side B" in text


class TestHighlights:
    async def test_highlighted_hexes_take_their_styles_and_others_do_not(self):
        app = MapHost(cursor=from_offset(0, 5))
        async with app.run_test(size=(40, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            reach, target, path = from_offset(2, 1), from_offset(5, 1), from_offset(3, 3)
            a, b = from_offset(1, 1), from_offset(5, 3)
            hex_map.set_highlights(reach={reach}, targets={target}, path=[path], los=line(a, b), selected=a)
            await pilot.pause()

            def style_at(h: Hex) -> Style:
                cell = HexLayout(COMPACT, 8, 6).cell(*to_offset(h))
                strip = hex_map.render_line(cell.y).crop(cell.x, cell.x + 1)
                return list(strip)[0].style

            plain = style_at(from_offset(6, 5))
            assert style_at(reach).bgcolor != plain.bgcolor
            assert style_at(reach).underline  # the range reads without colour too
            assert style_at(target).underline and style_at(target).bold
            assert style_at(path).underline
            assert style_at(a).underline  # selected
            on_line = [h for step in line(a, b) for h in step.hexes if h not in (a, b)]
            assert all(style_at(h).bgcolor != plain.bgcolor for h in on_line)
            hex_map.set_highlights()
            await pilot.pause()
            assert style_at(reach) == plain

    async def test_a_cursor_move_repaints_only_the_two_hexes(self):
        app = MapHost(cursor=MIDDLE)
        async with app.run_test(size=(40, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            await pilot.pause()
            seen: list[tuple] = []
            original = hex_map.refresh

            def spy(*regions, **kwargs):
                seen.append(regions)
                return original(*regions, **kwargs)

            hex_map.refresh = spy
            await pilot.press("right")
            hex_map.refresh = original
            regions = [r for call in seen for r in call]
            assert len(seen) == 1 and len(regions) == 2
            assert all(r.width == 1 and r.height == 1 for r in regions)

    async def test_changing_one_unit_repaints_only_its_hexes(self):
        app = MapHost()
        async with app.run_test(size=(40, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            service = app.service
            seen: list[tuple] = []
            original = hex_map.refresh
            hex_map.refresh = lambda *regions, **kw: (seen.append(regions), original(*regions, **kw))[1]
            service.apply(service.legal_actions("a")[1])  # a move of a1 or a2
            hex_map.set_state(service.state, service.ruleset)
            hex_map.refresh = original
            regions = [r for call in seen for r in call]
            assert len(seen) == 1 and 1 <= len(regions) <= 2
            await pilot.pause()


class TestLiteralText:
    async def test_a_hostile_unit_name_renders_literally(self):
        hostile = "[bold red]Evil[/]\x1b[2J\x07"
        service = toy_service(a1=hostile)
        app = MapHost(service, cursor=from_offset(1, 1))
        async with app.run_test(size=(60, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            text = hex_map.describe()
            assert "[bold red]Evil[/]^[[2J?" in text
            assert "\x1b" not in text and "\x07" not in text
            hex_map.show_legend = True
            await pilot.pause()
            screen = screen_text(app)
            assert "\x1b" not in screen
            assert "B" in screen.splitlines()[1]  # the glyph: first letter of the name, upper case


class TestSnapshots:
    def test_compact_zoom(self, snap_compare):
        """The toy board in compact zoom, cursor on the forest, 40x10."""
        assert snap_compare(MapHost(cursor=MIDDLE), terminal_size=(40, 10))

    def test_outlined_zoom(self, snap_compare):
        """The toy board in outlined zoom with a movement range highlighted, 40x16."""

        async def highlight(pilot):
            hex_map = pilot.app.query_one(HexMap)
            hex_map.set_highlights(reach={from_offset(2, 1), from_offset(1, 2)}, selected=from_offset(1, 1))
            await pilot.pause()

        assert snap_compare(MapHost(zoom=OUTLINED, cursor=MIDDLE), terminal_size=(40, 16), run_before=highlight)


class TestNarrowUpdates:
    """`hex_update` writes only the dirty span of a line, and the terminal shows the same screen."""

    def test_install_applies_once_on_the_known_textual(self):
        assert hex_update.install() is True
        assert hex_update.install() is True
        assert hex_update.installed()

    @pytest.mark.parametrize("x1,x2", [(5, 6), (0, 4), (7, 12), (3, 4), (3, 6), (2, 4), (9, 16)])
    def test_the_terminal_shows_the_same_screen_with_fewer_bytes(self, x1, x2):
        import pyte

        from textual._compositor import ChopsUpdate

        colours = ["red", "green", "blue", "yellow"] * 5

        def strip(text: str) -> Strip:
            return Strip([Segment(ch, Style(color=c, bgcolor="black")) for ch, c in zip(text, colours)])

        # One screen line: a widget on cells 0-13 (a double-width character on cells 2-3), another on 14-19.
        old, new, other = strip("ab漢cdefghijkl"), strip("AB漢CDEFGHIJKL"), strip("OTHER!")
        console = Console(color_system="256", force_terminal=True, width=20)

        def paint(*writes: str) -> list:
            screen = pyte.Screen(20, 1)
            stream = pyte.ByteStream(screen)
            for data in writes:
                stream.feed(data.encode())
            return [screen.buffer[0][x] for x in range(20)]

        before = "\x1b[1;1H" + old.render(console) + other.render(console)
        after_all = paint("\x1b[1;1H" + new.render(console) + other.render(console))
        untouched = paint(before)
        update = ChopsUpdate([{0: new, 14: other}], [(0, x1, x2)], [[14, 20]])
        hex_update.install()
        narrow = hex_update._render_segments(update, console)
        wide = hex_update.textual_render_segments()(update, console)
        screen = paint(before, narrow)
        start = 2 if x1 == 3 else x1  # a double-width character cut by the span is sent whole
        for x in range(20):
            expected = after_all[x] if start <= x < x2 else untouched[x]
            assert screen[x] == expected, x
        assert paint(before, wide)[x1:x2] == screen[x1:x2]
        assert len(narrow) <= len(wide)
        if x1 > 2:
            assert len(narrow) < len(wide)


def test_a_feature_without_a_declared_mark_is_drawn_with_a_mark_that_is_not_a_letter():
    """Letters on the map are units; the rule sets' own marks are checked in tests/rules/test_vocabulary.py."""
    from rules.board import Board, EdgeFeature
    from tui.widgets.hex_model import EDGE_DEFAULT, MapModel

    board = Board(width=2, height=1, terrain=("open", "open"), edges=(EdgeFeature(at=Hex(0, 0), side="E", feature="moat"),))
    assert MapModel(board).edge(0, 0, "E") == EDGE_DEFAULT and not EDGE_DEFAULT.isalpha()


async def test_every_glyph_reads_on_every_highlight():
    """The theme gives sides and highlights the same few hues ($warning is $accent): a side's letter on the
    selection, a forest on the movement range or a red unit on the target's red was drawn in its own
    background's colour. Every glyph colour on every highlight must stay apart from it."""
    from rich.color import Color as RichColor

    from tui.app import HexwarApp
    from rules.core import STYLES
    from tui.widgets.hex_render import SIDE_CLASSES
    from tui.widgets.sgr import SAME_COLOUR

    def rgb(c: RichColor) -> tuple[int, int, int]:
        t = c.get_truecolor()
        return t.red, t.green, t.blue

    app = HexwarApp({"new": toy_service(), "hide": False}, autosave=False)
    async with app.run_test(size=(100, 30)):
        m = app.screen.query_one(HexMap)
        glyphs = [*SIDE_CLASSES, *(f"hex-map--terrain-{s}" for s in STYLES), "hex-map--terrain", "hex-map--feature"]
        highlights = ["hex-map--reach", "hex-map--target", "hex-map--selected", "hex-map--path", "hex-map--los",
                      "hex-map--los-edge"]
        unreadable = []
        for glyph in glyphs:
            for light in highlights:
                style = m._style((glyph, light))
                if style.color is None or style.bgcolor is None:
                    continue
                apart = sum((a - b) ** 2 for a, b in zip(rgb(style.color), rgb(style.bgcolor))) ** 0.5
                if apart < SAME_COLOUR:
                    unreadable.append((glyph, light, style))
        assert not unreadable


class TestMarkers:
    """A rule set's markers on hexes (`HexMap.set_marks`, from a seat's `hex_marks()`): drawn on empty hexes only."""

    def marks(self, app):
        from rules.core import HexMark

        occupied = next(u.at for u in app.service.state.units.values() if u.at is not None)
        return [HexMark(at=from_offset(0, 0), mark="@", label="target chit"),
                HexMark(at=from_offset(0, 0), mark=";", label="smoke"),
                HexMark(at=occupied, mark="@", label="under a unit")], occupied

    async def test_compact_draws_the_first_marker_in_place_of_the_terrain_and_never_over_a_unit(self):
        app = MapHost()
        async with app.run_test(size=(40, 10)) as pilot:
            hex_map = app.query_one(HexMap)
            before = screen_text(app)
            marks, occupied = self.marks(app)
            hex_map.set_marks(marks)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            assert lines[0].startswith("@ .") and before.splitlines()[0].startswith(". .")
            assert screen_text(app).count("@") == 1  # the unit's hex shows the unit
            assert hex_map.describe(from_offset(0, 0)).endswith("| @ target chit | ; smoke")
            assert "| @ under a unit" in hex_map.describe(occupied)
            hex_map.set_marks([])
            await pilot.pause()
            assert screen_text(app) == before

    async def test_outlined_draws_the_marker_beside_the_terrain_and_the_legend_names_it(self):
        app = MapHost(zoom=OUTLINED)
        async with app.run_test(size=(60, 16)) as pilot:
            hex_map = app.query_one(HexMap)
            hex_map.set_marks(self.marks(app)[0])
            await pilot.pause()
            assert screen_text(app).splitlines()[1].startswith("| .@|")
            hex_map.show_legend = True
            await pilot.pause()
            assert "@ marker (marker)" in screen_text(app)  # the toy declares no words for '@'
