"""An error shown to the player: the message, literally, and a key to close it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.text import lit


class ErrorDialog(ModalScreen[None]):
    """Shows what went wrong (never a traceback); Enter or Escape closes it."""

    BINDINGS = [Binding("enter,escape,space,q", "close", "Close", show=False)]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog error"):
            yield Static(lit(self.title_text), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(lit(self.message), id="error-message")
            yield Static("Enter / Esc: close", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
