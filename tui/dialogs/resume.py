"""The unfinished games (one autosave each): Enter resumes one, d abandons it (after asking)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from tui.widgets.lists import SafeOptionList
from textual.widgets.option_list import Option

from tui.widgets.text import lit


class ResumeDialog(ModalScreen[tuple[str, Path] | None]):
    """Returns ("resume", path) or ("abandon", path), or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("d,delete", "abandon", "Abandon", show=False),
    ]

    def __init__(self, games: list) -> None:
        super().__init__()
        self.games = list(games)
        """`saves.autosave.AutosaveInfo`s, newest first."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("Resume an unfinished game", classes="dialog-title")
            yield SafeOptionList(*[Option(lit(g.line()), id=str(n)) for n, g in enumerate(self.games)], id="games")
            yield Static("Enter: resume    d: abandon (asks first)    Esc: cancel", classes="dialog-keys")

    def _chosen(self) -> Path | None:
        options = self.query_one("#games", OptionList)
        if options.highlighted is None:
            return None
        return self.games[options.highlighted].path

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(("resume", self.games[int(event.option.id)].path))

    def action_abandon(self) -> None:
        path = self._chosen()
        if path is not None:
            self.dismiss(("abandon", path))

    def action_cancel(self) -> None:
        self.dismiss(None)
