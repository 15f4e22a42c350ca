"""Computer sides in a person's game: who acts when, and undo back to the person's own decision."""

from __future__ import annotations

import random

from rules.ai.autoplay import Autopilot
from rules.service import GameService
from tests.conftest import toy_setup


def test_the_computer_acts_only_on_its_own_decisions_and_undo_returns_to_the_person():
    game = GameService.new(toy_setup(max_turns=6), seed=2)
    pilot = Autopilot.computers(game, ["b"], rng=random.Random(1))
    assert not pilot.watching
    assert game.decision().side == "a" and pilot.due() is None
    assert pilot.think() is None
    mine = game.legal_actions("a")[0]
    assert game.seat("a").apply(mine).ok
    played = 0
    while pilot.due() is not None:
        side, _ = pilot.due()
        assert side == "b"
        action = pilot.think()
        assert action is not None and action.side == "b"
        assert pilot.play(action).ok
        played += 1
    assert played >= 1 and game.decision().side == "a"
    assert pilot.undo_to_person() == played + 1
    assert game.history == [] and game.decision().side == "a"


class LetsItGo:
    name = "lets-it-go"
    asked = 0

    def react(self, seat):
        self.asked += 1
        return None


def test_a_computer_that_lets_a_reaction_go_is_not_asked_again_in_the_same_position():
    from tests.rules.test_conformance import setup_for

    game = GameService.new(setup_for("quad"), seed=4)
    rng = random.Random(4)
    while not game.decision().reactors:
        assert game.apply(rng.choice(game.legal_actions())).ok
    reactor = game.decision().reactors[0]
    player = LetsItGo()
    pilot = Autopilot(game, {reactor: player})
    assert pilot.due() == (reactor, "react")
    assert pilot.think() is None and player.asked == 1
    assert pilot.due() is None, "asked again in the same position"
