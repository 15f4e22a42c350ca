"""Of each weapon's fire actions, only the one worth most by its exact odds: what the DHR and Hundred Wars
computers search (their `prune` hints, rules/rulesets/{dhr,hundred_wars}/ai_shots.py). A weapon may fire at
several targets, or in several ways at one; the search tried each once or twice with its own dice, and one
throw says little about which is worth most, so the rule set weighs every shot by its preview's outcomes and
the search keeps the best of each weapon."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rules.actions import Action

MEMO_LIMIT = 100_000
"""Worths remembered per rule set before its memo is emptied (a game's positions rarely come back)."""


def weapon_shots(a: Action) -> tuple | None:
    """The group of a fire action: its unit's weapon (None: not a shot)."""
    return ("fire", a.unit, a.weapon) if a.kind == "fire" else None


def each_weapons_best(actions: list[Action], side: str, fingerprint: Callable[[], Hashable],
                      worth_of: Callable[[Action], float | None], memo: dict,
                      group: Callable[[Action], tuple | None] = weapon_shots
                      ) -> tuple[set[int], dict[int, float | None]]:
    """The indices of `actions` to leave out (of each `group`, a weapon's shots by default, all but the one worth
    most; actions of unknown worth stay), and each grouped action's worth to `side` by `worth_of` (None: unknown).
    Worths are remembered in `memo` under the state's `fingerprint()` (asked only when there is a shot)."""
    groups: dict[tuple, list[int]] = {}
    for i, a in enumerate(actions):
        key = group(a)
        if key is not None:
            groups.setdefault(key, []).append(i)
    drop: set[int] = set()
    worth: dict[int, float | None] = {}
    if not groups:
        return drop, worth
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    here = fingerprint()
    for idx in groups.values():
        for i in idx:
            key = (here, side, actions[i].model_dump_json())
            if key in memo:  # .get: the memo is shared by every computer's thread and may be cleared meanwhile
                worth[i] = memo.get(key)
            else:
                worth[i] = memo[key] = worth_of(actions[i])
        known = [i for i in idx if worth[i] is not None]
        if len(known) > 1:
            best = max(known, key=lambda i: worth[i])
            drop.update(i for i in known if i != best)
    return drop, worth
