"""The roster: every side, its side lines and every unit with its map letter and marks."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.hex_glyphs import glyphs
from tui.widgets.text import clean, hex_label, lit

SIDE_COLOURS = ("#e06c6c", "#6ca0e0", "#d0b050", "#70c070")
"""Side name colours (an extra: the names tell the sides apart without colour)."""


def fit_name(name: str, room: int) -> str:
    """`name` cut to `room` cells with an ellipsis (at least a few letters): a unit's marks and hex
    after it are what a row must keep at 80x24 ("Captain Az… L ow 3,4", not "Captain Aziz L o…")."""
    room = max(room, 3)
    return name if len(name) <= room else name[: room - 1] + "…"


class Roster(Static):
    """Lists each side and its units; the screen calls `show` after every change."""

    # One row a unit, cut with an ellipsis rather than wrapped: at 80x24 a side of 12 units must fit.
    DEFAULT_CSS = "Roster { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"
    text: Text = Text()
    """What the roster shows now (plain text for tests)."""

    _shown: tuple | None = None
    _width = 0

    def wrap_width(self) -> int:
        """Where side lines are wrapped: the scrolling box's width less a column for its scrollbar,
        shown or not. Wrapped at the roster's own width, a scrollbar appearing (one column less)
        could give fewer rows, so no scrollbar, so one more column, more rows... for ever (issue 16)."""
        box = self.parent.size.width if isinstance(self.parent, Widget) else 0
        return max((box or self.size.width or 29) - 4, 12)

    def on_resize(self, event) -> None:
        # Side lines are wrapped by hand: lay them out again at a new width.
        if self._shown is not None and self.wrap_width() != self._width:
            self.show(*self._shown)

    def show(self, view, seat, deciding: str | None, selected: str | None) -> None:
        """Render the roster of `view`, the seat's view (hidden things stay hidden)."""
        self._shown, self._width = (view, seat, deciding, selected), self.wrap_width()
        out = Text(end="")
        colour = {side.id: SIDE_COLOURS[n % len(SIDE_COLOURS)] for n, side in enumerate(view.sides)}
        # The deciding side first: at 80x24 the roster scrolls, and its units matter now.
        ordered = sorted(view.sides, key=lambda s: s.id != deciding)
        letters = glyphs(view)  # each unit's letter on the map: the roster names the side it stands for
        for n, side in enumerate(ordered):
            if n:
                out.append("\n")
            marker = "> " if side.id == deciding else "  "
            out.append(marker)
            out.append_text(lit(side.name or side.id, f"bold {colour[side.id]}"))
            try:
                lines = seat.side_lines(side.id)
            except Exception:
                lines = []
            width = self._width
            # One paragraph, the lines joined by " | ": at 80x24 the rows go to the units
            # (a side's whole roster must fit), and a short line does not take a row of its own.
            paragraph = " | ".join(clean(line) for line in lines if line.strip())
            for part in textwrap.wrap(paragraph, width, subsequent_indent=" ") if paragraph else []:
                out.append("\n   ")
                out.append_text(lit(part, "dim"))
            for unit in view.units.values():
                if unit.side != side.id:
                    continue
                out.append("\n")
                out.append(" ")  # no selection mark: selecting a unit must not repaint the roster
                out.append(f" {letters.get(unit.id, '?')}", style="bold")
                if unit.eliminated or unit.at is None:
                    state = "gone" if unit.eliminated else "off map"
                    name = fit_name(unit.name, width - 1 - len(state))
                    out.append_text(lit(f" {name}", "dim strike" if unit.eliminated else "dim"))
                    out.append(f" {state}", style="dim")
                    continue
                try:
                    marks = seat.unit_marks(unit.id)
                except Exception:
                    marks = ""
                try:
                    note = seat.unit_note(unit.id)
                except Exception:
                    note = ""
                where = f" {hex_label(unit.at)}"
                room = width - 1 - len(where) - (len(marks) + 1 if marks else 0) - (len(note) + 1 if note else 0)
                out.append_text(lit(f" {fit_name(unit.name, room)}"))
                if marks:
                    out.append(" ")
                    out.append_text(lit(marks, "bold"))
                if note:  # what the owner's blind hides: no `I` on each to know it
                    out.append(" ")
                    out.append_text(lit(note, "italic"))
                out.append(where, style="dim")
        rows = out.plain.count("\n") + 1
        same_size = rows == self.text.plain.count("\n") + 1
        if same_size and out.plain == self.text.plain and out.spans == self.text.spans:
            return
        self.text = out
        self.update(out, layout=not same_size)
        # One row a line (no wrapping), so the height is the line count, set outright: a height left
        # to `auto` and changed from inside a resize (the side lines wrapped again at the new width)
        # kept the old height, cutting the last units off until the next change (issue 24 item 4).
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
