"""The game so far: every action and what it did, rolls included, as the screen's seat may see them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import RichLog, Static

from tui.keys import READER_KEYS, bindings
from tui.screens.game_over import log_lines


class GameLogScreen(Screen[None]):
    """Scrollable log of the game; Escape returns to the map."""

    KEYS = READER_KEYS
    BINDINGS = bindings(READER_KEYS)

    def __init__(self, seat) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(f" The game so far: {self.seat.action_count} actions   (Esc: back)", classes="screen-title")
        yield RichLog(markup=False, highlight=False, wrap=True, min_width=1, id="game-log")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in log_lines(self.seat):
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
