r"""Where each hex of a board lands in character cells, at each zoom level (pure geometry).

Pointy-top hexes in odd-r offset rows: odd rows sit half a hex to the right.

Zoom 0, compact: one text line per hex row, two cells per hex: its glyph (the
unit's letter, else the terrain's), then a gap showing, first found, the
hexside feature to its east, its elevation, or its hex feature::

    . . F F . .
     . F2~ . a .
    . A . . . .

Zoom 1, outlined: ASCII outlines, two text lines per hex row. A hex is four
cells wide; its three interior cells hold terrain, unit glyph and status mark;
the apex above its interior shows its elevation, the apex below its hex
feature; the outline characters around it turn into a hexside feature's mark::

     / \ /1\ / \
    | . |.A2| F |
     \ / \=/ \ / \
      | ~ | . |fa |
       \ / \ / \ /

The widget asks this module for the cells of a hex (`cell`), the hex under a
cell (`hex_at`), and which text lines a hex row touches (`lines_of_row`).
"""

from __future__ import annotations

from typing import NamedTuple

COMPACT = 0
OUTLINED = 1
ZOOMS = (COMPACT, OUTLINED)


class Cell(NamedTuple):
    """The interior cells of one hex: `width` cells from (x, y)."""

    x: int
    y: int
    width: int


class HexLayout:
    """The text geometry of a `columns` x `rows` offset-row board at one zoom level."""

    def __init__(self, zoom: int, columns: int, rows: int) -> None:
        self.zoom = zoom if zoom in ZOOMS else COMPACT
        self.columns = max(1, columns)
        self.rows = max(1, rows)

    def __repr__(self) -> str:
        return f"HexLayout(zoom={self.zoom}, {self.columns}x{self.rows})"

    @property
    def width(self) -> int:
        """Cells across the whole board."""
        if self.zoom == OUTLINED:
            return 4 * self.columns + 3
        return 2 * self.columns + 1

    @property
    def height(self) -> int:
        """Text lines down the whole board."""
        if self.zoom == OUTLINED:
            return 2 * self.rows + 1
        return self.rows

    def shift(self, row: int) -> int:
        """How far right an offset row starts (odd rows sit half a hex over)."""
        return (row & 1) * (2 if self.zoom == OUTLINED else 1)

    def cell(self, col: int, row: int) -> Cell:
        """The interior cells of the hex at offset (col, row): where the cursor and highlights go."""
        if self.zoom == OUTLINED:
            return Cell(4 * col + self.shift(row) + 1, 2 * row + 1, 3)
        return Cell(2 * col + self.shift(row), row, 1)

    def hex_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The offset (col, row) of the hex drawn at cell (x, y), or None off the board."""
        if self.zoom == OUTLINED:
            if y < 0 or y >= self.height:
                return None
            row = min((y - 1) // 2 if y % 2 else y // 2, self.rows - 1)
            col = (x - self.shift(row) - 1) // 4 if x - self.shift(row) >= 1 else -1
        else:
            row = y
            col = (x - self.shift(row)) // 2 if x >= self.shift(row) else -1
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return col, row
        return None

    def lines_of_row(self, row: int) -> range:
        """The text lines whose content depends on the units and highlights of hex row `row`."""
        if self.zoom == OUTLINED:
            return range(2 * row + 1, 2 * row + 2)
        return range(row, row + 1)

    def row_of_line(self, y: int) -> int | None:
        """The hex row whose units and highlights a text line shows, or None (an outline line)."""
        if self.zoom == OUTLINED:
            return (y - 1) // 2 if y % 2 else None
        return y if 0 <= y < self.rows else None

    def scroll_to_show(self, col: int, row: int, scroll: tuple[int, int], view: tuple[int, int],
                       centre: bool = False) -> tuple[int, int]:
        """The scroll offset that shows hex (col, row) in a `view` (width, height) scrolled to `scroll`:
        unchanged while the hex is inside the view with a margin; else (or with `centre`) the hex
        centred, so a long walk scrolls rarely (a scroll repaints the whole map)."""
        cell = self.cell(col, row)
        (sx, sy), (width, height) = scroll, view
        margin_x = min(4 if self.zoom == OUTLINED else 2, width // 4)
        margin_y = min(2 if self.zoom == OUTLINED else 1, height // 4)
        x, y = sx, sy
        if centre or not (sx + margin_x <= cell.x and cell.x + cell.width <= sx + width - margin_x):
            x = cell.x - width // 2
        if centre or not (sy + margin_y <= cell.y < sy + height - margin_y):
            y = cell.y - height // 2
        return max(0, min(x, self.width - width)), max(0, min(y, self.height - height))
