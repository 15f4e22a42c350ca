"""Specialities: ECM, ADS, Field Repairs, Teleport chains and buffers (text: "Specialities"; AHW-A23)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.dice import Dice
from rules.hexgrid import Hex
from rules.words import count

R_ECM = "ECM; AHW-A23"
R_ADS = "ADS; AHW-A23"
R_REPAIR = "Field Repairs"
R_TELEPORT = "Teleport"
ADS_THRESHOLD = 35
"""'Any incoming attack ... with a Fire above 35 can be intercepted within range.'"""
MIN_PIPS_AFTER_ECM = 2


def margin(factor: int, roll: int) -> int:
    """Success iff d10 <= factor; the margin is factor - roll, 0 on a failure or with no factor (AHW-A23)."""
    return factor - roll if factor and roll <= factor else 0


def passed(factor: int, roll: int) -> bool:
    return factor > 0 and roll <= factor


def ecm_roll(factor: int, dice: Dice, purpose: str = "ECM", *, side: str | None = None, unit: str | None = None) -> int:
    (roll,) = dice.roll(1, 10, purpose, side=side, unit=unit, need=factor, test="<=", rule=R_ECM,
                        outcome=lambda f: f"margin {margin(factor, f[0])}" if passed(factor, f[0]) else "failed")
    return roll


@dataclass(frozen=True)
class Contest:
    mine: int
    theirs: int | None
    """The opposing ECM (or ADS) roll; None when there is none to beat."""
    success: bool
    difference: int


def contest(my_factor: int, my_roll: int, their_factor: int = 0, their_roll: int | None = None) -> Contest:
    """'Roll below your ECM and also beat the enemy's ECM roll': succeed, with a larger margin than theirs."""
    mine = margin(my_factor, my_roll)
    theirs = margin(their_factor, their_roll) if their_roll is not None else 0
    # With nobody to beat, 'successfully rolling the ECM factor or less' is enough (a roll equal to it too).
    ok = passed(my_factor, my_roll) and (their_roll is None or mine > theirs)
    return Contest(my_roll, their_roll, ok, mine - theirs if ok else 0)


def ecm_contest(my_factor: int, their_factor: int, dice: Dice, purpose: str = "ECM", *,
                sides: tuple[str | None, str | None] = (None, None)) -> Contest:
    """My ECM roll against the enemy's ECM roll (their roll is made only if they have ECM)."""
    mine = ecm_roll(my_factor, dice, purpose, side=sides[0])
    theirs = ecm_roll(their_factor, dice, "counter-ECM", side=sides[1]) if their_factor else None
    return contest(my_factor, mine, their_factor, theirs)


def pips_after_ecm(pips: int, removed: int) -> int:
    """'Remove 1d10 pips from any enemy commander within range but not to less than 2.'"""
    if pips <= MIN_PIPS_AFTER_ECM:
        return pips
    return max(MIN_PIPS_AFTER_ECM, pips - removed)


def ads_reduction(ads: int, ads_roll: int, ecm: int = 0, ecm_roll_: int | None = None) -> int:
    """'Roll below your ADS and also beat any enemy ECM roll to reduce the firepower by ten times the difference.'"""
    c = contest(ads, ads_roll, ecm, ecm_roll_)
    return 10 * c.difference if c.success else 0


def ads_applies(fire: int) -> bool:
    return fire > ADS_THRESHOLD


def ads_vs_ecm(ads: int, ecm: int, ecm_roll_: int, ads_roll: int) -> int:
    """ECM against an ADS: 'beat the enemy's ADS roll to reduce the ADS by the difference'."""
    c = contest(ecm, ecm_roll_, ads, ads_roll)
    return min(ads, c.difference) if c.success else 0


@dataclass(frozen=True)
class Repair:
    roll: int
    repaired: bool
    locked: bool
    """A 10: no further repairs on that factor."""


def field_repair(factor: int, roll: int) -> Repair:
    """'Roll below factor on 1d10 to repair 1 point'; 'A result of 10 indicates no further repairs'."""
    return Repair(roll, roll < factor, roll == 10)


def roll_repair(factor: int, dice: Dice, *, side: str | None = None, unit: str | None = None) -> Repair:
    (roll,) = dice.roll(1, 10, "field repairs", side=side, unit=unit, need=factor, test="<", rule=R_REPAIR,
                        outcome=lambda f: "10: no further repairs on that factor" if f[0] == 10
                        else ("1 point repaired" if f[0] < factor else "no repair"))
    return field_repair(factor, roll)


# --- teleport ---------------------------------------------------------------------------


def chain(teleporters: Mapping[str, tuple[Hex, int]], start: str, hex_cm: int) -> list[str]:
    """The teleport units reachable from `start` through others within range (in order found).

    `teleporters` maps id -> (where, range in cm). A unit reaches another whose
    hex is within its range.
    """
    seen, todo = [start], [start]
    while todo:
        cur = todo.pop(0)
        here, reach = teleporters[cur]
        for tid, (there, _) in teleporters.items():
            if tid not in seen and here.distance(there) * hex_cm <= reach:
                seen.append(tid)
                todo.append(tid)
    return seen


def can_reach(teleporters: Mapping[str, tuple[Hex, int]], start: str, to: Hex, hex_cm: int) -> bool:
    """'any point within its range or to any point within the range of another teleport unit within range'."""
    return any(teleporters[t][0].distance(to) * hex_cm <= teleporters[t][1] for t in chain(teleporters, start, hex_cm))


@dataclass(frozen=True)
class Transport:
    roll: int
    sent: list[str]
    buffered: list[str]


def transport(units: list[str], buffered: list[str], roll: int, capacity: int) -> Transport:
    """Roll 1d10: that many units (at most the capacity) materialise; suspended ones go first; the rest wait in buffers."""
    if units and len(buffered) + len(units) > capacity:
        raise ValueError(f"the teleporter holds {count(capacity, 'unit')}; {len(buffered)} wait in its buffers")
    queue = [*buffered, *units]
    n = min(roll, len(queue))
    return Transport(roll, queue[:n], queue[n:])


def scuttle(roll: int, fire: int, armour: int) -> bool:
    """Captures: destroy a stranded unit 'by rolling under their own Fire factor and exceeding their Armour factor'."""
    return armour < roll < fire
