"""A dialog that picks a file: grouped lists of what is at hand, or a typed path (the load and replay dialogs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.dialogs import files
from tui.widgets.lists import SafeOptionList
from tui.widgets.text import lit

Group = tuple[str, list[tuple[str, Any]]]
"""A heading and its rows: (words shown, what picking the row returns)."""


class FilePickDialog(ModalScreen[Any]):
    """Returns what the picked row stands for, `typed(path)` for a typed path, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]
    HEADING = ""
    NOTHING = ""
    """Said when every group is empty."""
    NAME = "file"
    """The ids of the list and the input: '<NAME>-list', '<NAME>-path'."""

    def groups(self) -> list[Group]:
        raise NotImplementedError

    def typed(self, path: Path) -> Any:
        """What a typed path returns."""
        return path

    def compose(self) -> ComposeResult:
        self.rows: dict[str, Any] = {}
        options: list[Option] = []
        for title, rows in self.groups():
            if rows:
                options.append(Option(title, disabled=True))
            for words, value in rows:
                key = f"r{len(self.rows)}"
                self.rows[key] = value
                options.append(Option(lit(f"  {words}"), id=key))
        with Vertical(classes="dialog wide"):
            yield Static(self.HEADING, classes="dialog-title")
            if options:
                yield SafeOptionList(*options, id=f"{self.NAME}-list")
            else:
                yield Static(self.NOTHING, classes="dim")
            yield Static("Or type a file's path:", classes="dim")
            yield Input(placeholder="path/to/game.toml", id=f"{self.NAME}-path")
            yield Static("Enter: open    Tab: next field    Esc: cancel", classes="dialog-keys")

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.rows[event.option.id])

    @on(Input.Submitted)
    def typed_path(self, event: Input.Submitted) -> None:
        path = allowed_path(self, event)
        if path is not None:
            self.dismiss(self.typed(path))

    def action_cancel(self) -> None:
        self.dismiss(None)


def allowed_path(dialog: ModalScreen, event: Input.Submitted) -> Path | None:
    """The file typed in `event`'s input, or None: nothing typed, or a path the app may not open (the
    browser's app, `hexwar web`, opens nothing outside the data folder), said under the input."""
    if not event.value.strip():
        return None
    path, refused = files.typed_path(event.value)
    if refused:
        dialog.query_one(Vertical).mount(Static(lit(refused + "."), classes="error-text"), after=event.input)
        return None
    return path
