"""Orders: the pips roll and the commander's range with terrain (text: "Pips", "Orders")."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.hundred_wars.terrain import Level, divide
from rules.words import count

R_ORDERS = "Orders; AHW-A03"


@dataclass(frozen=True)
class PipsResult:
    roll: int
    orders: int
    pips: int


def pips_for(roll: int, orders: int) -> int:
    """'If Score is <Orders then that many pips are available, If Score >= Orders then use full allowance' (AHW-A03)."""
    return roll if roll < orders else orders


def roll_pips(orders: int, dice: Dice, *, side: str | None = None, unit: str | None = None,
              purpose: str = "orders") -> PipsResult:
    """One commander's Orders roll, 1d10 (a 10 is never below Orders: full allowance, AHW-A01)."""
    (roll,) = dice.roll(1, 10, purpose, side=side, unit=unit, rule=R_ORDERS,
                        outcome=lambda f: f"{count(pips_for(f[0], orders), 'pip')} (Orders {orders})")
    return PipsResult(roll, orders, pips_for(roll, orders))


def orders_reach(range_cm: int, level: Level) -> int:
    """The Orders Range across the worst intervening terrain: /2 Hard, /10 V.Hard, round up; 0 if impassable."""
    return divide(range_cm, level) or 0
