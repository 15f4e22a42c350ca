"""Agility tests of climbing and jumping (text #4 'Climb & Jump', 'Falling'): pure procedures with a Dice."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.skirmish.procedures.roll import BASE_TN, roll_check


@dataclass(frozen=True)
class ClimbResult:
    """What a climb's Agility test decided: 'pass = can continue move after getting to the top or bottom;
    fail = move ends at top/bottom of obstacle'; on a slippery surface a second failure 'means they fall'."""

    goes_on: bool
    falls: bool = False


def climb_test(dice: Dice, agility: int, *, slippery: bool = False, side: str | None = None,
               unit: str | None = None) -> ClimbResult:
    """'Test Agility = pass = can continue move ...; fail = move ends at top/bottom of obstacle'. 'Models
    climbing a slippery surface with few handholds must test a second time if they fail an agility test; a
    second failure means they fall' (text #4)."""
    if roll_check(dice, agility, BASE_TN, "climb (Agility)", side=side, unit=unit, rule="#4").passed:
        return ClimbResult(goes_on=True)
    if not slippery:
        return ClimbResult(goes_on=False)
    second = roll_check(dice, agility, BASE_TN, "slippery climb, second test (Agility)", side=side, unit=unit,
                        rule="#4")
    return ClimbResult(goes_on=False, falls=not second.passed)


def jump_test(dice: Dice, agility: int, gap: int, *, side: str | None = None, unit: str | None = None) -> bool:
    """A jump over `gap` inches: 'must test for each 1” beyond [the first] ... Each 1” beyond the first
    triggers another agility test'; a failure ends the move on landing (SKIRM-A15). True: the move goes on."""
    ok = True
    for _ in range(max(gap - 1, 0)):
        ok = roll_check(dice, agility, BASE_TN, "jump (Agility)", side=side, unit=unit, rule="#4").passed and ok
    return ok


def holds_on(dice: Dice, agility: int, *, side: str | None = None, unit: str | None = None) -> bool:
    """'A model will not fall off a rope or ladder unless he is attacked; then test agility to see if he
    falls' (text #4). True: it holds on."""
    return roll_check(dice, agility, BASE_TN, "attacked on a ladder or rope (Agility)", side=side, unit=unit,
                      rule="#4").passed
