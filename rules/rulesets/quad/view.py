"""What a side may see: its own hand, the size of the other hands, no deck's order or contents."""

from __future__ import annotations

from rules.rulesets.quad.cards import HIDDEN
from rules.rulesets.quad.state import QuadState


def view(state: QuadState, side: str | None) -> QuadState:
    """The referee (None) sees everything; a side sees every discard pile and its own hand."""
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    for owner, pile in seen.piles.items():
        pile.deck = [HIDDEN] * len(pile.deck)
        if owner != side:
            pile.hand = [HIDDEN] * len(pile.hand)
    return seen
