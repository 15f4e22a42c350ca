"""The search's parts: the cut list of actions, units still to come, the counted budget, no turning on the spot."""

from __future__ import annotations

import random

from rules.ai import Computer
from rules.ai.candidates import bound
from rules.ai.placings import placing
from rules.ai.evaluate import Evaluator
from rules.ai.simulate import attempt
from rules.hexgrid import Hex
from rules.service import GameService
from tests.conftest import toy_setup


def test_a_long_list_is_cut_to_the_cap_keeping_every_rare_kind_and_the_same_for_the_same_seed():
    game = GameService.new(toy_setup(), seed=1)
    view = game.seat("a").view()
    actions = game.legal_actions("a")
    moves = [a for a in actions if a.kind == "move"]
    others = [a for a in actions if a.kind != "move"]
    assert len(moves) > 6
    cut = bound(actions, view, "a", Evaluator(), random.Random(3), cap=len(others) + 4)
    assert len(cut) <= len(others) + 4
    assert all(a in cut for a in others)
    assert cut == bound(actions, view, "a", Evaluator(), random.Random(3), cap=len(others) + 4)
    assert bound(actions, view, "a", Evaluator(), random.Random(3), cap=len(actions)) == actions


def test_a_unit_still_to_come_counts_as_far_away():
    """Else staying off the map scores better than coming on (the computer never placed a blind)."""
    game = GameService.new(toy_setup(), seed=1)
    state = game.state.model_copy(deep=True)
    ev = Evaluator()
    on = ev.position(state, "a")
    state.units["a1"].at = None
    assert ev.position(state, "a") < on


def test_the_budget_is_counted_in_tries_and_kept():
    game = GameService.new(toy_setup(), seed=1)
    player = Computer(random.Random(5), budget=40)
    player.choose(game.seat("a"))
    assert 0 < player._spent <= 40 + 2 * len(game.legal_actions("a"))  # the first round finishes its list


def test_it_never_brings_back_a_placing_already_stood_in_this_turn():
    game = GameService.new(toy_setup(), seed=1)
    seat = game.seat("a")
    view = seat.view()
    moves = [a for a in seat.legal_actions() if a.kind == "move"]
    player = Computer(random.Random(5))
    player.placings.turn = view.turn
    player.placings.seen = {placing(view), placing(attempt(seat.ruleset, view, moves[0], random.Random(1)).state)}
    assert player._not_back(seat.ruleset, view, "a", [moves[0], moves[1]]) == moves[1]
    player.placings.seen = {placing(view)}
    assert player._not_back(seat.ruleset, view, "a", [moves[0], moves[1]]) == moves[0]


def test_a_hex_to_take_held_counts_more_as_its_turn_nears():
    """The hold condition is checked at its turn only: standing there (and driving the enemy off) must
    weigh more late than early, or the side that must take it is content to stand near it."""
    from saves.scenarios import load_scenario

    game = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1)
    state = game.state.model_copy(deep=True)
    cond = next(c for c in state.victory if c.kind == "hold")
    fort = next(iter(cond.hexes))
    ev = Evaluator()
    occupant = next(u for u in state.units.values() if u.at == fort)
    taker = next(u for u in state.units.values() if u.side == cond.side)
    for u in state.units.values():  # only the taker next to the fort: the gain is the step onto it
        if u.side == cond.side and u is not taker:
            u.at = None
    taker.at = next(h for h in Hex(*fort).neighbours() if state.board.in_bounds(h) and state.unit_at(h) is None)

    def gain(turn: int) -> float:
        """What stepping the taker onto the fort (the occupant gone) is worth at `turn`, clock aside."""
        state.turn = turn
        before = ev.position(state, cond.side)
        at, occupant.at = occupant.at, None
        taker_at, taker.at = taker.at, fort
        after = ev.position(state, cond.side)
        occupant.at, taker.at = at, taker_at
        return after - before

    assert gain(cond.turn) > gain(1) + 8.0


def test_the_greedy_player_breaks_its_ties_away_from_placings_already_stood_in(monkeypatch):
    """The yardstick breaks ties at random; Skirmish's free pivots tie with each other, and it pivoted for
    4,000 actions (village, seed 2001). Every move here ties with the pass; with every move's placing
    already stood in, only the pass is left."""
    from rules.ai import GreedyPlayer
    from rules.ai import players

    monkeypatch.setattr(players, "TIES_TRIED", 100)
    game = GameService.new(toy_setup(), seed=1)
    seat = game.seat("a")
    view = seat.view()
    actions = seat.legal_actions()
    stood = {placing(attempt(seat.ruleset, view, a, random.Random(1)).state) for a in actions if a.kind == "move"}
    for seed in range(5):
        greedy = GreedyPlayer(random.Random(seed))
        greedy.placings.turn, greedy.placings.seen = view.turn, set(stood)
        assert greedy.choose(seat).kind == "pass"
    picks = {GreedyPlayer(random.Random(seed)).choose(seat).kind for seed in range(5)}
    assert picks == {"move"}, "with nothing stood in yet, it picks among all the ties (37 moves, one pass)"
