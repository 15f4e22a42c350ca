"""Autosaves: one file per game (scenario + start time), locked while open, listed to resume, pruned when over.

Every game started or loaded gets its own autosave in `<data>/autosaves/`, so
a new game never replaces an unfinished one (issue 9, item 3). The file is
locked while a process plays it (`saves.locks`): a second process is told who
has it and may open a copy that is not autosaved. An autosave is removed only
when its game is over or the player abandons it. A failed write is kept in
`last_error` and reported to `listener` at once; the next action tries again.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rules.service import GameService
from saves.errors import SaveError, literal
from saves.files import remove_stale_temps, write_atomic
from saves.locks import FileLock, Holder, Locked, holder_of
from saves.store import data_dir, load_game, render_save

AUTOSAVE_NAME = "autosave.toml"
"""The single autosave of hexwar before one per game; still listed and resumed."""
AUTOSAVE_FOLDER = "autosaves"


def autosaves_dir(base: str | Path | None = None) -> Path:
    return (Path(base) if base is not None else data_dir()) / AUTOSAVE_FOLDER


def _slug(text: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:40]
    return slug or "game"


class AutosaveStore:
    """The game service's `Store`: writes this game's own autosave after every action.

    A failing disk must not end the game: the error is kept in `last_error`,
    `listener(store)` hears of every attempt (the UI shows a failure at once) and
    the next action tries again. It skips fsync (`durable=False`): the rename
    keeps it atomic against a killed terminal, and should a power cut damage the
    file, resuming falls back to the previous autosave (`.bak`).
    """

    def __init__(self, folder: str | Path | None = None, durable: bool = False, path: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        """The data folder; the autosaves are in its `autosaves` folder."""
        self.durable = durable
        self.started = time.localtime()
        self._path = Path(path) if path is not None else None
        self._lock: FileLock | None = None
        self.last_error: SaveError | None = None
        self.writes = 0
        self.resumed = False
        """The file holds this game already (it was resumed from it)."""
        self.finished = False
        """The game ended: its autosave was removed."""
        self.read_only = ""
        """Why this game is not autosaved here (another process has its file); '' when it is."""
        self.listener: Callable[[AutosaveStore], None] | None = None

    # --- where -----------------------------------------------------------------------

    @property
    def path(self) -> Path:
        """This game's autosave (named when first written: scenario and start time)."""
        return self._path if self._path is not None else autosaves_dir(self.folder) / self._name("game", 1)

    def _name(self, scenario: str, n: int) -> str:
        stamp = time.strftime("%Y-%m-%d_%H%M%S", self.started)
        return f"{_slug(scenario)}_{stamp}{'' if n == 1 else f'_{n}'}.toml"

    def _claim(self, service: GameService) -> None:
        """Choose and lock this game's file: the first free name for its scenario and start time."""
        if self._path is not None:
            lock = FileLock(self._path).acquire()  # raises Locked when another process has it
            self._lock = lock
            return
        folder = autosaves_dir(self.folder)
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 1000):
            path = folder / self._name(service.state.scenario or service.state.ruleset, n)
            if path.exists():
                continue
            try:
                lock = FileLock(path).acquire()
            except Locked:
                continue
            if path.exists():  # written between the check and the lock
                lock.release()
                continue
            self._path, self._lock = path, lock
            return
        raise SaveError(folder, "no free autosave name")

    # --- the Store protocol ----------------------------------------------------------

    def autosave(self, service: GameService) -> None:
        if self.read_only:
            return
        try:
            if service.result is not None:
                self._finish()
            else:
                if self._lock is None or not self._lock.held:
                    self._claim(service)
                write_atomic(self.path, render_save(service), durable=self.durable)
        except Locked as exc:
            self.last_error = SaveError(self.path, f"not autosaved: {exc}")
        except SaveError as exc:
            self.last_error = exc
        except Exception as exc:  # never let an autosave crash the game
            self.last_error = SaveError(self.path, f"autosave failed: {literal(exc, 120)}")
        else:
            self.last_error = None
            if not self.finished:
                self.writes += 1
        if self.listener is not None:
            self.listener(self)

    def _finish(self) -> None:
        """The game is over: its autosave has done its work (undo past the end writes it again)."""
        if self._path is not None and (self._lock is None or not self._lock.held):
            try:
                self._claim_existing()
            except Locked:
                return  # another process has the file: leave it alone
        for p in (self.path, self.backup):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
        self.finished = True
        self.release()

    def _claim_existing(self) -> None:
        self._lock = FileLock(self.path).acquire()

    @property
    def saved(self) -> bool:
        """Whether the file on disk holds this game as it is now."""
        if self.read_only or self.finished or self.last_error is not None:
            return False
        return (self.writes > 0 or self.resumed) and self.path.is_file()

    def status(self) -> str:
        """One sentence for the quit dialog and the crash message: what is saved, honestly."""
        if self.read_only:
            return f"This game is not autosaved: {self.read_only}. Save a copy with ctrl+s to keep it."
        if self.last_error is not None:
            return f"The autosave FAILED ({self.last_error}). Save with ctrl+s to keep this game."
        if self.finished:
            return "The game is over; its autosave was removed (save it with ctrl+s to keep it)."
        if self.saved:
            return f"The game is autosaved as {self.path.name}: the title screen can resume it."
        return "Nothing is autosaved yet: no action has been taken in this game."

    def latest(self) -> Path | None:
        """This game's autosave, when it has been written."""
        p = self.path
        return p if self._path is not None and p.is_file() and p.stat().st_size > 0 else None

    @property
    def backup(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    def release(self) -> None:
        """Let other processes open this game's file (leaving the game, or at exit)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # --- resuming ---------------------------------------------------------------------

    def load(self, path: str | Path | None = None) -> GameService:
        """Resume an autosave (the newest unfinished one when no path is given); autosaving continues.

        Raises Locked when another live process has it open (see `open_read_only`),
        SaveError when it cannot be read. A damaged autosave falls back to the
        previous one (noted in `last_error`).
        """
        if path is None:
            found = list_autosaves(self.folder)
            if not found:
                raise SaveError(autosaves_dir(self.folder), "no autosave to resume")
            path = found[0].path
        self._path = Path(path)
        if not self.path.is_file() and not self.backup.is_file():
            raise SaveError(self.path, "no autosave to resume")
        self._claim_existing()
        try:
            service = self._read()
        except BaseException:
            self.release()
            raise
        self.resumed = True
        return service

    def _read(self) -> GameService:
        try:
            if not self.path.is_file() or self.path.stat().st_size == 0:
                raise SaveError(self.path, "the autosave is empty")
            return load_game(self.path, store=self)
        except SaveError as exc:
            if not self.backup.is_file():
                raise
            try:
                service = load_game(self.backup, store=self)
            except SaveError:
                raise exc from None
            self.last_error = SaveError(self.path, f"{exc.first.text()}; resumed from the previous autosave")
            return service

    def open_read_only(self, path: str | Path, holder: Holder) -> GameService:
        """A copy of an autosave another process has open: playable, never written."""
        self._path = Path(path)
        self.read_only = f"{self.path.name} is open in {holder.text()}"
        return self._read()

    def clear(self) -> None:
        """Forget this game's autosave (the `.bak` stays)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def remove_leftovers(base: str | Path | None = None) -> list[Path]:
    """Temporary files that killed writers left in the autosaves and the saves folders (and the saves'
    own campaigns/ and armies/), removed when hexwar starts; returns what was removed."""
    base_dir = Path(base) if base is not None else data_dir()
    saves = base_dir / "saves"
    folders = [autosaves_dir(base_dir), saves, saves / "campaigns", saves / "armies"]
    return [p for folder in folders for p in remove_stale_temps(folder)]


def is_autosave(path: str | Path, base: str | Path | None = None) -> bool:
    """Whether `path` is one of the autosaves (the title's resume list), not a save of the player's."""
    base_dir = Path(base) if base is not None else data_dir()
    p = Path(path).resolve()
    return p.parent == autosaves_dir(base_dir).resolve() or p == (base_dir / AUTOSAVE_NAME).resolve()


def open_game(path: str | Path, base: str | Path | None = None) -> tuple[GameService, str]:
    """A saved game to play on, and a note ('' or why it is not autosaved). An autosave goes on in its
    own file, so loading one never starts a second autosave of the same game (issue 24, item 1); a save
    of the player's starts its own. An autosave another process has open is opened as a copy."""
    if not is_autosave(path, base):
        return load_game(path, store=AutosaveStore(base)), ""
    try:
        return AutosaveStore(base).load(path), ""
    except Locked as exc:
        copy = AutosaveStore(base).open_read_only(path, exc.holder)
        return copy, f"{copy.store.read_only}: this copy is not autosaved (ctrl+s saves it)"


# --- the title screen's list ----------------------------------------------------------


@dataclass(frozen=True)
class AutosaveInfo:
    """An unfinished game the title screen offers to resume."""

    path: Path
    title: str
    ruleset: str = ""
    turn: int = 0
    actions: int = 0
    modified: float = 0.0
    holder: Holder | None = None
    """The live process that has it open, if any."""
    error: str = ""
    """Why it cannot be read ('' when it can)."""
    players: str = ""
    """Who the computer plays ('the computer plays The Rebels (normal)'), '' when every side is a person's."""

    def line(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        if self.error:
            return f"{self.path.name}: cannot be read ({self.error})"
        text = f"{self.title} ({self.ruleset}), turn {self.turn}, {self.actions} action{'s' if self.actions != 1 else ''}, {when}"
        if self.players:
            text += f"; {self.players}"
        if self.holder is not None:
            text += f" - open in {self.holder.text()}"
        return text


def autosave_files(base: str | Path | None = None) -> list[Path]:
    """The autosave files, newest first (the single autosave of older versions included)."""
    base_dir = Path(base) if base is not None else data_dir()
    files = []
    folder = autosaves_dir(base_dir)
    if folder.is_dir():
        files = [p for p in folder.glob("*.toml") if p.is_file()]
    legacy = base_dir / AUTOSAVE_NAME
    if legacy.is_file() and legacy.stat().st_size > 0:
        files.append(legacy)
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def list_autosaves(base: str | Path | None = None) -> list[AutosaveInfo]:
    """The unfinished games, newest first; finished ones found here are pruned, temporary leftovers removed."""
    from saves.files import parse_document, read_bytes
    from saves.players import describe, from_table

    base_dir = Path(base) if base is not None else data_dir()
    remove_stale_temps(autosaves_dir(base_dir))
    out = []
    for path in autosave_files(base_dir):
        holder = holder_of(path)
        try:
            doc = parse_document(read_bytes(path), path)
        except SaveError as exc:
            out.append(AutosaveInfo(path, path.stem, modified=_mtime(path), holder=holder, error=exc.first.text()))
            continue
        snap = doc.snapshot or {}
        if snap.get("result") and holder is None:
            abandon(path)  # over: a process ended before it could remove it
            continue
        computers = from_table(doc.game.players) if doc.game else {}
        out.append(AutosaveInfo(
            path, doc.title or doc.name or path.stem, doc.ruleset, int(snap.get("turn", 0) or 0),
            len(doc.game.actions) if doc.game else 0, _mtime(path), holder,
            players=describe(computers, {s.id: s.name for s in doc.sides}),
        ))
    return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def abandon(path: str | Path) -> None:
    """Delete an unfinished game's autosave at the player's word; raises Locked if another process has it."""
    path = Path(path)
    lock = FileLock(path).acquire()
    try:
        for p in (path, path.with_name(path.name + ".bak")):
            try:
                os.unlink(p)
            except FileNotFoundError:
                pass
    finally:
        lock.release()
