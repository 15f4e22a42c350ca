"""Which game to watch again: the user's saves and the autosaves of unfinished games, or a typed path."""

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
from tui.dialogs.load import allowed_path
from tui.widgets.lists import SafeOptionList
from tui.widgets.text import lit


class ReplayPickDialog(ModalScreen[Path | None]):
    """Returns the chosen file, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        from saves.autosave import autosave_files

        options: list[Option] = []
        for title, found in (("Your saves", files.user_saves()), ("Unfinished games (autosaves)", autosave_files())):
            if found:
                options.append(Option(title, disabled=True))
            for p in found:
                key = f"p{len(self.paths)}"
                self.paths[key] = p
                options.append(Option(lit(f"  {p.name}"), id=key))
        with Vertical(classes="dialog wide"):
            yield Static("Watch a game again", classes="dialog-title")
            if options:
                yield SafeOptionList(*options, id="replay-list")
            else:
                yield Static("No saves or autosaves found.", classes="dim")
            yield Static("Or type a file's path:", classes="dim")
            yield Input(placeholder="path/to/game.toml", id="replay-path")
            yield Static("Enter: open    Tab: next field    Esc: cancel", classes="dialog-keys")

    @on(OptionList.OptionSelected, "#replay-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.paths[event.option.id])

    @on(Input.Submitted, "#replay-path")
    def typed(self, event: Input.Submitted) -> None:
        path = allowed_path(self, event)  # confined as the load dialog is (`hexwar web`)
        if path is not None:
            self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_replay(app) -> None:
    """Ask for a file, then open it in the replay screen (a bad file: the reason, then the list again)."""

    def chosen(path: Path | None) -> None:
        if path is None:
            return
        from saves.store import load_game

        try:
            service = load_game(path)  # no store: a replay never writes the game
        except Exception as exc:  # noqa: BLE001 - SaveError, OSError: the player sees it
            app.show_error("This game cannot be replayed", str(exc), then=lambda: open_replay(app))
            return
        from tui.screens.replay import ReplayScreen

        app.push_screen(ReplayScreen(service, file=path))

    app.push_screen(ReplayPickDialog(), chosen)
