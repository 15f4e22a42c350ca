"""Saving, loading, verifying and autosaving games.

A save is the scenario, the seed, the chosen options and the action log, plus a
snapshot of the current state. Loading never trusts the snapshot: it rebuilds
the game by replaying the log from the scenario (`GameService.replay`'s way,
with the same seeded dice) and then compares the result with the snapshot; a
difference is reported with the first field that differs.

Autosave (`saves.autosave`) runs after every action, so it is kept cheap: the scenario part of the
file is rendered once per game and reused, only `[game]` and `[snapshot]` are
rendered each time.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core import GameState, Setup
from rules.service import GameService, ReplayRefused, Store
from rules.words import count
from saves.checks import checked_setup, rules_refusal
from saves.errors import Problem, SaveError, literal, shown
from saves import branch, players, resume
from saves.files import dump_toml, parse_document, parse_toml, read_bytes, write_atomic
from saves.migrations import migrate
from saves.schema import Document, validate_document
from saves.schema_setup import document_from_setup, setup_from_state
from saves.snapshots import ABSENT, BOARD_DIGEST, first_difference, plain, snapshot_of

DATA_DIR_ENV = "HEXWAR_DATA_DIR"
"""Overrides the user data folder (tests, portable installs)."""


def data_dir() -> Path:
    """Where hexwar keeps the autosave and the user's saves (platformdirs, or $HEXWAR_DATA_DIR)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("hexwar", appauthor=False))


def saves_dir() -> Path:
    """The folder the save dialog offers by default."""
    return data_dir() / "saves"


@lru_cache(maxsize=1)
def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("hexwar")
    except Exception:
        return "unknown"


# --- writing ----------------------------------------------------------------------------

_SCENARIO_TEXT: dict[int, tuple[Setup, str]] = {}
"""id(setup) -> (setup, its rendered TOML as a save's scenario part); the setup is held so the id stays its own."""


def _scenario_text(setup: Setup) -> str:
    hit = _SCENARIO_TEXT.get(id(setup))
    if hit is not None and hit[0] is setup:
        return hit[1]
    text = dump_toml(document_from_setup(setup, kind="save"))
    if len(_SCENARIO_TEXT) >= 16:
        _SCENARIO_TEXT.clear()
    _SCENARIO_TEXT[id(setup)] = (setup, text)
    return text


def setup_of(service: GameService) -> Setup:
    """The scenario a game was made from (rebuilt from its opening state if the service has none)."""
    setup = getattr(service, "setup", None)
    if setup is None:
        setup = setup_from_state(service.initial)
        try:
            service.setup = setup  # so the next autosave reuses it
        except AttributeError:
            pass
    return setup


_TEXTS: dict[int, tuple[Any, str]] = {}
"""id(action) -> (action, its text form): actions are frozen, and autosave writes the whole log each time."""


def _text(action: Any) -> str:
    hit = _TEXTS.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    if len(_TEXTS) > 200_000:
        _TEXTS.clear()
    text = action.text()
    _TEXTS[id(action)] = (action, text)
    return text


def game_table(service: GameService) -> dict[str, Any]:
    """`[game]`: the seed, the chosen options, the action log, the app version."""
    return {
        "seed": plain(service.initial.seed),
        "dice": service.initial.dice,
        "app_version": app_version(),
        "options": plain(dict(service.initial.options)),
        "actions": [_text(step.action) for step in service.history],
        **({"solo": service.prefs["solo"]} if "solo" in service.prefs else {}),
        "players": players.players_table(service, service.initial.side_ids()),
        **branch.table(service),
    }


def render_save(service: GameService) -> bytes:
    """The whole save file of a game, as UTF-8 TOML."""
    parts = [
        _scenario_text(setup_of(service)),
        dump_toml({"game": game_table(service)}),
        dump_toml({"snapshot": snapshot_of(service.state)}),
    ]
    if resume.from_position(service):  # the log starts at a recorded position (saves/resume.py)
        parts.append(dump_toml({"start": snapshot_of(service.initial)}))
    return "\n".join(parts).encode("utf-8")


def save_game(service: GameService, path: str | Path) -> Path:
    """Write the game to `path` atomically (the previous file kept as `.bak`); raises SaveError."""
    return write_atomic(path, render_save(service))


# --- reading ----------------------------------------------------------------------------


def game_from_document(doc: Document, file: str | None, store: Store | None = None, *,
                       written: bytes | None = None) -> GameService:
    """Rebuild a saved game: scenario + seed + options, replay the log, compare with the snapshot
    (with `written`, the file's `[snapshot]` text, unparsed: `_as_written`)."""
    service = _rebuilt(doc, file, store, written)
    if doc.game is not None and doc.game.solo is not None:
        service.prefs["solo"] = doc.game.solo
    if doc.game is not None:
        sides = [s.id for s in doc.sides]
        for side in doc.game.players:
            if side not in sides:
                raise SaveError(file, Problem(f"game.players.{literal(side, 40)}", f"expected one of the sides {sides}"))
        players.record(service, players.from_table(doc.game.players))
    if doc.game is not None and doc.game.branched_from is not None:
        branch.remember(service, doc.game.branched_from.file, doc.game.branched_from.action)
    return service


