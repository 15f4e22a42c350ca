"""A seat held at a distance: the same `Seat` answers, fed by the host's pushes.

`join` gives a `ViewSeat` (rules/seat.py) on a `HostLink`. The link connects to
a host's Unix socket, says hello with a join code (or a game and side), and
keeps what the host last pushed: the seat's view, its decision, its events.
Legal actions, words, previews and checks come from the `ViewSeat` code run on
that view, exactly as in a local game; `apply`, `undo` and `redo` are requests
the host answers. A reader thread receives the pushes and calls `on_change`
(the screen refreshes from it), so the other player's moves appear without a
key press. The connection itself is the seat's `link` (`seat.link.close()`).
"""

from __future__ import annotations

import queue
import socket
import threading
from collections.abc import Callable
from typing import Any

from rules import registry
from rules.board import Board
from rules.core import Decision, GameResult, GameState
from rules.events import Event
from rules.unknown import VIEW
from rules.seat import ViewSeat
from rules.seat_interface import SeenStep, Words
from rules.seat_local import SPECTATOR
from tui.remote.protocol import (MAX_PUSH, PUSH_BUDGET, ProtocolError, SeatMessage, Unpacker, decode, encode,
                                 event_from_wire, patch_json)

REPLY_TIMEOUT = 10.0


class HostGone(ConnectionError):
    """The host closed the connection or cannot be reached."""


def join(socket_path: str, *, code: str | None = None, game: str | None = None, side: str | None = None,
         on_change: Callable[[], None] | None = None) -> ViewSeat:
    """The seat a join code (or, on the socket, a game and side) opens on the host at `socket_path`
    (HostGone when it cannot be reached, PermissionError when it refuses)."""
    return ViewSeat(HostLink(socket_path, code=code, game=game, side=side, on_change=on_change))


class HostLink:
    """The `GameLink` of a seat whose game is owned by a host process: its connection."""

    def __init__(self, socket_path: str, *, code: str | None = None, game: str | None = None,
                 side: str | None = None, on_change: Callable[[], None] | None = None) -> None:
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.connect(socket_path)
        except OSError as exc:
            raise HostGone(f"cannot reach the host at {socket_path}: {exc.strerror or exc}") from None
        self._file = self._sock.makefile("rb")
        self._replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        """The reader thread asks for a message's next part while the screen's thread may act."""
        self._unpacker = Unpacker(MAX_PUSH)
        self.on_change = on_change
        self.closed = False
        self._events: list[tuple[int, Event]] = []
        self._send({"op": "hello", **({"code": code} if code else {"game": game, "side": side})})
        welcome = self._read()
        if welcome.get("op") != "welcome":
            self.close()
            raise PermissionError(str(welcome.get("message", "the host refused")))
        self.game = welcome["game"]
        self._ruleset = registry.get(welcome["ruleset"])
        self._board = Board.model_validate(welcome["board"])
        self.side = welcome["side"]
        self.undo_policy = "none" if self.side == SPECTATOR else "own"
        self._view_json: dict[str, Any] | None = None
        self._decision_json: dict[str, Any] | None = None
        self._apply_push(self._read())
        threading.Thread(target=self._listen, name="hexwar-host", daemon=True).start()

    # --- the wire ------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        try:
            with self._send_lock:
                self._sock.sendall(encode(message))
        except OSError:
            self.closed = True
            raise HostGone("the host has gone") from None

    def _read(self) -> dict[str, Any]:
        """The host's next whole message (a long one comes in parts: each next one is asked for)."""
        while True:
            line = self._file.readline(PUSH_BUDGET + 1)
            if not line:
                self.closed = True
                raise HostGone("the host closed the connection")
            try:
                message = self._unpacker.feed(decode(line, PUSH_BUDGET))
            except ProtocolError as exc:
                raise HostGone(f"the host sent something else: {exc}") from None
            if message is not None:
                return message
            self._send({"op": "more"})

    def _listen(self) -> None:
        while not self.closed:
            try:
                message = self._read()
                if message.get("op") == "seat":
                    with self._lock:
                        self._apply_push(message)
            except (HostGone, OSError, ValueError, ProtocolError):  # a push that does not fit: as gone
                self.closed = True
                self._replies.put({"op": "done", "ok": False, "reason": "the host has gone"})
                if self.on_change:
                    self.on_change()
                return
            if message.get("op") == "seat":
                if self.on_change:
                    self.on_change()
            else:
                self._replies.put(message)

    def _apply_push(self, message: dict[str, Any]) -> None:
        push = SeatMessage.model_validate(message)
        if push.view is not None:
            view = push.view
        elif push.view_patch is not None and self._view_json is not None:
            view = patch_json(self._view_json, push.view_patch)  # only what changed came
        else:
            raise ProtocolError("a push with neither a view nor a patch of one")
        if push.decision is None:
            if self._decision_json is None:
                raise ProtocolError("a first push without a decision")
            push.decision = self._decision_json
        state = self._ruleset.state_model.model_validate({**view, "board": self._board}, context={VIEW: True})
        events = [event_from_wire(e) for e in push.events]
        self._state = state
        self._view_json, self._decision_json = view, push.decision
        self._events = self._events[: push.events_from] + events
        # Last: whoever reads the new action count (another thread) then finds the new view and events.
        self._push = push

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        self._send(message)
        try:
            return self._replies.get(timeout=REPLY_TIMEOUT)
        except queue.Empty:
            raise HostGone("the host did not answer") from None

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self._sock.sendall(encode({"op": "bye"}))
            except OSError:
                pass
        try:
            self._sock.shutdown(socket.SHUT_RDWR)  # the reader thread sees the end and stops
        except OSError:
            pass
        self._sock.close()
        self._file.close()

    # --- what the seat reads, from the last push ---------------------------------------

    @property
    def ruleset(self):
        return self._ruleset

    @property
    def version(self) -> tuple:
        return (*self._push.version, id(self._state))

    def view(self) -> GameState:
        return self._state

    @property
    def result(self) -> GameResult | None:
        return GameResult.model_validate(self._push.result) if self._push.result else None

    @property
    def action_count(self) -> int:
        return self._push.action_count

    @property
    def connected(self) -> dict[str, int]:
        return dict(self._push.connected)

    def decision(self) -> Decision:
        return Decision.model_validate(self._push.decision)

    def numbered_events(self, since: int = 0) -> list[tuple[int, Event]]:
        with self._lock:
            return [(i, e) for i, e in self._events if i >= since]

    def log(self, words: Words | None = None) -> list[SeenStep]:
        """The log in the words the host's seat gives it (`words` is for a link that holds the states)."""
        reply = self._ask({"op": "log"})
        return [SeenStep(s["number"], s["side"], s["text"], tuple(event_from_wire(e)[1] for e in s["events"]))
                for s in reply.get("steps", [])]

    def actors(self) -> list[str]:
        return [step.side for step in self.log()]

    # --- what the seat writes, as requests -------------------------------------------

    def apply(self, action):
        from rules.service import Applied

        reply = self._ask({"op": "act", "action": action.text()})
        return Applied(bool(reply.get("ok")), reason=str(reply.get("reason") or reply.get("message", "")))

    def why_no_undo(self) -> str:
        return self._push.why_no_undo

    def undo(self) -> bool:
        return bool(self._ask({"op": "undo"}).get("ok"))

    def redo(self) -> bool:
        return bool(self._ask({"op": "redo"}).get("ok"))

    @property
    def can_redo(self) -> bool:
        return self._push.can_redo
