"""A board as the map draws it: the fixed ground and hexside marks of a game, and the units,
markers and highlight flags that change, indexed by offset (col, row) as the text is laid out.

The widget keeps one `MapModel` per board and replaces its units, markers and flags on each change;
each `replace_*` returns the hexes whose look changed, so only those are repainted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Hex, LineStep, from_offset, to_offset
from tui.widgets.hex_glyphs import Occupant, one_char, printable

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

EDGE_DEFAULT = "*"
"""The mark of a hex feature or hexside feature whose rule set declares none (never a letter:
letters on the map are units). Glyphs, marks and styles are the rule set's (`TerrainInfo`)."""

OPEN_GLYPHS = frozenset(". ,")
"""Glyphs taken for plain ground when the rule set declares no look for a terrain."""


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

    # --- what changes during a game: each `replace_*` returns the hexes whose look changed ---------

    def replace_units(self, units: dict[tuple[int, int], Occupant]) -> set[tuple[int, int]]:
        changed = _changed(self.units, units)
        self.units = units
        return changed

    def replace_markers(self, marks) -> set[tuple[int, int]]:
        """The rule set's markers (`HexMark`s: what a seat may know of), all of them, replacing the last."""
        found: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for m in marks:
            key = to_offset(Hex(*m.at))
            if self.in_bounds(*key):
                found.setdefault(key, []).append((one_char(m.mark, EDGE_DEFAULT), printable(m.label)))
        new = {k: tuple(v) for k, v in found.items()}
        changed = _changed(self.markers, new)
        self.markers = new
        return changed

    def replace_flags(self, flags: dict[tuple[int, int], int]) -> set[tuple[int, int]]:
        """Highlight flags (`highlight_flags`), all of them, replacing the last; off-board hexes are left out."""
        flags = {k: v for k, v in flags.items() if self.in_bounds(*k)}
        changed = _changed(self.flags, flags)
        self.flags = flags
        return changed

    def describe(self, h: Hex, state, ruleset) -> str:
        """Hex `h` in words for the status line: place, terrain, height, features, unit, markers.

        Short on purpose: it is rewritten on every cursor move (the unit's side
        shows in its glyph's case and on the unit card).
        """
        col, row = to_offset(h)
        if not self.in_bounds(col, row):
            return f"{col},{row} off the map"
        ground = self.ground[row][col]
        terrain = ruleset.terrain.get(ground.terrain) if ruleset else None
        parts = [f"{col},{row}", printable(terrain.label if terrain else ground.terrain)]
        if ground.elevation:
            parts.append(f"h{ground.elevation}")
        parts.extend(printable(f) for f in ground.features)
        parts.extend(f"{printable(f)} {d}" for d, fs in self.board.edge_sides(h) for f in sorted(fs))
        unit = state.unit_at(h) if hasattr(state, "unit_at") else None
        if unit is not None:
            parts.append(f"| {printable(unit.name)}")
        parts.extend(f"| {mark} {label}" for mark, label in self.markers.get((col, row), ()))
        return " ".join(parts)


def highlight_flags(reach: Iterable[Hex] = (), targets: Iterable[Hex] = (), path: Iterable[Hex] = (),
                    los: Iterable[LineStep] | None = None, selected: Hex | None = None) -> dict[tuple[int, int], int]:
    """Each highlighted hex's flags (by offset): a movement range, targets, a path, a line of sight
    (along a hexside: `LOS_EDGE`) and the selected unit."""
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
    return flags


def _changed(old: dict, new: dict) -> set:
    return {k for k in old.keys() | new.keys() if old.get(k) != new.get(k)}


_OPPOSITE = {"E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
