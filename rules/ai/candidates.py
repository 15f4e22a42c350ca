"""Bounding the actions the computer tries: every rare kind whole, the commonest kinds cut to a few per unit.

A QUAD move card, a DHR move or a Hundred Wars blind may have hundreds of
destinations; trying each on a copy of the state costs the same as trying an
attack. So before any exact try the computer keeps every action of the rarer
kinds (attacks, reactions, ends...) and, of the kinds too common to try whole,
the few destinations per unit that a cheap reading of the position likes best
(`Evaluator.hex_worth`: the pull of the objectives and of the enemy) and one at
random. The random pick comes from the computer's own generator, so the cut is
the same for the same seed.
"""

from __future__ import annotations

import random

from rules.actions import Action

CAP = 40
"""At most this many actions are tried once each in the first round."""
RARE = 12
"""A kind with at most this many actions is kept whole."""
PER_UNIT = 3
"""Destinations kept per unit of a kind too common to try whole (plus one at random)."""


def bound(actions: list[Action], state, side: str, ev, rng: random.Random, cap: int = CAP,
          per_unit: int = PER_UNIT) -> list[Action]:
    """At most `cap` of `actions` (all of them when they are few), in their original order; at most `per_unit`
    destinations a unit by the cheap reading (plus one at random) of a kind too common to try whole."""
    if len(actions) <= cap:
        return actions
    kinds: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        kinds.setdefault(a.kind, []).append(i)
    keep: set[int] = set()
    common: list[int] = []
    for idx in kinds.values():
        (keep.update(idx) if len(idx) <= RARE else common.extend(idx))
    if len(keep) >= cap:
        return [actions[i] for i in sorted(rng.sample(sorted(keep), cap))]
    worth = {i: ev.hex_worth(state, side, actions[i]) for i in common}
    groups: dict[tuple, list[int]] = {}
    for i in common:
        groups.setdefault((actions[i].kind, actions[i].unit_id), []).append(i)
    room = cap - len(keep)
    per = max(1, min(per_unit, room // max(1, len(groups)) - 1))
    picked: list[int] = []
    for idx in groups.values():
        rng.shuffle(idx)  # ties among equal destinations are broken by the computer's own dice
        ranked = sorted(idx, key=lambda i: -worth[i])
        best = ranked[:per]
        rest = ranked[per:]
        picked.extend(best)
        if rest:
            picked.append(rng.choice(rest))
    if len(picked) > room:
        picked = sorted(picked, key=lambda i: -worth[i])[:room]
    keep.update(picked)
    return [actions[i] for i in sorted(keep)]


def glance(actions: list[Action], share: int, rng: random.Random) -> list[Action]:
    """One in `share` of each kind of `actions` (at least two), drawn at random: an easy computer's glance at its
    options. It sees that it may fire, but not every target, nor every hex it may move to. In original order."""
    kinds: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        kinds.setdefault(a.kind, []).append(i)
    keep = [i for idx in kinds.values() for i in rng.sample(idx, min(len(idx), max(2, -(-len(idx) // share))))]
    return [actions[i] for i in sorted(keep)]
