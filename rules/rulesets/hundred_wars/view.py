"""Hidden information: what a blind is. Other sides see a blind, never its units or whether it is a dummy."""

from __future__ import annotations

import random

from rules.rulesets.hundred_wars.state import HwState


def view(state: HwState, side: str | None) -> HwState:
    """The referee (None) sees everything; a side sees its own blinds' contents only."""
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    for u in seen.units.values():
        if u.blind and u.side != side:
            u.contents, u.dummy = [], False
    return seen


def hidden_from(state: HwState, side: str, rng: random.Random) -> HwState:
    """A copy in which every other side's unrevealed blinds hide other units (some now dummies) at random.

    The groups of units waiting under blinds are shuffled among that side's
    blinds still hidden (on the table or not yet placed); nothing else changes.
    """
    out = state.model_copy(deep=True)
    for other in out.side_ids():
        if other == side:
            continue
        blinds = [b for b in out.units.values() if b.blind and b.side == other and not b.eliminated]
        units = sorted(uid for b in blinds for uid in b.contents)
        rng.shuffle(units)
        for b in blinds:
            b.contents = []
        for uid in units:
            b = blinds[rng.randrange(len(blinds))]
            b.contents.append(uid)
        for b in blinds:
            b.dummy = not b.contents
    return out
