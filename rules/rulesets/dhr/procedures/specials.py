"""Crew-served weapons and the special figures' checks (optional rules)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import R_CREW, CheckResult, rating_check


def crew_check(
    rating: int,
    crew_lost: int,
    dice: Dice,
    *,
    leader_rating: int | None = None,
    side: str | None = None,
    unit: str | None = None,
) -> CheckResult:
    """Crew Served Weapons: before a reduced crew fires, a Rating check at Rating - crew lost (DHR-A14).

    The example: a Veteran (4) MG-42 team of 5 that lost 2 needs a 2 or less.
    With no crew lost there is no check. A target of 0 or less: the gun cannot
    fire (`possible=False`). A failure: the gun does not fire this activation.
    It is a check, so an attached Leader's higher Rating counts (DHR-A25).
    """
    if crew_lost <= 0:
        return CheckResult(rating, None, True)
    return rating_check(rating, dice, modifier=-crew_lost, leader_rating=leader_rating,
                        purpose="crew check", rule=R_CREW, side=side, unit=unit)


@dataclass(frozen=True)
class Champion:
    """Special Figures, Champion: "gets several attacks per round and can shrug of a few hits".

    Interpretation: `attacks` dice in melee (`Combatant.melee_dice`) and
    `toughness` hits to fell him (`Combatant.toughness`, with `wounds` kept
    by the caller between attacks). Defaults: 3 attacks, 3 hits.
    """

    attacks: int = 3
    toughness: int = 3
