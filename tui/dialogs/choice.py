"""Pick one of a few named choices."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from tui.widgets.lists import SafeOptionList
from textual.widgets.option_list import Option

from tui.widgets.text import lit


class ChoiceDialog(ModalScreen[str | None]):
    """Returns the id of the chosen option, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(lit(self.title_text), classes="dialog-title")
            yield SafeOptionList(*[Option(lit(label), id=cid) for cid, label in self.choices], id="choices")
            yield Static("Enter: choose    Esc: cancel", classes="dialog-keys")

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
