"""The game so far: every action and what it did, rolls included, as the screen's seat may see them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tui.keys import READER_KEYS, bindings
from tui.screens.game_over import filled_log


class GameLogScreen(Screen[None]):
    """Scrollable log of the game; Escape returns to the map."""

    KEYS = READER_KEYS
    BINDINGS = bindings(READER_KEYS)
    AUTO_FOCUS = "#game-log"

    def __init__(self, seat) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(f" The game so far: {self.seat.action_count} actions   (Esc: back)", classes="screen-title")
        yield filled_log(self.seat)

    def action_close(self) -> None:
        self.dismiss(None)
