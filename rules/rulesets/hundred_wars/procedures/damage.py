"""Damage to factors: each point off Armour, Move, Fire or Orders, as the allocator chooses (AHW-A14, AHW-A15)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.rulesets.hundred_wars.units import DamageKey, HwStats, damage_keys, factor_of, lower

SPREAD = "spread"
"""Allocate one point at a time round the factors that still have points."""


@dataclass(frozen=True)
class Allocation:
    stats: HwStats
    taken: dict[str, int]
    """Points taken off each factor."""
    destroyed: bool
    """Damage with Armour already 0, or more damage than the factors hold (AHW-A15)."""


def choices(stats: HwStats) -> list[str]:
    """The allocations offered: one factor first (then the standard order), or spread evenly."""
    keys = damage_keys(stats)
    return keys + ([SPREAD] if len(keys) > 1 else [])


def allocate(stats: HwStats, damage: int, first: DamageKey | str) -> Allocation:
    """Deduct `damage` points: all from `first` while it has points, the rest in the order Armour, Fire, Move, Orders.

    A unit whose Armour was 0 before the hit is destroyed by any damage; so is
    one whose factors run out before the damage does.
    """
    new = stats.model_copy(deep=True)
    if damage <= 0:
        return Allocation(new, {}, False)
    if stats.armour == 0:
        return Allocation(new, {}, True)
    taken: dict[str, int] = {}
    left = damage
    if first == SPREAD:
        while left:
            keys = damage_keys(new)
            if not keys:
                break
            for k in keys:
                if not left:
                    break
                lower(new, k, 1)
                taken[k] = taken.get(k, 0) + 1
                left -= 1
    else:
        order = ([first] if first in damage_keys(new) else []) + [k for k in damage_keys(new) if k != first]
        for k in order:
            n = min(left, factor_of(new, k))
            if n:
                lower(new, k, n)
                taken[k] = taken.get(k, 0) + n
                left -= n
            if not left:
                break
    return Allocation(new, taken, left > 0)
