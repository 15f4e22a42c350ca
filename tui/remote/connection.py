"""One client on the host's socket: what waits to be written to it, and what it is pushed.

A long message goes in parts, each next one when the client asks (flow control:
a client that reads nothing is let go before its backlog grows past
MAX_OUTBOX). After every change the client is pushed what its seat may now see,
as a patch to what it was last pushed (tui/remote/protocol.py).
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.seat import Seat
from rules.seat_local import SPECTATOR
from tui.remote.protocol import diff_json, event_to_wire, pack

if TYPE_CHECKING:
    from tui.remote.hosted import HostedGame

MAX_OUTBOX = 4 * 1024 * 1024
"""Bytes waiting for a client that does not ask for the next part: more, and it is let go."""


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

    def seat_message(self, seat: Seat, connected: dict[str, int]) -> dict[str, Any]:
        """What this client is pushed now of `seat` (its own): what changed since the last push."""
        count = seat.action_count
        over = seat.result is not None
        if count >= self.sent_actions >= 0 and over == self.sent_over:
            new = seat.numbered_events(since=self.sent_actions)
            start = self.sent_events
        elif self.sent_actions > count and over == self.sent_over:  # an undo: the client keeps the rest
            new = []
            start = len(seat.numbered_events())
        else:
            new, start = seat.numbered_events(), 0
        self.sent_actions, self.sent_events, self.sent_over = count, start + len(new), over
        view = seat.view().model_dump(mode="json", exclude={"board"})
        decision = seat.decision().model_dump(mode="json")
        result = seat.result.model_dump(mode="json") if seat.result else None
        # Only what changed since the last push (the whole view was 22-75 KB an action per seat).
        whole = self.sent_view is None
        shown = {"view": view} if whole else {"view_patch": diff_json(self.sent_view, view)}
        if whole or decision != self.sent_decision:
            shown["decision"] = decision
        self.sent_view, self.sent_decision = view, decision
        return {"op": "seat", "version": list(seat.version[:2]), **shown, "result": result,
                "why_no_undo": seat.why_no_undo(), "can_redo": seat.can_redo if self.side != SPECTATOR else False,
                "action_count": count, "events_from": start, "events": [event_to_wire(e, i) for i, e in new],
                "connected": connected}
