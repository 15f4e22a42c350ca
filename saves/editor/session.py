"""An editing session: the draft, undo and redo, opening a scenario, checking and saving it.

Saving writes the file atomically (saves/files.py) and refuses to replace an existing file
unless told to; what it writes is checked by the same code as `hexwar verify`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules import registry
from saves.checks import scenario_problems
from saves.editor.draft import Draft, from_document, to_data
from saves.editor.edits import EditRefused
from saves.errors import Problem, SaveError
from saves.editor.toml_text import scenario_text
from saves.files import parse_document, read_bytes, write_atomic
from saves.schema import validate_document
from saves.schema_setup import board_from_entry

UNDO_DEPTH = 500
"""Edits kept for undo (drafts share their unchanged parts, so this costs little)."""


class FileExists(SaveError):
    """The file is there already; save again with `overwrite=True` to replace it."""


class Session:
    """The draft being edited, with its undo and redo lists and the file it belongs to."""

    def __init__(self, draft: Draft, path: Path | None = None) -> None:
        self.draft = draft
        self.path = path
        self.undo_list: list[tuple[str, Draft]] = []
        self.redo_list: list[tuple[str, Draft]] = []
        self.saved: Draft | None = draft if path is not None else None
        self.written: Path | None = None
        self._checked: tuple[Draft, list[Problem]] | None = None
        """The file this session last wrote: saving there again needs no asking."""

    @property
    def dirty(self) -> bool:
        return self.draft is not self.saved

    def apply(self, label: str, edit: Callable[..., Draft], *args: Any, **kwargs: Any) -> Draft:
        """Make an edit (raises EditRefused, changing nothing); `label` names it for undo."""
        new = edit(self.draft, *args, **kwargs)
        if new == self.draft:
            return self.draft
        self.undo_list.append((label, self.draft))
        del self.undo_list[:-UNDO_DEPTH]
        self.redo_list.clear()
        self.draft = new
        return new

    def undo(self) -> str:
        """Go back one edit; returns what was undone."""
        if not self.undo_list:
            raise EditRefused("nothing to undo")
        label, before = self.undo_list.pop()
        self.redo_list.append((label, self.draft))
        self.draft = before
        return label

    def redo(self) -> str:
        if not self.redo_list:
            raise EditRefused("nothing to redo")
        label, after = self.redo_list.pop()
        self.undo_list.append((label, self.draft))
        self.draft = after
        return label

    # --- files -----------------------------------------------------------------------------

    def text(self) -> str:
        return scenario_text(to_data(self.draft))

    def problems(self) -> list[Problem]:
        """What `hexwar verify` would say of the draft as saved (empty: it loads and starts a game);
        kept per draft, since the screen asks after every cursor move."""
        if self._checked is None or self._checked[0] is not self.draft:
            self._checked = (self.draft, draft_problems(self.draft))
        return list(self._checked[1])

    def save(self, path: str | Path | None = None, overwrite: bool = False) -> Path:
        """Write the scenario TOML atomically; an existing file is replaced only with `overwrite`."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise SaveError(None, "name the file to save to")
        if target.exists() and not overwrite and target != self.written:
            raise FileExists(target, "exists already: save again to replace it")
        write_atomic(target, self.text().encode("utf-8"))
        self.path, self.saved, self.written = target, self.draft, target
        return target


def draft_problems(draft: Draft) -> list[Problem]:
    """The checks of loading (saves.checks.scenario_problems) run on the draft's file data."""
    data = to_data(draft)
    try:
        doc = validate_document(data, None)
    except SaveError as exc:
        return exc.problems
    return scenario_problems(doc, None)[1]


def open_scenario(path: str | Path) -> Session:
    """A session on a scenario file (or a bundled one by path); a map that cannot be drawn is refused."""
    p = Path(path)
    doc = parse_document(read_bytes(p), p)
    _, broken = board_from_entry(doc.board)
    if broken:
        raise SaveError(p, broken)
    return Session(from_document(doc), p if doc.kind == "scenario" else None)


def session_for(scenario: str | None, ruleset: str | None = None, size: tuple[int, int] = (12, 8)) -> Session:
    """What `hexwar edit [SCENARIO]` opens: a scenario file (saved back there, after asking), a bundled
    scenario by name (a copy: saved elsewhere), a new file's path or nothing (a blank map of `ruleset`)."""
    from saves.editor.draft import blank
    from saves.scenarios import UnknownScenario, bundled_path, list_scenarios

    if scenario is None or (scenario.endswith(".toml") and not Path(scenario).exists()):
        rid = ruleset or registry.default()
        name = Path(scenario).stem if scenario else "new-scenario"
        session = Session(blank(rid, *size, name=name.lower() if _NAME.match(name.lower()) else "new-scenario"))
        session.path = Path(scenario) if scenario else None
        return session
    if Path(scenario).is_file():
        return open_scenario(scenario)
    found = [i for i in list_scenarios(ruleset) if i.name == scenario and not i.error]
    if len(found) != 1:
        known = ", ".join(f"{i.ruleset}/{i.name}" for i in list_scenarios(ruleset))
        why = "several rule sets have it: name one with --ruleset" if found else f"known: {known}"
        raise UnknownScenario(None, f"no scenario file or bundled scenario {scenario!r} ({why})")
    path = bundled_path(found[0].ruleset, scenario)
    session = open_scenario(path)
    session.path, session.saved = None, None  # a bundled scenario is edited as a copy
    return session


_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
