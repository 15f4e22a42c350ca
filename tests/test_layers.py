"""The layers, checked on the source: every import (inside functions too) and every module named by a string.

    rules core (rules/*.py)   -> no rules.ai, no rule set, no saves, tui, textual
    rules/ai                  -> no rule set by name, no saves, tui, textual
    rules/rulesets/<id>       -> no other rule set, no rules.ai, no saves, tui, textual
    saves, tui                -> no rule set by name (they reach one through the registry and the contract)
    saves                     -> no tui, textual
    only tui imports textual (or rich)

A rule set's computer hints (rules/rulesets/<id>/ai_hints.py) are registered by its `RULESET.ai_hints`, an
`AiHints` (rules/contract.py, in the core): the hints import the core and their own rule set, never rules.ai,
and rules.ai reads them through the contract, never by the rule set's name. Neither side imports the other,
so a rule set's hints cannot lean on the computer's internals, nor the computer on one rule set.

Nothing outside rules/rulesets/<id>/ names a rule set, by import or by its id in a string, but the
registry's lines (issue 28 item 1).

`tests/test_import_hygiene.py` checks what importing a package pulls in at run time; this one reads
the code with `ast`, so an import hidden in a function that no test calls is seen as well.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "saves", "tui")
UI = ("textual", "rich")
MODULE_NAME = re.compile(r"^rules\.rulesets\.[a-z_]+(\.[a-z_]+)*$")
"""A string that names a rule set's module: a plug-in found by name is a dependency like an import."""

ALLOWED = {
    # The registry's listing: the one place outside a rule set that names them (issue 28's "registry line").
    ("rules.registry", "rules.rulesets.quad"),
    ("rules.registry", "rules.rulesets.dhr"),
    ("rules.registry", "rules.rulesets.dirtside"),
    ("rules.registry", "rules.rulesets.hundred_wars"),
    ("rules.registry", "rules.rulesets.skirmish"),
}
"""(importer, imported) pairs allowed to break a layer: only the registry's listing.
Anything not listed here fails: a new break needs a fix, or a line here with its reason."""


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str) -> bool:
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = importer.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    base = ".".join(parts[:keep])
    return f"{base}.{node.module}" if node.module else base


def imports_of(path: Path) -> set[str]:
    return imports_in(path.read_text(encoding="utf-8"), module_of(path), path.name == "__init__.py")


def imports_in(source: str, importer: str, is_package: bool = False) -> set[str]:
    """Every module the code imports or names for `importlib.import_module`, wherever it does."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, importer, is_package)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names if _is_module(f"{base}.{a.name}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_NAME.match(node.value):
            found.add(node.value)  # import_module("rules.rulesets.quad.state"), or a registry's module name
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str) and _called(node.func) in ("import_module", "__import__")):
            found.add(node.args[0].value)
    return found


def _called(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def layer(module: str) -> str:
    """'core', 'ai', 'ruleset:<id>', 'saves', 'tui', 'ui' (textual, rich) or '' (anything else)."""
    parts = module.split(".")
    if parts[0] in UI:
        return "ui"
    if parts[0] in ("saves", "tui"):
        return parts[0]
    if parts[0] != "rules":
        return ""
    if parts[1:2] == ["ai"]:
        return "ai"
    if parts[1:2] == ["rulesets"]:
        return f"ruleset:{parts[2]}" if len(parts) > 2 else "core"
    return "core"


def forbidden(importer: str, imported: str) -> bool:
    mine, theirs = layer(importer), layer(imported)
    if mine == "tui":
        return theirs.startswith("ruleset:")
    if not theirs:
        return False
    if mine == "saves":
        return theirs.startswith("ruleset:") or theirs in ("tui", "ui")
    if mine in ("core", "ai"):
        return theirs.startswith("ruleset:") or theirs in ("ai", "saves", "tui", "ui") and theirs != mine
    if mine.startswith("ruleset:"):
        return theirs.startswith("ruleset:") and theirs != mine or theirs in ("ai", "saves", "tui", "ui")
    return False


def breaks() -> set[tuple[str, str]]:
    out = set()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            importer = module_of(path)
            out.update((importer, name) for name in imports_of(path) if forbidden(importer, name))
    return out


def _rule_set_root(name: str) -> str:
    """'rules.rulesets.quad.state' -> 'rules.rulesets.quad', so ALLOWED names a rule set, not each module."""
    return ".".join(name.split(".")[:3]) if layer(name).startswith("ruleset:") else name


def test_no_module_breaks_a_layer_beyond_the_listed_ones():
    found = {(importer, _rule_set_root(name)) for importer, name in breaks()}
    new = sorted(found - ALLOWED)
    assert not new, "layer breaks (importer -> imported):\n" + "\n".join(f"  {a} -> {b}" for a, b in new)


def test_every_allowed_break_still_exists():
    """A break fixed is taken off the list, so the list stays the honest to-do it is."""
    found = {(importer, _rule_set_root(name)) for importer, name in breaks()}
    assert sorted(ALLOWED - found) == []


@pytest.mark.parametrize("source, importer, expected", [
    ("def f():\n    from saves import store\n", "rules.hexgrid", {"saves", "saves.store"}),
    ("import importlib\ndef f():\n    importlib.import_module('tui.app')\n", "rules.core", {"importlib", "tui.app"}),
    ("from . import state\n", "rules.rulesets.quad.view", {"rules.rulesets.quad", "rules.rulesets.quad.state"}),
    ("from ..quad import state\n", "rules.rulesets.dhr.view", {"rules.rulesets.quad", "rules.rulesets.quad.state"}),
    ("NAME = 'rules.rulesets.quad.state'\n", "rules.resolver", {"rules.rulesets.quad.state"}),
])
def test_the_scanner_sees_imports_wherever_they_are(source, importer, expected):
    assert imports_in(source, importer) == expected


@pytest.mark.parametrize("importer, imported, broken", [
    ("rules.hexgrid", "saves.store", True),
    ("rules.hexgrid", "rules.ai.computer", True),
    ("rules.hexgrid", "rules.rulesets.quad", True),
    ("rules.ai.computer", "rules.rulesets.dhr.state", True),
    ("rules.ai.computer", "rules.ai.tables", False),
    ("rules.rulesets.dhr.turn", "rules.rulesets.quad.state", True),
    ("rules.rulesets.dhr.turn", "rules.rulesets.dhr.state", False),
    ("rules.rulesets.dhr.turn", "rules.ai.computer", True),
    ("rules.rulesets.dhr.turn", "rules.core", False),
    ("saves.store", "textual.app", True),
    ("saves.migrations", "rules.rulesets.quad.state", True),
    ("saves.store", "rules.registry", False),
    ("tui.app", "textual.app", False),
    ("tui.app", "rules.rulesets.dhr", True),
    ("rules.rulesets.dhr.ai_hints", "rules.ai.evaluate", True),
    ("rules.rulesets.dhr.ai_hints", "rules.contract", False),
    ("rules.ai.hints", "rules.rulesets.dhr.ai_hints", True),
])
def test_the_layers(importer, imported, broken):
    assert forbidden(importer, imported) is broken


def rule_set_ids_named(source: str) -> set[str]:
    """Every string constant of `source` that is a registered rule set's id ('quad', 'hundred_wars')."""
    from rules import registry

    ids = {e.id for e in registry.entries()}
    return {n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and n.value in ids}


