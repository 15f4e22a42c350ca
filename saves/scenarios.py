"""Bundled scenarios (`saves/scenarios/<ruleset>/<name>.toml`): list them cheaply, load one as a `Setup`.

A rule set kept outside the package (the tests' toy, `tests/toy_ruleset.py`) keeps
its scenarios beside its module, in `scenarios/<id>/` (`tests/scenarios/toy/`): the
package ships none of them. Listing reads only what the new-game screen shows
(title, rule set, name, description) and never imports a rule set; scenarios of rule sets that are not
registered (or not present) are left out. Text from files is kept literal:
nothing here interprets markup or escape sequences, the UI renders text as is.
"""

from __future__ import annotations

import importlib.util
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rules import registry
from rules.core import Setup
from saves.checks import scenario_problems
from saves.errors import Problem, SaveError, literal, shown
from saves.files import parse_document, read_bytes
from saves.schema import MAX_FILE_BYTES

if TYPE_CHECKING:
    from importlib.abc import Traversable


class UnknownScenario(SaveError):
    """No bundled scenario has that name; the message lists the known ones."""


@dataclass(frozen=True)
class ScenarioInfo:
    """What the new-game screen lists for a scenario (read without building it)."""

    ruleset: str
    name: str
    title: str
    description: str = ""
    teaching: bool = False
    units: int = 0
    source: str = ""
    """Where it comes from (a path inside the package, or beside an outside rule set's module)."""
    error: str = ""
    """Why the file cannot be listed properly (a broken bundled file is shown, not hidden)."""


def _root() -> Traversable:
    """The bundled scenarios: a folder beside this module, as importlib.resources finds it for a package on disk
    (the same path), without importing importlib.resources (and zipfile) at start-up; a zipped package still
    goes through it."""
    here = Path(__file__).with_name("scenarios")
    if here.is_dir():
        return here
    from importlib import resources

    return resources.files("saves") / "scenarios"


def _ruleset_ids(ruleset: str | None) -> list[str]:
    if ruleset is not None:
        return [registry.resolve(ruleset)]
    return [e.id for e in registry.entries()]


def _outside(ruleset_id: str) -> Path | None:
    """scenarios/<id>/ beside the module of a rule set registered from outside the package (found without
    importing it: listing imports no rule set); None for the package's own rule sets."""
    module = registry.module_of(ruleset_id)
    if module.split(".")[0] == "rules":
        return None
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    return Path(spec.origin).parent / "scenarios" / ruleset_id if spec is not None and spec.origin else None


def _folder(ruleset_id: str) -> Traversable:
    outside = _outside(ruleset_id)
    return _root() / ruleset_id if outside is None else outside


def _bundled_files(ruleset_id: str) -> list[Traversable]:
    folder = _folder(ruleset_id)
    if not folder.is_dir():
        return []
    return sorted((f for f in folder.iterdir() if f.name.endswith(".toml") and f.is_file()), key=lambda f: f.name)


def bundled_path(ruleset_id: str, name: str) -> Path:
    """The file of a listed scenario (the editor opens a copy of it)."""
    return Path(str(_folder(ruleset_id) / f"{name}.toml"))


def _source(ruleset_id: str, f: Traversable) -> str:
    """The file's name in messages: inside the package as saves/scenarios/..., outside as its path."""
    return f"saves/scenarios/{ruleset_id}/{f.name}" if _outside(ruleset_id) is None else str(f)


_INFO_CACHE: dict[str, tuple[bytes, ScenarioInfo]] = {}


def _info(ruleset_id: str, f: Traversable) -> ScenarioInfo:
    stem = f.name[: -len(".toml")]
    source = _source(ruleset_id, f)
    try:
        data = f.read_bytes()
    except OSError as exc:
        return ScenarioInfo(ruleset_id, stem, stem, source=source, error=literal(exc, 80))
    hit = _INFO_CACHE.get(source)
    if hit is not None and hit[0] == data:
        return hit[1]
    try:
        if len(data) > MAX_FILE_BYTES:
            raise ValueError("too large")
        raw = tomllib.loads(data.decode("utf-8"))
        info = ScenarioInfo(
            ruleset=ruleset_id,
            name=stem,
            title=str(raw.get("title") or raw.get("name") or stem),
            description=str(raw.get("description", "")),
            teaching=raw.get("teaching") is True,
            units=len(raw.get("units", []) or []),
            source=source,
            error="" if raw.get("ruleset") == ruleset_id else f"its ruleset is {shown(raw.get('ruleset'))}",
        )
    except (ValueError, UnicodeDecodeError, AttributeError, TypeError) as exc:
        info = ScenarioInfo(ruleset_id, stem, stem, source=source, error=literal(exc, 120))
    _INFO_CACHE[source] = (data, info)
    return info


