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
            existing = files.user_saves()
            if existing:
                yield Static("Existing saves (Enter on one to overwrite it):", classes="dim")
                yield OptionList(*[Option(lit(p.name), id=str(p)) for p in existing], id="save-list")
            yield Static("Enter: save    Esc: cancel", classes="dialog-keys")

    @on(Input.Submitted, "#save-name")
    def submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            return
        if not name.endswith(".toml"):
            name += ".toml"
        path = Path(name).expanduser()
        if not path.is_absolute():
            path = self.folder / path
        self.dismiss(path)

    @on(OptionList.OptionSelected, "#save-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Path(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
