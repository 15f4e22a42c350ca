"""Whole games through `GameService` with seeded dice: a simple policy plays the bundled scenarios to their end."""

from __future__ import annotations

import pytest

from rules.events import Changed, Eliminated
from rules.rulesets.skirmish.actions import (
    Activate, Charge, EndActivation, Move, OverwatchFire, Overwatch, PushBack, RollOff, Shoot,
)
from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario


def policy(game: GameService, side: str):
    """Fire whenever possible (overwatch too), charge when close, else move towards the nearest enemy."""
    actions = game.legal_actions(side)
    state = game.state
    for kind in (RollOff, OverwatchFire, PushBack):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[-1]
    if state.acting is None:
        return next(a for a in actions if isinstance(a, Activate))
    if len(game.history) % 4 == 0 and any(isinstance(a, Overwatch) for a in actions):
        return next(a for a in actions if isinstance(a, Overwatch))  # now and then reserve the fire
    shots = [a for a in actions if isinstance(a, Shoot) and a.aim == "none"]
    if shots:
        return max(shots, key=lambda a: (a.shots, -state.units[a.unit].at.distance(a.at)))
    charges = [a for a in actions if isinstance(a, Charge)]
    if charges:
        return charges[0]
    u = state.units[state.acting.unit]
    if state.acting.moves >= 1 and any(isinstance(a, Overwatch) for a in actions):
        return next(a for a in actions if isinstance(a, Overwatch))
    enemies = [e.at for e in state.enemies(side)]
    moves = [a for a in actions if isinstance(a, Move)]
    if moves and enemies:
        here = min(e.distance(u.at) for e in enemies)
        best = min(moves, key=lambda a: (min(e.distance(a.path[-1]) for e in enemies), len(a.path)))
        if min(e.distance(best.path[-1]) for e in enemies) < here:
            return best
    if any(isinstance(a, Overwatch) for a in actions):
        return next(a for a in actions if isinstance(a, Overwatch))
    return next(a for a in actions if isinstance(a, EndActivation))


def play_out(name: str, seed: int, limit: int = 4000) -> GameService:
    game = GameService.new(load_scenario(name, ruleset="skirmish"), seed=seed)
    for _ in range(limit):
        if game.result is not None:
            break
        side = game.decision().side
        done = game.apply(policy(game, side))
        assert done.ok, done.reason
    return game


def test_the_bundled_scenarios_load_with_their_sizes():
    infos = {i.name: i for i in list_scenarios("skirmish")}
    assert infos["teaching"].teaching and not infos["teaching"].error
    assert not infos["village"].error
    # The text: "4-12 models or so per side"; the village's rangers are seven since its rebalancing (docs/balance.md).
    for name, low, high in (("teaching", 3, 4), ("village", 7, 12)):
        s = load_scenario(name, ruleset="skirmish")
        for side in s.sides:
            assert low <= sum(1 for u in s.units if u.side == side.id) <= high


def test_a_teaching_game_is_played_to_its_end_with_overwatch_and_a_downed_model():
    game = play_out("teaching", seed=7)
    assert game.result is not None
    events = game.events
    assert any(isinstance(e, Changed) and e.field == "downed" and e.after is True for e in events)
    assert any("fires on overwatch" in e.text() for e in events)
    assert any(isinstance(e, Eliminated) for e in events)
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state


@pytest.mark.slow
def test_a_village_game_is_played_to_its_end():
    game = play_out("village", seed=3)
    assert game.result is not None and game.result.turn <= 8


def test_the_referees_view_is_the_state_and_the_service_copies_it():
    """As in every rule set: the rule set's view for the referee is the state itself (a replay step reads the words
    of an action from it: a deep copy there was a third of a step back), and the service's copy is still a copy."""
    game = GameService.new(load_scenario("village", "skirmish"), seed=3)
    state = game.state
    assert game.ruleset.view(state, None) is state
    seen = game.view_for(None)
    assert seen is not state and seen.units == state.units
    seen.units[next(iter(seen.units))].at = None
    assert all(u.at is not None for u in state.units.values())
