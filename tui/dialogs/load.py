"""The load dialog: bundled scenarios and the user's saves in one list."""

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


class LoadDialog(ModalScreen[tuple[str, object] | None]):
    """Returns ("save", Path) or ("scenario", ScenarioEntry), or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, tuple[str, object]] = {}

    def compose(self) -> ComposeResult:
        options: list[Option | None] = []
        saves = files.user_saves()
        if saves:
            options.append(Option("Your saves", disabled=True))
            for p in saves:
                key = f"save:{p}"
                self.entries[key] = ("save", p)
                options.append(Option(lit(f"  {p.name}"), id=key))
        scenarios = files.scenarios()
        if scenarios:
            options.append(Option("Bundled scenarios (start a new game)", disabled=True))
            for s in scenarios:
                key = f"scenario:{s.ruleset}:{s.name}"
                self.entries[key] = ("scenario", s)
                options.append(Option(lit(f"  {s.ruleset}: {s.title}"), id=key))
        with Vertical(classes="dialog wide"):
            yield Static("Load a game", classes="dialog-title")
            if options:
                yield SafeOptionList(*options, id="load-list")
            else:
                yield Static("No saves or scenarios found.", classes="dim")
            yield Static("Or type a file's path:", classes="dim")
            yield Input(placeholder="path/to/game.toml", id="load-path")
            yield Static("Enter: open    Tab: next field    Esc: cancel", classes="dialog-keys")

    @on(OptionList.OptionSelected, "#load-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.entries[event.option.id])

    @on(Input.Submitted, "#load-path")
    def typed(self, event: Input.Submitted) -> None:
        path = allowed_path(self, event)
        if path is not None:
            self.dismiss(("save", path))


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

    def action_cancel(self) -> None:
        self.dismiss(None)
