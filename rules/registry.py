"""Rule sets by id, imported on first use (listing them imports nothing: start-up is a bar)."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from rules.contract import Ruleset


@dataclass(frozen=True)
class Entry:
    id: str
    name: str
    module: str
    """The module whose `RULESET` attribute is the rule set."""


_ENTRIES: dict[str, Entry] = {}
_ALIASES: dict[str, str] = {}
_LOADED: dict[str, Ruleset] = {}


def register(id: str, name: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    _ENTRIES[id] = Entry(id, name, module)
    for alias in aliases:
        _ALIASES[alias.lower()] = id


class UnknownRuleset(KeyError):
    def __str__(self) -> str:
        return self.args[0]


def resolve(name: str) -> str:
    """The rule set id for an id or alias (case-insensitive)."""
    key = name.lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    if key not in _ENTRIES or importlib.util.find_spec(_ENTRIES[key].module) is None:
        known = ", ".join(e.id for e in entries())
        raise UnknownRuleset(f"unknown rule set {name!r} (known: {known})")
    return key


def entries() -> list[Entry]:
    """Registered rule sets whose package is present (found without importing it)."""
    return [e for _, e in sorted(_ENTRIES.items()) if importlib.util.find_spec(e.module) is not None]


def default() -> str:
    """The rule set a new blank map uses when none is named: the first one registered (below)."""
    return next(e.id for e in _ENTRIES.values() if importlib.util.find_spec(e.module) is not None)


def module_of(name: str) -> str:
    """The module path of a rule set (its package), for modules that sit beside it."""
    return _ENTRIES[resolve(name)].module


def get(name: str) -> Ruleset:
    id = resolve(name)
    if id not in _LOADED:
        module = importlib.import_module(_ENTRIES[id].module)
        _LOADED[id] = module.RULESET
    return _LOADED[id]


register("quad", "QUAD: four-stat operational rules", "rules.rulesets.quad")
register("dhr", "Rules of the Damned Human Race", "rules.rulesets.dhr", aliases=("damned_human_race",))
register("dirtside", "Dirtside II (Iceburg's house rules)", "rules.rulesets.dirtside", aliases=("ds2", "dirtside_ii"))
register("hundred_wars", "A Hundred Wars V2", "rules.rulesets.hundred_wars", aliases=("ahw", "a_hundred_wars"))
register("skirmish", "d10 modern skirmish", "rules.rulesets.skirmish")
