"""The save dialog: a file name in the user's save folder, with the existing saves listed."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.dialogs import files
from tui.widgets.text import lit


def name_problem(name: str) -> str:
    """Why `name` cannot be a save's file name ('' when it can): a plain name in the saves folder."""
    if not name:
        return "Type a name for the save."
    if "/" in name or "\\" in name:
        return "A save name cannot hold / or \\: saves go in the folder above."
    if name.strip(".") == "" or ".." in name:
        return "A save name cannot hold '..'."
    if any(ord(c) < 32 or ord(c) == 0x7F for c in name):
        return "A save name cannot hold control characters."
    return ""


class SaveDialog(ModalScreen[Path | None]):
    """Returns the path to save to, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, suggested: str) -> None:
        super().__init__()
        self.suggested = suggested
        self.folder = files.saves_dir()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game", classes="dialog-title")
            yield Static(lit(f"in {self.folder}"), classes="dim")
            yield Input(self.suggested, id="save-name")
            yield Static("", id="save-error", classes="error-text")
            existing = files.user_saves()
            if existing:
                yield Static("Existing saves (Enter on one to overwrite it):", classes="dim")
                yield OptionList(*[Option(lit(p.name), id=str(p)) for p in existing], id="save-list")
            yield Static("Enter: save    Esc: cancel", classes="dialog-keys")

    @on(Input.Submitted, "#save-name")
    def submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = name_problem(name)
        if problem:
            self.query_one("#save-error", Static).update(lit(problem, "bold"))
            return
        if not name.endswith(".toml"):
            name += ".toml"
        self.dismiss(self.folder / name)

    @on(OptionList.OptionSelected, "#save-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Path(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
