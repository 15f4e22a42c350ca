"""Migrations: the file format's steps and each rule set's steps, applied one version at a time.

A file records two versions: `version`, the file format's (the envelope, the
board drawing, the tables every rule set shares), and `ruleset_version`, its
rule set's (what a side, a unit's stats, an option or the save's `[snapshot]`
hold for that rule set). Loading first brings the format up to `VERSION` with
`STEPS[N]` (N -> N+1), then the rule set's part up to the rule set's `version`
with the rule set's `migrations[N]`; only then is the file validated. A file newer than
this hexwar, in either version, is refused with both numbers.

When a version rises: write the step, register it (`@step(N)` here, or in the rule set's
`RULESET.migrations`, rules/contract.py: a rule set's steps live in its own package and change
only its part of a file), and freeze a sample of the old files in `tests/saves/fixtures/vN/`
with a test that loads it (old files are kept forever).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import registry
from saves.errors import Problem, SaveError, shown
from saves.schema import FORMAT, VERSION, ruleset_version

Step = Callable[[dict[str, Any]], dict[str, Any]]
"""Takes a document (plain TOML data) of one version, returns it at the next."""

STEPS: dict[int, Step] = {}
"""File format: from-version -> the step that makes the next version."""


class Migrated(dict):
    """A document that went through migration steps; `steps` names them, oldest first; `replays_as_written`:
    every step left the rules' part alone (the log must replay to the snapshot exactly, as for a current file)."""

    steps: tuple[str, ...] = ()
    replays_as_written: bool = True


SAME_RULES: set[int] = {2}
"""Format steps (by from-version) that change only what the rules never read (who plays a side)."""


def step(from_version: int) -> Callable[[Step], Step]:
    """Register a file format migration from `from_version` to `from_version + 1`."""

    def register(fn: Step) -> Step:
        STEPS[from_version] = fn
        return fn

    return register


# --- the steps ----------------------------------------------------------------------------


@step(1)
def _format_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """2 records the rule set's version beside the format's; every file before it was
    written for version 1 of its rule set (rule sets had no versions)."""
    return data | {"version": 2, "ruleset_version": data.get("ruleset_version", 1)}


@step(2)
def _format_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """3 records who plays each side of a save (`[game.players]`); saves before it did not, and were
    resumed with every side a person's: so they say."""
    game = data.get("game")
    if data.get("kind") == "save" and isinstance(game, dict) and "players" not in game:
        sides = [s.get("id") for s in data.get("sides", []) if isinstance(s, dict) and isinstance(s.get("id"), str)]
        data = data | {"game": game | {"players": {side: {"player": "person"} for side in sides}}}
    return data | {"version": 3}


# --- running them ---------------------------------------------------------------------------


def check_envelope(data: dict[str, Any], file: str | None, target: int = VERSION) -> int:
    """Check `format` and `version`; return the file's version (raise SaveError otherwise)."""
    fmt = data.get("format")
    if fmt is None:
        raise SaveError(file, Problem("format", f"is missing: not a hexwar file (expected format = \"{FORMAT}\")"))
    if fmt != FORMAT:
        raise SaveError(file, Problem("format", f"expected \"{FORMAT}\", got {shown(fmt)}: not a hexwar file"))
    version = data.get("version")
    if version is None:
        raise SaveError(file, Problem("version", "is missing (expected a file format version, an integer)"))
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(file, Problem("version", f"expected an integer, got {shown(version)}"))
    if version > target:
        raise SaveError(file, Problem(
            "version", f"written by a newer hexwar: version {version}, this one reads up to {target}"
        ))
    if version < 1:
        raise SaveError(file, Problem("version", f"expected a version from 1 to {target}, got {version}"))
    return version


def _run(data: dict[str, Any], fn: Step, file: str | None, key: str, version: int, what: str) -> dict[str, Any]:
    try:
        out = fn(dict(data))
    except SaveError:
        raise
    except Exception as exc:  # a step that cannot read this old file says so, not a traceback
        raise SaveError(file, Problem("", f"cannot migrate {what}version {version} to {version + 1}: {exc}")) from None
    if out.get(key) != version + 1:
        raise SaveError(file, Problem(key, f"the migration of {what}version {version} did not give version {version + 1}"))
    return out


def _known_ruleset(data: dict[str, Any]) -> str | None:
    """The file's rule set id, when it is registered (an unknown one is reported by the checks)."""
    name = data.get("ruleset")
    if not isinstance(name, str):
        return None
    try:
        return registry.resolve(name)
    except registry.UnknownRuleset:
        return None


def migrate(
    data: dict[str, Any],
    file: str | None = None,
    *,
    target: int = VERSION,
    steps: Mapping[int, Step] | None = None,
    ruleset_steps: Mapping[str, Mapping[int, Step]] | None = None,
    ruleset_target: int | None = None,
) -> dict[str, Any]:
    """Bring a parsed document up to `target` (the format), then up to its rule set's version,
    one step at a time; the result is a `Migrated` naming the steps taken."""
    steps = STEPS if steps is None else steps
    taken: list[str] = []
    same_rules = True
    version = check_envelope(data, file, target)
    while version < target:
        fn = steps.get(version)
        if fn is None:
            raise SaveError(file, Problem("version", f"no migration from version {version} to {version + 1}"))
        data = _run(data, fn, file, "version", version, "")
        taken.append(f"format {version} -> {version + 1}")
        same_rules = same_rules and version in SAME_RULES and steps is STEPS
        version += 1
    ruleset = _known_ruleset(data)
    if ruleset is not None:
        current = ruleset_target if ruleset_target is not None else ruleset_version(ruleset)
        version = data.get("ruleset_version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError(file, Problem("ruleset_version", f"expected a version from 1 to {current}, got {shown(version)}"))
        if version > current:
            raise SaveError(file, Problem("ruleset_version", (
                f"written for a newer version of the {ruleset} rules: version {version}, "
                f"this hexwar has version {current}")))
        while version < current:
            own = registry.get(ruleset).migrations if ruleset_steps is None else ruleset_steps.get(ruleset, {})
            fn = own.get(version)
            if fn is None:
                raise SaveError(file, Problem("ruleset_version", (
                    f"no migration of {ruleset} files from version {version} to {version + 1}")))
            data = _run(data, fn, file, "ruleset_version", version, f"the {ruleset} rules' ")
            taken.append(f"{ruleset} {version} -> {version + 1}")
            same_rules = False
            version += 1
    out = Migrated(data)
    out.steps = tuple(taken)
    out.replays_as_written = same_rules
    return out
