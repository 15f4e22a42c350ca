"""The rules' exact odds steady the computer's own dice: a try's material change gives way to the preview's
exact expectation (rules/ai/odds.py)."""

from __future__ import annotations

import random
import statistics

from rules.ai import Computer
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.match import seeded_players
from rules.ai.odds import ExactOdds
from rules.ai.simulate import attempt
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.ai.test_computer import SeatOnly


def _fire_position():
    """DHR farm between two computers, at the first decision that may fire with more than one outcome."""
    setup = load_scenario("farm", ruleset="dhr")
    game = GameService.new(setup, seed=1)
    players = seeded_players({s.id: "computer" for s in setup.sides}, 1)
    while game.result is None and len(game.history) < 60:
        side = game.decision().side
        seat = game.seat(side)
        fire = [a for a in seat.legal_actions() if a.kind == "fire" and (p := seat.preview(a)) and len(p.outcomes) > 1]
        if fire and not game.decision().reactors:
            return game, seat, fire
        action = players[side].choose(seat)
        assert seat.apply(action).ok
    raise AssertionError("no fire in the first 60 actions")


def test_the_exact_worth_steadies_the_tries_of_a_fire():
    game, seat, fire = _fire_position()
    ev = Evaluator(hints_for(seat.ruleset), seat.ruleset)
    view = seat.view()
    odds = ExactOdds(seat, ev, seat.side)
    exact = odds.exact(0, fire[0])
    assert exact is not None and exact > 0
    rng = random.Random(4)
    raw, steady = [], []
    for _ in range(60):
        after = attempt(seat.ruleset, view, fire[0], rng).state
        raw.append(ev.score(after, seat.side))
        steady.append(raw[-1] - odds.change(view, after) + exact)
    assert statistics.pstdev(steady) < 0.5 * statistics.pstdev(raw)
    assert abs(statistics.mean(steady) - statistics.mean(raw)) < 0.5 * statistics.pstdev(raw)


def test_the_computer_reads_the_previews_of_the_actions_that_roll():
    game, seat, _ = _fire_position()

    class Counting(SeatOnly):
        previews = 0

        def preview(self, action):
            Counting.previews += 1
            return super().preview(action)

    Computer(random.Random(2)).choose(Counting(seat))
    assert Counting.previews > 0
