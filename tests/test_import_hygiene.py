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


GAME_START = """
import argparse, sys
from tui.lean_start import skip_pydantic_plugins
skip_pydantic_plugins()  # as the command starts
from tui.cli_play import _new_service
_new_service(argparse.Namespace(ruleset="quad", scenario=None, seed=1, ai=()))
import tui.app, tui.screens.game
print(",".join(sorted(m for m in {unneeded!r} if m in sys.modules)))
"""


def test_a_new_games_start_imports_no_module_it_does_not_use():
    """`hexwar new` to the game screen's first frame (a bar, as is peak memory): importlib.resources and the
    zipfile it brings (the bundled scenarios are a folder), importlib.metadata."""
    unneeded = ("importlib.resources", "zipfile", "importlib.metadata")
    out = subprocess.run([sys.executable, "-c", GAME_START.format(unneeded=unneeded)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"a new game's start imported {out.stdout.strip()}"
