"""The computer's levels: a level is a search budget; the same seed gives the same choice at a level."""

from __future__ import annotations

import random

import pytest

from rules.ai.autoplay import Autopilot
from rules.ai.levels import BUDGETS, LEVELS, computer_for
from rules.ai.players import make_player
from tests.rules.ai.test_quad_cards import _activation


def test_the_levels_search_more_from_easy_to_hard():
    easy, normal, hard = (computer_for(level, random.Random(1)) for level in LEVELS)
    assert easy.budget < normal.budget < hard.budget
    assert easy.worlds < normal.worlds < hard.worlds
    assert easy.finalists < normal.finalists < hard.finalists
    assert computer_for(None, random.Random(1)).level == "normal"


def test_a_level_spends_its_budget_on_a_real_decision():
    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    spent = {}
    for level in LEVELS:
        player = computer_for(level, random.Random(7))
        player.choose(game.seat(me))
        spent[level] = player._spent
    assert spent["easy"] < spent["normal"] < spent["hard"], spent
    assert spent["hard"] <= BUDGETS["hard"]["budget"] * 1.2


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choice_at_a_level(level):
    game, me, _ = _activation()
    game.state.passes = 1  # the other side just released without playing: a search, not the opening's release
    first = computer_for(level, random.Random(3)).choose(game.seat(me))
    again = computer_for(level, random.Random(3)).choose(game.seat(me))
    assert first == again


def test_a_level_by_name_and_a_wrong_name():
    assert make_player("computer:hard", random.Random(1)).level == "hard"
    assert make_player("computer", random.Random(1)).level == "normal"
    with pytest.raises(ValueError, match="easy, normal, hard"):
        computer_for("brutal", random.Random(1))
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_player("computer:brutal", random.Random(1))


def test_the_autopilot_makes_each_side_at_its_level():
    game, me, other = _activation()
    pilot = Autopilot.computers(game, [me, other], {me: "Hard"}, rng=random.Random(1))
    assert pilot.players[me].level == "hard" and pilot.players[other].level == "normal"
