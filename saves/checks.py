"""Checks that need the rule set: its id, option ids and types, terrain ids, unit stats.

The file format is shared by every rule set; what a `stats` table may hold, which
options exist and which terrain ids mean something belong to one rule set. These
checks run after the format is valid and name the same field paths.
"""

from __future__ import annotations

import difflib
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from rules import registry
from rules.core import Ruleset, Setup
from saves.errors import Problem, SaveError, dotted, literal, problems_from_validation, shown
from saves.schema import Document, side_problems, victory_problems
from saves.schema_setup import setup_from_document


def ruleset_for(doc: Document, file: str | None) -> Ruleset:
    """The rule set the file names (an unknown one is an error listing the known ones)."""
    try:
        return registry.get(doc.ruleset)
    except registry.UnknownRuleset:
        known = ", ".join(e.id for e in registry.entries()) or "none"
        raise SaveError(file, Problem("ruleset", f"unknown rule set {shown(doc.ruleset)} (known: {known})")) from None


def _close(word: str, names: list[str]) -> str:
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if close:
        return f"; did you mean '{close[0]}'?"
    return f" (known: {', '.join(names[:20]) or 'none'})"


def option_problems(options: dict[str, Any], ruleset: Ruleset, where: str) -> list[Problem]:
    """Options must be the rule set's, with a value of the right type (and among its choices)."""
    specs = {o.id: o for o in ruleset.options}
    out: list[Problem] = []
    for key, value in options.items():
        path = f"{where}.{literal(key, 40)}"
        spec = specs.get(key)
        if spec is None:
            out.append(Problem(path, f"is not an option of {ruleset.id}" + _close(key, list(specs))))
            continue
        want = type(spec.default)
        if type(value) is not want:
            words = {bool: "true or false", int: "an integer", str: "text in quotes"}.get(want, want.__name__)
            out.append(Problem(path, f"expected {words}, got {shown(value)}"))
        elif spec.choices and value not in spec.choices:
            out.append(Problem(path, f"expected one of {list(spec.choices)}, got {shown(value)}"))
    return out


def terrain_problems(doc: Document, ruleset: Ruleset) -> list[Problem]:
    """Terrain, feature and hexside ids the rule set does not know (typos, or the wrong rule set)."""
    known = list(ruleset.terrain)
    if not known:
        return []
    out: list[Problem] = []
    for ch, tid in doc.board.legend.items():
        if tid not in known:
            out.append(Problem(f"board.legend.{literal(ch, 4)}", f"unknown terrain {shown(tid)} for {ruleset.id}" + _close(tid, known)))
    for i, f in enumerate(doc.board.features):
        if f.feature not in known:
            out.append(Problem(f"board.features[{i}].feature", f"unknown feature {shown(f.feature)} for {ruleset.id}" + _close(f.feature, known)))
    for i, e in enumerate(doc.board.edges):
        if e.feature not in known:
            out.append(Problem(f"board.edges[{i}].feature", f"unknown hexside feature {shown(e.feature)} for {ruleset.id}" + _close(e.feature, known)))
    return out


def stats_model(ruleset: Ruleset) -> type[BaseModel] | None:
    """The rule set's typed unit stats (GameState.units -> Unit subclass -> `stats`), when it has one."""
    try:
        units = ruleset.state_model.model_fields["units"].annotation
        args = get_args(units)
        unit = args[-1] if args else None
        stats = unit.model_fields["stats"].annotation  # type: ignore[union-attr]
    except (AttributeError, KeyError, TypeError):
        return None
    return stats if isinstance(stats, type) and issubclass(stats, BaseModel) else None


_BOUNDS = {"less_than_equal": ("above", "maximum", "at most"), "less_than": ("not below", "limit", "less than"),
           "greater_than_equal": ("below", "minimum", "at least"), "greater_than": ("not above", "limit", "more than")}


def stat_problems(stats: dict[str, Any], ruleset: Ruleset, prefix: tuple[Any, ...]) -> list[Problem]:
    """One unit's stats against the rule set's stats model; a value out of bounds names the limit."""
    model = stats_model(ruleset)
    if model is None:
        return []
    try:
        model.model_validate(stats)
    except ValidationError as exc:
        out = problems_from_validation(exc, model, prefix)
        for n, err in enumerate(exc.errors()):
            words = _BOUNDS.get(err["type"])
            if words and n < len(out):  # same order as problems_from_validation
                bound = next(iter((err.get("ctx") or {}).values()), "?")
                out[n] = Problem(out[n].path, f"{shown(err.get('input'))} is {words[0]} the rule set's {words[1]} ({words[2]} {bound})")
        return out
    except Exception as exc:  # a rule set validator that fails oddly still names the unit
        return [Problem(dotted(prefix), literal(exc, 120))]
    return []


