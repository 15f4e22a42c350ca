"""A sixth rule set through the contract alone (issue 28 item 1): the toy (tests/toy_ruleset.py, its scenario in
tests/scenarios/toy/) is registered by one registry line (tests/conftest.py) and declares everything else on its
`RULESET` (rules/contract.py). Nothing in rules/, saves/ or tui/ names it (tests/test_layers.py checks the ids),
yet the screen, the resolver, saves and the computer all play it.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path

from rules import registry
from rules.ai.computer import Computer
from rules.contract import Ruleset
from rules.dice import SeededDice
from rules.resolver import procedures, run
from saves.store import load_game, save_game
from tests.conftest import TOY_SCENARIO
from tests.tui.conftest import toy_service
from tests.toy_ruleset import RULESET as TOY
from tui.app import HexwarApp

HERE = Path(__file__).parents[1]
"""tests/, the toy's folder."""


def test_the_toy_is_registered_by_one_registry_line_and_holds_the_whole_contract():
    lines = [line for line in (HERE / "conftest.py").read_text(encoding="utf-8").splitlines() if "register(" in line]
    assert lines == ['registry.register("toy", "Toy rules (tests only)", "tests.toy_ruleset")']
    assert registry.get("toy") is TOY
    assert isinstance(TOY, Ruleset)  # every member of the Protocol, the optional ones from RulesetDefaults
    assert TOY_SCENARIO.parent.parent.parent == HERE  # its scenario beside it, under tests/, not in the package


async def test_the_screen_plays_it_and_shows_its_glossary(monkeypatch):
    monkeypatch.setattr(TOY, "glossary", {"S#": "strength #"})  # the toy has none (its snapshots stay as they are)
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "enter")  # a1 moves one hex east, as tests/tui/test_game_flow.py
        assert service.state.active_side == "b"
        assert len(service.history) == 1
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        assert "strength #" in app.screen.text.plain  # the glossary, read from the contract


def test_the_resolver_offers_and_rolls_its_procedure():
    assert list(procedures("toy")) == ["attack"]
    proc, values = run("toy", "attack", {"need": "5"})
    assert [o.chance for o in proc.odds(values).outcomes] == [Fraction(1, 3), Fraction(2, 3)]
    lines = proc.roll(values, SeededDice(1, 0))
    assert len(lines) == 1 and lines[0].startswith("rolled ")


def test_saves_keep_it_across_a_save_and_a_load(tmp_path):
    game = toy_service(seed=11)
    seat = game.seat("a")
    assert seat.apply(seat.legal_actions()[0]).ok
    path = save_game(game, tmp_path / "toy.toml")
    again = load_game(path)
    assert again.state == game.state
    assert [s.action for s in again.history] == [s.action for s in game.history]


def test_the_computer_plays_it_with_its_own_hints(monkeypatch):
    asked = []

    def counted(state, unit):
        asked.append(unit.id)
        return 3.0 + unit.stats.strength + unit.stats.speed

    monkeypatch.setattr(TOY, "ai_hints", dataclasses.replace(TOY.ai_hints, unit_value=counted))
    game = toy_service(seed=3)
    seat = game.seat("a")
    action = Computer(random.Random(0), budget=40).choose(seat)
    assert action in seat.legal_actions()
    assert asked  # the hints the toy states on its RULESET were read, not found by its name
    assert seat.apply(action).ok
