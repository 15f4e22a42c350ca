"""An end of a unit's activation is its last word for now, not a put-off (rules/ai/idle.py `acts_again`)."""

from __future__ import annotations

import random

from rules.ai.idle import acts_again
from rules.ai.levels import computer_for
from rules.ai.simulate import attempt
from rules.service import GameService
from saves.scenarios import load_scenario


def _jefe_on_the_roof():
    """Skirmish village, seed 3015, turn 1: El Jefe, on the tower roof the cartel must keep the Rangers off, has
    sprayed the Rangers' line. Every way down from the roof but the ladder is a jump (a falling save: downed on a
    failure); his side gains nothing by any of them."""
    game = GameService.new(load_scenario("village", ruleset="skirmish"), seed=3015)
    for side, words in (("rangers", "Leaders roll off"), ("cartel", "Activate El Jefe"),
                        ("cartel", "El Jefe sprays the area at 12,12")):
        seat = game.seat(side)
        action = next(a for a in seat.legal_actions() if seat.describe(a).startswith(words))
        assert seat.apply(action).ok
    seat = game.seat("cartel")
    assert any("jump down" in seat.describe(a) for a in seat.legal_actions())
    return seat


def test_a_leader_holding_the_roof_ends_his_activation_rather_than_jump_off_it():
    """Before, an end that left the cartel to decide again was read as a put-off and capped below El Jefe's best
    other action: every normal computer below jumped off the roof (it lost him in the games the cartel lost to the
    easy computer, seeds 3009, 3011, 3015)."""
    seat = _jefe_on_the_roof()
    for k in range(4):
        action = computer_for("normal", random.Random(k)).choose(seat)
        assert seat.describe(action) == "El Jefe ends its activation", k


def test_a_pivot_is_still_a_put_off_and_an_end_is_not():
    """A pivot leaves El Jefe his activation, so it stays idle (held below his best other action: the computer
    does not pivot on the spot in place of acting); after his end he has no choice left."""
    seat = _jefe_on_the_roof()
    computer, ruleset, view = computer_for("normal", random.Random(0)), seat.ruleset, seat.view()
    pivot = next(a for a in seat.legal_actions() if "pivots" in seat.describe(a))
    end = next(a for a in seat.legal_actions() if seat.describe(a).endswith("ends its activation"))
    assert acts_again(computer, ruleset, attempt(ruleset, view, pivot, random.Random(0)).state, pivot, "cartel")
    assert not acts_again(computer, ruleset, attempt(ruleset, view, end, random.Random(0)).state, end, "cartel")
