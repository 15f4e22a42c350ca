"""The status line: turn, phase, whose decision, the last message, and the hex under the cursor.

One row. The cursor field changes on every cursor move, so the line is diffed
cell by cell against what is on screen and only the changed span is marked
dirty: "4,2 Open" -> "5,2 Open" repaints one cell, not the row (with
`hex_update` installed, Textual then writes just that span; see docs/perf.md).
The cursor field has a fixed place at the right, left-aligned, so a longer or
shorter message never shifts it and a cursor move never shifts the message.

Field text is shown literally: no markup is read and control characters are
shown as text.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets import hex_update
from tui.widgets.hex_glyphs import printable
from tui.widgets.sgr import on_terminal_default

_FIELDS = ("turn", "phase", "deciding", "message", "goal", "cursor")
CURSOR_WIDTH = 32
"""Cells of the cursor field at most (with its "| "): a shorter text clears the rest with spaces,
which is bytes on every cursor move, so it stays narrow."""


class StatusLine(Widget):
    """One row: turn and phase, who decides, the last message, and the hex under the cursor."""

    COMPONENT_CLASSES = {
        "status-line--turn", "status-line--phase", "status-line--deciding", "status-line--message",
        "status-line--cursor", "status-line--separator", "status-line--goal",
    }
    """Styles of the fields; TCSS may restyle any of them."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        background: $panel;
        color: $text;
    }
    StatusLine > .status-line--turn { text-style: bold; }
    StatusLine > .status-line--phase { color: $text-muted; }
    StatusLine > .status-line--deciding { color: $accent; text-style: bold; }
    StatusLine > .status-line--message { color: $text; }
    StatusLine > .status-line--goal { color: $text-muted; }
    StatusLine > .status-line--cursor { }
    StatusLine > .status-line--separator { color: $text-disabled; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._fields: dict[str, str] = dict.fromkeys(_FIELDS, "")
        self._cells: list[tuple[str, str]] = []
        """What is on screen: (character, component class) per cell."""
        self._strip: Strip | None = None
        self._styles: dict[str, Style] = {}

    @property
    def fields(self) -> dict[str, str]:
        """The current text of each field (a copy)."""
        return dict(self._fields)

    @property
    def text(self) -> str:
        """The row as it reads on screen."""
        return "".join(ch for ch, _ in self._cells)

    def set_fields(self, turn: object = None, phase: object = None, deciding: object = None,
                   message: object = None, cursor: object = None, goal: object = None) -> None:
        """Change any subset of the fields (None leaves a field as it is; "" clears it). `goal`, the
        objective in a few words, is shown only when it fits whole."""
        given = {"turn": turn, "phase": phase, "deciding": deciding, "message": message, "cursor": cursor,
                 "goal": goal}
        for key, value in given.items():
            if value is not None:
                self._fields[key] = printable(value).replace("\n", " ")
        self._update()

    def on_mount(self) -> None:
        hex_update.install()

    def on_resize(self) -> None:
        self._cells = []
        self._update(full=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._strip = None

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y != 0:
            return Strip.blank(width, on_terminal_default(self.rich_style, self.rich_style))
        if self._strip is None or self._strip.cell_length != width:
            self._cells = self._layout(width)
            self._strip = self._render(self._cells)
        return self._strip

    # --- internals ------------------------------------------------------------------

    def _layout(self, width: int) -> list[tuple[str, str]]:
        """The row's cells: turn/phase/decider/message on the left, the cursor field at a fixed place on the right."""
        cells: list[tuple[str, str]] = []

        def put(text: str, cls: str) -> None:
            cells.extend((ch if cell_len(ch) == 1 else "?", cls) for ch in text)

        f = self._fields
        # At 80 columns the cursor field takes 22 cells, leaving the message about 24.
        cursor_width = min(CURSOR_WIDTH, max(0, width // 2 - 4), max(22, width - 58)) if f["cursor"] else 0
        left_width = width - cursor_width
        put(" ", "status-line--separator")
        if f["turn"]:
            put(f"Turn {f['turn']}" if f["turn"].isdigit() else f["turn"], "status-line--turn")
            put(" ", "status-line--separator")
        if f["phase"]:
            put(f["phase"], "status-line--phase")
            put(" ", "status-line--separator")
        if f["deciding"]:
            put("| ", "status-line--separator")
            put(f["deciding"], "status-line--deciding")
            put(" ", "status-line--separator")
        goal, message = f["goal"], f["message"]
        room = left_width - len(cells)
        # The objective before a message that is cut anyway (the palette and the dice log have it whole),
        # so a game against a computer that moved first still names it; never before a warning.
        first = (goal and len(goal) + 2 <= room < len(message) + 2 + 4 and not message.startswith("AUTOSAVE"))
        if first:
            put("| ", "status-line--separator")
            put(goal, "status-line--goal")
            put(" ", "status-line--separator")
        if message:
            put("| ", "status-line--separator")
            put(message, "status-line--message")
        if goal and not first and len(cells) + len(goal) + 2 <= left_width:
            put("| ", "status-line--separator")
            put(goal, "status-line--goal")
        if len(cells) > left_width:  # cut: say so
            cells = cells[: max(0, left_width - 4)] + [(".", cells[-1][1])] * 3 + [(" ", "status-line--separator")]
            cells = cells[:left_width]
        cells.extend([(" ", "status-line--separator")] * (left_width - len(cells)))
        if cursor_width:
            right = [("|", "status-line--separator"), (" ", "status-line--separator")]
            right.extend((ch if cell_len(ch) == 1 else "?", "status-line--cursor") for ch in f["cursor"])
            if len(right) > cursor_width:
                right = right[: cursor_width - 3] + [(".", "status-line--cursor")] * 3
            right.extend([(" ", "status-line--cursor")] * (cursor_width - len(right)))
            cells.extend(right)
        return cells

    def _style(self, cls: str) -> Style:
        style = self._styles.get(cls)
        if style is None:
            style = self.rich_style + self.get_component_rich_style(cls, partial=True)
            # On the terminal's own colours: the cursor field, rewritten on every move, then costs
            # no colour codes at all (docs/perf.md).
            style = on_terminal_default(style, self.rich_style)
            self._styles[cls] = style
        return style

    def _render(self, cells: list[tuple[str, str]]) -> Strip:
        segments: list[Segment] = []
        start = 0
        for i in range(1, len(cells) + 1):
            if i == len(cells) or cells[i][1] != cells[start][1]:
                text = "".join(ch for ch, _ in cells[start:i])
                segments.append(Segment(text, self._style(cells[start][1])))
                start = i
        return Strip(segments, len(cells))

    def _update(self, full: bool = False) -> None:
        width = self.size.width
        if not width:
            self._strip = None
            return
        old = self._cells
        new = self._layout(width)
        self._cells = new
        self._strip = self._render(new)
        if full or len(old) != len(new):
            self.refresh()
            return
        changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
        if changed:
            self.refresh(Region(changed[0], 0, changed[-1] - changed[0] + 1, 1))
