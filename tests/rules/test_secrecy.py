"""Secrets stay secret: over every registered rule set, in random legal play.

At points of seeded random play, for each side, everything that side may not
know is changed (the rule set's `hidden_from`: another side's hand, a deck's
order, which blinds are dummies) and so is the seed of the dice not yet rolled.
Everything the side's seat answers must stay the same: its view, the decision,
its legal actions with their words, previews and checks, the unit cards and
roster lines, the events it has seen, whether it may undo.

And a seat's legal actions, computed from its view alone, are exactly the legal
actions the full state gives that side: a view keeps all a side needs to play.
"""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.seat import Seat
from rules.service import GameService
from tests.rules.test_conformance import actors, setup_for

GAMES = 3
STEPS = 40
ACTIONS_CHECKED = 24
"""Legal actions whose words, preview and check are compared at each point (a sample)."""


def answers(seat: Seat, rng: random.Random) -> dict:
    """Everything `seat` answers now, as plain data. `rng` picks the sample of actions."""
    view = seat.view()
    side = seat.side
    legal = seat.legal_actions()
    sample = legal if len(legal) <= ACTIONS_CHECKED else rng.sample(legal, ACTIONS_CHECKED)
    preview = {}
    for a in sample:
        p = seat.preview(a)
        preview[a.text()] = None if p is None else p.model_dump(mode="json")
    return {
        "view": view.model_dump(mode="json"),
        "decision": seat.decision().model_dump(mode="json"),
        "legal": [a.text() for a in legal],
        "describe": {a.text(): seat.describe(a) for a in sample},
        "preview": preview,
        "check": {a.text(): seat.check(a) for a in sample},
        "cards": {uid: seat.unit_card(uid) for uid in sorted(view.units)},
        "marks": {uid: seat.unit_marks(uid) for uid in sorted(view.units)},
        "sides": {s: seat.side_lines(s) for s in view.side_ids()},
        "hex marks": [m.model_dump(mode="json") for m in seat.hex_marks()],
        "objectives": seat.objectives(),
        "events": [e.model_dump(mode="json") for e in seat.events()],
        "undo": seat.why_no_undo(),
        "side": side,
    }


def twin_with_secrets_changed(game: GameService, side: str, rng: random.Random) -> GameService:
    """The same game (same log and events) with only what `side` may not know changed."""
    twin = GameService(game.ruleset, game.initial, setup=game.setup)
    twin.state = game.ruleset.hidden_from(game.state, side, rng)
    twin.state.seed = game.state.seed + 1 + rng.randrange(10**6)
    twin.history = game.history
    return twin


def check_point(game: GameService, rng: random.Random) -> None:
    for side in game.state.side_ids():
        seat = game.seat(side)
        assert seat.view().seed == 0, "a view carries the seed"
        state_before = game.state.model_copy(deep=True)
        seed = rng.randrange(2**32)
        mine = answers(seat, random.Random(seed))
        twin = twin_with_secrets_changed(game, side, rng)
        theirs = answers(twin.seat(side), random.Random(seed))
        for key in mine:
            assert mine[key] == theirs[key], (
                f"{game.ruleset.id}: {side}'s seat answers '{key}' differently when only what it "
                f"may not know changes (after {len(game.history)} actions)"
            )
        assert game.state == state_before, "asking a seat changed the game"
        # From the view alone, the same legal actions as the full state gives.
        truth = sorted(a.text() for a in game.legal_actions(side))
        assert sorted(mine["legal"]) == truth, f"{game.ruleset.id}: {side}'s view loses what it needs to play"


@pytest.mark.parametrize("ruleset_id", [e.id for e in registry.entries()])
def test_a_seat_answers_the_same_whatever_it_may_not_know(ruleset_id):
    setup = setup_for(ruleset_id)
    for g in range(GAMES):
        rng = random.Random(f"secrecy:{ruleset_id}:{g}")
        game = GameService.new(setup, seed=rng.randrange(2**31))
        check_point(game, rng)
        for _ in range(STEPS):
            if game.result is not None:
                break
            side = rng.choice(actors(game))
            legal = game.legal_actions(side)
            if not legal:
                continue
            assert game.apply(rng.choice(legal)).ok
            check_point(game, rng)


@pytest.mark.parametrize("ruleset_id", [e.id for e in registry.entries()])
def test_a_seat_sees_no_event_meant_for_another_side(ruleset_id):
    setup = setup_for(ruleset_id)
    rng = random.Random(f"events:{ruleset_id}")
    game = GameService.new(setup, seed=rng.randrange(2**31))
    for _ in range(STEPS):
        if game.result is not None:
            break
        side = rng.choice(actors(game))
        legal = game.legal_actions(side)
        if legal:
            game.apply(rng.choice(legal))
    for side in game.state.side_ids():
        for event in game.seat(side).events():
            assert event.seen_by is None or side in event.seen_by or game.result is not None


def test_a_seat_acts_only_for_its_own_side():
    from tests.conftest import toy_setup

    game = GameService.new(toy_setup(), seed=1)
    deciding = game.decision().side
    other = next(s for s in game.state.side_ids() if s != deciding)
    action = game.legal_actions(deciding)[0]
    done = game.seat(other).apply(action)
    assert not done.ok and "this seat plays" in done.reason
    assert game.history == []
    assert game.seat(deciding).apply(action).ok


def test_the_referee_sees_everything_but_the_seed():
    from tests.conftest import toy_setup

    game = GameService.new(toy_setup(), seed=5)
    referee = game.seat(None)
    assert set(referee.view().secret) == set(game.state.secret)
    assert referee.view().seed == 0 and game.state.seed == 5
    assert set(game.seat("a").view().secret) == {"a"}
