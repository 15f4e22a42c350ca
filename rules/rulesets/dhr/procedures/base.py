"""Shared pieces of the DHR procedures: rule references, roll-under helpers, Rating checks.

Every DHR roll is a d6 compared "equal to or less than" a number ("this is a
running theme", Firing) except the terrain check of Movement, which must roll
HIGHER than the DV. DHR-A01: there are no natural-1/natural-6 rules; a target
of 6 or more always succeeds, a target of 0 or less cannot succeed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules.dice import Dice

# Rule references written into every roll record (the text's section, then NOTES ids).
R_MOVE = "Movement (hex based); DHR-A04"
R_MOVE_FREE = "Movement (free-form); DHR-A06"
R_RANGE = "Firing: Range; DHR-A01..A03"
R_ROF = "Firing: Rate of Fire; DHR-A08"
R_FIRE = "Firing"
R_LINE_FIRE = "Firing: Rate of Fire (machine guns); DHR-A10"
R_TERRAIN_SAVE = "Terrain Saves; DHR-A07"
R_ARMOUR_SAVE = "Armor Saves; DHR-A18"
R_MELEE = "Melee; DHR-A13"
R_MORALE = "Morale; DHR-A11, DHR-A12, DHR-A23"
R_AREA = "Area Effect (optional); DHR-A17"
R_CONTEST = "Armored Vehicles & Heavy Weapons (optional); DHR-A15"
R_EFFECT = "Armored Vehicles & Heavy Weapons: effect table (optional); DHR-A16"
R_OVERRUN = "Armored Vehicles: vehicle-overruns (optional); DHR-A27"
R_MEDIC = "Special Figures: Medic (optional); DHR-A24"
R_LEADER = "Special Figures: Leader (optional); DHR-A25"
R_RTO = "Special Figures: RTO (optional)"
R_WIZARD = "Special Figures: Wizard (optional)"
R_CHAMPION = "Special Figures: Champion (optional)"
R_CREW = "Crew Served Weapons (optional); DHR-A14"


def chance_under(need: int) -> Fraction:
    """The chance that one d6 rolls `need` or less (DHR-A01: clamped to 0..1)."""
    return Fraction(max(0, min(6, need)), 6)


def chance_over(dv: int) -> Fraction:
    """The chance that one d6 rolls HIGHER than `dv` (the Movement terrain check)."""
    return Fraction(max(0, min(6, 6 - dv)), 6)


def count_under(faces: tuple[int, ...], need: int) -> int:
    """How many faces are `need` or less."""
    return sum(1 for f in faces if f <= need)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def roll_under(
    dice: Dice,
    n: int,
    need: int,
    purpose: str,
    *,
    rule: str,
    side: str | None = None,
    unit: str | None = None,
    word: str = "success",
    many: str | None = None,
    modifiers: tuple[str, ...] = (),
) -> tuple[int, ...]:
    """Roll `n` d6 each needing `need` or less; the record counts them as `word`s."""
    if n <= 0:
        return ()
    outcome: Callable[[tuple[int, ...]], str] = lambda faces: _plural(count_under(faces, need), word, many)
    return dice.roll(n, 6, purpose, side=side, unit=unit, need=need, test="<=", rule=rule, outcome=outcome,
                     modifiers=modifiers)


def effective_check_rating(rating: int, leader_rating: int | None = None) -> int:
    """The Rating used for checks (morale, crew, Rating checks): a higher Leader's replaces it.

    Special Figures: Leader; DHR-A25 (checks only, never the firing roll).
    """
    return max(rating, leader_rating) if leader_rating is not None else rating


@dataclass(frozen=True)
class CheckResult:
    """A single d6 Rating check, equal or under `target`."""

    target: int
    """The number to roll equal or under (before clamping: 7 is a sure pass, 0 a sure failure)."""
    face: int | None
    """The face rolled, or None when no roll was needed (automatic pass, or impossible)."""
    passed: bool
    possible: bool = True
    """False when the target is 0 or less and the check cannot be passed at all (DHR-A01)."""

    @property
    def automatic(self) -> bool:
        return self.face is None


def rating_check(
    rating: int,
    dice: Dice,
    *,
    modifier: int = 0,
    leader_rating: int | None = None,
    purpose: str = "Rating check",
    rule: str = "Rating; DHR-A01, DHR-A25",
    side: str | None = None,
    unit: str | None = None,
) -> CheckResult:
    """A plain Rating check: 1d6 equal or under (Rating, or a higher Leader's) + modifier.

    A target of 6 or more passes without a roll; 0 or less fails without a roll
    and reports `possible=False` (DHR-A01).
    """
    target = effective_check_rating(rating, leader_rating) + modifier
    if target >= 6:
        return CheckResult(target, None, True)
    if target <= 0:
        return CheckResult(target, None, False, possible=False)
    (face,) = dice.roll(
        1, 6, purpose, side=side, unit=unit, need=target, test="<=", rule=rule,
        outcome=lambda fs: "passed" if fs[0] <= target else "failed",
    )
    return CheckResult(target, face, face <= target)
