"""Ortillery (orbital fire) and artillery deviation (dsii-core §9.8, §14.5).

An ortillery battery (`orbital = true`, off the table) is called like any off-table battery, counter-battery fire
cannot reach it, and its fire deviates: a d12 clock face gives the direction (clock / 2 rounded up: one of the 6
hex directions, 1-2 o'clock NE, 3-4 E, 5-6 SE, 7-8 SW, 9-10 W, 11-12 NW), then a d6 and a d8: if the d8 is
higher the impact moves that many hexes more, else it lands on target. The option `deviation` makes every
battery's fire deviate ("players may use the same deviation for normal artillery"). [R] an impact pushed past the
map's edge stops at the edge; cruise missiles steer and never deviate.
"""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count

CLOCK_TO_DIRECTION = ("NE", "E", "SE", "SW", "W", "NW")
"""Clock hours 1-2, 3-4, ... 11-12, each pair one hex direction (§14.5)."""


def deviates(state: DSState, battery: DSUnit) -> bool:
    """Ortillery always; any real battery with the option on (a cruise missile's stand-in is no unit of the state)."""
    if battery.id not in state.units:
        return False
    return battery.stats.orbital or bool(state.options.get("deviation", False))


def shifted(state: DSState, at: Hex, direction: str, hexes: int) -> Hex:
    """`at` moved `hexes` steps toward `direction`, stopping at the map's edge [R]."""
    for _ in range(hexes):
        nxt = at.neighbour(direction)
        if not state.board.in_bounds(nxt):
            break
        at = nxt
    return at


def distance_odds() -> dict[int, Fraction]:
    """Hexes moved: 0 when the d8 does not beat the d6, else the difference (§9.8)."""
    out: dict[int, Fraction] = {}
    for d6 in range(1, 7):
        for d8 in range(1, 9):
            k = max(0, d8 - d6)
            out[k] = out.get(k, Fraction(0)) + Fraction(1, 48)
    return out


def spots(state: DSState, at: Hex) -> dict[Hex, Fraction]:
    """Every hex the impact may land on, with its exact chance."""
    out: dict[Hex, Fraction] = {}
    for k, p in distance_odds().items():
        for d in (CLOCK_TO_DIRECTION if k else CLOCK_TO_DIRECTION[:1]):
            h = shifted(state, at, d, k)
            out[h] = out.get(h, Fraction(0)) + (p / 6 if k else p)
    return out


def deviate(state: DSState, battery: DSUnit, at: Hex, ctx: Context) -> Hex:
    """Roll the deviation of `battery`'s impact at `at`; the hex where it lands."""
    clock = ctx.dice.roll(1, 12, "deviation direction", rule="§9.8", side=battery.side, unit=battery.id,
                          outcome=lambda f: f"{f[0]} o'clock: {CLOCK_TO_DIRECTION[(f[0] + 1) // 2 - 1]}")[0]
    d6 = ctx.dice.roll(1, 6, "deviation d6", rule="§9.8", side=battery.side, unit=battery.id,
                       outcome=lambda f: f"rolls {f[0]}")[0]
    d8 = ctx.dice.roll(1, 8, "deviation d8", rule="§9.8", side=battery.side, unit=battery.id,
                       outcome=lambda f: "moves" if f[0] > d6 else "on target")[0]
    if d8 <= d6:
        ctx.emit(Message(message=f"{battery.name}'s fire lands on target at {at}"))
        return at
    direction = CLOCK_TO_DIRECTION[(clock + 1) // 2 - 1]
    landed = shifted(state, at, direction, d8 - d6)
    ctx.emit(Message(message=f"{battery.name}'s fire deviates {count(d8 - d6, 'hex')} {direction}: "
                             f"it lands at {landed}"))
    return landed
