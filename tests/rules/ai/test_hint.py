"""The hint decides from the person's own seat: what that side may not know never changes it."""

from __future__ import annotations

import random

from rules.ai.hint import hint
from tests.rules.ai.test_computer import SeatOnly
from tests.rules.ai.test_quad_cards import _activation
from tests.rules.test_secrecy import twin_with_secrets_changed


class PersonsSeat(SeatOnly):
    """What a hint may use: the player's calls, the result and the seat's own words."""

    @property
    def result(self):
        return self._seat.result

    def describe(self, action):
        return self._seat.describe(action)


def test_the_hint_is_the_same_whatever_the_person_may_not_know():
    game, me, _ = _activation()
    game.state.passes = 1  # a search, not the opening's release
    mine = hint(PersonsSeat(game.seat(me)), random.Random(4))
    assert mine is not None and mine.action in game.legal_actions(me)
    rng = random.Random(8)
    for _ in range(2):
        twin = twin_with_secrets_changed(game, me, rng)
        theirs = hint(PersonsSeat(twin.seat(me)), random.Random(4))
        assert theirs.text() == mine.text()


def test_no_hint_when_it_is_not_the_sides_decision():
    game, me, other = _activation()
    assert hint(game.seat(other), random.Random(1)) is None
