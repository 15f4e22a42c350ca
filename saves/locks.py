"""One process at a time per game file: `<file>.lock` names the holder (pid, host); a dead holder's lock is taken over.

Two hexwar processes on one data folder must not write the same autosave (the
later write would drop the other's actions, issue 9 item 4). The lock file is
created with O_EXCL, so exactly one process gets it; it holds the holder's pid
and host name, so the second process can say who has the game. A lock left by
a killed process (same host, pid no longer running) is stale and taken over. A
lock from another host cannot be checked and is respected.
"""

from __future__ import annotations

import atexit
import os
import secrets
import socket
import tomllib
from dataclasses import dataclass
from pathlib import Path

from saves.errors import literal


@dataclass(frozen=True)
class Holder:
    """Who has a game file open."""

    pid: int
    host: str

    def text(self) -> str:
        here = "this computer" if self.host == socket.gethostname() else literal(self.host, 60)
        return f"hexwar process {self.pid} on {here}"


class Locked(Exception):
    """The file is open in another live hexwar process."""

    def __init__(self, path: Path, holder: Holder) -> None:
        self.path = path
        self.holder = holder
        super().__init__(f"{path.name} is open in {holder.text()}")


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this computer."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    except OSError:
        return False
    return True


def holder_of(path: Path) -> Holder | None:
    """The live holder of `path`'s lock, or None (no lock, an unreadable one, or a dead holder's)."""
    try:
        data = tomllib.loads(lock_path(path).read_text("utf-8"))
        holder = Holder(int(data["pid"]), str(data["host"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return None  # half written by a killed process: stale
    if holder.host == socket.gethostname() and not pid_alive(holder.pid):
        return None
    if holder == Holder(os.getpid(), socket.gethostname()):
        return None  # our own
    return holder


class FileLock:
    """The lock on one game file, held by this process until `release()` (or exit)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.held = False

    def acquire(self) -> FileLock:
        """Take the lock; raises Locked when a live process has it, OSError when the folder is unusable."""
        target = lock_path(self.path)
        me = Holder(os.getpid(), socket.gethostname())
        body = f'pid = {me.pid}\nhost = "{_toml_string(me.host)}"\n'.encode()
        for _ in range(3):
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                holder = holder_of(self.path)
                if holder is not None:
                    raise Locked(self.path, holder) from None
                # Stale (or ours): move it aside under a unique name, so two processes
                # taking it over at once cannot both succeed; then try again.
                aside = target.with_name(f".{target.name}.{me.pid}.{secrets.token_hex(4)}.stale")
                try:
                    os.replace(target, aside)
                    os.unlink(aside)
                except FileNotFoundError:
                    pass
                continue
            with os.fdopen(fd, "wb") as f:
                f.write(body)
            self.held = True
            atexit.register(self.release)
            return self
        holder = holder_of(self.path)
        raise Locked(self.path, holder or me)

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        try:
            if holder_of(self.path) is None:  # still ours (or nobody's): remove it
                os.unlink(lock_path(self.path))
        except OSError:
            pass


def _toml_string(text: str) -> str:
    return "".join(c for c in text if c.isprintable() and c not in '"\\')
