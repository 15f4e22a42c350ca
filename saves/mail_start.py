"""Whether a game's start is the scenario it names: a mail player may edit the start they send.

A first turn file carries the game's start (scenario, seed, options) as a save.
Its hashes prove only that both copies share that start, not that the start is
the bundled scenario it names: a sender could raise a unit's attack from 3 to
6 and make the hashes fit. `start_differences` rebuilds the named bundled
scenario (or a scenario file the receiver names) with the game's own seed and
options and lists every field of the opening state that differs.
"""

from __future__ import annotations

from pathlib import Path

from rules.service import GameService
from saves.errors import SaveError, literal, shown
from saves.scenarios import load_scenario

MAX_LISTED = 12
"""Differences listed one by one; more are counted."""


def start_differences(service: GameService, scenario: str | Path | None = None) -> tuple[str, list[str]]:
    """What the game's opening state was compared with, and each field that differs ('path: theirs,
    the scenario's'). Compared with the bundled scenario the game names, or with the scenario file
    `scenario`; a named scenario that is not bundled is itself the one difference."""
    setup = service.setup
    initial = service.initial
    name = setup.name if setup is not None else initial.scenario
    try:
        reference = load_scenario(Path(scenario) if scenario is not None else name, service.ruleset.id)
    except SaveError as exc:
        if scenario is not None:
            raise
        return (f"the bundled scenario {shown(name)}",
                [f"no bundled {service.ruleset.id} scenario is named {shown(name)} ({literal(exc, 100)})"])
    what = f"the scenario file {literal(scenario, 120)}" if scenario is not None else f"the bundled scenario {shown(name)}"
    fresh = GameService.new(reference, initial.seed, dict(initial.options)).initial
    found: list[str] = []
    _compare(initial.model_dump(mode="json"), fresh.model_dump(mode="json"), "", found)
    return what, found


def describe(what: str, found: list[str]) -> str:
    """One message: how many fields differ from `what`, the first MAX_LISTED of them."""
    listed = "; ".join(found[:MAX_LISTED]) + (f"; and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else "")
    return f"the game's start differs from {what} in {len(found)} field{'s' * (len(found) != 1)}: {listed}"


def _compare(theirs, ours, path: str, found: list[str]) -> None:
    if isinstance(theirs, dict) and isinstance(ours, dict):
        for key in sorted(set(theirs) | set(ours), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in ours:
                found.append(f"{where}: {_short(theirs[key])} (not in the scenario)")
            elif key not in theirs:
                found.append(f"{where}: missing (the scenario has {_short(ours[key])})")
            else:
                _compare(theirs[key], ours[key], where, found)
        return
    if isinstance(theirs, list) and isinstance(ours, list) and len(theirs) == len(ours):
        for i, (a, b) in enumerate(zip(theirs, ours)):
            _compare(a, b, f"{path}[{i}]", found)
        return
    if theirs != ours:
        found.append(f"{path}: {_short(theirs)} (the scenario: {_short(ours)})")


def _short(value) -> str:
    text = repr(value)
    return literal(text if len(text) <= 60 else text[:57] + "...", 80)


def start_note(service: GameService) -> str:
    """For `hexwar verify`: '' when the game's start is its bundled scenario (or names none that is
    bundled); otherwise '; but ' and what differs."""
    try:
        what, found = start_differences(service)
    except Exception:  # noqa: BLE001 - verify reports the file, never a traceback from this check
        return ""
    if not found or found[0].startswith("no bundled"):
        return ""
    return "; but " + describe(what, found)
