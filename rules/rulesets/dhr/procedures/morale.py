"""Morale: equal or under Rating + terrain DV - casualties just taken; retreat by the margin."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import R_MORALE, effective_check_rating


def morale_target(
    rating: int,
    terrain_dv: int,
    casualties: int,
    *,
    leader_rating: int | None = None,
    untenable: bool = False,
) -> int:
    """Rating (or a higher Leader's, DHR-A25) + terrain DV - casualties just taken (Morale).

    `terrain_dv` is the DV of the hex the unit holds or sits behind, never armour
    (DHR-A11); untenable terrain (on fire, gas) adds nothing (Area Effect).
    """
    dv = 0 if untenable else terrain_dv
    return effective_check_rating(rating, leader_rating) + dv - casualties


def retreat_for(face: int, target: int) -> int:
    """Hexes to retreat for a morale roll: the margin of failure, 0 on a pass (DHR-A12)."""
    return max(0, face - target)


@dataclass(frozen=True)
class MoraleResult:
    """A morale check and the retreat it forces."""

    target: int
    face: int | None
    """None when the target is 6 or more: an automatic pass without a roll (Morale example)."""
    passed: bool
    retreat: int
    """Hexes to run away from the attacker, ignoring terrain (DHR-A12); 0 on a pass."""

    @property
    def failed(self) -> bool:
        return not self.passed


def morale_check(
    rating: int,
    terrain_dv: int,
    casualties: int,
    dice: Dice,
    *,
    leader_rating: int | None = None,
    untenable: bool = False,
    side: str | None = None,
    unit: str | None = None,
) -> MoraleResult:
    """A morale check after an attack, even one with no casualties (Morale; DHR-A23).

    Roll 1d6 equal or under `morale_target`. Target 6+: automatic pass, no roll.
    Target 0 or less: automatic failure, but the die is still rolled for the
    margin (retreat = face - target, DHR-A01). A failure retreats by the margin.
    """
    target = morale_target(rating, terrain_dv, casualties, leader_rating=leader_rating, untenable=untenable)
    if target >= 6:
        return MoraleResult(target, None, True, 0)

    def outcome(fs: tuple[int, ...]) -> str:
        r = retreat_for(fs[0], target)
        return "holds" if r == 0 else f"fails by {r}: retreats {r} hex{'es' if r != 1 else ''}"

    (face,) = dice.roll(1, 6, "morale", side=side, unit=unit, need=target, test="<=", rule=R_MORALE, outcome=outcome)
    retreat = retreat_for(face, target)
    return MoraleResult(target, face, retreat == 0, retreat)
