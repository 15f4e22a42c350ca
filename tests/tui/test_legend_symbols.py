"""The map and its legend draw each rule set's declared look: one symbol, one meaning (issue 9, item 13)."""

from __future__ import annotations

import pytest

from rules import registry
from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario
from tui.widgets.hex_legend import legend_lines
from tui.widgets.hex_model import MapModel

SCENARIOS = [(s.ruleset, s.name) for s in list_scenarios() if s.ruleset in ("quad", "dhr")]


def legend(ruleset: str, name: str) -> list[str]:
    game = GameService.new(load_scenario(name, ruleset), seed=1)
    model = MapModel(game.state.board, game.ruleset.terrain)
    return legend_lines(model, game.state, game.ruleset)


def test_dhr_draws_a_house_and_a_wall_with_different_symbols():
    lines = legend("dhr", "farm")
    assert "# House: DV 4" in lines
    assert "] Solid wall (hexside)" in lines


@pytest.mark.parametrize("ruleset,name", SCENARIOS)
def test_no_legend_symbol_stands_for_two_things(ruleset, name):
    terrain = [line for line in legend(ruleset, name) if not line.startswith(("1-9", "A-Z", "a-z"))]
    symbols = [line.split(" ", 1)[0] for line in terrain]
    assert len(symbols) == len(set(symbols)), terrain


def test_the_map_draws_the_rule_sets_glyph_not_the_scenarios_legend_character():
    """A scenario may draw its map with any legend characters; the screen shows the rule set's."""
    game = GameService.new(load_scenario("farm", "dhr"), seed=1)
    board = game.state.board.model_copy(update={"glyphs": {"house": "H", "open": "o"}})
    model = MapModel(board, registry.get("dhr").terrain)
    glyphs = {g.terrain: g.glyph for row in model.ground for g in row}
    assert glyphs["house"] == "#" and glyphs["open"] == "."
