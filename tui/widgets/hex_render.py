"""What each hex shows, as plain data, and the text lines of the map built from it.

The widget turns a game state into a `MapModel` (terrain glyphs, elevation,
feature and hexside marks that never change during a game; units and highlight
flags that do), and asks `compose_line` for the characters of one text line
with a style key per run. Style keys are tuples of COMPONENT_CLASSES names, so
TCSS restyles terrain, sides and highlights; the characters alone keep the map
readable without colour (two sides by letter case, three to eight by a letter each, marks for features).

Nothing here knows the rules: it only draws what the state and the rule set's
`unit_marks` say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from rich.cells import cell_len

from rules.board import Board
from rules.core import STYLES, TerrainInfo
from rules.hexgrid import Hex, from_offset, to_offset

from tui.widgets.hex_layout import OUTLINED, HexLayout

REACH = 1
"""The selected unit can move there."""
LOS = 2
"""On the line of sight to the hex under the cursor."""
LOS_EDGE = 4
"""On the line of sight where it runs exactly along a hexside (one of a pair)."""
PATH = 8
"""On the path a move will take."""
TARGET = 16
"""A valid target."""
SELECTED = 32
"""The selected unit's hex."""

FLAG_CLASSES: tuple[tuple[int, str], ...] = (
    (REACH, "hex-map--reach"),
    (LOS, "hex-map--los"),
    (LOS_EDGE, "hex-map--los-edge"),
    (PATH, "hex-map--path"),
    (TARGET, "hex-map--target"),
    (SELECTED, "hex-map--selected"),
)
"""Highlight flags and their component classes, weakest first (later ones win)."""

SIDE_CLASSES = tuple(f"hex-map--side-{n}" for n in range(8))

EDGE_DEFAULT = "*"
"""The mark of a hex feature or hexside feature whose rule set declares none (never a letter:
letters on the map are units). Glyphs, marks and styles are the rule set's (`TerrainInfo`)."""

STACK_MARK = "+"
"""The mark of a hex holding more than one unit."""
MARKER = "hex-map--marker"
"""The style of a rule set's marker on a hex with no unit (`HexMark`)."""

OUTLINE = "hex-map--outline"
EDGE = "hex-map--edge"
ELEVATION = "hex-map--elevation"
FEATURE = "hex-map--feature"
TERRAIN = "hex-map--terrain"

StyleKey = tuple[str, ...]
"""Component class names whose styles are combined for one run of cells (empty: the widget's own)."""


def printable(text: object) -> str:
    """The text with control characters shown as text (an escape becomes '^[') and never sent raw."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if code == 0x1B:
            out.append("^[")
        elif code < 32 or code == 0x7F or 0x80 <= code < 0xA0:
            out.append("?")
        else:
            out.append(ch)
    return "".join(out)


def one_char(text: str, default: str = "?") -> str:
    """A single printable, single-width character for a glyph (files may hold anything)."""
    for ch in text:
        if ch.isprintable() and not ch.isspace() and cell_len(ch) == 1 and ord(ch) < 128:
            return ch
    return default


def unit_glyph(kind: str, name: str, id: str, side_index: int, tag: str = "") -> str:
    """The unit's letter. Two sides: its kind's letter, upper case for the first side and lower
    case for the second. Three to eight sides: its side's own tag letter (`side_tags`), since
    letter case tells only two sides apart without colour."""
    if tag:
        return tag
    letter = "U"
    for source in (kind, name, id):
        found = next((ch for ch in source if ch.isascii() and ch.isalnum()), None)
        if found:
            letter = found
            break
    return letter.lower() if side_index % 2 else letter.upper()


def side_tags(sides) -> dict[str, str]:
    """Each side's own capital letter on the map when there are more than two sides: the first
    letter of its name (then of its id, then any) that no side before it took. Empty for two."""
    if len(sides) <= 2:
        return {}
    taken: set[str] = set()
    out = {}
    for side in sides:
        pool = f"{side.name}{side.id}ABCDEFGHIJKLMNOPQRSTUVWXYZ".upper()
        tag = next(ch for ch in pool if "A" <= ch <= "Z" and ch not in taken)
        taken.add(tag)
        out[side.id] = tag
    return out


def glyphs(state) -> dict[str, str]:
    """Every unit's letter on the map (the roster shows the same letter beside the unit)."""
    sides = [s.id for s in state.sides]
    tags = side_tags(state.sides)
    return {
        u.id: unit_glyph(u.kind, u.name, u.id, sides.index(u.side) if u.side in sides else 0, tags.get(u.side, ""))
        for u in state.units.values()
    }


