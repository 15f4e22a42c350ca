"""The bundled QUAD scenarios load through `saves` and play to the end with seeded dice."""

from __future__ import annotations

import pytest


from saves.scenarios import list_scenarios, load_scenario  # noqa: E402

from rules.rulesets.quad import RULESET  # noqa: E402
from rules.service import GameService  # noqa: E402
from tests.rules.quad.test_game import policy  # noqa: E402

NAMES = ("teaching", "river-battle")


def test_both_scenarios_are_listed_and_the_teaching_one_comes_first():
    infos = list_scenarios("quad")
    assert [i.name for i in infos][:2] == ["teaching", "river-battle"]
    assert all(not i.error for i in infos)


@pytest.mark.parametrize("name,per_side", [("teaching", (3, 4)), ("river-battle", (8, 12))])
def test_each_scenario_has_the_promised_size_on_passable_hexes(name, per_side):
    setup = load_scenario(name, ruleset="quad")
    state = RULESET.setup(setup, 0, {})
    for side in state.side_ids():
        n = len(state.units_of(side))
        assert per_side[0] <= n <= per_side[1]
    assert setup.victory
    terrains = set(setup.board.terrain)
    assert {"open", "forest", "river", "fortified"} <= terrains
    assert any(setup.board.elevation)


@pytest.mark.parametrize("name", NAMES)
def test_each_scenario_plays_to_a_result(name):
    game = GameService.new(load_scenario(name, ruleset="quad"), seed=11)
    for _ in range(4000):
        if game.result is not None:
            break
        d = game.decision()
        action = next((a for r in d.reactors if (a := policy(game, r))), None) or policy(game, d.side)
        assert game.apply(action).ok
    assert game.result is not None
    assert game.result.reason
