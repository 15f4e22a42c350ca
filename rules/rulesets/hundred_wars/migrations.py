"""A Hundred Wars' file migrations (`RULESET.migrations`): from-version -> the step to the next."""

from __future__ import annotations

from typing import Any

from rules.file_steps import with_option


def hundred_wars_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Hundred Wars 2: the `army_lists` option (off: as every game of version 1 was played)."""
    return with_option(data, "army_lists", False) | {"ruleset_version": 2}


STEPS = {1: hundred_wars_1_to_2}
