"""`rules` and `saves` never import textual (nor tui); `rules` never imports saves."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import importlib, pkgutil, sys
import {package}
for info in pkgutil.walk_packages({package}.__path__, "{package}."):
    importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})
print(",".join(bad))
"""


@pytest.mark.parametrize("package, forbidden", [
    ("rules", ("textual", "tui", "saves", "rich")),
    ("saves", ("textual", "tui", "rich")),
])
def test_headless_packages_never_import_the_ui(package, forbidden):
    out = subprocess.run(
        [sys.executable, "-c", CHECK.format(package=package, forbidden=set(forbidden))],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "", f"{package} imported {out.stdout.strip()}"


MODULE = """
import importlib, sys
for name in {modules!r}:
    importlib.import_module(name)
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})))
"""


def test_the_action_flow_and_the_seating_never_import_textual():
    """tui/flow.py and tui/seating.py run without a terminal (their tests need none)."""
    modules = ("tui.flow", "tui.aim", "tui.seating", "tui.glossary", "tui.choice_pages")
    out = subprocess.run(
        [sys.executable, "-c", MODULE.format(modules=modules, forbidden={"textual", "rich"})],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "", f"{modules} imported {out.stdout.strip()}"
