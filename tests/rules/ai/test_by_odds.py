"""An attack read by its exact odds (rules/ai/rollout.py `by_odds`) counts DHR's casualties races by them too (stop 45)."""

from __future__ import annotations

import random

import pytest

from rules.ai.decisive import aims_at_unit
from rules.ai.levels import computer_for
from rules.ai.rollout import by_odds
from rules.ai.simulate import attempt
from rules.service import GameService
from saves.scenarios import load_scenario


def _readings(races: bool) -> list[float]:
    """Hedgerow, the first fire the rules allow (walking by the first legal action): its worth to the side it aims at,
    read by its odds after each of twelve throws."""
    game = GameService.new(load_scenario("hedgerow", ruleset="dhr"), seed=1)
    while True:
        side = game.decision().side
        shots = [a for a in game.legal_actions(side) if aims_at_unit(game.ruleset, a)]
        if shots:
            break
        game.seat(side).apply(game.legal_actions(side)[0])
    seat, shot = game.seat(side), shots[0]
    normal = computer_for("normal", random.Random(1))
    normal.exact_races = races
    ev, (world, *_) = normal._setup(seat)
    target = next(s for s in world.side_ids() if s != side)
    out = []
    for seed in range(12):
        thrown = attempt(game.ruleset, world, shot, random.Random(seed)).state
        out.append(by_odds(normal, game.ruleset, ev, world, thrown, shot, target, ev.score(thrown, target),
                           ev.hints.outcome_value)[0])
    return out


def test_a_fire_reads_alike_whatever_its_throw_when_the_races_are_read_by_the_odds():
    """A figure's share of hedgerow's races is worth two or three times its material: with the material alone
    replaced by the odds, the race stayed the throw's and the readings of one fire differed by 1.7 (the
    luckiest of the other side's attacks was still the one the look-ahead met)."""
    exact = _readings(True)
    assert exact == pytest.approx([exact[0]] * len(exact))
    assert max(_readings(False)) - min(_readings(False)) > 1.0  # hard's reading (exact_races False), as before