def mark_char(marks: str) -> str:
    """The one character of `unit_marks` the outlined map has room for: its last digit, else its first character."""
    marks = printable(marks).strip()
    digits = [ch for ch in marks if ch.isdigit()]
    if digits:
        return digits[-1]
    return one_char(marks, " ") if marks else " "


def terrain_class(style: str) -> str:
    """The component class of a terrain style (`TerrainInfo.style`; an unknown one draws plain)."""
    return f"{TERRAIN}-{style}" if style in STYLES and style != "plain" else TERRAIN


class Ground(NamedTuple):
    """What a hex shows that stays fixed for a game: terrain, elevation, hex feature."""

    terrain: str
    glyph: str
    elevation: int
    feature: str
    """The hex feature's mark, or '' for none."""
    features: tuple[str, ...] = ()
    """Feature ids, for descriptions."""
    style: str = "plain"
    """The terrain's style (a `STYLES` name), which picks its colour."""
    plain: bool = False
    """Plain ground: on a height the compact map draws the height digit in place of its glyph."""
    brow: bool = False
    """A height with lower ground next to it: the compact map draws heights only there, where the ground
    changes (a hill's rim, not every hex of its top, which crowded the map: '&2&2&1&')."""


class Occupant(NamedTuple):
    """The unit drawn in a hex (the first by id when several share it)."""

    glyph: str
    side: int
    mark: str
    """One status character, or ' '."""
    unit_id: str = ""
    count: int = 1


class MapModel:
    """A board as the map draws it: fixed ground and hexside marks, units and highlight flags.

    Indexed by offset (col, row), the way the text is laid out.
    """

    def __init__(self, board: Board, terrain: Mapping[str, TerrainInfo] | None = None) -> None:
        self.board = board
        self.columns = board.width
        self.rows = board.height
        self.terrain: Mapping[str, TerrainInfo] = terrain or {}
        """The rule set's terrain: its glyphs, marks and styles (none: the scenario's legend characters)."""
        self.ground: list[list[Ground]] = []
        for row in range(board.height):
            line = []
            for col in range(board.width):
                h = from_offset(col, row)
                tid = board.terrain_at(h)
                feats = tuple(sorted(board.features_at(h)))
                glyph = self.glyph(tid)
                info = self.terrain.get(tid)
                plain = info.style == "open" if info is not None else glyph in OPEN_GLYPHS
                z = board.height_at(h)
                brow = z > 0 and any(board.in_bounds(n) and board.height_at(n) < z for n in h.neighbours())
                line.append(Ground(tid, glyph, z, self.mark(feats[0]) if feats else "",
                                   feats, self.style(tid), plain, brow))
            self.ground.append(line)
        self.edges: dict[tuple[int, int, str], str] = {}
        """(col, row, direction) -> mark of the hexside feature there."""
        for e in board.edges:
            self._add_edge(e.at, e.side, e.feature)
            self._add_edge(e.across, _OPPOSITE[e.side], e.feature)
        self.units: dict[tuple[int, int], Occupant] = {}
        self.flags: dict[tuple[int, int], int] = {}
        self.markers: dict[tuple[int, int], tuple[tuple[str, str], ...]] = {}
        """(col, row) -> the (mark, words) of the rule set's markers there, strongest first; a unit hides them."""

    def marker(self, col: int, row: int) -> str:
        """The marker drawn in a hex: the first one, and none under a unit."""
        found = self.markers.get((col, row))
        return found[0][0] if found and (col, row) not in self.units else ""

    def _add_edge(self, h: Hex, direction: str, feature: str) -> None:
        col, row = to_offset(h)
        self.edges[(col, row, direction)] = self.mark(feature)

    def glyph(self, tid: str) -> str:
        """The rule set's glyph for a terrain id, else the scenario's legend character, else its first letter."""
        info = self.terrain.get(tid)
        return one_char((info.glyph if info else "") or self.board.glyphs.get(tid, "") or tid, "?")

    def mark(self, feature: str) -> str:
        """The rule set's mark for a hex or hexside feature ('*' when it declares none)."""
        info = self.terrain.get(feature)
        return one_char(info.mark, EDGE_DEFAULT) if info is not None and info.mark else EDGE_DEFAULT

    def style(self, tid: str) -> str:
        info = self.terrain.get(tid)
        return info.style if info is not None else "plain"

    def in_bounds(self, col: int, row: int) -> bool:
        return 0 <= col < self.columns and 0 <= row < self.rows

    def edge(self, col: int, row: int, direction: str) -> str:
        return self.edges.get((col, row, direction), "")


