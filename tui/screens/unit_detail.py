"""Everything about one unit: its card, its place and the terrain it stands on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keys import READER_KEYS, bindings
from tui.widgets.unit_card import card_text
from tui.widgets.text import fitted_width


class UnitDetailScreen(ModalScreen[None]):
    """The full unit card of `unit_id` as `view` shows it."""

    KEYS = READER_KEYS
    BINDINGS = bindings(READER_KEYS)

    def __init__(self, view, seat, unit_id: str) -> None:
        super().__init__()
        self.text = card_text(view, seat, unit_id, full=True)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide") as box:
            box.styles.width = fitted_width(self.text)
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.text, id="unit-detail")
            yield Static("Esc: close", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
