"""Movement: the terrain check before entering or crossing terrain (hex based and free-form)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import R_MOVE, R_MOVE_FREE


def step_dv(hex_dv: int, hexside_dvs: Iterable[int] = (), *, along_road: bool = False) -> int:
    """The DV a move step must check against (DHR-A04).

    The higher of the entered hex's DV and any hexside feature crossed (wall,
    fence...). A step taken along a road gives DV 0: "a road leading through
    woods allow[s] units ... the benefit of the lesser terrain DV value, in this
    case 0 (open road)" (Movement). Interpretation: the road carries the unit
    through hexside features it crosses as well (a gate, a bridge).
    """
    if along_road:
        return 0
    return max([hex_dv, *hexside_dvs, 0])


@dataclass(frozen=True)
class TerrainCheck:
    """What one move step's terrain check cost and whether the unit got in/across."""

    dv: int
    mp_before: int
    passed: bool
    """The unit enters the hex / crosses the hexside."""
    mp_spent: int
    rolls: tuple[int, ...] = ()
    """Each check's d6 (needing more than `dv`)."""
    auto_pass: bool = False
    """The pass was bought with another MP after a failed check."""
    challenge: bool = False

    @property
    def mp_left(self) -> int:
        return self.mp_before - self.mp_spent


def terrain_check(
    dv: int,
    mp: int,
    dice: Dice,
    *,
    challenge: bool = False,
    buy_auto_pass: bool = True,
    keep_trying: bool = True,
    side: str | None = None,
    unit: str | None = None,
) -> TerrainCheck:
    """One move step on hexes (Movement, "Hex based"; DHR-A04, DHR-A05).

    `dv`: from `step_dv`. `mp`: movement points left before the step.
    A step always costs one MP. With DV 0 there is no roll. Otherwise that MP
    is spent to roll 1d6, which passes when HIGHER than the DV. On a failure,
    if another MP is left (and `buy_auto_pass`), it is spent for an automatic
    pass. Challenge terrain (fortress walls, barbed wire: a per-terrain flag,
    DHR-A05) has no auto-pass: the unit keeps checking, one MP each, until it
    passes or runs out of MP (or stops, `keep_trying=False`, after one check).
    With no MP the step cannot be tried (`passed=False`, nothing spent).
    """
    if mp < 1:
        return TerrainCheck(dv, mp, False, 0, challenge=challenge)
    if dv <= 0:
        return TerrainCheck(dv, mp, True, 1, challenge=challenge)
    rolls: list[int] = []
    spent = 0
    while mp - spent >= 1:
        spent += 1
        (face,) = dice.roll(
            1, 6, "terrain check", side=side, unit=unit, need=dv, test=">", rule=R_MOVE,
            outcome=lambda fs: "passed" if fs[0] > dv else "failed",
        )
        rolls.append(face)
        if face > dv:
            return TerrainCheck(dv, mp, True, spent, tuple(rolls), challenge=challenge)
        if not challenge:
            if buy_auto_pass and mp - spent >= 1:
                return TerrainCheck(dv, mp, True, spent + 1, tuple(rolls), auto_pass=True)
            return TerrainCheck(dv, mp, False, spent, tuple(rolls))
        if not keep_trying:
            break
    return TerrainCheck(dv, mp, False, spent, tuple(rolls), challenge=challenge)


@dataclass(frozen=True)
class FreeFormCheck:
    """A free-form (inches) terrain crossing."""

    dv: int
    inches_before: int
    face: int | None
    cost: int
    """Inches the crossing costs: the DV on a pass, twice the DV on a failure."""
    crossed: bool
    """False when the unit lacks more inches than the cost (it stays, nothing spent)."""

    @property
    def inches_left(self) -> int:
        return self.inches_before - (self.cost if self.crossed else 0)


def free_form_terrain_check(
    dv: int, inches: int, dice: Dice, *, side: str | None = None, unit: str | None = None
) -> FreeFormCheck:
    """Movement, "Free-form": roll 1d6 HIGHER than the DV; pay the DV in inches, double on a failure.

    For the quick resolver only (DHR-A22: the map uses hexes). The crossing needs
    at least 1 inch left over after paying, on a pass or a failure (DHR-A06).
    """
    if dv <= 0:
        return FreeFormCheck(dv, inches, None, 0, True)
    (face,) = dice.roll(
        1, 6, "terrain check (free-form)", side=side, unit=unit, need=dv, test=">", rule=R_MOVE_FREE,
        outcome=lambda fs: f"passed: pays {dv}in" if fs[0] > dv else f"failed: pays {2 * dv}in",
    )
    cost = dv if face > dv else 2 * dv
    return FreeFormCheck(dv, inches, face, cost, inches > cost)
