"""The hex map: terrain, elevation, features, units and highlights of a game, with a hex cursor.

Why it is built this way
------------------------
The bar is 60 bytes written to the terminal per cursor move (status line
included) and nothing while idle. Three things get it there (docs/perf.md has
the measurements):

1. The cursor is drawn at render time over cached lines, never stored in them.
   Its watcher marks only the old and the new hex's interior cells dirty (one
   cell in compact zoom, three in outlined zoom), so Textual re-renders two
   lines at most and repaints nothing else. Units and highlights are diffed hex
   by hex on `set_state` / `set_highlights`, and only the hexes that changed are
   repainted; the board's outline lines never change during a game.
2. Rendered lines are cached by (zoom, line, version of the hex row it shows,
   board version), so a repaint costs a dictionary look-up, a crop and the
   cursor overlay.
3. `hex_update.install()` (called on mount) makes Textual write each dirty
   span from its own first cell instead of from the widget's left edge, with
   only the codes that change something. Without it (Textual's public path) a
   move costs 274 bytes; with it, 33 (docs/perf.md, issue 28).

The pieces: `hex_model` (the board as drawn; units, markers and highlights
diffed there), `hex_render` (the text of each line), `hex_glyphs` (letters
and marks), `hex_legend`, `hex_looks` (styles, TCSS, no-colour looks),
`hex_layout` (geometry). This module is the widget: state in, keys, cursor,
the line cache and repaints.

Scrolling is the one move that repaints the whole widget, so the viewport jumps
to centre the cursor when it leaves the view (with a margin) rather than
creeping a line at a time: a long walk scrolls rarely. Scrollbars are hidden
(`scrollbar-size: 0 0`): the view follows the cursor, the wheel still scrolls,
and Textual's scrollbars are drawn with Unicode blocks the map does without.

The widget holds no rule logic: it draws a state (or a side's view) and the
highlights the screen hands it, and posts `CursorMoved` and `Selected`.

Keys (focused map):

| Key | Moves the cursor |
|---|---|
| left / right, 4 / 6 | W / E |
| up / down | to the row above / below, keeping the column (NE/NW or SE/SW by row) |
| 7 / 9 | NW / NE |
| 1 / 3 | SW / SE |
| enter, click | posts `Selected` for the hex under the cursor |
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rules.hexgrid import Hex, LineStep, from_offset, to_offset
from tui.widgets import hex_update
from tui.widgets import sgr
from tui.widgets.hex_glyphs import occupants
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_legend import legend_box_row, legend_inner, legend_lines, wrap_legend
from tui.widgets.hex_looks import HEX_MAP_CLASSES, HEX_MAP_CSS, MapStyles, mono_looks
from tui.widgets.hex_model import MapModel, highlight_flags
from tui.widgets.hex_render import compose_line

if TYPE_CHECKING:
    from rules.core import GameState, HexMark, Ruleset

_MAX_PARTIAL = 60
"""Above this many changed hexes a state change repaints the whole map (cheaper to compute)."""


class HexMap(ScrollView, can_focus=True):
    """A scrolling ASCII hex map with a cursor, at two zoom levels."""

    COMPONENT_CLASSES = HEX_MAP_CLASSES
    DEFAULT_CSS = HEX_MAP_CSS

    BINDINGS = [
        Binding("left,4", "move('W')", "West", show=False),
        Binding("right,6", "move('E')", "East", show=False),
        Binding("up", "vertical(-1)", "Up", show=False),
        Binding("down", "vertical(1)", "Down", show=False),
        Binding("7", "move('NW')", "North-west", show=False),
        Binding("9", "move('NE')", "North-east", show=False),
        Binding("1", "move('SW')", "South-west", show=False),
        Binding("3", "move('SE')", "South-east", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor: reactive[Hex] = reactive(Hex(0, 0), repaint=False, init=False)
    """The hex under the cursor (clamped to the board)."""
    zoom: reactive[int] = reactive(COMPACT, repaint=False, init=False)
    """0: compact, one text line per hex row; 1: outlined hexes with room for terrain, unit and mark."""
    show_legend: reactive[bool] = reactive(False, repaint=False, init=False)
    """Show the terrain legend over the top right of the map."""

    cursor_listener: Callable[[Hex], None] | None = None
    """Called at once on every cursor move, before `CursorMoved` is posted. A screen that shows the
    cursor elsewhere too (the status line) repaints it in the same frame as the map this way: the
    message arrives after Textual has often written the map's frame, and a second frame follows
    about 30 ms later (more bytes, and a reply in two pieces)."""

    class _AtHex(Message):
        """A message about one hex of this map."""

        def __init__(self, hex_map: HexMap, hex: Hex) -> None:
            super().__init__()
            self.hex_map = hex_map
            self.hex = hex

        @property
        def control(self) -> HexMap:
            return self.hex_map

    class CursorMoved(_AtHex):
        """Posted after every cursor move (keys, clicks, or the screen setting `cursor`)."""

    class Selected(_AtHex):
        """Posted when Enter is pressed on a hex or a hex is clicked."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._model: MapModel | None = None
        self._state = None
        self._ruleset = None
        self._layout = HexLayout(COMPACT, 1, 1)
        self._row_version: list[int] = []
        self._board_version = 0
        self._lines: LRUCache[tuple, Strip] = LRUCache(1024)
        self._style = MapStyles(self)
        """Style keys to Rich styles (called as `self._style(key)`), kept until the styles change."""
        self._legend: list[str] | None = None
        """The legend's lines, built when first shown after a state change."""
        self._legend_wrap: tuple[tuple, list[str]] = ((), [])
        """((box width, which legend), its lines wrapped to that width)."""

    # --- data in --------------------------------------------------------------------

    def set_state(self, state: GameState, ruleset: Ruleset | None) -> None:
        """Draw this game state (or a side's view of it) with its rule set's glyphs and marks."""
        self._state, self._ruleset = state, ruleset
        board = state.board
        if self._model is None or (self._model.board is not board and self._model.board != board):
            flags = self._model.flags if self._model else {}
            self._model = MapModel(board, ruleset.terrain if ruleset is not None else None)
            self._model.flags = {k: v for k, v in flags.items() if self._model.in_bounds(*k)}
            self._model.units = occupants(state, ruleset)
            self._row_version = [0] * board.height
            self._board_version += 1
            self._lines.clear()
            self._legend = None
            self._relayout()
            self.cursor = self.validate_cursor(self.cursor)
            self.refresh()
            return
        changed = self._model.replace_units(occupants(state, ruleset))
        self._legend = None
        self._repaint_hexes(changed, gap=True)  # compact: a unit hides the height digit after it

    def set_marks(self, marks: Iterable[HexMark]) -> None:
        """Draw the rule set's markers (a seat's `hex_marks()`: what it may know of) on hexes with no unit; each
        call replaces them all, and only hexes whose markers changed are repainted."""
        if self._model is None:
            return
        changed = self._model.replace_markers(marks)
        if changed:
            self._legend = None
            self._repaint_hexes(changed)

    def set_highlights(self, reach: Iterable[Hex] = (), targets: Iterable[Hex] = (), path: Iterable[Hex] = (),
                       los: Iterable[LineStep] | None = None, selected: Hex | None = None) -> None:
        """Highlight a movement range, valid targets, a move's path, a line of sight and the selected unit.

        Each call replaces all highlights; only hexes whose highlight changed are repainted.
        """
        if self._model is None:
            return
        self._repaint_hexes(self._model.replace_flags(highlight_flags(reach, targets, path, los, selected)))

    def describe(self, h: Hex | None = None) -> str:
        """The hex under the cursor (or `h`) in words for the status line (`MapModel.describe`)."""
        if self._model is None or self._state is None:
            return ""
        return self._model.describe(self.cursor if h is None else h, self._state, self._ruleset)

    # --- reactives ------------------------------------------------------------------

    def validate_cursor(self, value: Hex) -> Hex:
        value = Hex(*value)
        if self._model is None:
            return value
        col, row = to_offset(value)
        col = min(max(col, 0), self._model.columns - 1)
        row = min(max(row, 0), self._model.rows - 1)
        return from_offset(col, row)

    def watch_cursor(self, old: Hex, new: Hex) -> None:
        if self._model is not None:
            if not self._scroll_to_cursor():
                self.refresh(*self._regions((to_offset(old), to_offset(new))))
        if self.cursor_listener is not None:
            self.cursor_listener(new)
        self.post_message(self.CursorMoved(self, new))

    def validate_zoom(self, value: int) -> int:
        return OUTLINED if value == OUTLINED else COMPACT

    def watch_zoom(self, old: int, new: int) -> None:
        self._lines.clear()
        self._relayout()
        self.refresh()
        # The new virtual size takes effect at the next layout; scroll after it.
        self.call_after_refresh(self._scroll_to_cursor, True)

    def watch_show_legend(self, old: bool, new: bool) -> None:
        self.refresh()

    # --- keys and mouse ---------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        """Move the cursor one hex; a move off the board leaves it where it is."""
        target = self.cursor.neighbour(direction)  # type: ignore[arg-type]
        if self._model is None or self._model.in_bounds(*to_offset(target)):
            self.cursor = target

    def action_vertical(self, step: int) -> None:
        """Move to the row above (-1) or below (+1) in the same offset column: NE/NW (SE/SW) alternately."""
        col, row = to_offset(self.cursor)
        if self._model is None or self._model.in_bounds(col, row + step):
            self.cursor = from_offset(col, row + step)

    def action_select(self) -> None:
        self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self._model is None:
            return
        sx, sy = self.scroll_offset
        found = self._layout.hex_at(offset.x + sx, offset.y + sy)
        if found is None:
            return
        event.stop()
        self.cursor = from_offset(*found)
        self.post_message(self.Selected(self, self.cursor))

    # --- drawing --------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style.clear()
        self._lines.clear()

    def on_mount(self) -> None:
        if hex_update.install():
            # The screen's own colours are the terminal's, as the map's are (docs/perf.md).
            sgr.use_terminal_default(self.screen.rich_style)

    def on_resize(self) -> None:
        self.call_after_refresh(self._scroll_to_cursor)

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        width = self.size.width
        vy = sy + y
        base = self._style.base()
        if self._model is None or vy >= self._layout.height:
            strip = Strip.blank(width, base)
        else:
            line = self._line(vy)
            col, row = to_offset(self.cursor)
            cell = self._layout.cell(col, row)
            if cell.y == vy:
                line = self._overlay_cursor(line, cell.x, cell.width)
            strip = line.crop_extend(sx, sx + width, base)
        if self.show_legend and self._model is not None:
            if self._legend is None:
                self._legend = legend_lines(self._model, self._state, self._ruleset)
                if getattr(self.app, "no_color", False):
                    self._legend += mono_looks()[1]
            if self._legend:
                strip = self._overlay_legend(strip, y, width)
        return strip

    def _line(self, vy: int) -> Strip:
        row = self._layout.row_of_line(vy)
        version = self._row_version[row] if row is not None and row < len(self._row_version) else -1
        key = (self._layout.zoom, vy, version, self._board_version)
        strip = self._lines.get(key)
        if strip is None:
            assert self._model is not None
            segments = [Segment(text, self._style(k)) for text, k in compose_line(self._layout, self._model, vy)]
            strip = Strip(segments, self._layout.width)
            self._lines[key] = strip
        return strip

    def _overlay_cursor(self, line: Strip, x: int, width: int) -> Strip:
        cursor = self._style.cursor()
        inside = [Segment(s.text, (s.style or Style()) + cursor) for s in line.crop(x, x + width)]
        return Strip.join([line.crop(0, x), Strip(inside, width), line.crop(x + width)])

    def _overlay_legend(self, strip: Strip, y: int, width: int) -> Strip:
        assert self._legend is not None
        inner = legend_inner(self._legend, width)
        key = (inner, id(self._legend))
        if self._legend_wrap[0] != key:
            self._legend_wrap = (key, wrap_legend(self._legend, inner))
        text = legend_box_row(self._legend_wrap[1], inner, y)
        if text is None:
            return strip
        x = max(0, width - len(text))
        box = Strip([Segment(text, self._style(("hex-map--legend",)))], len(text))
        return Strip.join([strip.crop(0, x), box, strip.crop(x + len(text), width)])

    # --- bookkeeping ------------------------------------------------------------------

    LEGEND_WIDTH = 40
    """Cells the legend box asks for beside the map when it is shown (it wraps to fit less)."""

    def needed_width(self) -> int:
        """Cells the whole map takes across at this zoom (and a vertical scrollbar's), and the
        legend's box beside it while the legend is shown."""
        if self._model is None:
            return 0
        return self._layout.width + 2 + (self.LEGEND_WIDTH if self.show_legend else 0)

    zoom_chosen = False
    """The player chose the zoom (z): the map no longer picks it by the room it has."""

    def outlined_size(self) -> tuple[int, int]:
        """(cells across with the scrollbar and any legend, lines down) of the whole map at the outlined zoom."""
        if self._model is None:
            return 0, 0
        layout = HexLayout(OUTLINED, self._model.columns, self._model.rows)
        return layout.width + 2 + (self.LEGEND_WIDTH if self.show_legend else 0), layout.height

    def fit_zoom(self, width: int, height: int) -> None:
        """Unless the player chose: the outlined zoom when the whole map fits in `width` x `height` (a 120x40
        window), else the compact one. The compact map never grows; the outlined one is the larger view."""
        if self.zoom_chosen or self._model is None or width <= 0 or height <= 0:
            return
        w, h = self.outlined_size()
        self.zoom = OUTLINED if w <= width and h <= height else COMPACT

    def _relayout(self) -> None:
        if self._model is None:
            return
        self._layout = HexLayout(self.zoom, self._model.columns, self._model.rows)
        self.virtual_size = Size(self._layout.width, self._layout.height)

    def _regions(self, hexes: Iterable[tuple[int, int]], gap: bool = False) -> list[Region]:
        """The widget-relative regions of the interior cells of these hexes (visible ones only);
        with `gap`, in the compact zoom, the cell after each hex too."""
        sx, sy = self.scroll_offset
        view = Region(0, 0, *self.size)
        extra = 1 if gap and self._layout.zoom == COMPACT else 0
        out = []
        for col, row in hexes:
            cell = self._layout.cell(col, row)
            region = Region(cell.x - sx, cell.y - sy, cell.width + extra, 1)
            if view.overlaps(region):
                out.append(region.intersection(view))
        return out

    def _repaint_hexes(self, changed: set[tuple[int, int]], gap: bool = False) -> None:
        if not changed:
            return
        for _, row in changed:
            if 0 <= row < len(self._row_version):
                self._row_version[row] += 1
        if len(changed) > _MAX_PARTIAL:
            self.refresh()
        else:
            regions = self._regions(changed, gap)
            if regions:
                self.refresh(*regions)

    def _scroll_to_cursor(self, centre: bool = False) -> bool:
        """Scroll so the cursor is in view; True if the view moved (and so repaints anyway)."""
        if self._model is None or not self.size:
            return False
        sx, sy = self.scroll_offset
        x, y = self._layout.scroll_to_show(*to_offset(self.cursor), (sx, sy), tuple(self.size), centre)
        if (x, y) == (sx, sy):
            return False
        self.scroll_to(x=x, y=y, animate=False, immediate=True)
        return True
