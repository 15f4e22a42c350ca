"""Dummy blinds that move like real ones: the Move a dummy imitates, chosen by its owner (a secret of theirs).

A real blind rolls its group's lowest Move (text: "Groups"); a dummy that always moved at one fixed Move
would be found out by watching it. So when placing a dummy its owner picks any Move of their force's units
for it to imitate; other sides' views never hold the choice (view.py).
"""

from __future__ import annotations

from rules.core import Refusal
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree


def unit_move(u: HwUnit) -> int:
    """A unit's best Move factor (a group under a blind rolls the lowest of its units' own)."""
    return max((m.factor for m in u.stats.move), default=0)


def imitable(state: HwState, side: str) -> list[int]:
    """The Moves a dummy of `side` may imitate: each Move its units (and so its groups) move at."""
    return sorted({unit_move(u) for u in state.units.values()
                   if u.side == side and not u.blind and not u.eliminated and unit_move(u) > 0})


def imitate(state: HwState, side: str, blind_id: str, move: int | None) -> None:
    """Record the Move the dummy `blind_id` imitates (`move` None: a real blind, or a dummy at `dummy_move`)."""
    if move is None:
        return
    b = state.units.get(blind_id)
    if b is None or not b.blind or b.side != side:
        raise Refusal(f"{blind_id} is not one of your blinds")
    if not b.dummy:
        raise Refusal(f"{b.name} {agree(b.agrees_as, 'hides', 'hide')} real units: it moves at its group's lowest Move, it imitates nothing")
    if move not in imitable(state, side):
        raise Refusal(f"no unit of yours moves at {move}: a dummy imitates one of {imitable(state, side)}")
    b.imitates = move
