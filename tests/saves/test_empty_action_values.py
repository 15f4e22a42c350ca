"""Issue 24 item 14: a save whose action log holds an empty value (`unit=`) is refused with the action's number,
by `verify` and `load`, on every rule set (it stopped with "internal error: ValueError")."""

from __future__ import annotations

import re

import pytest

from rules import registry
from rules.service import GameService
from saves.scenarios import default_scenario, load_scenario
from saves.store import save_game, verify
from tui import cli

RULESETS = ["quad", "dhr", "skirmish", "hundred_wars", "dirtside"]


def emptied(ruleset: str, folder) -> tuple[str, int]:
    """A save of `ruleset` whose first action naming a unit has `unit=` emptied; its path and that action's index."""
    game = GameService.new(load_scenario(default_scenario(registry.resolve(ruleset)).name, ruleset), 3)
    for _ in range(6):
        actions = game.legal_actions()
        game.apply(next((a for a in actions if "unit=" in a.text()), actions[0]))
    path = save_game(game, folder / f"{ruleset}.toml")
    text = path.read_text()
    index = next(i for i, step in enumerate(game.history) if "unit=" in step.action.text())
    path.write_text(re.sub(r"unit=[^ \"\]]+", "unit=", text, count=1))
    return str(path), index


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_empty_value_in_the_log_is_refused_with_the_actions_number(ruleset, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    path, i = emptied(ruleset, tmp_path)
    report = verify(path)
    assert not report.ok
    assert f"game.actions[{i}]: action {i + 1}, " in report.message and "unit= has no value" in report.message
    for command in ("verify", "load"):
        assert cli.main([command, path]) == 2
        err = capsys.readouterr().err
        assert "internal error" not in err and f"action {i + 1}, " in err and "unit= has no value" in err
