"""The hex map: terrain, elevation, features, units and highlights of a game, with a hex cursor.

Why it is built this way
------------------------
The bar is 150 bytes written to the terminal per cursor move (status line
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
   span from its own first cell instead of from the widget's left edge. Without
   it a one-hex move near column 60 costs 510-560 bytes; with it, about 40 for
   the two hexes.

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

import os
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
from tui.widgets.sgr import legible, on_terminal_default, terminal_attributes
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_render import (
    EDGE_DEFAULT, FLAG_CLASSES, LOS, LOS_EDGE, PATH, REACH, SELECTED, SIDE_CLASSES, STYLES, TARGET, MapModel,
    StyleKey, compose_line, legend_lines, occupants, one_char, printable,
)

if TYPE_CHECKING:
    from rules.core import GameState, HexMark, Ruleset

_MAX_PARTIAL = 60
"""Above this many changed hexes a state change repaints the whole map (cheaper to compute)."""
_CURSOR_KEY = ("\0cursor",)
"""Where the cursor's overlay style is kept among the map's styles (no component class has this name)."""


MONO_FLAGS: tuple[tuple[str, Style], ...] = (
    ("hex-map--reach", Style(underline=True)),
    ("hex-map--los", Style(italic=True)),
    ("hex-map--los-edge", Style(italic=True, dim=True)),
    ("hex-map--path", Style(underline=True, italic=True)),
    ("hex-map--target", Style(bold=True, underline=True)),
    ("hex-map--selected", Style(reverse=True, underline=True)),
)
"""Without colour each highlight has its own attributes (the cursor is reverse bold). Sides lose
their bold here: their letters (case, or a tag letter each) tell them apart, so bold marks a target."""
MONO_LEGEND = (
    "underline: can move there", "italic: line of sight", "underline italic: path",
    "bold underline: target", "reverse underline: selected", "reverse bold: cursor",
)
"""The legend's lines for the attributes above (shown only without colour)."""

MONO_FLAGS_UPRIGHT: tuple[tuple[str, Style], ...] = (
    ("hex-map--reach", Style(underline=True)),
    ("hex-map--los", Style(reverse=True)),
    ("hex-map--los-edge", Style(reverse=True)),
    ("hex-map--path", Style(bold=True)),
    ("hex-map--target", Style(bold=True, underline=True)),
    ("hex-map--selected", Style(reverse=True, underline=True, bold=True)),
)
"""The same for a terminal without italic or dim (a vt100, the Linux console: terminfo has no
`sitm`): only bold, underline and reverse, which every such terminal has."""
MONO_LEGEND_UPRIGHT = (
    "underline: can move there", "reverse: line of sight", "bold: path",
    "bold underline: target", "reverse bold underline: selected", "reverse bold: cursor",
    "reverse underline: line of sight in range",
)


def mono_looks() -> tuple[tuple[tuple[str, Style], ...], tuple[str, ...]]:
    """The highlight attributes and legend lines for this terminal (TERM), without colour."""
    if {"italic", "dim"} <= terminal_attributes(os.environ.get("TERM", "")):
        return MONO_FLAGS, MONO_LEGEND
    return MONO_FLAGS_UPRIGHT, MONO_LEGEND_UPRIGHT


def _without_colour(style: Style, key: StyleKey) -> Style:
    """The attributes only (NO_COLOR or a monochrome terminal): Textual would turn both colours
    to greys that may be equal, hiding a glyph (a forest in a range, a unit under the cursor).
    The terminal's own colours stay; each highlight takes its own attributes (`MONO_FLAGS`)."""
    flagged = [mono for name, mono in mono_looks()[0] if name in key]
    if not flagged:
        if any(name.startswith("hex-map--side-") or name == "hex-map--marker" for name in key):
            return Style()  # a marker's own character tells it (bold would read as a path on a vt100)
        return Style(bold=style.bold, italic=style.italic, underline=style.underline,
                     reverse=style.reverse, strike=style.strike)
    out = Style()
    for mono in flagged:
        out += mono
    return out


