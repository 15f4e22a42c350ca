"""The save dialog: a file name in the user's save folder, with the existing saves listed."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from tui.widgets.lists import SafeOptionList
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


def free_name(folder: Path, name: str) -> str:
    """`name`, or `name-2`, `name-3`... when a save of that name exists (another game's, maybe)."""
    stem, dot, ext = name.rpartition(".") if name.endswith(".toml") else (name, "", "")
    for n in range(1, 1000):
        candidate = name if n == 1 else f"{stem}-{n}{dot}{ext}"
        if not (folder / candidate).exists():
            return candidate
    return name


class SaveDialog(ModalScreen[Path | None]):
    """Returns the path to save to, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, suggested: str) -> None:
        super().__init__()
        self.folder = files.saves_dir()
        self.suggested = free_name(self.folder, suggested)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game", classes="dialog-title")
            yield Static(lit(f"in {self.folder}"), classes="dim")
            yield Input(self.suggested, id="save-name")
            yield Static("", id="save-error", classes="error-text")
            existing = files.user_saves()
            if existing:
                yield Static("Existing saves (Enter on one to overwrite it):", classes="dim")
                yield SafeOptionList(*[Option(lit(p.name), id=str(p)) for p in existing], id="save-list")
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
        self.save_to(self.folder / name)

    @on(OptionList.OptionSelected, "#save-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.save_to(Path(event.option.id))

    def save_to(self, path: Path) -> None:
        """Close with `path`; an existing file is overwritten only when the player says so."""
        if not path.exists():
            self.dismiss(path)
            return
        from tui.dialogs.confirm import ConfirmDialog

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss(path)
            else:
                self.query_one("#save-name", Input).focus()

        self.app.push_screen(ConfirmDialog(f"Overwrite {path.name}?", "The file holds another save; "
                                           "the previous one is kept as .bak."), answer)

    def action_cancel(self) -> None:
        self.dismiss(None)
