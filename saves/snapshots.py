"""A save's `[snapshot]`: the state as TOML-ready data, the board's digest, and the first difference
between two snapshots (split from saves/schema.py)."""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from rules.board import Board
from rules.core import GameState
from rules.hexgrid import Hex


def plain(value: Any) -> Any:
    """Data TOML can hold, the same way every time: no None (dropped from tables, "null" in
    lists), tuples and sets as lists (sets sorted), keys as text, Fractions as "n/d" text."""
    kind = type(value)
    if kind is str or kind is bool or kind is float or (kind is int and -2**63 <= value < 2**63):
        return value  # most of a snapshot's values, without `isinstance` against BaseModel and Fraction (ABCs)
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, dict):
        return {_key(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return ["null" if v is None else plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63:
        return str(value)  # beyond TOML's integers (a 128-bit seed): its decimal text
    return value


def _key(k: Any) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, Hex):
        return str(k)
    return str(k)


BOARD_DIGEST = "board_digest"
"""The snapshot's fingerprint of the board (issue 9, item 6); saves written before it lack it."""


def board_digest(board: Board) -> str:
    """SHA-256 of what the board decides (size, terrain, elevation, features, edges; glyphs are display only),
    worked out once per board: boards are frozen and shared, and autosave runs after every action."""
    return board.once("snapshots.digest", _digest)


def _digest(board: Board) -> str:
    import hashlib
    import json

    deciding = plain(board.model_dump(exclude={"glyphs"}))
    text = json.dumps(deciding, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def snapshot_of(state: GameState) -> dict[str, Any]:
    """The state as a save's `[snapshot]` holds it, TOML-ready: the board (which the scenario
    part of the file holds) as its digest, so an edited map or legend is noticed on loading."""
    snap = plain(state.model_dump(exclude={"board"}))
    snap[BOARD_DIGEST] = board_digest(state.board)
    return snap


class _Absent:
    def __repr__(self) -> str:
        return "(absent)"


ABSENT = _Absent()
"""Stands for a field one of the two snapshots does not have."""


def first_difference(a: Any, b: Any, path: str = "", shared_only: bool = False) -> tuple[str, Any, Any] | None:
    """The first place two snapshots differ: (dotted path, value in a, value in b); ABSENT for a missing field.

    `shared_only` compares only the fields both have: for a snapshot written by an older
    version of the rules (a migrated file), whose state may have had other fields.
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            if k not in a or k not in b:
                if shared_only:
                    continue
                return (sub, ABSENT, b[k]) if k not in a else (sub, a[k], ABSENT)
            d = first_difference(a[k], b[k], sub, shared_only)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]", shared_only)
            if d:
                return d
        if len(a) != len(b):
            return f"{path} (length)", len(a), len(b)
        return None
    if type(a) is not type(b) or a != b:
        return path, a, b
    return None
