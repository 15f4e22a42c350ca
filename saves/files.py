"""Reading and writing files: size limit before parsing, TOML in binary mode, atomic writes with `.bak`.

Reading never changes the file. Writing goes to a temporary file in the same
folder, which is flushed, fsynced and renamed over the target, so a reader (or
a crash) sees either the old file or the new one, never half of one. The
previous file is kept as `<name>.bak` (a hard link where the file system has
them, so keeping it costs no copy).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import time
import tomllib

import tomli_w
from pathlib import Path
from typing import Any

from saves.errors import SaveError, literal
from saves.migrations import migrate
from saves.schema import MAX_FILE_BYTES, Document, validate_document


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, refusing files over `limit` before reading them all."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise SaveError(p, f"too large: {size:,} bytes, at most {limit:,}")
            data = f.read(limit + 1)
    except SaveError:
        raise
    except FileNotFoundError:
        raise SaveError(p, "no such file") from None
    except IsADirectoryError:
        raise SaveError(p, "is a folder, not a file") from None
    except PermissionError:
        raise SaveError(p, "cannot be read (permission denied)") from None
    except OSError as exc:
        raise SaveError(p, f"cannot be read: {literal(exc.strerror or exc, 80)}") from None
    if len(data) > limit:
        raise SaveError(p, f"too large: more than {limit:,} bytes")
    return data


def parse_toml(data: bytes, file: str | Path | None) -> dict[str, Any]:
    """TOML text -> data, with the parser's line on a syntax error."""
    if not data.strip():
        raise SaveError(file, "the file is empty (expected a hexwar TOML file)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(file, f"not a text file (invalid UTF-8 at byte {exc.start}): expected a hexwar TOML file") from None
    if "\x00" in text:
        raise SaveError(file, "not a text file (it holds NUL bytes): expected a hexwar TOML file")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from saves.errors import problem_from_toml

        raise SaveError(file, problem_from_toml(exc)) from None
    except RecursionError:
        raise SaveError(file, "not valid TOML: nested too deeply") from None


def parse_document(data: bytes, file: str | Path | None) -> Document:
    """Bytes of a file -> a validated, migrated `Document` (or SaveError)."""
    name = str(file) if file is not None else None
    raw = parse_toml(data, name)
    raw = migrate(raw, name)
    return validate_document(raw, name)


def read_document(path: str | Path) -> Document:
    """Read, parse, migrate and validate a scenario or save file."""
    return parse_document(read_bytes(path), path)


def dump_toml(data: dict[str, Any]) -> str:
    """TOML text of plain data (tomli-w: well kept, escapes control characters in names), its short arrays of
    numbers on one line (`at = [7, 2]`: tomli-w gives every item a line of its own, four lines a hex)."""
    return _numbers_inline(tomli_w.dumps(data))  # one-line strings: a multi-line string would turn \r\n into \n


SCALAR = re.compile(r"(?:[+-]?[0-9][0-9_.eE+-]*|true|false|[+-]?inf|[+-]?nan)")
"""An item tomli-w writes for a number or a boolean; strings (a map's rows, a log) keep a line each."""
LINE = 100
"""The longest line an array is joined into (tomli-w's own limit for an inline table)."""


def _numbers_inline(text: str) -> str:
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        if line.endswith(" = ["):
            j, items = i + 1, []
            while j < len(lines) and lines[j].endswith(",") and SCALAR.fullmatch(lines[j].strip()[:-1]):
                items.append(lines[j].strip()[:-1])
                j += 1
            joined = line + ", ".join(items) + "]"
            if items and j < len(lines) and lines[j].strip() == "]" and len(joined) <= LINE:
                out.append(joined)
                i = j + 1
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def write_atomic(path: str | Path, data: bytes, backup: bool = True, durable: bool = True) -> Path:
    """Write `data` to `path` atomically, keeping the previous file as `<name>.bak`.

    `durable` fsyncs the file and its folder, so the new file survives a power cut,
    not just a killed process; without it (the autosave) the rename is still atomic.
    """
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        try:
            mode = p.stat().st_mode & 0o777
            exists = True
        except FileNotFoundError:
            mode, exists = 0o644, False
        # The writer's pid is in the name, so a temporary file left by a killed process can be told apart.
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.{os.getpid()}.", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                if durable:
                    os.fsync(f.fileno())
            os.chmod(tmp, mode)
            if backup and exists:
                _keep_backup(p)
            os.replace(tmp, p)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        if durable:
            _fsync_dir(p.parent)
    except OSError as exc:
        raise SaveError(p, f"cannot write: {literal(exc.strerror or exc, 80)}") from None
    return p


def _keep_backup(p: Path) -> None:
    bak = p.with_name(p.name + ".bak")
    # A unique name: two processes keeping a backup at once must not share one temporary file.
    tmp = p.with_name(f".{p.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        try:
            os.link(p, tmp)
        except OSError:
            shutil.copy2(p, tmp)
        os.replace(tmp, bak)
        if os.path.lexists(tmp):  # rename does nothing when both names are links to one file already
            os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)



_TEMP = re.compile(r"^\..+\.(?P<pid>\d+)\.[^.]+\.tmp$")
ORPHAN_AGE = 3600
"""Seconds after which a temporary file whose name holds no pid (an older hexwar's) counts as left over."""


def remove_stale_temps(folder: str | Path) -> list[Path]:
    """Remove temporary files that killed writers left in `folder`; returns what was removed.

    A temporary file names its writer's pid: it is left over when that process is
    gone. One without a pid (written by an older hexwar) is left over once old.
    """
    from saves.locks import pid_alive

    removed = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        match = _TEMP.match(name)
        try:
            if match and int(match["pid"]) != os.getpid() and not pid_alive(int(match["pid"])):
                stale = True
            else:
                stale = not match and now - entry.stat().st_mtime > ORPHAN_AGE
            if stale:
                entry.unlink()
                removed.append(entry)
        except OSError:
            pass
    return removed
