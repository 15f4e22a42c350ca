"""What the terminal shows, kept cell by cell, so a frame writes only the cells that change.

Textual writes a whole screen (`LayoutUpdate`) whenever a screen is pushed or
popped or the layout changes: opening a dialog over the game wrote 15-17 KB at
80x24 though most cells were already on the terminal. `Shadow` keeps, for
every cell, the character and the attributes last written, compares each frame
with it and hands only the changed runs to `sgr.Writer` (curses does the same).
It starts empty (everything unknown, so the first frame is written whole) and
is forgotten when the screen's size or the console changes; `forget()` makes
the next frame whole again.
"""

from __future__ import annotations

from rich.cells import get_character_cell_size

from tui.widgets import sgr

_GAP = 3
"""Unchanged cells between two changed runs of a row that are written rather than skipped
(a move costs 3-8 bytes)."""

Cell = tuple[str, tuple]
"""(character, sgr state); the right half of a double-width character is ("", state)."""


class Shadow:
    """The terminal's cells as last written (None: unknown)."""

    def __init__(self) -> None:
        self.rows: list[list[Cell | None]] = []
        self.width = 0
        self.owner: object = None

    def forget(self) -> None:
        self.rows = []
        self.width = 0

    def _fit(self, console, width: int, height: int) -> None:
        if self.owner is not console or self.width != width or len(self.rows) != height:
            self.owner = console
            self.width = width
            self.rows = [[None] * width for _ in range(height)]

    def cells(self, writer: sgr.Writer, strips) -> list[Cell]:
        """The cells of a line made of `strips` (segments), left to right."""
        out: list[Cell] = []
        append = append_cell = out.append
        for strip in strips:
            for text, style, control in strip:
                if control:
                    continue
                state = writer.state_of(style)
                blank = sgr.blank_state(state)
                for char in text:
                    if char == " ":
                        append_cell((char, blank))
                        continue
                    width = get_character_cell_size(char)
                    if width == 0:
                        if out:
                            prev = out[-1]
                            out[-1] = (prev[0] + char, prev[1])
                        continue
                    append_cell((char, state))
                    if width == 2:
                        append(("", state))
        return out

    def put(self, writer: sgr.Writer, y: int, x: int, cells: list[Cell]) -> None:
        """Write `cells` from column `x` of row `y`, skipping what the terminal shows already."""
        if y >= len(self.rows):
            return
        row = self.rows[y]
        end = min(x + len(cells), self.width)
        changed = [i for i in range(x, end) if row[i] != cells[i - x]]
        if not changed:
            return
        runs: list[list[int]] = []
        for i in changed:
            if runs and i - runs[-1][1] <= _GAP + 1:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        for start, last in runs:
            # Whole characters only: a run never starts or ends inside a double-width one.
            while start > x and cells[start - x][0] == "":
                start -= 1
            while last + 1 < end and cells[last + 1 - x][0] == "":
                last += 1
            writer.write_cells(start, y, cells[start - x:last + 1 - x])
            row[start:last + 1] = cells[start - x:last + 1 - x]

    def layout(self, update, console) -> str:
        """A whole-screen update (`LayoutUpdate`), written as the cells that changed."""
        region = update.region
        lines = list(update.strips)
        if region.x != 0 or region.y != 0:
            self.forget()
        self._fit(console, region.width, len(lines))
        writer = sgr.Writer(console._color_system, region.width)
        for y, line in enumerate(lines, region.y):
            self.put(writer, y, region.x, self.cells(writer, line))
        return writer.finish()


SHADOW = Shadow()
