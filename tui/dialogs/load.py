"""The load dialog: bundled scenarios and the user's saves in one list."""

from __future__ import annotations

from pathlib import Path

from tui.dialogs import files
from tui.dialogs.file_pick import FilePickDialog, Group


class LoadDialog(FilePickDialog):
    """Returns ("save", Path) or ("scenario", ScenarioEntry), or None when cancelled."""

    HEADING = "Load a game"
    NOTHING = "No saves or scenarios found."
    NAME = "load"

    def groups(self) -> list[Group]:
        return [("Your saves", [(p.name, ("save", p)) for p in files.user_saves()]),
                ("Bundled scenarios (start a new game)",
                 [(f"{s.ruleset}: {s.title}", ("scenario", s)) for s in files.scenarios()])]

    def typed(self, path: Path) -> tuple[str, object]:
        return ("save", path)
