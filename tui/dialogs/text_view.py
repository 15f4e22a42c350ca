"""A scrollable page of text (the full odds of a pending action)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from tui.widgets.text import fitted_width


class TextDialog(ModalScreen[None]):
    """Shows `text` (already literal); Escape, Enter or q closes it."""

    BINDINGS = [Binding("escape,enter,q,I", "close", "Close", show=False)]
    AUTO_FOCUS = ".dialog-body"  # Textual's query after compose: a dialog closed while opening focuses nothing

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide") as box:
            box.styles.width = fitted_width(self.text)
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.text, id="text-view")
            yield Static("Esc: close    up/down: scroll", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
