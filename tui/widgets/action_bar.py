"""The action palette: a docked panel, updated in place, listing what may be done now and its keys.

It is drawn line by line (Textual's line API) and diffed cell by cell against
what is on screen, so showing a new set of actions repaints only the cells
that changed: the first line ("The Rebels: play an activation card") usually
stays, and two palettes that share words share cells. This keeps the everyday
palette well under its 2 KB bar; a Static would repaint all four lines.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def _cells(strip: Strip) -> list[tuple[str, Style | None]]:
    out: list[tuple[str, Style | None]] = []
    for segment in strip:
        out.extend((ch, segment.style) for ch in segment.text)
    return out


class ActionBar(Widget):
    """Shows the text the game screen builds (`show`); redraws only the cells that change."""

    DEFAULT_CSS = "ActionBar { height: 4; }"
    MAX_ROWS = 9
    """The most rows the palette takes (while a choice or a confirmation is pending)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = Text()
        """What the palette shows now, footer included (its plain text is what tests read)."""
        self.body = Text()
        self.footer: Text | None = None
        self.rows = 4
        """The palette's height: 4 rows, more while a choice or a confirmation is pending."""
        self._strips: list[Strip] = []
        self._rendered: dict[tuple, list[Strip]] = {}
        """Strips by what they show (`_strips_key`): the screen shows the same few palettes again and
        again (a unit's actions, then "Select a unit" on Escape), and wrapping and rendering a palette
        was about a third of Escape's handler."""

    def show(self, text: Text, footer: Text | None = None, rows: int = 4) -> None:
        """Show `text`, with `footer` pinned to the last row (never pushed off by a long text)."""
        whole = text.copy()
        if footer is not None:
            whole.append("\n")
            whole.append_text(footer)
        if rows == self.rows and whole.plain == self.text.plain and whole.spans == self.text.spans:
            return
        self.text, self.body, self.footer = whole, text, footer
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows  # a resize follows, which lays the text out again
            return
        self._relayout()

    def rows_for(self, text: Text, footer: Text | None = None) -> int:
        """Rows `text` (and `footer`) take at the palette's width, between 4 and MAX_ROWS."""
        width = self.size.width or 78
        lines = len(text.wrap(self.app.console, width)) + (footer is not None)
        return max(4, min(self.MAX_ROWS, lines))

    def on_resize(self) -> None:
        self._relayout(full=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._relayout(full=True)

    RENDERED_KEPT = 32
    """Palettes whose strips are kept (the oldest goes first)."""

    def _strips_for(self, width: int, height: int) -> list[Strip]:
        """`_render_strips`, cached by everything the strips depend on."""
        footer = self.footer
        key = (self.body.plain, tuple(self.body.spans), self.body.style, self.body.justify,
               None if footer is None else (footer.plain, tuple(footer.spans), footer.style),
               width, height, self.rich_style)
        strips = self._rendered.get(key)
        if strips is None:
            strips = self._render_strips(width, height)
            if len(self._rendered) >= self.RENDERED_KEPT:
                del self._rendered[next(iter(self._rendered))]
            self._rendered[key] = strips
        return strips

    def _render_strips(self, width: int, height: int) -> list[Strip]:
        console = self.app.console
        base = self.rich_style
        options = console.options.update_width(width)
        lines = list(self.body.wrap(console, width, overflow="ellipsis"))
        if self.footer is not None:
            room = max(0, height - 1)
            if len(lines) > room:
                lines = lines[:room]
                if lines:
                    last = lines[-1]
                    last.truncate(max(0, width - 4))
                    last.append("...", style="bold")  # more than fits: I shows it all
            lines = [*lines, *([Text()] * (room - len(lines)))] + list(self.footer.wrap(console, width, overflow="ellipsis"))[:1]
        strips = []
        for line in list(lines)[:height]:
            line.end = ""
            segments = list(Segment.apply_style(console.render(line, options), base))
            segments = [s for s in segments if s.text != "\n"]
            strips.append(Strip(segments).adjust_cell_length(width, base))
        while len(strips) < height:
            strips.append(Strip.blank(width, base))
        return strips

    def _relayout(self, full: bool = False) -> None:
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0:
            self._strips = []
            return
        old = self._strips
        new = self._strips_for(width, height)
        self._strips = new
        if full or len(old) != len(new):
            self.refresh()
            return
        for y, (a, b) in enumerate(zip(old, new)):
            if a is b or a == b:
                continue
            ca, cb = _cells(a), _cells(b)
            if len(ca) != len(cb):
                self.refresh(Region(0, y, width, 1))  # regions are content-relative
                continue
            diff = [i for i, (p, q) in enumerate(zip(ca, cb)) if p != q]
            if diff:
                self.refresh(Region(diff[0], y, diff[-1] - diff[0] + 1, 1))

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)
