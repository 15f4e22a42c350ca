"""What a new user met in QUAD (issue 9): the steal refusal names the tactics cards rightly (Aces are
unit cards, QUAD-A20), and the discard pile is reshuffled as a step of the turn ("The Turn")."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.events import Message
from rules.rulesets.quad.actions import Decline, Steal

from tests.rules.quad.helpers import Hex, activation, give, play, setup, start, unit


def two_sides():
    return start(setup([unit("r0", "red", Hex(1, 1)), unit("r1", "red", Hex(1, 2)), unit("r2", "red", Hex(1, 3)),
                        unit("b0", "blue", Hex(8, 1))]))


def test_the_steal_refusal_says_tactics_cards_are_face_cards_not_aces():
    state = activation(two_sides())
    give(state, "red", "r0")
    give(state, "blue", "b0")
    with pytest.raises(Refusal) as refusal:
        play(state, Steal(side="blue"))
    assert "J, Q or K" in str(refusal.value) and "an Ace is a unit's card" in str(refusal.value)
    assert "J, Q, K or A" not in str(refusal.value)


def test_an_empty_draw_deck_takes_the_discard_pile_back_as_a_step_of_the_turn():
    """The Turn: draw (or not), then "If a player has no cards left in their draw deck shuffle
    discard pile and return it to their draw deck" - even when nobody draws from it."""
    state = two_sides()
    red = state.piles["red"]
    red.discard, red.deck = red.deck, []
    cards = sorted(c.id for c in red.discard)
    ctx, _ = play(state, Decline(side="red"))
    assert red.deck == [], "red has not reached the step yet: blue still decides"
    ctx, _ = play(state, Decline(side="blue"), 5, 2)  # the roll-off after the draws
    assert sorted(c.id for c in red.deck) == cards and red.discard == []
    assert any(isinstance(e, Message) and "discard pile (" in e.text() and "shuffled into it" in e.text()
               for e in ctx.events)
    assert state.piles["blue"].discard == [], "blue's deck was not empty: nothing to shuffle"


# --- wording (issue 9 item 16) -----------------------------------------------------------


def test_an_attacks_message_names_only_what_happens_and_counts_hexes_in_words():
    from rules.events import Retreated
    from rules.rulesets.quad.turn import decision
    from tests.rules.quad.helpers import board

    state = activation(start(setup([unit("att", "red", Hex(4, 3), attack=3),
                                    unit("def", "blue", Hex(5, 3), quality=3, defense=0)], board())))
    give(state, "red", "att", "att")
    ctx, _ = play(state, "attack red unit=att at=6,3", 4, 1, 1)  # one push hit, no block
    texts = [e.text() for e in ctx.events]
    assert "def: 1 push hit to fall back; att: no loss" in texts
    assert not any("-0 Quality" in t or "(es)" in t for t in texts)
    assert decision(state).prompt == "choose where def falls back (1 hex to go)"
    assert Retreated(unit="u", path=(Hex(0, 0), Hex(1, 0)), lost=2).text() == "u falls back 1 hex, 2 hexes blocked"


def test_a_move_stopped_before_its_first_step_stays_rather_than_moving_to_where_it_was():
    from rules.events import Moved
    from rules.rulesets.quad.actions import Move
    from tests.rules.quad.helpers import board

    state = activation(start(setup([unit("m", "red", Hex(3, 3), quality=2), unit("b", "blue", Hex(8, 6))],
                                   board(terrain={Hex(4, 3): "forest"}))))
    give(state, "red", "m")
    ctx, _ = play(state, Move(side="red", unit="m", path=[Hex(4, 3)]), 6)  # the forest stops it
    moved = [e for e in ctx.events if isinstance(e, Moved)]
    assert moved and moved[0].text() == f"m stays at {Hex(3, 3)}"
    assert "->" not in moved[0].text()


def test_a_key_that_finds_nothing_to_do_gets_the_reason_in_full():
    from rules.rulesets.quad import RULESET

    state = activation(two_sides())
    give(state, "red", "r0")
    give(state, "blue", "b0")
    assert RULESET.why_not(state, "red", "move", "r0") == ""
    assert RULESET.why_not(state, "red", "move", "r1") == "you hold no card that activates r1"
    assert RULESET.why_not(state, "red", "attack", "r0") == "no enemy is within r0's reach (1 hex)"
    assert RULESET.why_not(state, "red", "charge", "r0") == "r0 cannot charge (it is not a Charger)"
    assert RULESET.why_not(state, "blue", "move", "b0").startswith("it is Red's turn to decide")
    assert "J, Q or K" in RULESET.why_not(state, "blue", "steal")
