"""Close combat with cumulative scores, ram and suicide attacks (text: "Close Combat (CQB)", "Ram / Suicide Attacks")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.hundred_wars.procedures.fire import FireResult, fire_roll

R_CQB = "Close Combat (CQB); AHW-A17, AHW-A18"
R_RAM = "Ram / Suicide Attacks"


@dataclass(frozen=True)
class CqbResult:
    scores: dict[str, int]
    """Each unit's score: min(d100, CQB) (AHW-A18)."""
    totals: tuple[int, int]
    """The two sides' cumulative scores."""
    loser: int | None
    """0 or 1: the lower scorer; None on a tie (no damage, AHW-A17)."""
    damage: int


def cqb_outcome(a_scores: Sequence[int], b_scores: Sequence[int], *, weak_spot_factor: int | None = None) -> tuple[int | None, int]:
    """(loser, damage): the lower total takes the difference, or the winner's full CQB factor where it is weakest."""
    ta, tb = sum(a_scores), sum(b_scores)
    if ta == tb:
        return None, 0
    loser = 1 if ta > tb else 0
    return loser, (weak_spot_factor if weak_spot_factor is not None else abs(ta - tb))


def cqb_die(uid: str, factor: int, dice: Dice, side: str | None = None, purpose: str = "close combat") -> int:
    """One unit's close combat score: min(1d100, CQB) (AHW-A18)."""
    (roll,) = dice.roll(1, 100, purpose, side=side, unit=uid, rule=R_CQB,
                        outcome=lambda f: f"scores {min(f[0], factor)} (CQB {factor})")
    return min(roll, factor)


def cqb_result(a: Sequence[tuple[str, int]], b: Sequence[tuple[str, int]], scores: dict[str, int], *,
               weak_spot: tuple[bool, bool] = (False, False)) -> CqbResult:
    """The result of a close combat from every unit's score: the lower total takes the difference, or the winner's
    full CQB factor (the sum of its side's factors) where it is weakest."""
    sa = [scores[u] for u, _ in a]
    sb = [scores[u] for u, _ in b]
    ta, tb = sum(sa), sum(sb)
    loser = None if ta == tb else (1 if ta > tb else 0)
    full = None
    if loser is not None and weak_spot[loser]:
        full = sum(f for _, f in (b if loser == 0 else a))
    _, damage = cqb_outcome(sa, sb, weak_spot_factor=full)
    return CqbResult(dict(scores), (ta, tb), loser, damage)


def close_combat(a: Sequence[tuple[str, int]], b: Sequence[tuple[str, int]], dice: Dice, *,
                 weak_spot: tuple[bool, bool] = (False, False), side_ids: tuple[str | None, str | None] = (None, None)) -> CqbResult:
    """Every unit in contact rolls 1d100; scores are cumulative per side; the lower side takes the difference.

    `a` and `b` are (unit id, CQB factor) of the two sides; `weak_spot[i]`
    says side i was contacted where its armour is weakest (or from above or
    below): then it takes the winner's full CQB factor as damage.
    """
    scores: dict[str, int] = {}
    for group, side in ((a, side_ids[0]), (b, side_ids[1])):
        for uid, factor in group:
            scores[uid] = cqb_die(uid, factor, dice, side)
    return cqb_result(a, b, scores, weak_spot=weak_spot)


def ram(attacker_armour: int, target_armour: int) -> tuple[int, int]:
    """'A ram attack uses the Armour factors of both parties as pure damage against the other': (to attacker, to target)."""
    return target_armour, attacker_armour


def closing_speed(attacker: int, target_toward: int) -> int:
    """Movement towards each other adds; the target's movement away subtracts (give it as negative)."""
    return max(0, attacker + target_toward)


@dataclass(frozen=True)
class SuicideResult:
    fire: int
    on_target: FireResult
    on_attacker: FireResult


def suicide(attacker_speed: int, target_toward: int, attacker_armour: int, target_armour: int, dice: Dice, *,
            sides: tuple[str | None, str | None] = (None, None), units: tuple[str | None, str | None] = (None, None)) -> SuicideResult:
    """The combined speed is a mutual Fire factor, rolled against each party's Armour; the attacker self-destructs."""
    fire = closing_speed(attacker_speed, target_toward)
    on_target = fire_roll(fire, target_armour, dice, side=sides[0], unit=units[0], target_side=sides[1], target=units[1])
    on_attacker = fire_roll(fire, attacker_armour, dice, side=sides[1], unit=units[1], target_side=sides[0], target=units[0])
    return SuicideResult(fire, on_target, on_attacker)
