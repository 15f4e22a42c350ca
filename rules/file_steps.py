"""Helpers for a rule set's file migrations (`RULESET.migrations`): plain TOML data in, plain data out.

saves/migrations.py runs the steps in order; a rule set's steps live in its own package and use these."""

from __future__ import annotations

from typing import Any


def drop_side_fields(data: dict[str, Any], fields: tuple[str, ...], to: int) -> dict[str, Any]:
    """The snapshot's sides without `fields` (the core's old side fields this rule set does not have)."""
    snapshot = data.get("snapshot")
    if isinstance(snapshot, dict) and isinstance(snapshot.get("sides"), list):
        sides = [{k: v for k, v in s.items() if k not in fields} if isinstance(s, dict) else s
                 for s in snapshot["sides"]]
        data = data | {"snapshot": snapshot | {"sides": sides}}
    return data | {"ruleset_version": to}


def with_option(data: dict[str, Any], option: str, value: Any) -> dict[str, Any]:
    """A save's chosen options (and its snapshot's) with `option` set where the file has none."""
    for table in ("game", "snapshot"):
        part = data.get(table)
        if isinstance(part, dict) and isinstance(part.get("options", {}), dict):
            data = data | {table: part | {"options": {option: value} | part.get("options", {})}}
    return data
