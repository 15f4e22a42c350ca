"""Who plays each side of a game: a person, or the computer at a level; kept in the save's `[game.players]`.

The game holds its computer sides in `service.prefs["computers"]` (side id ->
level), set when a screen or `--plain` starts the game with them; the save
writes every side (`person`, or `computer` with its level) and loading puts the
computer's sides back, so resuming keeps the opponent (issue 24, item 1).
Textual-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.levels import DEFAULT as DEFAULT_LEVEL, LEVELS, check_level  # noqa: F401 - re-exported

PERSON, COMPUTER = "person", "computer"
PREF = "computers"
"""The key of `GameService.prefs` holding side id -> level."""


def level_of(text: str, where: str = "level") -> str:
    """A level named in any case ('Hard' -> 'hard'); ValueError naming the levels otherwise."""
    return check_level(text, where)


def as_levels(computers: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    """Side id -> level, from a mapping, or from side ids alone (each at the default level)."""
    if computers is None:
        return {}
    if isinstance(computers, Mapping):
        return {side: level_of(level) for side, level in computers.items()}
    return {side: DEFAULT_LEVEL for side in computers}


def computers(service: Any) -> dict[str, str]:
    """The sides the computer plays in this game, with their levels (none recorded: every side a person)."""
    return dict(getattr(service, "prefs", {}).get(PREF, {}) or {})


def record(service: Any, chosen: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    """Make `chosen` the game's computer sides (the next save writes them); returns side -> level."""
    levels = as_levels(chosen)
    if levels:
        service.prefs[PREF] = levels
    else:
        service.prefs.pop(PREF, None)
    return levels


def players_table(service: Any, sides: Iterable[str]) -> dict[str, dict[str, str]]:
    """`[game.players]`: every side, in the scenario's order, a person or the computer with its level."""
    levels = computers(service)
    return {side: ({"player": COMPUTER, "level": levels[side]} if side in levels else {"player": PERSON})
            for side in sides}


def from_table(table: Mapping[str, Any]) -> dict[str, str]:
    """The computer's sides (side -> level) of a validated `[game.players]`."""
    return {side: entry.level or DEFAULT_LEVEL for side, entry in table.items() if entry.player == COMPUTER}


def describe(levels: Mapping[str, str], names: Mapping[str, str] | None = None) -> str:
    """'the computer plays The Rebels (normal)'; '' when every side is a person's."""
    if not levels:
        return ""
    names = names or {}
    who = ", ".join(f"{names.get(side) or side} ({level})" for side, level in levels.items())
    return f"the computer plays {who}"