def list_scenarios(ruleset: str | None = None) -> list[ScenarioInfo]:
    """The bundled scenarios of one rule set (or of all registered ones), teaching ones first."""
    out: list[ScenarioInfo] = []
    for rid in _ruleset_ids(ruleset):
        infos = [_info(rid, f) for f in _bundled_files(rid)]
        out.extend(sorted(infos, key=lambda i: (not i.teaching, i.units, i.name)))
    return out


def default_scenario(ruleset: str) -> ScenarioInfo:
    """The scenario `hexwar new RULESET` opens: the teaching one, else the smallest."""
    usable = [i for i in list_scenarios(ruleset) if not i.error]
    if not usable:
        raise UnknownScenario(None, f"rule set {registry.resolve(ruleset)} has no bundled scenario yet; name a file with --scenario")
    return usable[0]


def _looks_like_path(name: str) -> bool:
    return name.endswith(".toml") or os.sep in name or "/" in name


def _bundled_by_ruleset(name: str) -> tuple[str, str] | None:
    """(rule set, scenario) for 'RULESET/NAME' naming a bundled scenario, the form the error for a name
    several rule sets share asks for ('quad/teaching'); None for anything else (a file's path)."""
    rid, _, scenario = name.partition("/")
    if not scenario or "/" in scenario or os.path.exists(name):
        return None
    if rid not in {e.id for e in registry.entries()}:
        return None
    return rid, scenario


def load_scenario(name_or_path: str | Path, ruleset: str | None = None) -> Setup:
    """A bundled scenario by name (or 'RULESET/NAME'), or a scenario (or save) file by path, as a checked `Setup`."""
    named = _bundled_by_ruleset(name_or_path) if isinstance(name_or_path, str) and ruleset is None else None
    if named is not None:
        name_or_path, ruleset = named[1], named[0]
    if isinstance(name_or_path, Path) or _looks_like_path(str(name_or_path)):
        path = Path(name_or_path)
        data, file = read_bytes(path), str(path)
    else:
        data, file = _bundled_bytes(str(name_or_path), ruleset)
    doc = parse_document(data, file)
    if ruleset is not None and doc.ruleset != registry.resolve(ruleset):
        raise SaveError(file, Problem("ruleset", f"this scenario is for {shown(doc.ruleset)}, not {ruleset}"))
    setup, problems = scenario_problems(doc, file)  # the same checks `hexwar verify` reports
    if setup is None:
        raise SaveError(file, problems)
    return setup


def _bundled_bytes(name: str, ruleset: str | None) -> tuple[bytes, str]:
    ids = _ruleset_ids(ruleset)
    found = [(rid, f) for rid in ids for f in _bundled_files(rid) if f.name == f"{name}.toml"]
    if not found:
        known = [f"{i.name}" if ruleset else f"{i.ruleset}/{i.name}" for i in list_scenarios(ruleset)]
        where = f" for {ids[0]}" if ruleset else ""
        raise UnknownScenario(None, f"unknown scenario {shown(name)}{where} (known: {', '.join(known) or 'none'})")
    if len(found) > 1:
        rulesets = ", ".join(rid for rid, _ in found)
        raise UnknownScenario(None, f"scenario {shown(name)} exists for several rule sets ({rulesets}): name the rule set, "
                                    f"as {found[0][0]}/{name}")
    rid, f = found[0]
    data = f.read_bytes()
    if len(data) > MAX_FILE_BYTES:
        raise SaveError(_source(rid, f), "too large")
    return data, _source(rid, f)