def _rebuilt(doc: Document, file: str | None, store: Store | None = None, written: bytes | None = None) -> GameService:
    if doc.kind != "save" or doc.game is None or doc.snapshot is None:
        raise SaveError(file, Problem("kind", "is a scenario, not a saved game (start it with `hexwar new RULESET --scenario FILE`)"))
    setup, ruleset = checked_setup(doc, file)
    try:
        if doc.start is not None:
            start = resume.position(ruleset, setup, doc.start, file, "start")
            if "dice" not in doc.start:  # written before keyed dice: its log rolled the old way
                start.dice = doc.game.dice
            service = GameService(ruleset, start, setup=setup)
        else:
            service = GameService.new(setup, doc.game.seed, dict(doc.game.options), dice=doc.game.dice)
    except SaveError:
        raise
    except Exception as exc:  # the rules reject the scenario: report, never a traceback
        raise rules_refusal(file, ruleset, exc) from None
    actions = []
    for i, text in enumerate(doc.game.actions):
        try:
            action = service.parse(text)
        except ValueError as exc:
            raise SaveError(file, Problem(f"game.actions[{i}]", f"not an action of {ruleset.id}: {literal(exc, 160)}")) from None
        try:  # a value its text form cannot hold (an empty `unit=`) would fail later, in the refusal's own words
            action.text()
        except ValueError as exc:
            empty = re.search(r"(?:^|\s)([A-Za-z_]\w*)=(?=\s|$)", text)
            why = f"{empty.group(1)}= has no value" if empty else literal(exc, 120)
            raise SaveError(file, Problem(f"game.actions[{i}]", (
                f"action {i + 1}, {shown(text, 60)}, is not an action of {ruleset.id}: {why}"))) from None
        actions.append(action)
    try:
        service = service.replayed(actions)
    except ReplayRefused as exc:
        text = doc.game.actions[exc.index]
        problem = Problem(f"game.actions[{exc.index}]", f"{shown(text, 60)} is refused on replay: {literal(exc.reason, 120)}")
        if doc.migrated:  # an older save: today's rules play its log differently (saves/resume.py)
            return resume.resumed(ruleset, setup, doc.snapshot, len(actions), problem.text(), file, store)
        raise SaveError(file, problem) from None
    if doc.start is not None:
        resume.mark(service)
    rebuilt = snapshot_of(service.state)
    if written is not None:
        if dump_toml({"snapshot": rebuilt}).encode("utf-8") != written:
            raise _NotAsWritten
        service.store = store
        return service
    if BOARD_DIGEST not in doc.snapshot:  # written before the board was checked: compare the rest
        rebuilt.pop(BOARD_DIGEST)
    if "dice" not in doc.snapshot:  # written before keyed dice: `[game] dice` said which
        rebuilt.pop("dice", None)
    diff = first_difference(rebuilt, doc.snapshot, shared_only=doc.migrated)  # FORMAT.md: older files
    if diff is not None and doc.migrated:
        why = f"snapshot.{diff[0]}: the replay of the action log gives {shown(diff[1])}, the file says {shown(diff[2])}"
        return resume.resumed(ruleset, setup, doc.snapshot, len(actions), why, file, store)
    if diff is not None:
        path, replayed, saved = diff
        if path == BOARD_DIGEST:
            raise SaveError(file, Problem(
                f"snapshot.{path}", "the board of this file (its map, legend, features or edges) is not the one "
                "the game was played on (the file was edited)"
            ))
        if replayed is ABSENT:
            what = f"the replay of the action log has no such field, the file says {shown(saved)}"
        elif saved is ABSENT:
            what = f"the replay of the action log gives {shown(replayed)}, the file lacks it"
        else:
            what = f"the replay of the action log gives {shown(replayed)}, the file says {shown(saved)}"
        raise SaveError(file, Problem(
            f"snapshot.{path}", what + " (the file was edited, or written by other rules)"
        ))
    service.store = store
    return service


def load_game(path: str | Path, store: Store | None = None) -> GameService:
    """Load a saved game from `path` (validated, migrated, replayed and checked); raises SaveError."""
    data = read_bytes(path)
    service = _as_written(data, str(path), store)
    if service is not None:
        return service
    doc = parse_document(data, path)
    return game_from_document(doc, str(path), store)


class _NotAsWritten(Exception):
    """The replay's snapshot, written out, is not the file's text (`_as_written`)."""


_SNAPSHOT = b"\n[snapshot]\n"


