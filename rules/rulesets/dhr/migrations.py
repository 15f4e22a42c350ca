"""DHR's file migrations (`RULESET.migrations`): from-version -> the step to the next."""

from __future__ import annotations

from typing import Any

from rules.file_steps import drop_side_fields


def dhr_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """DHR 2: a side is DHR's own (id, name, players, commander); the core's `leader` is gone."""
    return drop_side_fields(data, ("leader",), 2)


STEPS = {1: dhr_1_to_2}
