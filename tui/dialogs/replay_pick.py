"""Which game to watch again: the user's saves and the autosaves of unfinished games, or a typed path."""

from __future__ import annotations

from pathlib import Path

from tui.dialogs import files
from tui.dialogs.file_pick import FilePickDialog, Group


class ReplayPickDialog(FilePickDialog):
    """Returns the chosen file, or None when cancelled; a typed path is confined as the load dialog's is
    (`hexwar web`)."""

    HEADING = "Watch a game again"
    NOTHING = "No saves or autosaves found."
    NAME = "replay"

    def groups(self) -> list[Group]:
        from saves.autosave import autosave_files

        return [(title, [(p.name, p) for p in found])
                for title, found in (("Your saves", files.user_saves()),
                                     ("Unfinished games (autosaves)", autosave_files()))]


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
