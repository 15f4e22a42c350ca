"""What a side may see: derived from the declaration of every field (secrecy.py, DS2 docs: 'Hidden
information'): the enemy's Unit Leader, its cruise missiles' warheads and which target chit is real."""

from __future__ import annotations

import random

from rules import secrecy
from rules.rulesets.dirtside.secrecy import DECLARATION
from rules.rulesets.dirtside.state import DSState

WARHEADS = ("HE", "HEF", "MAK", "DMR", "biochem", "nuke")


def view(state: DSState, side: str | None) -> DSState:
    return secrecy.view(state, side, DECLARATION)


def hidden_from(state: DSState, side: str, rng: random.Random) -> DSState:
    """A copy in which what `side` may not know is changed at random: enemy leaders, real target chits."""
    out = state.model_copy(deep=True)
    for u in out.units.values():
        if u.side != side and u.stats.elements:
            u.stats.leader = rng.randrange(len(u.stats.elements))
        if u.side != side:
            u.stats.missiles = [rng.choice(WARHEADS) for _ in u.stats.missiles]
    for f in out.flights:
        if f.side != side:
            f.target = rng.choice(f.chits)
            f.warhead = rng.choice(WARHEADS)
    return out
