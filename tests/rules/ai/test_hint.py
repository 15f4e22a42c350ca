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


def _follow_hints(make_hint, seed: int, person: str) -> list[str]:
    """DHR field's first turn with the person doing what every hint says, the computer the other side: the
    moves that stepped a unit back (tests/rules/ai/test_dithering.py)."""
    from rules.ai.match import seeded_players
    from tests.rules.ai.test_dithering import dhr_field_step_backs

    computer = seeded_players({"york": "computer:normal", "lancaster": "computer:normal"}, seed)
    rng = random.Random(seed)

    def choose(side, seat):
        return make_hint(seat, random.Random(rng.random())).action if side == person else computer[side].choose(seat)

    return dhr_field_step_backs(seed, choose)


def test_following_the_hints_never_leads_a_unit_back_and_forth():
    """DHR field, seed 9101: a person doing what each hint said took the Lancastrian billmen from 7,8 to 8,8
    and back, twice, in their first activation, a terrain check each step (a fresh computer for each hint knew
    nothing of where the unit had stood). A `Hinter` remembers, for the turn, where the hinted side's units
    stood."""
    from rules.ai.hint import Hinter

    assert _follow_hints(hint, 9101, "lancaster"), "the case this guards: without the memory the hints step back"
    assert _follow_hints(Hinter().hint, 9101, "lancaster") == []