_OPPOSITE = {"E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}


def _runs(chars: list[str], keys: list[StyleKey]) -> list[tuple[str, StyleKey]]:
    """Merge neighbouring cells of the same style into runs."""
    runs: list[tuple[str, StyleKey]] = []
    start = 0
    for i in range(1, len(chars) + 1):
        if i == len(chars) or keys[i] != keys[start]:
            runs.append(("".join(chars[start:i]), keys[start]))
            start = i
    return runs


def interior_keys(model: MapModel, col: int, row: int) -> tuple[StyleKey, StyleKey, StyleKey]:
    """Style keys of a hex's terrain cell, glyph cell and mark cell.

    All three are the same on purpose: a hex's interior is one run of one style
    (the side's colour over the terrain, plus highlights), so repainting it for
    a cursor move costs one colour sequence, not three.
    """
    ground = model.ground[row][col]
    base: StyleKey = (terrain_class(ground.style),)
    flags = model.flags.get((col, row), 0)
    overlay = tuple(name for bit, name in FLAG_CLASSES if flags & bit)
    occupant = model.units.get((col, row))
    if occupant is not None:
        base += (SIDE_CLASSES[occupant.side % len(SIDE_CLASSES)],)
    key = base + overlay
    return key, key, key


def compose_line(layout: HexLayout, model: MapModel, y: int) -> list[tuple[str, StyleKey]]:
    """The characters of text line `y` of the map, in runs of one style key each."""
    width = layout.width
    chars = [" "] * width
    keys: list[StyleKey] = [()] * width
    if layout.zoom == OUTLINED:
        if y % 2:
            _outlined_interior(layout, model, (y - 1) // 2, chars, keys)
        else:
            _outlined_boundary(layout, model, y // 2, chars, keys)
    else:
        _compact(layout, model, y, chars, keys)
    return _runs(chars, keys)


def _compact(layout: HexLayout, model: MapModel, row: int, chars: list[str], keys: list[StyleKey]) -> None:
    if not 0 <= row < model.rows:
        return
    for col in range(model.columns):
        x = layout.cell(col, row).x
        ground = model.ground[row][col]
        occupant = model.units.get((col, row))
        terrain_key, glyph_key, _ = interior_keys(model, col, row)
        chars[x] = occupant.glyph if occupant else ground.glyph
        keys[x] = glyph_key
        marker = model.marker(col, row)
        if marker:  # a marker stands in for the terrain's glyph (the status line still names the terrain)
            chars[x], keys[x] = marker, glyph_key + (MARKER,)
        edge = model.edge(col, row, "E")
        # Open ground on a height shows the height in its own cell ("1 i", not ".1i", where the
        # digit would read as part of the unit to its right); other terrain shows it after the
        # glyph, and a unit hides it (the status line and the outlined zoom still tell it).
        plain_height = occupant is None and not marker and ground.brow and ground.plain
        if plain_height:
            chars[x] = _digit(ground.elevation)
        if edge:
            chars[x + 1], keys[x + 1] = edge, (EDGE,)
        elif ground.brow and not plain_height and occupant is None:
            chars[x + 1], keys[x + 1] = _digit(ground.elevation), (terrain_class(ground.style), ELEVATION)
        elif ground.feature:
            chars[x + 1], keys[x + 1] = ground.feature, (terrain_class(ground.style), FEATURE)
        else:
            chars[x + 1], keys[x + 1] = " ", (terrain_class(ground.style),)


OPEN_GLYPHS = frozenset(". ,")
"""Glyphs taken for plain ground when the rule set declares no look for a terrain."""


def _digit(n: int) -> str:
    return str(n) if 0 <= n <= 9 else "^"


def _put_side(model: MapModel, col: int, row: int, direction: str, plain: str, x: int,
              chars: list[str], keys: list[StyleKey]) -> None:
    if not 0 <= x < len(chars):
        return
    mark = model.edge(col, row, direction)
    if mark:
        chars[x], keys[x] = mark, (EDGE,)
    elif chars[x] == " " or keys[x] == (OUTLINE,):
        chars[x], keys[x] = plain, (OUTLINE,)


def _outlined_interior(layout: HexLayout, model: MapModel, row: int, chars: list[str], keys: list[StyleKey]) -> None:
    for col in range(model.columns):
        x = layout.cell(col, row).x
        ground = model.ground[row][col]
        occupant = model.units.get((col, row))
        k_terrain, k_glyph, k_mark = interior_keys(model, col, row)
        marker = model.marker(col, row)
        if occupant:
            chars[x:x + 3] = [ground.glyph, occupant.glyph, occupant.mark]
        else:
            chars[x:x + 3] = [" ", ground.glyph, marker or " "]
        keys[x:x + 3] = [k_terrain, k_glyph, k_mark + ((MARKER,) if marker else ())]
        _put_side(model, col, row, "W", "|", x - 1, chars, keys)
        _put_side(model, col, row, "E", "|", x + 3, chars, keys)


def _outlined_boundary(layout: HexLayout, model: MapModel, r: int, chars: list[str], keys: list[StyleKey]) -> None:
    above, below = r - 1, r
    if 0 <= above < model.rows:
        for col in range(model.columns):
            x = layout.cell(col, above).x
            _put_side(model, col, above, "SW", "\\", x, chars, keys)
            feature = model.ground[above][col].feature
            if feature:
                chars[x + 1], keys[x + 1] = feature, (FEATURE,)
            _put_side(model, col, above, "SE", "/", x + 2, chars, keys)
    if 0 <= below < model.rows:
        for col in range(model.columns):
            x = layout.cell(col, below).x
            _put_side(model, col, below, "NW", "/", x, chars, keys)
            elevation = model.ground[below][col].elevation
            if elevation > 0:
                chars[x + 1], keys[x + 1] = _digit(elevation), (ELEVATION,)
            _put_side(model, col, below, "NE", "\\", x + 2, chars, keys)


def occupants(state, ruleset) -> dict[tuple[int, int], Occupant]:
    """The unit drawn in each hex of a state (or a view), with its side's letter case and status mark."""
    sides = [s.id for s in state.sides]
    tags = side_tags(state.sides)
    out: dict[tuple[int, int], Occupant] = {}
    board = state.board
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        if not unit.on_map or not board.in_bounds(unit.at):
            continue
        key = to_offset(unit.at)
        if key in out:
            out[key] = out[key]._replace(mark=STACK_MARK, count=out[key].count + 1)
            continue
        side = sides.index(unit.side) if unit.side in sides else 0
        try:
            marks = ruleset.unit_marks(state, unit_id) if ruleset is not None else ""
        except Exception:  # a view may hide what the marks need; the map still draws the unit
            marks = ""
        glyph = unit_glyph(unit.kind, unit.name, unit.id, side, tags.get(unit.side, ""))
        out[key] = Occupant(glyph, side, mark_char(marks or ""), unit_id)
    return out


def legend_lines(model: MapModel | None, state, ruleset) -> list[str]:
    """The legend: each terrain glyph, feature and hexside mark on this board, heights, and the sides' letters."""
    if model is None:
        return []
    lines = []
    seen: dict[str, str] = {}
    for row in model.ground:
        for g in row:
            seen.setdefault(g.terrain, g.glyph)
    info = ruleset.terrain if ruleset is not None else {}

    def label(tid: str) -> str:
        t = info.get(tid)
        return printable(t.label if t else tid)

    for tid, glyph in sorted(seen.items(), key=lambda kv: kv[1]):
        t = info.get(tid)
        effects = printable(t.effects) if t and t.effects else ""
        lines.append(f"{glyph} {label(tid)}" + (f": {effects}" if effects else ""))
    features = sorted({(g.feature, g.features[0]) for row in model.ground for g in row if g.feature})
    lines.extend(f"{mark} {label(fid)} (hex feature)" for mark, fid in features)
    edges = sorted({(model.mark(e.feature), e.feature) for e in model.board.edges})
    lines.extend(f"{mark} {label(fid)} (hexside)" for mark, fid in edges)
    if any(g.elevation for row in model.ground for g in row):
        lines.append("1-9 height where it rises")
    declared = ruleset.hex_mark_symbols if ruleset is not None else {}
    listed = {line.split(" ", 1)[0] for line in lines}  # a minefield marker already listed as the hex feature
    shown = sorted({mark for found in model.markers.values() for mark, _ in found} - listed)
    lines.extend(f"{mark} {printable(declared.get(mark) or next((t.label for t in info.values() if t.mark == mark), 'marker'))}"
                 f" (marker)" for mark in shown)
    from tui.glossary import lines as glossary_lines

    lines.extend(glossary_lines(ruleset))  # the roster's and the palette's tokens
    tags = side_tags(state.sides)
    for i, side in enumerate(state.sides):
        letters = tags.get(side.id) or ("a-z" if i % 2 else "A-Z")
        lines.append(f"{letters} {printable(side.name or side.id)}")
    return lines
