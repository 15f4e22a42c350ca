"""Army costing, one protocol for every rule set with points: price a unit's stats and list its problems.

A rule set opts in with its `RULESET.army` (rules/contract.py): an object, usually its module
`builder.py`, holding `price(stats, name) -> (points, problems)` (problems in full words; empty when
the unit is legal) and `DESIGN` (a `DesignSpec`, or None: the rule set has no
vehicle design). The army files and their catalogue live in saves/armies.py;
the builder screen and `hexwar army` read this protocol only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from rules import registry


@dataclass(frozen=True)
class Choice:
    """One field of a design: its name, label and the values it cycles through."""

    name: str
    label: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class DesignSpec:
    """A unit built field by field (dirtside's vehicle design): the fields, a default and stats from choices."""

    fields: tuple[Choice, ...]
    default: dict[str, Any]
    stats: Callable[[dict[str, Any]], dict[str, Any]]
    """A unit's stats from the chosen values."""
    lines: Callable[[dict[str, Any]], list[str]] = field(default=lambda values: [])
    """The price line by line, for the builder to show beside the total."""


class Costing(Protocol):
    DESIGN: DesignSpec | None

    def price(self, stats: dict[str, Any], name: str = ...) -> tuple[int, list[str]]: ...


def costing(ruleset: str) -> Costing | None:
    """The rule set's army costing, or None when it has none."""
    return registry.get(ruleset).army


def rulesets_with_costing() -> list[str]:
    """The rule sets the army builder offers."""
    return [e.id for e in registry.entries() if costing(e.id) is not None]
