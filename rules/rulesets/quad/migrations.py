"""QUAD's file migrations (`RULESET.migrations`): from-version -> the step to the next."""

from __future__ import annotations

from typing import Any

from rules.file_steps import drop_side_fields, with_option
from rules.rulesets.quad.state import snapshot_v1_to_v2


def quad_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """QUAD 2: a side is QUAD's own (id, name, leader); the core's `players` and `commander` are gone.
    An attack waiting for the defender's blocks is a pause of rules/reaction.py. And the discard
    pile is reshuffled as a step of the turn: games of version 1 go on without it (option
    `reshuffle_step` off), so that their logs replay as they were played."""
    data = with_option(data, "reshuffle_step", False)
    data = drop_side_fields(data, ("players", "commander"), 2)
    if isinstance(data.get("snapshot"), dict):
        data = data | {"snapshot": snapshot_v1_to_v2(data["snapshot"])}
    return data


STEPS = {1: quad_1_to_2}
