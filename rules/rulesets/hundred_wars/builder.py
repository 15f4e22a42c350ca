"""A Hundred Wars' army costing for the builder and `hexwar army` (rules/armycost.py): the text's costing
("Sample list and Costing", costing.py); the text builds units from lists, not by design."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.units import HwStats

DESIGN = None


def price(stats: dict[str, Any], name: str = "this unit") -> tuple[int, list[str]]:
    """(points, problems in words) of one unit's stats."""
    try:
        return unit_cost(HwStats.model_validate(stats)), []
    except (ValidationError, ValueError) as exc:
        msg = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        return 0, [f"{name}: {msg}"]
