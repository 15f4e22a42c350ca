"""The scenario editor's files and map: problems, saving (asking before replacing), playing, a new map, leaving."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from rules import registry
from saves.editor.draft import blank
from saves.editor.session import FileExists, Session
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.confirm import ConfirmDialog
from tui.screens.editor_forms import Field, FieldsDialog

if TYPE_CHECKING:
    from tui.screens.editor import EditorScreen


def problems(screen: EditorScreen) -> None:
    from tui.dialogs.text_view import TextDialog

    found = screen.session.problems()
    text = "\n".join(p.text() for p in found) or "No problems: the scenario loads and starts a game."
    screen.app.push_screen(TextDialog(Text(f"What `hexwar verify` says ({len(found)}):\n\n{text}")))


def _ask(screen: EditorScreen, question: str, detail: str, then) -> None:
    screen.app.push_screen(ConfirmDialog(question, detail), lambda yes: yes and then())


def default_path(screen: EditorScreen) -> Path:
    from saves.store import data_dir

    return screen.session.path or data_dir() / "scenarios" / screen.draft.ruleset / f"{screen.draft.name}.toml"


def save(screen: EditorScreen, then_play: bool = False) -> None:
    def answered(v):
        if v is None:
            return
        from tui.dialogs.files import typed_path

        path, refused = typed_path(v["path"])
        if refused:  # `hexwar web`: nothing written outside the data folder
            screen.redraw(f"Not saved: {refused}.")
            return
        found = screen.session.problems()
        if found and then_play:
            screen.redraw(f"It cannot start a game yet: {found[0].text()} (P lists every problem)")
            return
        if found:
            _ask(screen, f"The scenario has {len(found)} problem(s). Save it anyway?", found[0].text(),
                 lambda: _write(screen, path, then_play))
        else:
            _write(screen, path, then_play)

    screen.app.push_screen(FieldsDialog("Save the scenario", [Field("path", "File", str(default_path(screen)))]),
                           answered)


def _write(screen: EditorScreen, path: Path, then_play: bool, overwrite: bool = False) -> None:
    from saves.errors import SaveError
    from saves.store import verify

    try:
        written = screen.session.save(path, overwrite=overwrite)
    except FileExists:
        _ask(screen, f"{path.name} exists. Replace it?", str(path), lambda: _write(screen, path, then_play, True))
        return
    except SaveError as exc:
        screen.redraw(f"Not saved: {exc}")
        return
    report = verify(written)
    screen.redraw(f"Saved {written}. verify: {'ok' if report.ok else report.message}")
    if then_play and report.ok:
        from tui.dialogs import files

        entry = files.scenario_file(written)
        if entry is not None:
            screen.app.new_game_from_file(entry)


def new_map(screen: EditorScreen) -> None:
    def ruleset_chosen(rid: str | None) -> None:
        if rid is None:
            return
        shown = [Field("width", "Width", "12", "1 to 200 hexes"), Field("height", "Height", "8", "1 to 200 hexes"),
                 Field("name", "File name", "new-scenario")]

        def answered(v):
            if v is None:
                return
            try:
                draft = blank(rid, int(v["width"]), int(v["height"]), v["name"].strip() or "new-scenario")
            except ValueError as exc:
                screen.redraw(f"Refused: {exc}")
                return
            if screen.session.dirty and screen.session.undo_list:
                _ask(screen, "Drop the unsaved edits of this map?", "", lambda: screen.replace_session(Session(draft)))
            else:
                screen.replace_session(Session(draft))

        screen.app.push_screen(FieldsDialog(f"A new {rid} map", shown), answered)

    screen.app.push_screen(ChoiceDialog("Rule set of the new map", [(e.id, e.name) for e in registry.entries()]),
                           ruleset_chosen)


def leave(screen: EditorScreen) -> None:
    if screen.session.dirty and screen.session.undo_list:
        _ask(screen, "Leave the editor without saving?", "Your edits since the last save are lost.",
             screen.app.pop_screen)
    else:
        screen.app.pop_screen()