class HexMap(ScrollView, can_focus=True):
    """A scrolling ASCII hex map with a cursor, at two zoom levels."""

    COMPONENT_CLASSES = {
        "hex-map--cursor", "hex-map--outline", "hex-map--edge", "hex-map--elevation", "hex-map--feature",
        "hex-map--terrain", "hex-map--legend", "hex-map--marker",
        *(name for _, name in FLAG_CLASSES),
        *SIDE_CLASSES,
        *(f"hex-map--terrain-{style}" for style in STYLES),
    }
    """Every style the map draws with; TCSS may restyle any of them."""

    DEFAULT_CSS = """
    HexMap {
        background: $surface;
        color: $text;
        scrollbar-size: 0 0;
    }
    HexMap > .hex-map--cursor { text-style: reverse bold; }
    HexMap > .hex-map--outline { color: $text-muted; }
    HexMap > .hex-map--edge { color: $warning; text-style: bold; }
    HexMap > .hex-map--elevation { color: $secondary; }
    HexMap > .hex-map--feature { color: $warning; }
    HexMap > .hex-map--terrain { color: $text; }
    HexMap > .hex-map--terrain-forest { color: $success; }
    HexMap > .hex-map--terrain-water { color: $primary; }
    HexMap > .hex-map--terrain-hill, HexMap > .hex-map--terrain-rough { color: $secondary; }
    HexMap > .hex-map--terrain-building { color: $warning; }
    HexMap > .hex-map--side-0 { color: $error; text-style: bold; }
    HexMap > .hex-map--side-1 { color: $accent; text-style: bold; }
    HexMap > .hex-map--side-2 { color: $success; text-style: bold; }
    HexMap > .hex-map--side-3 { color: $warning; text-style: bold; }
    HexMap > .hex-map--side-4 { color: $secondary; text-style: bold; }
    HexMap > .hex-map--side-5 { color: $primary; text-style: bold; }
    HexMap > .hex-map--side-6 { color: $foreground; text-style: bold; }
    HexMap > .hex-map--side-7 { color: $text-muted; text-style: bold; }
    /* Drawn at full strength: Textual's partial component styles drop a background's alpha (the
       percentages are ignored); `legible` (tui/widgets/sgr.py) keeps a glyph of the same hue readable. */
    HexMap > .hex-map--reach { background: $success 25%; text-style: underline; }  /* a mark without colour too */
    HexMap > .hex-map--los { background: $primary 25%; }
    HexMap > .hex-map--los-edge { background: $primary 15%; text-style: italic; }
    HexMap > .hex-map--path { background: $accent 35%; text-style: underline; }
    HexMap > .hex-map--target { background: $error 35%; text-style: bold underline; }
    HexMap > .hex-map--selected { background: $warning 40%; text-style: bold underline; }
    HexMap > .hex-map--legend { background: $panel; color: $text; }
    HexMap > .hex-map--marker { color: $warning; text-style: bold; }
    """

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
        self._styles: dict[StyleKey, Style] = {}
        self._legend: list[str] | None = None
        """The legend's lines, built when first shown after a state change."""

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
        new_units = occupants(state, ruleset)
        old_units = self._model.units
        changed = {k for k in old_units.keys() | new_units.keys() if old_units.get(k) != new_units.get(k)}
        self._model.units = new_units
        self._legend = None
        self._repaint_hexes(changed, gap=True)  # compact: a unit hides the height digit after it

    def set_marks(self, marks: Iterable[HexMark]) -> None:
        """Draw the rule set's markers (a seat's `hex_marks()`: what it may know of) on hexes with no unit; each
        call replaces them all, and only hexes whose markers changed are repainted."""
        if self._model is None:
            return
        found: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for m in marks:
            key = to_offset(Hex(*m.at))
            if self._model.in_bounds(*key):
                found.setdefault(key, []).append((one_char(m.mark, EDGE_DEFAULT), printable(m.label)))
        new = {k: tuple(v) for k, v in found.items()}
        old = self._model.markers
        changed = {k for k in old.keys() | new.keys() if old.get(k) != new.get(k)}
        self._model.markers = new
        if changed:
            self._legend = None
            self._repaint_hexes(changed)

    def set_highlights(self, reach: Iterable[Hex] = (), targets: Iterable[Hex] = (), path: Iterable[Hex] = (),
                       los: Iterable[LineStep] | None = None, selected: Hex | None = None) -> None:
        """Highlight a movement range, valid targets, a move's path, a line of sight and the selected unit.

        Each call replaces all highlights; only hexes whose highlight changed are repainted.
        """
        flags: dict[tuple[int, int], int] = {}

        def add(hexes: Iterable[Hex], bit: int) -> None:
            for h in hexes:
                key = to_offset(Hex(*h))
                flags[key] = flags.get(key, 0) | bit

        add(reach, REACH)
        add(targets, TARGET)
        add(path, PATH)
        for step in los or ():
            add(step.hexes, LOS_EDGE if step.along_edge else LOS)
        if selected is not None:
            add((selected,), SELECTED)
        if self._model is None:
            return
        flags = {k: v for k, v in flags.items() if self._model.in_bounds(*k)}
        old = self._model.flags
        changed = {k for k in old.keys() | flags.keys() if old.get(k) != flags.get(k)}
        self._model.flags = flags
        self._repaint_hexes(changed)

    def describe(self, h: Hex | None = None) -> str:
        """The hex under the cursor (or `h`) in words for the status line: place, terrain, height, features, unit.

        Short on purpose: it is rewritten on every cursor move (the unit's side
        shows in its glyph's case and on the unit card).
        """
        if self._model is None or self._state is None:
            return ""
        h = self.cursor if h is None else h
        col, row = to_offset(h)
        if not self._model.in_bounds(col, row):
            return f"{col},{row} off the map"
        ground = self._model.ground[row][col]
        terrain = self._ruleset.terrain.get(ground.terrain) if self._ruleset else None
        parts = [f"{col},{row}", printable(terrain.label if terrain else ground.terrain)]
        if ground.elevation:
            parts.append(f"h{ground.elevation}")
        parts.extend(printable(f) for f in ground.features)
        edges = [f"{printable(f)} {d}" for d, fs in self._model.board.edge_sides(h) for f in sorted(fs)]
        parts.extend(edges)
        unit = self._state.unit_at(h) if hasattr(self._state, "unit_at") else None
        if unit is not None:
            parts.append(f"| {printable(unit.name)}")
        parts.extend(f"| {mark} {label}" for mark, label in self._model.markers.get((col, row), ()))
        return " ".join(parts)

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
        self._styles.clear()
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
        base = self._base_style()
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

    def _style(self, key: StyleKey) -> Style:
        style = self._styles.get(key)
        if style is None:
            style = self.rich_style
            for name in key:
                style += self.get_component_rich_style(name, partial=True)
            if getattr(self.app, "no_color", False):
                style = _without_colour(style, key)
            else:
                style = on_terminal_default(legible(style), self.rich_style)
            self._styles[key] = style
        return style

    def _base_style(self) -> Style:
        """The map's own colours left to the terminal (docs/perf.md: a run costs no colour codes)."""
        style = self._styles.get(())
        if style is None:
            style = self._styles[()] = on_terminal_default(self.rich_style, self.rich_style)
        return style

    def _overlay_cursor(self, line: Strip, x: int, width: int) -> Strip:
        cursor = self._styles.get(_CURSOR_KEY)
        if cursor is None:  # looked up once per style change: a cursor move draws it twice
            cursor = self.get_component_rich_style("hex-map--cursor", partial=True)
            if getattr(self.app, "no_color", False):
                cursor = Style(reverse=True, bold=True)
            self._styles[_CURSOR_KEY] = cursor
        inside = [Segment(s.text, (s.style or Style()) + cursor) for s in line.crop(x, x + width)]
        return Strip.join([line.crop(0, x), Strip(inside, width), line.crop(x + width)])

    def _legend_at(self, width: int) -> list[str]:
        """The legend's lines wrapped to fit a box on a map `width` cells wide (continuations indented)."""
        assert self._legend is not None
        inner = min(max(len(line) for line in self._legend), max(0, width - 4))
        cached = getattr(self, "_legend_wrap", None)
        if cached is not None and cached[0] == (inner, id(self._legend)):
            return cached[1]
        import textwrap

        lines: list[str] = []
        for line in self._legend:
            lines.extend(textwrap.wrap(line, inner, subsequent_indent="  ") or [""] if inner > 2 else [line[:inner]])
        self._legend_wrap = ((inner, id(self._legend)), lines)
        return lines

    def _overlay_legend(self, strip: Strip, y: int, width: int) -> Strip:
        legend = self._legend_at(width)
        inner = min(max(len(line) for line in self._legend or [""]), max(0, width - 4))
        if y >= len(legend) + 2 or inner <= 0:
            return strip
        if y == 0 or y == len(legend) + 1:
            text = "+" + "-" * (inner + 2) + "+"
            if y == 0:
                text = ("+- Legend " + "-" * inner)[: inner + 3] + "+"
        else:
            text = "| " + legend[y - 1][:inner].ljust(inner) + " |"
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
        col, row = to_offset(self.cursor)
        cell = self._layout.cell(col, row)
        sx, sy = self.scroll_offset
        width, height = self.size
        margin_x = min(4 if self.zoom == OUTLINED else 2, width // 4)
        margin_y = min(2 if self.zoom == OUTLINED else 1, height // 4)
        x, y = sx, sy
        if centre or not (sx + margin_x <= cell.x and cell.x + cell.width <= sx + width - margin_x):
            x = cell.x - width // 2
        if centre or not (sy + margin_y <= cell.y < sy + height - margin_y):
            y = cell.y - height // 2
        x = max(0, min(x, self._layout.width - width))
        y = max(0, min(y, self._layout.height - height))
        if (x, y) == (sx, sy):
            return False
        self.scroll_to(x=x, y=y, animate=False, immediate=True)
        return True
