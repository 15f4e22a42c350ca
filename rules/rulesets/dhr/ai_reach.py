"""A DHR vehicle keeps out of the reach of anti-tank weapons it outranges (the computer's `prune` hint).

Infantry's anti-tank weapons are short (farm's Panzerfaust and AT grenade have range 1, hedgerow's bazooka 2: with
the range bands' penalty a Veteran's Panzerfaust still fires 4 hexes), and
a vehicle is hurt by nothing else but armament (DHR Vehicles): out of their reach it cannot be lost, and its guns
reach farther. The computer's look-ahead ends before the other side fires, and a hex to take is worth standing
on early in the game (rules/ai/evaluate.py), so farm's M5 Stuart drove onto the farmhouse next to the Grenadiers
at once, where the hold counts only at the end of turn 6 and only once no German is left in the house: the
greedy player fired the Panzerfaust at it every activation, and it was lost in 7 of 30 games the computer played
the Americans (seeds 7000-7059; 5 of those 7 were lost). So a vehicle with a weapon of longer reach does not move
into the reach of an enemy's anti-tank weapon, except onto a hex its side must hold in the turn the hold is
checked.
"""

from __future__ import annotations

from rules.actions import Action
from rules.hexgrid import Hex
from rules.rulesets.dhr.fighters import armoured, fire_number, firers
from rules.rulesets.dhr.state import DHRState

MAX_REACH = 60
"""Enough for any board (a range-10 gun of a Rating 5 crew reaches 50 hexes)."""


def reach(u, w) -> int:
    """The farthest hex `u` may fire `w` at: the range bands cost 1 each off the firing number (DHR-A02), so a
    Panzerfaust of range 1 in a Veteran's hands still fires 4 hexes."""
    d = 0
    while d < MAX_REACH and fire_number(u, w, d + 1, 1) >= 1:
        d += 1
    return d


def _danger(state: DHRState, vehicle) -> list[tuple[Hex, int]]:
    """(hex, reach) of each enemy anti-tank weapon that `vehicle` outreaches with a weapon of its own."""
    mine = max((reach(vehicle, w) for w in vehicle.stats.weapons if not (w.armament and vehicle.weapon_out)),
               default=0)
    out = []
    for e in state.units.values():
        if e.side == vehicle.side or not e.on_map or e.attached_to is not None:
            continue
        for w in e.stats.weapons:
            if w.armament and not e.weapon_out and firers(e, w) > 0 and reach(e, w) < mine:
                out.append((e.at, reach(e, w)))
    return out


def destination(a: Action) -> Hex | None:
    """Where a move (or a cross after a failed check) takes the unit; None for any other action."""
    if a.kind == "move" and a.path:
        return Hex(*a.path[-1])
    if a.kind == "cross":
        return Hex(*a.to)
    return None


def moving(state: DHRState, a: Action):
    """(the unit, where it goes) of a move or a cross; (None, None) for any other action."""
    to = destination(a)
    unit = state.units.get(getattr(a, "unit", None) or "") if to is not None else None
    return (unit, to) if unit is not None else (None, None)


def out_of_reach(state: DHRState, actions: list[Action], goals_now: set[Hex]) -> list[Action]:
    """`actions` without the moves of a vehicle into the reach of an enemy anti-tank weapon it outranges, unless
    onto one of `goals_now` (the hexes its side must hold at the end of this turn)."""
    dangers: dict[str, list[tuple[Hex, int]]] = {}

    def exposed(a: Action) -> bool:
        unit, to = moving(state, a)
        if unit is None or to in goals_now or not armoured(state, unit):
            return False
        if unit.id not in dangers:
            dangers[unit.id] = _danger(state, unit)
        return any(to.distance(at) <= r for at, r in dangers[unit.id])

    return [a for a in actions if not exposed(a)]
