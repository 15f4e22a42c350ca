"""The game host: one process owns its games, rolls every die and tells each seat only its part.

`Host` keeps every game of its folder in memory, each a `GameService` whose
file it alone writes (atomically, after every action), and serves them on a
Unix socket in that folder (the folder is 0700 and the socket 0600: only the
host's user can reach it). A connection says `hello` with a join code (or, on
the socket only, a game and side), is given that seat, and from then on may
only act for it. After every change the host pushes each connected seat what
it may now see (tui/remote/protocol.py). Restarting the host loads every game
again from its file; reconnecting resumes a seat where the game stands.

Join codes are not stored: each is an HMAC of the game and the side under the
host's secret key (`host.key`, 0600), so they survive a restart and cannot be
guessed from one another. A wrong code is answered after a delay.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path
from typing import Any

from rules.seat_local import SPECTATOR
from rules.service import GameService
from saves.errors import SaveError
from saves.store import load_game, save_game
from tui.remote.connection import Connection
from tui.remote.host_computers import HostComputers
from tui.remote.hosted import HostedGame, HostFileStore
from tui.remote.keys import KeyRefused, KeyRing
from tui.remote.protocol import MAX_REQUEST, ProtocolError, decode, event_to_wire

WRONG_CODE_DELAY = 1.0
"""Seconds before a wrong code is answered (guessing is slow)."""
MAX_CONNECTIONS = 64
MAX_REQUESTS_PER_SECOND = 30
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")

__all__ = ["SPECTATOR", "Connection", "Host", "HostedGame"]


class Host:
    """The games of one folder, served on its socket."""

    def __init__(self, folder: str | Path, rate: int = MAX_REQUESTS_PER_SECOND) -> None:
        self.folder = Path(folder)
        self.rate = rate
        """Requests a connection may make a second; more wait (they are slowed, not lost)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        self.games: dict[str, HostedGame] = {}
        self.connections: list[Connection] = []
        self._key = self._load_key()
        self.keys = KeyRing(self.folder)
        """Registered SSH public keys and the seats they open (tui/remote/keys.py)."""
        self._server: asyncio.AbstractServer | None = None
        self.problems: list[str] = []
        """Game files that could not be loaded, one line each."""
        self.computers = HostComputers(self.push)
        """The computer at the seats of the games that have one (`--ai`)."""

    @property
    def socket_path(self) -> Path:
        return self.folder / "host.sock"

    def _load_key(self) -> bytes:
        path = self.folder / "host.key"
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32))
        return bytes.fromhex(path.read_text().strip())

    # --- games -----------------------------------------------------------------------

    def load_games(self) -> None:
        """Every game file of the folder (a restart resumes them all)."""
        for path in sorted(self.folder.glob("*.toml")):
            try:
                service = load_game(path, store=HostFileStore(path))
            except SaveError as exc:
                self.problems.append(str(exc))
                continue
            self.games[path.stem] = HostedGame(path.stem, service)

    def add_game(self, service: GameService, name: str | None = None) -> HostedGame:
        base = name or f"{service.ruleset.id}-{secrets.token_hex(3)}"
        if not NAME.match(base):
            raise ValueError(f"a game name is lower-case letters, digits, _ and -, not {base!r}")
        if base in self.games:
            raise ValueError(f"there is a game {base!r} already")
        path = self.folder / f"{base}.toml"
        service.store = HostFileStore(path)
        save_game(service, path)
        game = HostedGame(base, service)
        self.games[base] = game
        return game

    def code(self, game: str, side: str) -> str:
        """The join code of `side` in `game` (SPECTATOR for spectators)."""
        mac = hmac.new(self._key, f"{game}\n{side}".encode(), hashlib.sha256).digest()
        text = base64.b32encode(mac[:10]).decode().lower()
        return f"{text[:4]}-{text[4:8]}-{text[8:12]}-{text[12:16]}"

    def codes(self, game: str) -> dict[str, str]:
        return {side: self.code(game, side) for side in self.seat_names(game)}

    def find_code(self, code: str) -> tuple[HostedGame, str] | None:
        wanted = code.strip().lower()
        for game in self.games.values():
            for side, real in self.codes(game.name).items():
                if hmac.compare_digest(real, wanted):
                    return game, side
        return None

    def seat_names(self, game: str) -> list[str]:
        """The seats of `game`: its sides, then SPECTATOR."""
        return [*self.games[game].sides, SPECTATOR]

    def seat_title(self, game: str, side: str) -> str:
        """A seat in words: the side's name, or 'spectators'."""
        if side == SPECTATOR:
            return "spectators"
        return self.games[game].side_names.get(side) or side

    def about(self, game: str) -> dict[str, Any]:
        """What anyone may know of a game, for the host's lobby: its rule set, scenario, turn,
        who decides now (or how it ended) and how many actions were played."""
        table = self.games[game].table
        view, result = table.view(), table.result
        return {"ruleset": table.ruleset.id, "scenario": view.scenario, "turn": view.turn,
                "deciding": None if result else table.decision().side, "over": result is not None,
                "winner": result.winner if result else None, "actions": table.action_count}

    def key_seats(self, fingerprint: str) -> list[tuple[str, str]]:
        """The seats a registered key opens, among the games this host has now."""
        return [(g, s) for g, s in self.keys.seats(fingerprint) if g in self.games and s in self.seat_names(g)]

    def register_key(self, fingerprint: str, game: str, side: str, about: str = "") -> bool:
        """Register a key for one seat (KeyRefused with the reason); False if it already was."""
        if game not in self.games:
            raise KeyRefused(f"this host has no game {game!r}")
        if side not in self.seat_names(game):
            raise KeyRefused(f"{game} has no side {side!r} (seats: {', '.join(self.seat_names(game))})")
        if side in self.games[game].computers:
            raise KeyRefused(f"the computer plays {self.seat_title(game, side)} in {game}")
        return self.keys.register(fingerprint, game, side, about)

    # --- serving ---------------------------------------------------------------------

    async def start(self) -> None:
        if self.socket_path.exists():
            self.socket_path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.socket_path), limit=MAX_REQUEST * 2)
        finally:
            os.umask(old)
        os.chmod(self.socket_path, 0o600)
        for game in self.games.values():  # a restarted host: a computer that was to play plays
            self.computers.wake(game)

    async def close(self) -> None:
        await self.computers.close()
        for c in list(self.connections):
            c.writer.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(writer)
        if len(self.connections) >= MAX_CONNECTIONS:
            conn.send({"op": "error", "message": "the host is full: try again later"})
            writer.close()
            return
        self.connections.append(conn)
        window, count = 0.0, 0
        loop = asyncio.get_running_loop()
        try:
            while True:
                try:
                    line = await reader.readuntil(b"\n")
                except asyncio.LimitOverrunError:
                    conn.send({"op": "error", "message": "that line is too long: goodbye"})
                    break
                except asyncio.IncompleteReadError:
                    break
                now = loop.time()
                if now - window >= 1.0:
                    window, count = now, 0
                count += 1
                if count > self.rate:  # a flood is slowed down, never served faster than `rate`
                    await asyncio.sleep(max(0.0, window + 1.0 - now))
                    window, count = loop.time(), 1
                try:
                    message = decode(line)
                except ProtocolError as exc:
                    conn.send({"op": "error", "message": f"not understood: {exc}"})
                    continue
                if not await self._handle(conn, message):
                    break
                await writer.drain()
        except ConnectionError:  # the line dropped before the answer went out: the action stands
            pass
        finally:
            self._drop(conn)
            writer.close()

    def _drop(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
        if conn.game is not None and conn in conn.game.connections:
            conn.game.connections.remove(conn)
            self.push(conn.game)

    async def _handle(self, conn: Connection, message: dict[str, Any]) -> bool:
        op = message["op"]
        if op == "bye":
            return False
        if op == "more":
            conn.more()
            return True
        if conn.game is None:
            if op != "hello":
                conn.send({"op": "error", "message": "say hello with a join code first"})
                return True
            return await self._hello(conn, message)
        game, side = conn.game, conn.side
        seat = game.seat(side)
        if op == "act":
            text = message.get("action")
            if side == SPECTATOR or not isinstance(text, str):
                conn.send({"op": "done", "ok": False, "reason": "a spectator does not play" if side == SPECTATOR else "no action"})
                return True
            async with game.turn_lock:  # not while the computer thinks (tui/remote/host_computers.py)
                done = seat.apply(text)
            reply = {"op": "done", "ok": done.ok, "reason": done.reason}
        elif op in ("undo", "redo"):
            async with game.turn_lock:
                why = "a spectator does not play" if side == SPECTATOR else (seat.why_no_undo() if op == "undo" else "")
                ok = not why and (seat.undo() if op == "undo" else seat.redo())
            reply = {"op": "done", "ok": bool(ok), "reason": "" if ok else (why or f"nothing to {op}")}
        elif op == "log":
            steps = [{"number": s.number, "side": s.side, "text": s.text,
                      "events": [event_to_wire(e, s.number - 1) for e in s.events]}
                     for s in seat.log()]
            conn.send({"op": "log", "steps": steps})
            return True
        else:
            conn.send({"op": "error", "message": f"unknown request {op[:20]!r}"})
            return True
        self.push(game)  # before the reply: when the client hears "done", its view is new
        conn.send(reply)
        return True

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> bool:
        code, name, side = message.get("code"), message.get("game"), message.get("side")
        found = None
        if isinstance(code, str) and len(code) < 64:
            found = self.find_code(code)
        elif isinstance(name, str) and isinstance(side, str) and name in self.games:
            # Only the host's user can open the socket: naming a side is enough there.
            if side in self.seat_names(name):
                found = (self.games[name], side)
        if found is None:
            await asyncio.sleep(WRONG_CODE_DELAY)
            conn.send({"op": "error", "message": "no game has that join code" if code else "no such game or side"})
            return True
        if found[1] in found[0].computers:
            conn.send({"op": "error", "message": f"the computer plays {self.seat_title(found[0].name, found[1])} "
                       "in this game: join another seat"})
            return True
        conn.game, conn.side = found
        conn.game.connections.append(conn)
        view = conn.game.seat(conn.side).view()
        conn.send({"op": "welcome", "game": conn.game.name, "ruleset": view.ruleset, "side": conn.side,
                   "board": view.board.model_dump(mode="json"),
                   "sides": [{"id": s.id, "name": s.name} for s in view.sides]})
        self.push(conn.game)
        return True

    def push(self, game: HostedGame) -> None:
        """Tell every seat of `game` what it may see now."""
        connected = game.connected()
        for conn in game.connections:
            conn.send(conn.seat_message(game.seat(conn.side), connected))
        self.computers.wake(game)
