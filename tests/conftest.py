"""Shared fixtures: the toy rule set is registered for engine tests."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from rules import registry
from rules.board import Board
from rules.core import Setup, SideSetup, UnitSetup
from rules.hexgrid import from_offset

registry.register("toy", "Toy rules (tests only)", "tests.toy_ruleset")
TOY_SCENARIO = Path(__file__).parent / "scenarios" / "toy" / "toy-skirmish.toml"
"""The toy's one scenario: beside its module, never in the package (saves/scenarios.py finds it there)."""


def toy_setup(width: int = 8, height: int = 6, **extra) -> Setup:
    """A small toy scenario: two units a side facing each other across open ground."""
    terrain = ["open"] * (width * height)
    terrain[2 * width + 3] = "forest"
    return Setup(
        ruleset="toy",
        name="toy-skirmish",
        board=Board(width=width, height=height, terrain=tuple(terrain)),
        sides=[SideSetup(id="a", name="Side A"), SideSetup(id="b", name="Side B")],
        units=[
            UnitSetup(id="a1", side="a", name="Alpha", at=from_offset(1, 1)),
            UnitSetup(id="a2", side="a", name="Bravo", at=from_offset(1, 3), stats={"speed": 3}),
            UnitSetup(id="b1", side="b", name="Xray", at=from_offset(5, 1)),
            UnitSetup(id="b2", side="b", name="Yankee", at=from_offset(5, 3), stats={"strength": 1}),
        ],
        **extra,
    )


@pytest.fixture
def toy() -> Setup:
    return toy_setup()


@pytest.fixture
def opened(monkeypatch):
    """Stand in for the terminal UI: records what the CLI would have opened."""
    from tui import cli

    calls: list = []
    fake = types.ModuleType("tui.app")
    fake.run_app = lambda start=None: calls.append(start)
    monkeypatch.setitem(sys.modules, "tui.app", fake)
    monkeypatch.setattr(cli, "tui_available", lambda: True)
    return calls
