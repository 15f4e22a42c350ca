"""What a side may see in DHR: everything on the table. The only secret is the bag's
draw order, and the state holds none: the bag is kept sorted and each chip is pulled
by a die roll at the moment it is drawn ("Mix and pull a random poker chip")."""

from __future__ import annotations

import random

from rules.rulesets.dhr.state import DHRState


def view(state: DHRState, side: str | None) -> DHRState:
    if side is None:
        return state
    return state.model_copy(deep=True)


def hidden_from(state: DHRState, side: str, rng: random.Random) -> DHRState:
    """Nothing on the table is secret in DHR: an unchanged copy (the core changes the seed)."""
    return state.model_copy(deep=True)
