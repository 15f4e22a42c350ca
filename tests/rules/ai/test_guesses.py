"""The computer guesses what its side cannot see from its view alone: Hundred Wars' blinds (real or dummy,
and what they hold) and Dirtside's secrets (cruise missiles' real target chits and warheads, unit leaders)."""

from __future__ import annotations

import random

from rules.ai import Computer
from rules.rulesets.dirtside import ai_hints as ds_hints
from rules.rulesets.hundred_wars import ai_hints as hw_hints
from rules.hexgrid import Hex
from rules.rulesets.dirtside.state import Flight
from rules.service import GameService
from rules.unknown import UNKNOWN
from saves.scenarios import load_scenario
from tests.rules.ai.test_computer import SeatOnly
from tests.rules.test_secrecy import twin_with_secrets_changed


def _hw_game(seed: int = 5) -> tuple[GameService, str, str]:
    game = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), seed=seed)
    me = game.decision().side
    return game, me, next(s for s in game.state.side_ids() if s != me)


def _hidden_groups(state, side: str) -> dict[str, set[str]]:
    """Blind id -> the units it holds, for `side`'s blinds that hold any."""
    return {b.id: set(b.contents) for b in state.units.values() if b.blind and b.side == side and b.contents}


def test_hundred_wars_blinds_are_guessed_as_threats_with_nothing_invented():
    """The view shows no unit still under another side's blind (issue 30), so the guess deals none: each of
    the other side's blinds on the table is a possible threat (not a dummy), and no unit appears that the
    view does not show; its own blinds stay as it knows them."""
    game, me, other = _hw_game()
    for _ in range(40):  # play on until the other side has a blind on the table
        if any(b.blind and b.side == other and b.at is not None for b in game.seat(me).view().units.values()):
            break
        side = game.decision().side
        game.apply(random.Random(len(game.history)).choice(game.legal_actions(side)), autosave=False)
    view = game.seat(me).view()
    guess = hw_hints.determinize(view, me, random.Random(1))
    invented = set(guess.units) - set(view.units)
    assert set(view.units) <= set(guess.units)
    # Only the stand-in that keeps a side whose real units all hide in the game (the game goes on), off the table.
    assert all(guess.units[u].at is None and not guess.units[u].blind for u in invented)
    assert len(invented) <= 1 and all(u == f"unseen-{other}" for u in invented), "no unit the view does not show"
    theirs = [b for b in guess.units.values() if b.blind and b.side == other]
    assert theirs and not any(b.dummy for b in theirs)
    assert _hidden_groups(guess, me) == _hidden_groups(view, me), "its own blinds as it knows them"


def test_a_hundred_wars_guess_keeps_every_side_in_the_game_and_the_computer_comes_on():
    """At set-up neither side sees any unit of the other (all wait under blinds not yet placed): the guess
    must still read the other side as in the game, else any try ends it in a 0-0 draw; and a blind off the
    table is worth less than one on it. Before, the computer chose Done over every one of 2,100 placings
    and every mars-expedition game ended 0-0."""
    from rules.ai.evaluate import Evaluator
    from rules.ai.hints import hints_for
    from rules.ai.simulate import attempt
    from rules.rulesets.hundred_wars.victory import standing

    game = GameService.new(load_scenario("mars-expedition", ruleset="hundred_wars"), seed=9001)
    while not any(a.kind == "blind" for a in game.legal_actions(game.decision().side)):
        side = game.decision().side
        game.apply(game.legal_actions(side)[0], autosave=False)
    me = game.decision().side
    other = next(s for s in game.state.side_ids() if s != me)
    view = game.seat(me).view()
    assert not any(u.side == other for u in view.units.values()), "the other side's units are all hidden"
    guess = hw_hints.determinize(view, me, random.Random(1))
    assert standing(guess, other)
    seat = game.seat(me)
    hints = hints_for(seat.ruleset)
    ev = Evaluator(hints, seat.ruleset)
    actions = seat.legal_actions()
    done = next(a for a in actions if a.kind == "done")
    place = next(a for a in actions if a.kind == "blind")
    worth = {a.kind: ev.score(attempt(seat.ruleset, guess, a, random.Random(2)).state, me) for a in (done, place)}
    assert worth["blind"] > worth["done"]
    assert Computer(random.Random(3)).choose(SeatOnly(seat)).kind == "blind"


def test_hundred_wars_guess_depends_on_the_view_only():
    game, me, other = _hw_game()
    rng = random.Random(3)
    mine = hw_hints.determinize(game.seat(me).view(), me, random.Random(9))
    for _ in range(3):
        twin = twin_with_secrets_changed(game, me, rng)
        assert hw_hints.determinize(twin.seat(me).view(), me, random.Random(9)) == mine


def _ds_game_with_missile() -> tuple[GameService, str, str]:
    game = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=4)
    me = game.decision().side or game.state.side_ids()[0]
    other = next(s for s in game.state.side_ids() if s != me)
    launcher = next(u.id for u in game.state.units.values() if u.side == other)
    chits = [Hex(3, 3), Hex(5, 4), Hex(7, 2)]
    game.state.flights.append(Flight(id="cm1", side=other, launcher=launcher, target=chits[2], chits=chits,
                                     warhead="nuke", launched=game.state.turn))
    return game, me, other


def test_dirtside_missile_target_warhead_and_leaders_are_guessed_from_the_view():
    game, me, other = _ds_game_with_missile()
    view = game.seat(me).view()
    assert view.flights[0].warhead is UNKNOWN and view.flights[0].target is UNKNOWN
    targets, warheads = set(), set()
    for s in range(24):
        guess = ds_hints.determinize(view, me, random.Random(s))
        f = guess.flights[0]
        assert f.target in f.chits and f.warhead in ds_hints.WARHEADS
        targets.add(f.target)
        warheads.add(f.warhead)
        for u in guess.units.values():
            assert 0 <= u.stats.leader < max(1, len(u.stats.elements))
            if u.side == me:
                assert u.stats.leader == view.units[u.id].stats.leader, "its own leaders as it knows them"
    assert len(targets) == 3 and len(warheads) > 2, "any chit may be the real one, any warhead the real one"


def test_dirtside_guess_depends_on_the_view_only():
    game, me, _ = _ds_game_with_missile()
    mine = ds_hints.determinize(game.seat(me).view(), me, random.Random(2))
    rng = random.Random(5)
    for _ in range(3):
        twin = twin_with_secrets_changed(game, me, rng)
        assert ds_hints.determinize(twin.seat(me).view(), me, random.Random(2)) == mine


def test_the_computer_decides_alike_whatever_the_blinds_and_the_missiles_hold():
    """The fairness test (test_computer.py) on positions with these secrets in play: the computer now guesses
    them, and its choice must still not move when only the truth of them changes."""
    for game, side in (_hw_game()[:2], _ds_game_with_missile()[:2]):
        assert game.decision().side == side
        rng = random.Random(11)
        mine = Computer(random.Random(7), extra_tries=8).choose(SeatOnly(game.seat(side)))
        for _ in range(2):
            twin = twin_with_secrets_changed(game, side, rng)
            assert Computer(random.Random(7), extra_tries=8).choose(SeatOnly(twin.seat(side))) == mine
