"""Every registered rule set package has the same files with the same roles (docs/rulesets.md), and no import cycle.

Checked on the source (AST), without running the rule set: a module inside a
rule set never imports a name its package's `__init__` defines (the package
`__init__` imports its modules, so that would be a cycle), the modules import
each other without a cycle (imports inside functions count: a lazy import only
hides a cycle), and the `__init__` holds declarations and one-line methods that
hand the work to a module.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from rules import registry

FILES = ("__init__.py", "actions.py", "state.py", "units.py", "terrain.py", ("procedures.py", "procedures"),
         "odds.py", "preview.py", "words.py", "turn.py", "view.py", "victory.py", "reference.md")
"""The files of a rule set package; a pair is 'either a module or a package of that name'."""


def packages() -> list[tuple[str, Path]]:
    out = []
    for e in registry.entries():
        spec = importlib.util.find_spec(e.module)
        if spec is not None and spec.submodule_search_locations and e.module.startswith("rules.rulesets."):
            out.append((e.module, Path(next(iter(spec.submodule_search_locations)))))
    return out


PACKAGES = packages()


def modules(name: str, root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (a package's module is its __init__)."""
    out = {}
    for f in sorted(root.rglob("*.py")):
        parts = list(f.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join([name, *parts])] = f
    return out


def is_package(module: str, files: dict[str, Path]) -> bool:
    return files[module].name == "__init__.py"


def imports(module: str, path: Path, files: dict[str, Path]) -> list[tuple[str, str | None, int]]:
    """(imported module, the name taken from it or None, line) for every import in the file, nested ones too."""
    out = []
    package = module if is_package(module, files) else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((a.name, None, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            out.extend((base, a.name, node.lineno) for a in node.names)
    return out


def edges(module: str, path: Path, files: dict[str, Path]) -> set[str]:
    """The package's own modules this module imports."""
    out = set()
    for target, name, _ in imports(module, path, files):
        if name is not None and f"{target}.{name}" in files:
            out.add(f"{target}.{name}")  # `from pkg import submodule`
        elif target in files:
            out.add(target)
    out.discard(module)
    return out


@pytest.mark.parametrize("name, root", PACKAGES, ids=[n for n, _ in PACKAGES])
def test_the_package_has_every_file_of_the_shape(name, root):
    missing = []
    for entry in FILES:
        choices = entry if isinstance(entry, tuple) else (entry,)
        if not any((root / c).exists() for c in choices):
            missing.append(" or ".join(choices))
    assert not missing, f"{name} lacks {', '.join(missing)} (docs/rulesets.md lists the files and their roles)"


@pytest.mark.parametrize("name, root", PACKAGES, ids=[n for n, _ in PACKAGES])
def test_no_module_imports_a_name_from_its_own_package_init(name, root):
    files = modules(name, root)
    bad = []
    for module, path in files.items():
        for target, what, line in imports(module, path, files):
            if target not in files or not is_package(target, files) or target == module:
                continue
            inside = module.startswith(target + ".")
            if inside and (what is None or f"{target}.{what}" not in files):
                bad.append(f"{path.relative_to(root)}:{line} takes {what or target!r} from {target}'s __init__")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name, root", PACKAGES, ids=[n for n, _ in PACKAGES])
def test_the_modules_import_each_other_without_a_cycle(name, root):
    files = modules(name, root)
    graph = {m: edges(m, p, files) for m, p in files.items()}
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(m: str, path: list[str]) -> list[str] | None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path + [m, n]
            if n not in state:
                found = walk(n, path + [m])
                if found:
                    return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            cycle = walk(m, [])
            assert cycle is None, "import cycle: " + " -> ".join(cycle[cycle.index(cycle[-1]):])


@pytest.mark.parametrize("name, root", PACKAGES, ids=[n for n, _ in PACKAGES])
def test_the_init_declares_and_delegates(name, root):
    """`__init__`: RULESET and its class (id, name, options, action kinds, terrain...) and one-line methods."""
    tree = ast.parse((root / "__init__.py").read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "RULESET" for t in n.targets)
               for n in tree.body), f"{name} declares no RULESET"
    thick = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            thick.append(f"function {node.name} (move it to the module whose role it is)")
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    body = [s for s in item.body
                            if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
                    if len(body) > 1:
                        thick.append(f"{node.name}.{item.name} has {len(body)} statements (delegate in one)")
    assert not thick, f"{name}/__init__.py: " + "; ".join(thick)


def test_the_shape_is_checked_on_real_packages():
    """The two first rule sets are registered, so the checks above ran on something."""
    assert {"rules.rulesets.quad", "rules.rulesets.dhr"} <= {n for n, _ in PACKAGES}


def test_the_cycle_check_sees_a_lazy_import(tmp_path):
    """A function-level import that closes a loop is found (the check is not blind to lazy imports)."""
    pkg = tmp_path / "fake"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from fake import a\n")
    (pkg / "a.py").write_text("from fake import b\n")
    (pkg / "b.py").write_text("def f():\n    from fake.a import x\n")
    (pkg / "c.py").write_text("from fake import RULESET\n")
    files = modules("fake", pkg)
    assert edges("fake.b", files["fake.b"], files) == {"fake.a"}
    assert edges("fake.a", files["fake.a"], files) == {"fake.b"}
    assert ("fake", "RULESET", 1) in imports("fake.c", files["fake.c"], files)


@pytest.mark.parametrize("rid", [e.id for e in registry.entries()])
def test_every_rule_set_holds_the_contract_and_its_plug_ins_are_what_they_say(rid):
    """Every member of rules/contract.py's `Ruleset` is there, and each plug-in is of its declared kind: the
    engine calls them directly, so a missing or wrong one would fail in the middle of a game, not here."""
    from rules.armycost import DesignSpec
    from rules.contract import AiHints, Ruleset
    from rules.resolver import Procedure
    from rules.secrecy import Declaration

    rules = registry.get(rid)
    assert isinstance(rules, Ruleset)
    assert isinstance(rules.secrecy, Declaration)
    assert all(isinstance(p, Procedure) for p in rules.procedures)
    assert rules.ai_hints is None or isinstance(rules.ai_hints, AiHints)
    assert all(isinstance(v, int) and callable(step) for v, step in rules.migrations.items())
    assert sorted(rules.migrations) == list(range(1, rules.version))  # one step below each version
    if rules.army is not None:
        assert callable(rules.army.price) and (rules.army.DESIGN is None or isinstance(rules.army.DESIGN, DesignSpec))
    if rules.campaign is not None:
        assert rules.campaign_model is not None
        assert callable(rules.campaign.start) and callable(rules.campaign.end_battle) and callable(rules.campaign.next_units)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in {**rules.glossary, **rules.hex_mark_symbols}.items())
