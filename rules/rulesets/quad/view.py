"""What a side may see: its own hand, the size of the other hands, no deck's order or contents."""

from __future__ import annotations

import random

from rules import secrecy
from rules.rulesets.quad.secrecy import DECLARATION
from rules.rulesets.quad.state import QuadState


def view(state: QuadState, side: str | None) -> QuadState:
    """The referee (None) sees everything; a side sees every discard pile and its own hand (secrecy.py)."""
    return secrecy.view(state, side, DECLARATION)


def hidden_from(state: QuadState, side: str, rng: random.Random) -> QuadState:
    """A copy with everything `side` may not know changed at random: the order of its own
    deck, and which of another side's cards are in its hand and which in its deck."""
    out = state.model_copy(deep=True)
    for owner, pile in out.piles.items():
        if owner == side:
            rng.shuffle(pile.deck)
        else:
            pool = pile.hand + pile.deck
            rng.shuffle(pool)
            pile.hand, pile.deck = pool[: len(pile.hand)], pool[len(pile.hand):]
    return out
