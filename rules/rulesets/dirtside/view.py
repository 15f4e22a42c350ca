"""What a side may see (DS2 docs: 'Hidden information'): the enemy's Unit Leader, the warheads of its
cruise missiles (on the launcher and in flight; how many is seen) and which target chit is real are secret. The chit pool is public: all chits return after each hit, so it is always the
full 119 in canonical order between hits, and a draw's order lives only in the seeded dice."""

from __future__ import annotations

import random

from rules.rulesets.dirtside.state import DSState

WARHEADS = ("HE", "HEF", "MAK", "DMR", "biochem", "nuke")


def view(state: DSState, side: str | None) -> DSState:
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    for u in seen.units.values():
        if u.side != side:
            u.stats.leader = 0
            u.stats.missiles = ["?"] * len(u.stats.missiles)  # how many is seen; which warheads is not
    for f in seen.flights:
        if f.side != side:
            f.target = f.chits[0]
            f.warhead = "?"
    return seen


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
