"""Movement: the 1d100 movement roll with terrain, depths and altitudes, and space speed (text: "Movement")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.hundred_wars.terrain import Level, divide, worst

R_MOVE = "Movement; AHW-A06"
R_SPACE = "Space Movement; AHW-A21"


def allowance(factor: int, level: Level, *, changes_level: bool = False) -> int:
    """The Move factor in this terrain: /2 Hard, /10 V.Hard, rounded up (AHW-A06); half again to change level."""
    if changes_level:
        factor = math.ceil(factor / 2)  # "Movement from one level to the next is at 1/2 Move rate"
    return divide(factor, level) or 0


def distance(roll: int, factor: int, level: Level, *, changes_level: bool = False) -> int:
    """'If Score <= Move, move Score cms; if Score > Move, move Move cms' with the terrain-divided Move."""
    return min(roll, allowance(factor, level, changes_level=changes_level))


@dataclass(frozen=True)
class Walk:
    roll: int
    steps: int
    """Hexes entered."""
    cm: int
    """Centimetres moved (steps x hex size)."""
    level: Level
    """The worst terrain met (AHW-A07)."""
    blocked: bool
    """Stopped by impassable terrain or by the terrain cutting the allowance."""


def walk(roll: int, factor: int, start: Level, entered: Sequence[Level], hex_cm: int,
         *, changes_level: bool = False) -> Walk:
    """How far along a path of hexes one movement roll goes.

    The worst terrain so far (the start and every hex entered, AHW-A07) divides
    the Move factor; a hex is entered only if the distance so far plus one hex
    is within min(roll, divided factor). Distances are hexes x hex size (AHW-A27).
    """
    level, steps, blocked = start, 0, False
    for nxt in entered:
        w = worst((level, nxt))
        if w == "impassable" or (steps + 1) * hex_cm > distance(roll, factor, w, changes_level=changes_level):
            blocked = w == "impassable" or (steps + 1) * hex_cm <= min(roll, factor)
            break
        level, steps = w, steps + 1
    return Walk(roll, steps, steps * hex_cm, level, blocked)


def roll_move(dice: Dice, *, side: str | None = None, unit: str | None = None, factor: int = 0,
              level: Level = "easy") -> int:
    """The movement roll, 1d100."""
    (roll,) = dice.roll(1, 100, "movement", side=side, unit=unit, rule=R_MOVE,
                        outcome=lambda f: f"up to {distance(f[0], factor, level)} cm (Move {factor}, {level})")
    return roll


def space_speed(speed: int, roll: int, factor: int, accelerate: bool) -> int:
    """'In space, move rate increases or decreases by roll': change = min(roll, Move); below 0 is stationary (AHW-A21)."""
    change = min(roll, factor)
    return max(0, speed + change if accelerate else speed - change)
