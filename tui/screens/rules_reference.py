"""The rule set's quick reference, rendered as Markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Static

from tui.keys import READER_KEYS, bindings


class RulesReferenceScreen(Screen[None]):
    """Shows `ruleset.reference()`; Escape closes it."""

    KEYS = READER_KEYS
    BINDINGS = bindings(READER_KEYS)
    AUTO_FOCUS = "#reference"  # a query after compose: safe if the screen closes while opening

    def __init__(self, ruleset, before: str = "") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.before = before
        """Markdown shown first (the game's objective, from the game screen)."""

    def compose(self) -> ComposeResult:
        try:
            text = self.ruleset.reference()
        except Exception as exc:
            text = f"The quick reference could not be read: {exc}"
        if self.before:
            text = f"{self.before}\n{text}"
        yield Static(f" Rules reference: {self.ruleset.name}   (Esc: close)", classes="screen-title")
        yield MarkdownViewer(text, show_table_of_contents=False, id="reference")

    def action_close(self) -> None:
        self.dismiss(None)