def _as_written(data: bytes, file: str, store: Store | None) -> GameService | None:
    """The game, when the file's `[snapshot]` is the very text `render_save` writes for the replayed
    state; None for any other file, which then goes the whole way (and gets its words from it).

    Parsing the snapshot (the TOML parser is pure Python) was most of an empty game's load, and it
    grows with the game; writing the replay's snapshot out is a third of that, and comparing the
    texts nothing. `render_save` puts the snapshot last: what comes before it is parsed alone, and
    when that parses, has no `snapshot` of its own and needed no migration, the whole file parses
    to it plus the snapshot's text, so an equal text accepts exactly what the full check accepts."""
    at = data.rfind(_SNAPSHOT)
    if at < 0:
        return None
    head, written = data[:at + 1], data[at + 1:]
    if b"\n[start]\n" in written:  # a resumed game's save: its start follows (saves/resume.py)
        return None
    try:
        raw = migrate(parse_toml(head, file), file)
        if "snapshot" in raw or getattr(raw, "steps", ()):
            return None
        raw["snapshot"] = {}  # stands in for the file's: `_rebuilt` compares its text
        return game_from_document(validate_document(raw, file), file, store, written=written)
    except (SaveError, _NotAsWritten):
        return None


@dataclass(frozen=True)
class Report:
    """What `verify` found."""

    ok: bool
    file: str
    message: str
    """One line: what was checked, or the first problem."""
    ruleset: str = ""
    scenario: str = ""
    actions: int = 0
    turn: int = 0
    result: str = ""
    error: SaveError | None = None


def verify(path: str | Path) -> Report:
    """Replay a save and report whether it is consistent (never raises for a bad file); a campaign is checked."""
    from saves.campaign import is_campaign, verify_campaign

    if is_campaign(path):
        return verify_campaign(path)
    try:
        data = read_bytes(path)
        doc = parse_document(data, path)
        if doc.kind == "scenario":
            return verify_scenario(doc, str(path))
        service = game_from_document(doc, str(path))
    except SaveError as exc:
        from saves.checks import drawing_problems

        exc = SaveError(exc.file, exc.problems + drawing_problems(data, exc)) if "data" in locals() else exc
        return Report(False, str(path), str(exc), error=exc)
    state = service.state
    result = ""
    if state.result is not None:
        result = f"{state.result.winner or 'draw'}: {state.result.reason}"
    n = len(service.log)
    checked = "the snapshot matches"
    if BOARD_DIGEST not in (doc.snapshot or {}):
        checked += " (the board is not checked: the file was saved by an older hexwar)"
    message = (
        f"{literal(path, 200)}: ok: {state.ruleset}, scenario {shown(state.scenario)}, "
        f"seed {state.seed}, {n} action{'s' if n != 1 else ''} replayed, turn {state.turn}, "
        + checked + (f"; game over ({literal(result, 80)})" if result else "")
    )
    if doc.start is None:  # a mail player may have edited the start it names (saves/mail_start.py)
        from saves.mail_start import start_note

        message += start_note(service)
    if resume.resumed_why(service):
        message = (f"{literal(path, 200)}: ok, resumed from its snapshot: an older save whose action log "
                   f"today's {state.ruleset} rules play differently ({literal(resume.resumed_why(service), 160)})")
    return Report(True, str(path), message, state.ruleset, state.scenario, n, state.turn, result)


def verify_scenario(doc: Document, file: str) -> Report:
    """A scenario checked the way loading it would check it; the report holds every problem."""
    from saves.checks import scenario_problems

    setup, problems = scenario_problems(doc, file)
    if setup is None:
        error = SaveError(file, problems)
        return Report(False, file, str(error), doc.ruleset, doc.name, error=error)
    sides = ", ".join(s.id for s in setup.sides)
    message = (f"{literal(file, 200)}: ok: {setup.ruleset} scenario {shown(setup.name)}, "
               f"{setup.board.width}x{setup.board.height} map, {count(len(setup.units), 'unit')}, sides {literal(sides, 80)}")
    return Report(True, file, message, setup.ruleset, setup.name)


# --- autosave (saves.autosave; these names stay importable from here) ----------------------


def __getattr__(name: str):
    if name in ("AutosaveStore", "AUTOSAVE_NAME"):
        from saves import autosave

        return getattr(autosave, name)
    raise AttributeError(name)


def same_game(a: GameState, b: GameState) -> bool:
    """True when two states are the same game position (snapshots equal, boards equal up to glyphs)."""
    ba, bb = a.board, b.board
    same_board = (ba.width, ba.height, ba.terrain, ba.elevation, set(ba.features), set(ba.edges)) == (
        bb.width, bb.height, bb.terrain, bb.elevation, set(bb.features), set(bb.edges)
    )
    return same_board and first_difference(snapshot_of(a), snapshot_of(b)) is None
