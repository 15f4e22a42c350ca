"""Stand-ins for the map and status line until the map engineer's widgets land (tests only)."""

from __future__ import annotations

import sys
import types

from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from rules.hexgrid import DIRECTIONS, Hex

_DIRS = {"6": "E", "9": "NE", "7": "NW", "4": "W", "1": "SW", "3": "SE", "right": "E", "left": "W",
         "up": "NE", "down": "SW"}


class HexMap(Widget, can_focus=True):
    """Minimal map: a cursor moved by the hex keys, Selected on Enter; renders nothing useful."""

    DEFAULT_CSS = "HexMap { height: 1fr; }"
    cursor: reactive[Hex] = reactive(Hex(0, 0))
    zoom: reactive[int] = reactive(0)
    show_legend: reactive[bool] = reactive(False)

    class CursorMoved(Message):
        def __init__(self, hex: Hex) -> None:
            super().__init__()
            self.hex = hex

    class Selected(Message):
        def __init__(self, hex: Hex) -> None:
            super().__init__()
            self.hex = hex

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.highlights: dict = {}

    def set_state(self, state, ruleset) -> None:
        self.state = state

    def set_highlights(self, **kw) -> None:
        self.highlights = kw

    def render(self) -> str:
        return f"map {self.cursor}"

    def watch_cursor(self, old: Hex, new: Hex) -> None:
        self.post_message(self.CursorMoved(new))

    def on_key(self, event) -> None:
        if event.key in _DIRS:
            event.stop()
            nxt = self.cursor.neighbour(_DIRS[event.key])
            if self.state is None or self.state.board.in_bounds(nxt):
                self.cursor = nxt
        elif event.key == "enter":
            event.stop()
            self.post_message(self.Selected(self.cursor))


assert set(_DIRS.values()) <= set(DIRECTIONS)


class StatusLine(Static):
    """Minimal status line: the fields joined."""

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.fields: dict = {}

    def set_fields(self, **fields) -> None:
        self.fields.update(fields)
        self.update(" | ".join(f"{k}={v}" for k, v in self.fields.items()))


def install() -> None:
    """Register the stand-ins as `tui.widgets.hex_map` / `status_line` when those are missing."""
    for name, cls in (("hex_map", HexMap), ("status_line", StatusLine)):
        full = f"tui.widgets.{name}"
        try:
            __import__(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            module = types.ModuleType(full)
            setattr(module, cls.__name__, cls)
            sys.modules[full] = module