def stats_problems(doc: Document, ruleset: Ruleset) -> list[Problem]:
    out: list[Problem] = []
    for i, unit in enumerate(doc.units):
        out += stat_problems(unit.stats, ruleset, ("units", i, "stats"))
    return out


def impassable_problems(doc: Document, ruleset: Ruleset) -> list[Problem]:
    """Units standing on terrain where the rule set lets no unit stand (`TerrainInfo.impassable`)."""
    banned = {tid for tid, info in ruleset.terrain.items() if info.impassable}
    rows, legend = doc.board.rows, doc.board.legend
    out: list[Problem] = []
    for i, unit in enumerate(doc.units):
        if unit.at is None or not (0 <= unit.at[1] < len(rows) and 0 <= unit.at[0] < len(rows[unit.at[1]])):
            continue
        tid = legend.get(rows[unit.at[1]][unit.at[0]])
        if tid in banned:
            out.append(Problem(f"units[{i}].at", f"{unit.at} is {shown(tid)} terrain, where no {ruleset.id} unit may stand"))
    return out


def setup_problems(doc: Document, ruleset: Ruleset) -> tuple[Setup | None, list[Problem]]:
    """The file's scenario as a `Setup` and every problem found (loading and `verify` share this)."""
    setup, problems = setup_from_document(doc)
    problems += option_problems(doc.options, ruleset, "options")
    if doc.game is not None:
        problems += option_problems(doc.game.options, ruleset, "game.options")
    problems += terrain_problems(doc, ruleset)
    problems += stats_problems(doc, ruleset) + impassable_problems(doc, ruleset)
    problems += side_problems(doc, ruleset) + victory_problems(doc, ruleset)
    return (None if problems else setup), problems


def checked_setup(doc: Document, file: str | None) -> tuple[Setup, Ruleset]:
    """The file's scenario as a `Setup`, checked against the format and its rule set."""
    ruleset = ruleset_for(doc, file)
    setup, problems = setup_problems(doc, ruleset)
    if problems or setup is None:
        raise SaveError(file, problems)
    return setup, ruleset


def scenario_problems(doc: Document, file: str | None) -> tuple[Setup | None, list[Problem]]:
    """Everything loading the scenario would find: the format's and the rule set's checks, then
    the rule set's own setup of it (run only when the rest is clean). Nothing raises."""
    try:
        ruleset = ruleset_for(doc, file)
    except SaveError as exc:
        return None, exc.problems
    setup, problems = setup_problems(doc, ruleset)
    if setup is None:
        return None, problems
    chosen = {o.id: o.default for o in ruleset.options}
    chosen.update(setup.options)
    try:  # the rule set builds it once, so a scenario it refuses fails here, not in a game
        ruleset.setup(setup, 0, chosen)
    except Exception as exc:
        return None, rules_refusal(file, ruleset, exc).problems
    return setup, []


def rules_refusal(file: str | None, ruleset: Ruleset, exc: BaseException) -> SaveError:
    """The rule set raised while setting up or replaying: one line, no traceback."""
    if isinstance(exc, ValidationError):
        first = problems_from_validation(exc)[0]
        what = f"{first.path}: {first.expected}" if first.path else first.expected
    else:
        what = literal(exc, 160) or type(exc).__name__
    return SaveError(file, Problem("", f"the {ruleset.id} rules refuse this scenario: {what}"))


def drawing_problems(data: bytes, error: SaveError) -> list[Problem]:
    """When a file's structure is wrong (a type, a missing key), the map is still checked on its own,
    so `verify` lists its problems too instead of one round of fixes at a time."""
    from saves.files import parse_toml
    from saves.schema import BoardEntry
    from saves.schema_setup import board_from_entry

    if any(p.path.startswith("board") for p in error.problems):
        return []
    try:
        raw = parse_toml(data, None)
        board = BoardEntry.model_validate(raw.get("board"))
    except (SaveError, ValidationError):
        return []
    return board_from_entry(board)[1]