def test_no_module_outside_a_rule_set_names_one_by_its_id():
    """`campaign.ruleset != "hundred_wars"`, `ruleset or "quad"`: a rule set named by id is a plug-in found by
    name. The registry's lines are the one place that names them."""
    named = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = module_of(path)
            if layer(module).startswith("ruleset:") or module == "rules.registry":
                continue
            named += [f"{module}: {i!r}" for i in sorted(rule_set_ids_named(path.read_text(encoding="utf-8")))]
    assert not named, "rule sets named outside their package:\n" + "\n".join(named)


def test_the_id_scanner_sees_a_rule_set_named_in_a_comparison():
    assert rule_set_ids_named('def steps(c):\n    return c.ruleset != "hundred_wars"\n') == {"hundred_wars"}
    assert rule_set_ids_named('NAME = "quadrant"\n') == set()


def contract_members() -> set[str]:
    """Every member of the rule-set contract and of the computer's hints (rules/contract.py)."""
    from rules.contract import AiHints, CampaignRules, CampaignSpending, Ruleset

    names = set()
    for proto in (Ruleset, CampaignRules, CampaignSpending):
        names |= {n for n in vars(proto) if not n.startswith("_")} | set(proto.__annotations__)
    return (names | {f.name for f in dataclasses.fields(AiHints)}) - EVERYDAY


EVERYDAY = {"id", "name", "setup", "describe", "options", "view", "preview", "apply", "decision", "reference"}
"""Members whose names are everyday words (a unit's name, a service's setup, a widget's describe): a
getattr of one is about something else."""


def looked_up_by_name(source: str, members: set[str]) -> list[str]:
    """`getattr(x, "member")` / `hasattr(x, "member")` of a contract member, and modules imported by a name
    built at run time (`import_module(f"{package}.resolve")`): the ways a hook or a plug-in was found by name."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = _called(node.func)
        if (called in ("getattr", "hasattr") and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in members):
            out.append(f"line {node.lineno}: {called}(..., {node.args[1].value!r})")
        if called == "import_module" and node.args and not isinstance(node.args[0], ast.Constant):
            out.append(f"line {node.lineno}: import_module of a name made at run time")
    return out


FOUND_BY_NAME_ALLOWED = {"rules.registry"}
"""The registry imports a registered rule set's package by the module its line names; nothing else does."""


def test_no_hook_or_plug_in_is_found_by_name():
    members = contract_members()
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = module_of(path)
            if module not in FOUND_BY_NAME_ALLOWED:
                found += [f"{module} {hit}" for hit in looked_up_by_name(path.read_text(encoding="utf-8"), members)]
    assert not found, "declare it on rules/contract.py and call it directly:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    'def f(ruleset):\n    return getattr(ruleset, "describe_to_others", None)\n',
    'def f(hints):\n    return getattr(hints, "prune", None)\n',
    'import importlib\ndef f(package):\n    return importlib.import_module(f"{package}.resolve").PROCEDURES\n',
])
def test_the_name_scanner_sees_a_hook_found_by_name(source):
    assert looked_up_by_name(source, contract_members())
