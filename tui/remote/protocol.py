"""The host's wire protocol: JSON lines, bounded, carrying only what a seat may see.

A client sends small requests (`hello`, `act`, `undo`, `redo`, `log`, `bye`);
the host answers each (`done` or `error`) and pushes a `seat` message to every
connected seat after every change. No line the host writes is longer than
PUSH_BUDGET: a longer message (the log revealed when a game ends, a large
board) goes zlib-compressed in `part`s, and the client asks for each next part
with `more` (so a slow client is never sent more than one part ahead). A `seat` message holds the seat's view (the
board travels once, in `welcome`; the whole view in a connection's first push,
then only what changed, as a `view_patch`), its decision (when it changed),
whether it may undo, the game result, who is connected, and the events it may
see that the client has not had yet. Everything else a player's screen shows (legal actions, words,
previews, checks) the client computes from that view with the same rule-set
code as a local game (rules/seat.py), so the host never sends more than the
view: a client cannot ask for what its seat may not know.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.dice import RollRecord
from rules.events import Event, Rolled

MAX_REQUEST = 8 * 1024
"""A client's line longer than this ends the connection (an action's text is far shorter)."""
MAX_PUSH = 16 * 1024 * 1024
"""What a client accepts from the host in one message (parts joined and inflated)."""
PUSH_BUDGET = 4000
"""The longest line the host writes (issue 26 item 13's bar: under 4 KB per action per seat)."""
_PIECE = PUSH_BUDGET - 64
"""Compressed text per part: the budget less the part's own few fields."""


class ProtocolError(Exception):
    """A line that is not a request of this protocol."""


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def decode(line: bytes, limit: int = MAX_REQUEST) -> dict[str, Any]:
    if len(line) > limit:
        raise ProtocolError(f"a line of {len(line)} bytes (at most {limit})")
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise ProtocolError("not a message (a JSON object with an 'op')")
    return message


def pack(message: dict[str, Any]) -> Iterator[tuple[bytes, bool]]:
    """The lines that carry `message`, each with whether more parts follow: the message itself
    if it fits the budget, else its compressed text in parts."""
    line = encode(message)
    if len(line) <= PUSH_BUDGET:
        yield line, False
        return
    text = base64.b64encode(zlib.compress(line[:-1], 9)).decode("ascii")
    for start in range(0, len(text), _PIECE):
        more = start + _PIECE < len(text)
        yield encode({"op": "part", "more": more, "data": text[start:start + _PIECE]}), more


class Unpacker:
    """Joins a message's parts again (the client's half of `pack`)."""

    def __init__(self, limit: int = MAX_PUSH) -> None:
        self.limit = limit
        self._pieces: list[str] = []
        self._size = 0

    def feed(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The whole message, or None while parts of it are still to come."""
        if message["op"] != "part":
            return message
        piece = message.get("data")
        if not isinstance(piece, str):
            raise ProtocolError("a part without its data")
        self._size += len(piece)
        if self._size > self.limit:
            raise ProtocolError(f"a message of more than {self.limit} bytes")
        self._pieces.append(piece)
        if message.get("more"):
            return None
        text, self._pieces, self._size = "".join(self._pieces), [], 0
        try:
            inflater = zlib.decompressobj()
            line = inflater.decompress(base64.b64decode(text, validate=True), self.limit + 1)
        except (ValueError, zlib.error):
            raise ProtocolError("parts that do not make a message") from None
        if inflater.unconsumed_tail or len(line) > self.limit:
            raise ProtocolError(f"a message of more than {self.limit} bytes")
        return decode(line, self.limit)


class SeenEvent(Event):
    """An event as a remote client receives it: its kind, its words and its plain fields."""

    model_config = ConfigDict(frozen=True, extra="allow")
    line: str = ""

    def text(self) -> str:
        return self.line


def event_to_wire(event: Event, at: int) -> dict[str, Any]:
    """An event and the index of the action that made it."""
    data = event.model_dump(mode="json")
    data["line"] = event.text()
    data["at"] = at
    return data


def event_from_wire(data: dict[str, Any]) -> tuple[int, Event]:
    at = int(data.pop("at", 0))
    if data.get("kind") == "rolled":
        seen = data.get("seen_by")
        return at, Rolled(record=RollRecord.model_validate(data["record"]), seen_by=tuple(seen) if seen else None)
    fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items()}
    return at, SeenEvent(**fields)


class SeatMessage(BaseModel):
    """What a client knows of its seat after a push."""

    model_config = ConfigDict(extra="ignore")
    version: list[int]
    view: dict[str, Any] | None = None
    """The whole view (the first push of a connection), or None: then `view_patch` holds what changed."""
    view_patch: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    """None: the same as in the previous push."""
    result: dict[str, Any] | None = None
    why_no_undo: str = ""
    can_redo: bool = False
    action_count: int = 0
    events_from: int = 0
    """The index (into the seat's visible events) of the first event in `events`."""
    events: list[dict[str, Any]] = []
    connected: dict[str, int] = {}
    """Side id (or '*' for spectators) -> connections."""


# --- pushing only what changed --------------------------------------------------------------
# A patch of JSON values: {"s": {key: new value}, "x": [keys removed], "d": {key: patch}} for an
# object, {"l": {index: patch}} for a list of the same length, {"v": value} for anything replaced.


def diff_json(old: Any, new: Any) -> dict[str, Any]:
    """The patch that turns `old` into `new` (both JSON values)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: dict[str, Any] = {}
        sets, subs = {}, {}
        for key, value in new.items():
            if key not in old:
                sets[key] = value
            elif old[key] != value:
                if _nested(old[key], value):
                    subs[key] = diff_json(old[key], value)
                else:
                    sets[key] = value
        gone = [key for key in old if key not in new]
        if sets:
            out["s"] = sets
        if subs:
            out["d"] = subs
        if gone:
            out["x"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return {"l": {str(i): diff_json(a, b) if _nested(a, b) else {"v": b}
                      for i, (a, b) in enumerate(zip(old, new)) if a != b}}
    return {"v": new}


def _nested(a: Any, b: Any) -> bool:
    return (isinstance(a, dict) and isinstance(b, dict)) or (isinstance(a, list) and isinstance(b, list) and len(a) == len(b))


def patch_json(old: Any, patch: dict[str, Any]) -> Any:
    """`old` with `patch` applied (a new value; `old` is not changed)."""
    if "v" in patch:
        return patch["v"]
    if "l" in patch:
        if not isinstance(old, list):
            raise ProtocolError("a list patch for something not a list")
        out = list(old)
        for index, sub in patch["l"].items():
            i = int(index)
            if not 0 <= i < len(out):
                raise ProtocolError("a list patch out of range")
            out[i] = patch_json(out[i], sub)
        return out
    if not isinstance(old, dict):
        raise ProtocolError("an object patch for something not an object")
    out = {key: value for key, value in old.items() if key not in patch.get("x", ())}
    out.update(patch.get("s", {}))
    for key, sub in patch.get("d", {}).items():
        if key not in out:
            raise ProtocolError(f"a patch for a missing key {key!r}")
        out[key] = patch_json(out[key], sub)
    return out
