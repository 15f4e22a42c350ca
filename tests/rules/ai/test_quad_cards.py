"""The computer's card play in QUAD: cards drawn, cards held, a fresh activation, releasing without playing first."""

from __future__ import annotations

import random

from rules.ai import Computer
from rules.ai.evaluate import Evaluator
from rules.rulesets.quad import ai_hints as quad
from rules.ai.simulate import attempt
from rules.rulesets.quad.actions import Release, Steal
from rules.hexgrid import Hex
from rules.service import GameService
from saves.scenarios import load_scenario


def _activation(seed: int = 2002) -> tuple[GameService, str, str]:
    """River-battle at its first activation: both sides have drawn; returns the game, the active side, the other.
    (Seed 2002: the west, which has hexes to take, acts first.)"""
    game = GameService.new(load_scenario("river-battle", ruleset="quad"), seed=seed)
    while game.state.phase == "draw":
        side = game.decision().side
        done = game.seat(side).apply(next(a for a in game.legal_actions(side) if a.kind == "draw"))
        assert done.ok
    active = game.state.active_side
    pile = game.state.piles[active]
    pile.deck, pile.hand = pile.deck + pile.hand[3:], pile.hand[:3]  # a hand of a few cards, as most turns
    return game, active, next(s for s in game.state.side_ids() if s != active)


def test_a_card_drawn_is_worth_about_an_activation_and_a_held_one_less_once_the_turn_is_over():
    """At 0.2 a card any small move beat releasing without playing (two cards drawn); at a flat 1.5 a card the
    computer hoarded its rear units' cards to the end of the game."""
    game, me, _ = _activation()
    state = game.state
    before = quad.side_value(state, me, now=state.turn)
    drawn = attempt(game.ruleset, state, Release(side=me), random.Random(1)).state
    assert quad.side_value(drawn, me, now=state.turn) - before >= 2 * 1.0  # two cards, each about an activation
    later = drawn.model_copy(deep=True)
    later.turn += 1
    assert quad.side_value(later, me, now=state.turn) < quad.side_value(drawn, me, now=state.turn)


def test_a_steal_is_worth_its_tactics_card():
    """A steal takes the other side's fresh activation away (it can no longer be released for two cards): worth
    more than the tactics card it costs (before, a steal gained nothing the evaluation saw and the West held its
    tactics all game). The stolen activation is not fresh for the stealer: it steals to play a card
    (tests/rules/ai/test_dithering.py)."""
    game, active, other = _activation()
    state = game.state
    pile = state.piles[other]
    tactics = [c for c in pile.deck if c.kind == "tactics"][0]
    pile.deck.remove(tactics)
    pile.hand.append(tactics)
    ev = Evaluator(game.ruleset.ai_hints, game.ruleset)
    ev.now = state.turn
    stolen = attempt(game.ruleset, state, Steal(side=other), random.Random(1))
    assert not stolen.failed
    assert ev.score(stolen.state, other) > ev.score(state, other) + 0.5


def test_the_computer_releases_without_playing_first_while_the_other_side_holds_cards():
    """Played first, the hand drew nothing: the release without playing came when the other side was out of cards
    and ended the turn (three cards a turn; the West never drew its deck through)."""
    game, me, other = _activation()
    assert game.state.piles[other].hand and game.state.passes == 0
    assert any(c.kind == "activation" for c in game.state.piles[me].hand)
    seat = game.seat(me)
    assert isinstance(Computer(random.Random(5)).choose(seat), Release)


def test_no_release_first_when_it_would_end_the_turn_or_the_hand_is_full():
    game, me, other = _activation()
    view = game.seat(me).view()
    actions = game.legal_actions(me)
    assert quad.opening(view, me, actions) is not None
    ended = view.model_copy(deep=True)
    ended.passes = 1  # the other side just released without playing: another release ends the turn
    assert quad.opening(ended, me, actions) is None
    empty = view.model_copy(deep=True)
    empty.piles[other].hand = []  # the other side must release too, ending the turn with our hand unplayed
    assert quad.opening(empty, me, actions) is None
    full = view.model_copy(deep=True)
    rear = quad.rear_units(full, me)
    card = next(c for c in full.piles[me].hand if c.kind == "activation" and c.unit not in rear)
    full.piles[me].hand = [card] * quad.DRAW_FIRST_UNDER
    assert quad.opening(full, me, actions) is None
    last = view.model_copy(deep=True)
    last.turn = last.max_turns
    assert quad.opening(last, me, actions) is None


def test_the_cards_of_the_rear_units_are_kept_and_the_lead_units_cards_played():
    """A card played goes back into the deck at the next shuffle, a card kept does not: keeping the rear units'
    cards makes the lead units' cards come round sooner. The lead is the units nearest the hexes to take."""
    game, me, _ = _activation()
    state = game.state.model_copy(deep=True)
    rear = quad.rear_units(state, me)
    units = [u for u in state.units.values() if u.side == me]
    assert rear and len(rear) < len(units)
    goals = [h for c in state.victory if c.kind == "hold" and c.side == me for h in c.hexes]
    far = max(units, key=lambda u: min(u.at.distance(Hex(*g)) for g in goals))
    near = min(units, key=lambda u: min(u.at.distance(Hex(*g)) for g in goals))
    assert far.id in rear and near.id not in rear
    pile = state.piles[me]
    card_of = {c.unit: c for c in pile.deck + pile.hand + pile.discard if c.kind == "activation"}
    pile.hand = [card_of[far.id]]
    keep_rear = quad.side_value(state, me, now=state.turn)
    pile.hand = [card_of[near.id]]
    keep_lead = quad.side_value(state, me, now=state.turn)
    assert keep_rear > keep_lead + 0.5
    other = next(s for s in state.side_ids() if s != me)
    assert quad.rear_units(state, other) == set()  # a side that takes nothing keeps no cards back


def test_the_side_with_hexes_to_take_does_not_end_the_turn_with_cards_in_hand():
    """River-battle's west (it must hold the gates by turn 12) after the east released without playing: a
    release now ends the turn (QUAD-A08), so the rules of thumb leave it out while a card can be played; the
    east, which wins by the clock, keeps it, and so does the west once it stands on every hex it must hold."""
    game, me, other = _activation()
    assert me == "west"
    view = game.seat(me).view()
    actions = game.legal_actions(me)
    assert any(isinstance(a, Release) for a in actions)
    ending = view.model_copy(deep=True)
    ending.passes = 1
    kept = quad.prune(ending, me, actions)
    assert kept and not any(isinstance(a, Release) for a in kept)
    assert quad.prune(view, me, actions) == quad.never(view, me, quad.best_charges(view, actions))  # not ending
    clock = game.seat(other).view().model_copy(deep=True)  # its own view: its hand
    clock.active_side, clock.passes = other, 1
    assert quad.keeps_the_turn(clock, other, [Release(side=other)]) == [Release(side=other)]
    holding = ending.model_copy(deep=True)
    gates = [Hex(*h) for c in holding.victory if c.side == me and c.kind == "hold" for h in c.hexes]
    mine = [u for u in holding.units.values() if u.side == me and u.on_map]
    for unit, at in zip(mine, gates):
        unit.at = at
    assert len(mine) >= len(gates)
    assert any(isinstance(a, Release) for a in quad.keeps_the_turn(holding, me, actions))
    empty = ending.model_copy(deep=True)
    empty.piles[me].hand = [c for c in empty.piles[me].hand if c.kind != "activation"]
    assert any(isinstance(a, Release) for a in quad.keeps_the_turn(empty, me, actions))
