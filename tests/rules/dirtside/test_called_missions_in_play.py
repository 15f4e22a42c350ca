"""Random play found a battery with a called mission offered its forced `bombard` and `cancel`, then refused
them ("has already activated this turn"): it had spent its activation on opportunity fire, or was assaulted
after the call. Its next activation fires the mission (§9.3): a battery with a mission does not opportunity-fire,
and a mission is forced only while its battery can still activate this turn."""

from __future__ import annotations

import random

import pytest

from rules.service import GameService
from saves.scenarios import load_scenario


@pytest.mark.parametrize("game", [22, 80])  # the two games of the search that stalled
def test_every_legal_action_of_a_random_game_is_accepted(game):
    rng = random.Random(game)
    service = GameService.new(load_scenario("teaching", "dirtside"), seed=3 + game)
    for _ in range(300):
        if service.result is not None:
            break
        side = service.decision().side
        legal = service.legal_actions(side)
        if not legal:
            break
        action = rng.choice(legal)
        result = service.apply(action)
        assert result.ok, f"{action.text()} was offered, then refused: {result}"
