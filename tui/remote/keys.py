"""Registered public keys: which seats of which games an SSH player's key opens without a code.

The host keeps them beside its games, in `keys.json` (0600): for each key's
SHA-256 fingerprint (as `ssh-keygen -l` prints it), the seats it was
registered for, each a game and a side. A key is registered when its player
joins a seat with that seat's join code (the code is the right to the seat;
the key only remembers it), or by the host's owner (`hexwar serve --register`).
A key opens exactly the seats it is registered for and nothing else.

Every change is a read, change and atomic rewrite under a lock file, so the
running host and a `hexwar serve --register` in another shell never lose each
other's registrations. Textual-free.
"""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import contextmanager
from pathlib import Path

from saves.files import write_atomic

MAX_KEYS_PER_SEAT = 8
"""A seat's code holder may register a few machines, not fill the host's disk."""
MAX_FILE = 4 * 1024 * 1024
FINGERPRINT_PREFIX = "SHA256:"


class KeyRefused(ValueError):
    """A key that cannot be registered, with the reason in words."""


def fingerprint_of(text: str) -> tuple[str, str]:
    """The SHA-256 fingerprint and a short description of an OpenSSH public key line
    (`ssh-ed25519 AAAA... comment`); KeyRefused if it is not one."""
    import asyncssh

    if "PRIVATE KEY" in text:
        raise KeyRefused("that is a private key: give its public half (the .pub file), and never a private key")
    try:
        key = asyncssh.import_public_key(text.strip())
    except (asyncssh.KeyImportError, ValueError, TypeError):
        raise KeyRefused("that is not an OpenSSH public key (a line like 'ssh-ed25519 AAAA... name')") from None
    comment = key.get_comment() or ""
    return key.get_fingerprint("sha256"), f"{key.get_algorithm()} {comment}".strip()


class KeyRing:
    """The registered keys of one host folder."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / "keys.json"

    # --- reading ---------------------------------------------------------------------

    def _read(self) -> dict[str, dict]:
        try:
            with open(self.path, "rb") as f:
                data = json.loads(f.read(MAX_FILE + 1) or b"{}")
        except FileNotFoundError:
            return {}
        except ValueError:
            return {}  # a damaged file opens no seat; registering again rewrites it
        return data if isinstance(data, dict) else {}

    def seats(self, fingerprint: str) -> list[tuple[str, str]]:
        """The (game, side) seats `fingerprint` is registered for, in the order registered."""
        entry = self._read().get(fingerprint)
        if not isinstance(entry, dict):
            return []
        out = []
        for seat in entry.get("seats", []):
            if isinstance(seat, list) and len(seat) == 2 and all(isinstance(x, str) for x in seat):
                out.append((seat[0], seat[1]))
        return out

    def entries(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """Every registered key: (fingerprint, description, seats)."""
        data = self._read()
        return [(fp, str(e.get("about", "")), self.seats(fp)) for fp, e in sorted(data.items()) if isinstance(e, dict)]

    def keys_of(self, game: str, side: str) -> list[str]:
        """The fingerprints registered for one seat."""
        return [fp for fp, _, seats in self.entries() if (game, side) in seats]

    # --- changing --------------------------------------------------------------------

    @contextmanager
    def _locked(self):
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.folder / "keys.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def _write(self, data: dict) -> None:
        if not self.path.exists():  # made private before anything is in it
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True).encode(), backup=False)

    def register(self, fingerprint: str, game: str, side: str, about: str = "") -> bool:
        """Register `fingerprint` for the seat; False if it already was. KeyRefused when the seat
        has as many keys as it may."""
        if not fingerprint.startswith(FINGERPRINT_PREFIX) or len(fingerprint) > 100:
            raise KeyRefused(f"not a SHA-256 key fingerprint: {fingerprint[:40]!r}")
        with self._locked():
            data = self._read()
            entry = data.get(fingerprint)
            if not isinstance(entry, dict):
                entry = {"about": about[:80], "seats": []}
            seats = [s for s in entry.get("seats", []) if isinstance(s, list)]
            if [game, side] in seats:
                return False
            holders = sum(1 for e in data.values() if isinstance(e, dict) and [game, side] in e.get("seats", []))
            if holders >= MAX_KEYS_PER_SEAT:
                raise KeyRefused(f"this seat has {MAX_KEYS_PER_SEAT} keys already; the host's owner can forget one")
            entry["seats"] = [*seats, [game, side]]
            entry.setdefault("about", about[:80])
            data[fingerprint] = entry
            self._write(data)
            return True

    def forget(self, fingerprint: str, game: str | None = None) -> int:
        """Unregister `fingerprint` (from every seat, or from `game`'s); the seats dropped."""
        with self._locked():
            data = self._read()
            entry = data.get(fingerprint)
            if not isinstance(entry, dict):
                return 0
            seats = entry.get("seats", [])
            kept = [s for s in seats if game is not None and s[0] != game]
            if kept:
                entry["seats"] = kept
            else:
                del data[fingerprint]
            self._write(data)
            return len(seats) - len(kept)
