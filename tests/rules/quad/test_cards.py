"""Cards and the turn (text: "Setup", "The Turn"; QUAD-A03, A06, A07, A08, A20)."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.events import Message, Rolled
from rules.rulesets.quad import RULESET
from rules.rulesets.quad.actions import Decline, Draw, Hold, Release, Steal
from rules.rulesets.quad.cards import Card, Pile, draw
from rules.rulesets.quad.turn import decision, legal_actions
from rules.unknown import UNKNOWN

from tests.rules.quad.helpers import Hex, activation, give, play, setup, start, unit


def army(n_red=7, n_blue=3, leaders=(2, 0)):
    units = [unit(f"r{i}", "red", Hex(1, i)) for i in range(n_red)]
    units += [unit(f"b{i}", "blue", Hex(8, i)) for i in range(n_blue)]
    return setup(units, leaders=leaders)


def test_deck_has_three_cards_per_unit_and_tactics_one_per_full_three_units_plus_leader():
    """Setup; QUAD-A06 floor; opening hand the same number."""
    state = start(army())
    red = state.piles["red"]
    cards = red.deck + red.hand
    assert len([c for c in cards if c.kind == "activation"]) == 21
    assert len([c for c in cards if c.kind == "tactics"]) == 7 // 3 + 2 == 4
    assert len(red.hand) == 4
    blue = state.piles["blue"]
    assert len(blue.deck + blue.hand) == 9 + 1 and len(blue.hand) == 1
    for uid in ("r0", "r6"):
        assert len([c for c in cards if c.unit == uid]) == 3


def test_units_get_ranks_ace_to_ten_then_a_second_deck():
    """QUAD-A20."""
    state = start(army(n_red=12))
    assert [state.units[f"r{i}"].rank for i in range(12)] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A'", "2'"]


def test_the_deck_order_comes_from_the_seed():
    a, b, c = start(army(), seed=5), start(army(), seed=5), start(army(), seed=6)
    assert a.piles == b.piles
    assert a.piles["red"].deck != c.piles["red"].deck


def test_every_side_may_draw_one_then_a_roll_off_decides_who_is_active():
    """The Turn; QUAD-A08: the roll-off, ties re-rolled."""
    state = start(army())
    assert decision(state).side == "red"
    assert legal_actions(state, "red") == [Draw(side="red"), Decline(side="red")]
    hand = len(state.hand("red"))
    play(state, Draw(side="red"))
    assert len(state.hand("red")) == hand + 1 and decision(state).side == "blue"
    ctx, _ = play(state, Decline(side="blue"), 3, 3, 2, 5)
    rolls = [e.record for e in ctx.events if isinstance(e, Rolled)]
    assert [r.faces for r in rolls] == [(3,), (3,), (2,), (5,)]
    assert state.phase == "activation" and state.active_side == "blue" and state.order == ["blue", "red"]


def test_drawn_cards_are_told_only_to_their_side():
    state = start(army())
    ctx, _ = play(state, Draw(side="red"))
    private = [e for e in ctx.events if isinstance(e, Message) and e.seen_by]
    assert private and all(e.seen_by == ("red",) for e in private)


def test_releasing_without_playing_draws_two_and_passes_the_activation():
    state = activation(start(army()))
    hand = len(state.hand("red"))
    play(state, Release(side="red"))
    assert len(state.hand("red")) == hand + 2 and state.active_side == "blue"


def test_releasing_voluntarily_after_a_card_draws_nothing():
    state = activation(start(army()))
    give(state, "red", "r0", "r1")
    play(state, Hold(side="red", unit="r0"))
    assert state.active_side == "red"
    play(state, Release(side="red"))
    assert len(state.hand("red")) == 1 and state.active_side == "blue"


def test_a_card_activates_only_its_own_unit_once_and_goes_to_the_discard_pile():
    """QUAD-A03."""
    state = activation(start(army()))
    give(state, "red", "r0")
    with pytest.raises(Refusal):
        play(state, Hold(side="red", unit="r1"))
    discard = len(state.piles["red"].discard)
    play(state, Hold(side="red", unit="r0"))
    assert len(state.piles["red"].discard) == discard + 1


def test_running_out_of_cards_ends_the_activation():
    state = activation(start(army()))
    give(state, "red", "r0")
    play(state, Hold(side="red", unit="r0"))
    assert state.active_side == "blue" and state.passes == 0


def test_the_inactive_side_may_steal_between_card_plays_by_paying_a_tactics_card():
    """QUAD-A07."""
    state = activation(start(army()))
    give(state, "red", "r0", "r1")
    give(state, "blue", "b0", tactics=1)
    d = decision(state)
    assert d.side == "red" and d.reactors == ("blue",)
    assert legal_actions(state, "blue") == [Steal(side="blue")]
    play(state, Hold(side="red", unit="r0"))
    play(state, Steal(side="blue"))
    assert state.active_side == "blue" and state.played == 0
    assert state.tactics_in_hand("blue") == [] and state.piles["blue"].discard[-1].kind == "tactics"
    assert decision(state).reactors == ()  # red holds no tactics card


def test_no_steal_without_a_tactics_card_or_while_a_choice_is_pending():
    state = activation(start(army()))
    give(state, "red", "r0")
    give(state, "blue", "b0")
    assert decision(state).reactors == ()
    with pytest.raises(Refusal):
        play(state, Steal(side="blue"))
    state.piles["blue"].hand.append(Card(id="x", rank="J", kind="tactics"))
    state.units["b0"].at = Hex(0, 0)
    state.units["r0"].stats.attack = 2
    state.units["b0"].stats.defense = 1
    play(state, "attack red unit=r0 at=0,0", 6, 5, 4)  # two hits vs Q3, one block: a choice for blue
    assert state.pending_attack is not None and decision(state).reactors == ()
    with pytest.raises(Refusal):
        play(state, Steal(side="blue"))


def test_the_turn_ends_when_every_side_in_a_row_releases_without_playing():
    """QUAD-A08."""
    state = activation(start(army()))
    play(state, Release(side="red"))
    assert state.turn == 1 and state.phase == "activation"
    play(state, Release(side="blue"))
    assert state.turn == 2 and state.phase == "draw" and state.turn_ended == 1
    assert decision(state).side == "red"


def test_a_card_played_between_releases_restarts_the_count():
    state = activation(start(army()))
    play(state, Release(side="red"))
    give(state, "blue", "b0", "b1")
    play(state, Hold(side="blue", unit="b0"))
    play(state, Release(side="blue"))
    play(state, Release(side="red"))
    assert state.turn == 1
    play(state, Release(side="blue"))
    assert state.turn == 2


def test_an_empty_draw_deck_is_refilled_by_shuffling_the_discard_pile():
    pile = Pile(deck=[Card(id="a", rank="A", kind="tactics")],
                discard=[Card(id=str(i), rank=str(i), kind="tactics") for i in range(2, 7)])
    streams = []
    drawn = draw(pile, 3, seed=1, next_stream=lambda: streams.append(1) or len(streams))
    assert [c.id for c in drawn][0] == "a" and len(drawn) == 3
    assert streams == [1] and pile.discard == [] and len(pile.deck) == 3
    empty = Pile()
    assert draw(empty, 2, 1, lambda: 0) == []


def test_release_draws_through_a_reshuffle_in_play():
    state = activation(start(army()))
    pile = state.piles["red"]
    pile.discard = pile.deck[:-1]
    pile.deck = pile.deck[-1:]
    total = len(pile.deck) + len(pile.discard)
    play(state, Release(side="red"))
    assert len(pile.deck) == total - 2 and pile.discard == [] and state.shuffles == 3


def test_the_other_sides_hand_is_hidden_but_its_size_shown_and_no_deck_is_readable():
    state = start(army())
    seen = RULESET.view(state, "blue")
    assert seen.piles["blue"].hand == state.piles["blue"].hand
    assert len(seen.piles["red"].hand) == len(state.piles["red"].hand)
    assert all(c is UNKNOWN for c in seen.piles["red"].hand)
    assert all(c is UNKNOWN for s in ("red", "blue") for c in seen.piles[s].deck)
    lines = RULESET.side_lines(seen, "red")
    assert not any(line.startswith("Hand:") for line in lines)
    assert any(line.startswith("Hand:") for line in RULESET.side_lines(seen, "blue"))
    assert RULESET.view(state, None) == state
