"""DHR's evaluation weighs who stands in whose sights (rules/rulesets/dhr/ai_fire.py)."""

from __future__ import annotations

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.hexgrid import Hex
from rules.rulesets.dhr.terrain import hex_dv
from rules.service import GameService
from saves.scenarios import load_scenario


def _farm_with_first_squad_at(h: Hex):
    game = GameService.new(load_scenario("farm", ruleset="dhr"), seed=1)
    ev = Evaluator(hints_for(game.ruleset), game.ruleset)
    ev.now = 1
    state = game.state.model_copy(deep=True)
    state.units["us1"].at = h
    return ev, state


def test_a_squad_in_the_woods_beats_one_a_hex_nearer_in_the_open_under_the_farmhouses_guns():
    """Three hexes from the Grenadiers in the open, the 1st Squad is their best target (nine rifles and an MG-34,
    no save); in the woods a hex further back, half their hits are saved. The old reading gave the open hex six
    points more (a hex nearer the farmhouse), the cover 0.8: the squads stood in the open and were shot away."""
    open_hex, woods = Hex(3, 5), Hex(2, 7)
    ev, in_open = _farm_with_first_squad_at(open_hex)
    _, in_woods = _farm_with_first_squad_at(woods)
    assert hex_dv(in_open.board, open_hex) == 0 and hex_dv(in_open.board, woods) == 3
    assert ev.score(in_woods, "us") > ev.score(in_open, "us") + 2.0
    assert ev.score(in_woods, "de") < ev.score(in_open, "de") - 2.0

