"""The die ladder d4..d12, die shifts, quality dice and opposed die-type contests (dsii-core §1.1, §1.3)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice

LADDER = (4, 6, 8, 10, 12)
"""The five die types, in order (§1.1)."""

QUALITY_DIE = {"green": 6, "regular": 8, "veteran": 10}
"""Unit quality -> quality die; the command-marker colours are green, blue, orange (§1.3, DS2-A16)."""
COLOUR = {"green": "Green", "regular": "Blue", "veteran": "Orange"}
SYSTEM_DIE = {"basic": 6, "enhanced": 8, "superior": 10}
"""Basic / Enhanced / Superior systems (guidance, ADS, PDS, CBR, SAM quality) (§7.1, §11.1)."""
ECM_DIE = {"none": 4, "basic": 6, "enhanced": 8, "superior": 10}
"""ECM die, none counting d4 (§7.1, DS2-A15)."""


def shift(die: int | None, steps: int) -> int | None:
    """`die` moved `steps` types along the ladder; None below d4 (the action is impossible),
    d12 stays d12 above the top (§1.1; the cap is [R])."""
    if die is None:
        return None
    i = LADDER.index(die) + steps
    if i < 0:
        return None
    return LADDER[min(i, len(LADDER) - 1)]


def name(die: int | None) -> str:
    return "no die" if die is None else f"d{die}"


@dataclass(frozen=True)
class Contest:
    """An opposed roll: the active side succeeds only when strictly higher than the passive best (§1.1, DS2-A19)."""

    active_die: int | None
    passive_dice: tuple[int, ...]
    active_roll: int | None
    passive_rolls: tuple[int, ...]
    bonus: int = 0

    @property
    def passive_best(self) -> int:
        return max(self.passive_rolls) if self.passive_rolls else 0

    @property
    def success(self) -> bool:
        return self.active_roll is not None and self.active_roll + self.bonus > self.passive_best

    @property
    def tie(self) -> bool:
        return self.active_roll is not None and self.active_roll + self.bonus == self.passive_best


def contest(active: int | None, passive: tuple[int, ...] | list[int], dice: Dice, purpose: str, *,
            side: str | None = None, unit: str | None = None, rule: str | None = None,
            passive_side: str | None = None, passive_unit: str | None = None) -> Contest:
    """Roll the active die and the passive dice at once; the passive side keeps its higher die, never a sum.

    An impossible active die (shifted below d4) rolls nothing and fails; passive dice are still listed.
    """
    passive = tuple(d for d in passive if d is not None)
    a_roll = None
    if active is not None:
        a_roll = dice.roll(1, active, purpose, side=side, unit=unit, rule=rule,
                           outcome=lambda f: f"rolls {f[0]}")[0]
    p_rolls = tuple(dice.roll(1, d, f"{purpose}: defence", side=passive_side, unit=passive_unit, rule=rule,
                              outcome=lambda f: f"rolls {f[0]}")[0] for d in passive)
    return Contest(active, passive, a_roll, p_rolls)
