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


def test_a_mission_whose_mortar_team_is_lost_is_not_forced():
    """The bench (teaching, seed 5006, the random player's rebels): the Village Guard's mortar team called a
    harassing mission and was killed before it fired; the Guard's next activation was offered only the forced
    `bombard`, then refused it ("Village Guard has no gun left to fire"). The mission is lost [R]."""
    from rules.rulesets.dirtside.legal import forced_missions, start_actions
    from rules.rulesets.dirtside.state import Mission

    state = GameService.new(load_scenario("teaching", "dirtside"), seed=5006).state
    guard = state.units["r1"]
    state.missions.append(Mission(side="rebels", battery="r1", at=state.units["f2"].at, munition="harass",
                                  sheaf="open", called_turn=1, observer="r1"))
    assert forced_missions(state, "rebels")  # while the mortar team lives the mission is forced
    next(e for e in guard.stats.elements if e.team == "mortar").lost = True
    assert forced_missions(state, "rebels") == []
    actions = start_actions(state, "rebels")  # what the rebels are offered when their go comes
    assert not [a for a in actions if a.kind == "bombard"]
    assert [a for a in actions if a.unit_id == "r1" and a.kind == "move"], "the Guard activates as it likes"
