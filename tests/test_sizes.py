"""Sizes (issue 28 item 8): no module under rules/, saves/ or tui/ over 400 lines, no function over 80.

A module or function over the bar is split along what its code does, not by line count alone.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "saves", "tui")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80

def oversized(name: str, source: str) -> dict[str, int]:
    """What in one module is over the bar: {'name': lines} for the module, {'name:qualname': lines} per function."""
    found: dict[str, int] = {}
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found[name] = lines

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = child.end_lineno - child.lineno + 1  # the def line to the last line of the body
                if length > MAX_FUNCTION_LINES:
                    found[f"{name}:{prefix}{child.name}"] = length
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


@functools.cache
def measured() -> dict[str, int]:
    found: dict[str, int] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found.update(oversized(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")))
    return found


def test_the_measure_sees_long_modules_and_functions_methods_included():
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))  # 80 body lines + the def: 81
    source = f"def long():\n{body}\ndef short():\n    pass\n\nclass Screen:\n    def wide(self):\n{body.replace('    ', '        ')}"
    assert oversized("m.py", source) == {"m.py:long": 81, "m.py:Screen.wide": 81}
    assert oversized("m.py", "x = 1\n" * MAX_MODULE_LINES) == {}
    assert oversized("m.py", "x = 1\n" * (MAX_MODULE_LINES + 1)) == {"m.py": MAX_MODULE_LINES + 1}


def test_no_module_over_400_lines_and_no_function_over_80():
    over = measured()
    assert not over, (
        f"over the bar ({MAX_MODULE_LINES} lines a module, {MAX_FUNCTION_LINES} a function): "
        + ", ".join(f"{name} ({lines})" for name, lines in sorted(over.items()))
        + "; split it along what the code does"
    )
