"""A yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.text import lit


class ConfirmDialog(ModalScreen[bool]):
    """Asks a question; y / Enter answers yes, n / Escape answers no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(lit(self.question), classes="dialog-title")
            if self.detail:
                yield Static(lit(self.detail))
            yield Static("y / Enter: yes    n / Esc: no", classes="dialog-keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
