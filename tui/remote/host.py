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
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.seat import Seat
from rules.service import GameService
from saves.errors import SaveError
from saves.store import load_game, save_game
from tui.remote.keys import KeyRefused, KeyRing
from tui.remote.protocol import MAX_REQUEST, ProtocolError, decode, diff_json, event_to_wire, pack

SPECTATOR = "*"
WRONG_CODE_DELAY = 1.0
"""Seconds before a wrong code is answered (guessing is slow)."""
MAX_CONNECTIONS = 64
MAX_REQUESTS_PER_SECOND = 30
MAX_OUTBOX = 4 * 1024 * 1024
"""Bytes waiting for a client that does not ask for the next part: more, and it is let go."""
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


class HostFileStore:
    """The service's store: the host writes the game's own file after every action."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def autosave(self, service: GameService) -> None:
        save_game(service, self.path)


@dataclass
class Connection:
    """One client on the socket."""

    writer: asyncio.StreamWriter
    game: HostedGame | None = None
    side: str | None = None
    """The side played; SPECTATOR watches."""
    sent_actions: int = -1
    sent_events: int = 0
    sent_over: bool = False
    sent_view: dict[str, Any] | None = None
    """The view (as JSON) last pushed: later pushes carry only what changed."""
    sent_decision: dict[str, Any] | None = None
    outbox: deque[tuple[bytes, bool]] = field(default_factory=deque)
    """Lines not written yet: they wait for the client to ask for the next part of a message."""
    awaiting_more: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """Write `message` (in parts when long: tui/remote/protocol.py), after what waits."""
        self.outbox.extend(pack(message))
        if sum(len(line) for line, _ in self.outbox) > MAX_OUTBOX:
            self.outbox.clear()
            self.writer.close()  # it reads nothing: its reader ends and it is dropped
            return
        if not self.awaiting_more:
            self._flush()

    def more(self) -> None:
        """The client asks for the next part."""
        if self.awaiting_more:
            self.awaiting_more = False
            self._flush()

    def _flush(self) -> None:
        while self.outbox and not self.writer.is_closing():
            line, more = self.outbox.popleft()
            self.writer.write(line)
            if more:
                self.awaiting_more = True
                return


@dataclass
class HostedGame:
    name: str
    service: GameService
    connections: list[Connection] = field(default_factory=list)

    def seat(self, side: str) -> Seat:
        """A player's seat; a spectator's is the first side's view cut to what is public."""
        if side == SPECTATOR:
            return SpectatorSeat(self.service)
        return self.service.seat(side)

    def connected(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.connections:
            if c.side is not None:
                out[c.side] = out.get(c.side, 0) + 1
        return out


class SpectatorSeat(Seat):
    """What everybody may see: the view of a side that is not in the game (a rule set's
    view shows an unknown side nothing private), public events, no actions; after the
    game, everything."""

    def __init__(self, service: GameService) -> None:
        super().__init__(service, service.state.side_ids()[0])
        self.side = SPECTATOR  # never equal to a real side: sees only public events

    def view(self):
        self._fresh()
        if self._view is None:
            self._view = self._service.view_for(SPECTATOR if self.result is None else None)
        return self._view

    def legal_actions(self, side=None, unit=None, target=None):
        return []

    def why_no_undo(self) -> str:
        return "a spectator does not play"


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
        sides = self.games[game].service.state.side_ids()
        return {side: self.code(game, side) for side in [*sides, SPECTATOR]}

    def find_code(self, code: str) -> tuple[HostedGame, str] | None:
        wanted = code.strip().lower()
        for game in self.games.values():
            for side, real in self.codes(game.name).items():
                if hmac.compare_digest(real, wanted):
                    return game, side
        return None

    def seat_names(self, game: str) -> list[str]:
        """The seats of `game`: its sides, then SPECTATOR."""
        return [*self.games[game].service.state.side_ids(), SPECTATOR]

    def seat_title(self, game: str, side: str) -> str:
        """A seat in words: the side's name, or 'spectators'."""
        if side == SPECTATOR:
            return "spectators"
        names = {s.id: s.name for s in self.games[game].service.state.sides}
        return names.get(side) or side

    def about(self, game: str) -> dict[str, Any]:
        """What anyone may know of a game, for the host's lobby: its rule set, scenario, turn,
        who decides now (or how it ended) and how many actions were played."""
        service = self.games[game].service
        result = service.result
        return {"ruleset": service.ruleset.id, "scenario": service.state.scenario, "turn": service.state.turn,
                "deciding": None if result else service.decision().side, "over": result is not None,
                "winner": result.winner if result else None, "actions": len(service.history)}

    def key_seats(self, fingerprint: str) -> list[tuple[str, str]]:
        """The seats a registered key opens, among the games this host has now."""
        return [(g, s) for g, s in self.keys.seats(fingerprint) if g in self.games and s in self.seat_names(g)]

    def register_key(self, fingerprint: str, game: str, side: str, about: str = "") -> bool:
        """Register a key for one seat (KeyRefused with the reason); False if it already was."""
        if game not in self.games:
            raise KeyRefused(f"this host has no game {game!r}")
        if side not in self.seat_names(game):
            raise KeyRefused(f"{game} has no side {side!r} (seats: {', '.join(self.seat_names(game))})")
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

    async def close(self) -> None:
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
            done = seat.apply(text)
            reply = {"op": "done", "ok": done.ok, "reason": done.reason}
        elif op in ("undo", "redo"):
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
            if side in [*self.games[name].service.state.side_ids(), SPECTATOR]:
                found = (self.games[name], side)
        if found is None:
            await asyncio.sleep(WRONG_CODE_DELAY)
            conn.send({"op": "error", "message": "no game has that join code" if code else "no such game or side"})
            return True
        conn.game, conn.side = found
        conn.game.connections.append(conn)
        state = conn.game.service.state
        conn.send({"op": "welcome", "game": conn.game.name, "ruleset": state.ruleset, "side": conn.side,
                   "board": state.board.model_dump(mode="json"),
                   "sides": [{"id": s.id, "name": s.name} for s in state.sides]})
        self.push(conn.game)
        return True

    def push(self, game: HostedGame) -> None:
        """Tell every seat of `game` what it may see now."""
        connected = game.connected()
        for conn in game.connections:
            conn.send(self.seat_message(game, conn, connected))

    def seat_message(self, game: HostedGame, conn: Connection, connected: dict[str, int]) -> dict[str, Any]:
        seat = game.seat(conn.side)
        count = seat.action_count
        over = seat.result is not None
        if count >= conn.sent_actions >= 0 and over == conn.sent_over:
            new = seat.numbered_events(since=conn.sent_actions)
            start = conn.sent_events
        elif conn.sent_actions > count and over == conn.sent_over:  # an undo: the client keeps the rest
            new = []
            start = len(seat.numbered_events())
        else:
            new, start = seat.numbered_events(), 0
        conn.sent_actions, conn.sent_events, conn.sent_over = count, start + len(new), over
        view = seat.view().model_dump(mode="json", exclude={"board"})
        decision = seat.decision().model_dump(mode="json")
        result = seat.result.model_dump(mode="json") if seat.result else None
        # Only what changed since the last push (the whole view was 22-75 KB an action per seat).
        whole = conn.sent_view is None
        shown = {"view": view} if whole else {"view_patch": diff_json(conn.sent_view, view)}
        if whole or decision != conn.sent_decision:
            shown["decision"] = decision
        conn.sent_view, conn.sent_decision = view, decision
        return {"op": "seat", "version": list(seat.version[:2]), **shown, "result": result,
                "why_no_undo": seat.why_no_undo(), "can_redo": seat.can_redo if conn.side != SPECTATOR else False,
                "action_count": count, "events_from": start, "events": [event_to_wire(e, i) for i, e in new],
                "connected": connected}
