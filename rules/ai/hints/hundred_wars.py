"""The computer's hints for A Hundred Wars: damage received decides the game, agreeing to end is for a side ahead, and
the other sides' blinds are guessed."""

from __future__ import annotations

import random

from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.victory import damage_received, result

POINTS = 0.1
"""Worth of one point of value (the text's unit costs): a destroyed 100-point unit is worth 10."""
AGREED = 5.0
"""Agreeing to end while not ahead gives the game away to a draw or a loss."""


def unit_value(state: HwState, unit) -> float:
    """A unit is there (a blind is only a guess); its points are counted by `side_value` as damage."""
    return 0.0 if unit.blind else 0.5


def side_value(state: HwState, side: str) -> float:
    """'The side that has received the most damage is the loser': each point received counts against it;
    having agreed to end the game counts for the side only if it would win now."""
    worth = -POINTS * damage_received(state, side)
    if side in state.agreed_end:
        worth += 1.0 if result(state, "").winner == side else -AGREED
    return worth


def points(unit) -> int:
    """A unit's value in the text's points (what it costs now)."""
    return unit_cost(unit.stats)


def determinize(view: HwState, side: str, rng: random.Random) -> HwState:
    """A full state consistent with `side`'s view: the other sides' hidden groups dealt into their blinds.

    The view shows every unit but not which blind hides it, nor which blinds are dummies (view.py). A unit
    of another side still off the table, not destroyed and not carried, waits under a blind; units of one
    blind group (their `blind` stat, as set-up groups them) go together, one group a blind as at set-up,
    and the blinds left over are dummies. Which blind holds what is drawn at random with the computer's
    own `rng`, each deal alike (what it has seen of a blind's moves is not weighed)."""
    out = view.model_copy(deep=True)
    out.seed = rng.randrange(2**31)
    aboard = {uid for u in out.units.values() for uid in (*u.carried, *u.buffer)}
    for other in out.side_ids():
        if other == side:
            continue
        blinds = sorted((b for b in out.units.values() if b.blind and b.side == other and not b.eliminated),
                        key=lambda b: b.id)
        if not blinds:
            continue
        groups: dict[str, list[str]] = {}
        for u in sorted(out.units.values(), key=lambda u: u.id):
            if u.side == other and not u.blind and u.at is None and not u.eliminated and u.id not in aboard:
                groups.setdefault(u.stats.blind or f"#{u.id}", []).append(u.id)
        order = list(range(len(blinds)))
        rng.shuffle(order)
        for b in blinds:
            b.contents = []
        for n, group in enumerate(groups.values()):
            blinds[order[n % len(blinds)]].contents.extend(group)  # more groups than blinds: some share
        for b in blinds:
            b.dummy = not b.contents
    return out
