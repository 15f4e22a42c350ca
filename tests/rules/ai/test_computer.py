"""The computer decides from its seat alone, fairly, and plays every rule set's game to its end."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.ai import Computer, GreedyPlayer, RandomPlayer
from rules.ai.match import play_game, seeded_players
from rules.service import GameService
from tests.rules.test_conformance import actors, setup_for
from tests.rules.test_secrecy import twin_with_secrets_changed

RULESETS = [e.id for e in registry.entries()]


class SeatOnly:
    """A seat with nothing but what a player may use: reading `service` or `state` fails the test."""

    def __init__(self, seat) -> None:
        self._seat = seat
        self.side = seat.side
        self.ruleset = seat.ruleset

    def view(self):
        return self._seat.view()

    def legal_actions(self):
        return self._seat.legal_actions()

    def preview(self, action):
        return self._seat.preview(action)

    def decision(self):
        return self._seat.decision()

    def events(self, since: int = 0):
        return self._seat.events(since)


def positions(ruleset_id: str, games: int = 2, steps: int = 30):
    """Games at points of seeded random play, for every side that must decide there."""
    setup = setup_for(ruleset_id)
    for g in range(games):
        rng = random.Random(f"ai-fair:{ruleset_id}:{g}")
        game = GameService.new(setup, seed=rng.randrange(2**31))
        for step in range(steps):
            if game.result is not None:
                break
            if step % 6 == 5:
                yield game, rng
            side = rng.choice(actors(game))
            legal = game.legal_actions(side)
            if legal:
                assert game.apply(rng.choice(legal)).ok


@pytest.mark.parametrize("search", [{}, {"rollouts": 2}], ids=["look-ahead", "rollouts"])
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_same_decision_whatever_the_computer_may_not_know(ruleset_id, search):
    """Normal's look-ahead and hard's rollouts (rules/ai/rollout.py) alike decide from the seat only."""
    checked = 0
    for game, rng in positions(ruleset_id):
        side = game.decision().side
        if len(game.legal_actions(side)) < 2:
            continue
        ai_seed = rng.randrange(2**32)
        mine = Computer(random.Random(ai_seed), extra_tries=8, **search).choose(SeatOnly(game.seat(side)))
        for _ in range(2):
            twin = twin_with_secrets_changed(game, side, rng)
            theirs = Computer(random.Random(ai_seed), extra_tries=8, **search).choose(SeatOnly(twin.seat(side)))
            assert theirs == mine, f"{ruleset_id}: the computer's choice depends on what {side} may not know"
        checked += 1
    assert checked >= 2


def test_the_computer_uses_its_own_randomness_not_the_games_dice():
    """Same game, same view, another seed of the dice to come: the same choice for the same AI seed."""
    game = GameService.new(setup_for("toy"), seed=3)
    twin = GameService.new(setup_for("toy"), seed=4)
    twin.state = game.state.model_copy(deep=True)
    twin.state.seed = 99
    side = game.decision().side
    a = Computer(random.Random(7)).choose(SeatOnly(game.seat(side)))
    b = Computer(random.Random(7)).choose(SeatOnly(twin.seat(side)))
    assert a == b


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_computer_plays_a_whole_game_without_a_refused_action(ruleset_id):
    setup = setup_for(ruleset_id)
    kinds = {s.id: "computer" for s in setup.sides}
    kinds[setup.sides[-1].id] = "random"
    played = play_game(setup, 11, seeded_players(kinds, 11))  # raises RefusedAction on a refusal
    assert played.reason and played.actions > 0
    assert played.actions < 4000, "the game did not end"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_yardstick_players_play_only_legal_actions(ruleset_id):
    setup = setup_for(ruleset_id)
    sides = [s.id for s in setup.sides]
    players = {sides[0]: GreedyPlayer(random.Random(1)), sides[1]: RandomPlayer(random.Random(2))}
    played = play_game(setup, 5, players, max_actions=150)
    assert played.actions > 0


def test_the_computer_takes_a_sure_kill_over_standing_still():
    """Toy: an enemy of strength 1 next to our unit; attacking can win the game, a move cannot."""
    from tests.conftest import toy_setup
    from rules.core import UnitSetup
    from rules.hexgrid import from_offset

    setup = toy_setup()
    setup.units = [
        UnitSetup(id="a1", side="a", name="Alpha", at=from_offset(2, 2)),
        UnitSetup(id="b1", side="b", name="Xray", at=from_offset(3, 2), stats={"strength": 1}),
    ]
    game = GameService.new(setup, seed=1)
    choice = Computer(random.Random(1)).choose(game.seat("a"))
    assert choice.kind == "attack" and choice.target == "b1"
