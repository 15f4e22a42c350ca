"""Secrets stay secret: over every registered rule set, in random legal play.

At points of seeded random play, for each side, everything that side may not
know is changed (the rule set's `hidden_from`: another side's hand, a deck's
order, which blinds are dummies) and so is the seed of the dice not yet rolled.
Everything the side's seat answers must stay the same: its view, the decision,
its legal actions with their words, previews and checks, the unit cards and
roster lines, the events it has seen, whether it may undo.

And a seat's legal actions, computed from its view alone, are exactly the legal
actions the full state gives that side: a view keeps all a side needs to play.
Every field declared secret from a side reads UNKNOWN in its view, never a
plausible value, and none of its own does (issue 28 item 3).
"""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.seat import Seat
from rules.service import GameService
from rules.unknown import UNKNOWN, holds_unknown
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


def hidden_and_own(ruleset_id: str, view, viewer: str) -> tuple[list, list]:
    """('Model.field', value, each) of the fields declared secret from `viewer`, and of those declared its own,
    in its view (its rule set's secrecy.py; none for a rule set without one, the test's toy)."""
    from rules.secrecy import NOBODY, declaration_of
    from tests.rules.test_field_secrecy import _secret_spots

    try:
        declared = declaration_of(registry.get(ruleset_id)).fields
    except ModuleNotFoundError:
        return [], []
    spots: list = []
    _secret_spots(ruleset_id, view, None, set(view.side_ids()), spots)
    hidden, own = [], []
    for node, name, owner in spots:
        secret = declared[type(node).__name__][name]
        mine = owner == viewer and secret.who != NOBODY
        (own if mine else hidden).append((f"{type(node).__name__}.{name}", getattr(node, name), secret.each))
    return hidden, own


def is_unknown(value, each: bool) -> bool:
    """UNKNOWN, or for a list whose length is seen (`each`) a list of UNKNOWN only."""
    return all(v is UNKNOWN for v in value) if each else value is UNKNOWN


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
        assert seat.view().seed is UNKNOWN, "a view carries the seed"
        hidden, own = hidden_and_own(game.ruleset.id, seat.view(), side)
        for name, value, each in hidden:
            assert is_unknown(value, each), f"{game.ruleset.id}: {side} reads {name} = {value!r}, not UNKNOWN"
        for name, value, _ in own:
            assert not holds_unknown(value), f"{game.ruleset.id}: {side}'s own {name} is UNKNOWN in its view"
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
    assert referee.view().seed is UNKNOWN and game.state.seed == 5
    assert set(game.seat("a").view().secret) == {"a"}


# --- what can be counted --------------------------------------------------------------------------------
#
# A side must not be able to count what another side hides. Hundred Wars: two games whose only difference
# is how many dummies, or how many units under its blinds, a side has give the other side the same answers
# (views, words, previews, events) until the blind that differs is revealed. The other rule sets hide no
# count of units: QUAD's hand sizes and Dirtside's chit pool are public by their rules.

COUNT_STEPS = 160


def _hw_game(seed: int) -> GameService:
    from saves.scenarios import load_scenario

    return GameService.new(load_scenario("first-blinds", "hundred_wars"), seed=seed)


def _extra_unit(state, like: str, uid: str):
    """A copy of unit `like` under the id `uid`, not on the table: one more unit of the same Move."""
    u = state.units[like].model_copy(deep=True)
    u.id, u.name, u.at = uid, u.name + " (reserve)", None
    return u


def one_dummy_fewer(game: GameService, side: str) -> tuple[GameService, str]:
    """The same game but one of `side`'s dummies hides a unit (a copy of its slowest unit without Orders)."""
    state = game.initial.model_copy(deep=True)
    dummy = next(b for b in sorted(state.units.values(), key=lambda u: u.id) if b.side == side and b.dummy)
    slowest_first = sorted(state.units.values(), key=lambda u: (max((m.factor for m in u.stats.move), default=0), u.id))
    like = next(u.id for u in slowest_first if u.side == side and not u.blind and not u.stats.orders and u.stats.move)
    # (a Move other than the dummies' default 10 cm: only imitating it hides the dummy)
    state.units["extra"] = _extra_unit(state, like, "extra")
    dummy.contents, dummy.dummy = ["extra"], False
    return GameService(game.ruleset, state, setup=game.setup), dummy.id


def one_hidden_unit_more(game: GameService, side: str) -> tuple[GameService, str]:
    """The same game but one of `side`'s real blinds hides one unit more (a copy of one of its own)."""
    state = game.initial.model_copy(deep=True)
    blind = next(b for b in sorted(state.units.values(), key=lambda u: u.id)
                 if b.side == side and b.blind and b.contents and not any(state.units[i].stats.orders for i in b.contents))
    state.units["extra"] = _extra_unit(state, blind.contents[0], "extra")
    blind.contents.append("extra")
    return GameService(game.ruleset, state, setup=game.setup), blind.id


def played_alike(action, game: GameService, twin: GameService, blind: str):
    """`action` of `game` and the twin's action that looks the same to the other sides (None: the twin has
    none). The differing blind, a dummy here, is placed imitating the Move its twin's real group rolls."""
    from rules.rulesets.hundred_wars.moving import move_factor

    if action.kind == "blind" and action.unit == blind and game.state.units[blind].dummy:
        action = action.model_copy(update={"move": move_factor(twin.state, twin.state.units[blind])})
        there = action.model_copy(update={"move": None})
    else:
        there = action
    legal = {a.text() for a in twin.legal_actions(action.side)}
    return (action, there) if there.text() in legal else None


@pytest.mark.parametrize("make_twin", [one_dummy_fewer, one_hidden_unit_more])
def test_a_side_cannot_count_the_others_dummies_or_hidden_units(make_twin):
    for g in range(3):
        rng = random.Random(f"count:{make_twin.__name__}:{g}")
        game = _hw_game(seed=rng.randrange(2**31))
        hider = "red"
        twin, differing = make_twin(game, hider)
        watcher = "blue"
        checked = 0
        for _ in range(COUNT_STEPS):
            if game.result is not None or game.state.units[differing].eliminated:
                break  # the blind that differs is revealed: now everyone may see the difference
            seed = rng.randrange(2**32)
            mine, theirs = answers(game.seat(watcher), random.Random(seed)), answers(twin.seat(watcher), random.Random(seed))
            for key in mine:
                assert mine[key] == theirs[key], (
                    f"{watcher}'s seat answers '{key}' differently when only how many dummies or hidden units "
                    f"{hider} has differs (after {len(game.history)} actions)")
            checked += 1
            side = rng.choice(actors(game))
            legal = [a for a in game.legal_actions(side) if a.kind != "agree_end"]
            pair = played_alike(rng.choice(legal), game, twin, differing) if legal else None
            if pair is None:
                continue  # only the hider can do this here (its hidden units' own choices): not played
            assert game.apply(pair[0]).ok and twin.apply(pair[1]).ok
        assert checked > 20, "the games ended too soon to count anything"
