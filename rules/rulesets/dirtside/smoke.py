"""Smoke: artillery smoke clouds running downwind and thinning each Turn End, and vehicle smoke dischargers
(dsii-core §5.6, §10.2, §14.5). Values the fact sheet reconstructs are marked [R] and listed in the docs."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.hexgrid import DIRECTIONS, Hex
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.state import Cloud, DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb

HEXES_PER_GUN = 2
"""An artillery smoke cloud is 2" long per gun in the battery (§10.2)."""
THINNING = 2
"""Each Turn End removes 2" from the upwind end (§10.2)."""
WIND_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def hexes(state: DSState) -> frozenset[Hex]:
    return frozenset(h for c in state.clouds for h in c.hexes)


def sees(state: DSState, a: Hex, b: Hex) -> bool:
    """Line of sight on the map as it stands now: terrain, rubble and smoke (§14.3, §10.2)."""
    return ter.sight(state.board, a, b, frozenset(state.rubble), smoke=hexes(state) if state.clouds else frozenset())


def wind(state: DSState, ctx: Context) -> int:
    """The wind blows toward one of the 6 hex directions, rolled once per game with a d6 (§10.2: a d12 clock;
    §14.5: a d6 on hexes)."""
    if state.wind is None:
        face = ctx.dice.roll(1, 6, "wind direction", rule="§10.2",
                             outcome=lambda f: f"the wind blows {WIND_NAMES[f[0] - 1]}")[0]
        state.wind = face - 1
    return state.wind


def cloud_line(state: DSState, start: Hex, length: int, direction: int) -> list[Hex]:
    """`length` hexes from `start` running downwind, cut at the map's edge (§14.5)."""
    out, h = [], start
    for _ in range(length):
        if not state.board.in_bounds(h):
            break
        out.append(h)
        h = h.neighbour(DIRECTIONS[direction])
    return out


def lay(state: DSState, at: Hex, guns: int, ctx: Context) -> Cloud:
    """An artillery smoke mission: the cloud starts at the impact hex and runs downwind, 2 hexes per gun."""
    cloud = Cloud(hexes=cloud_line(state, at, HEXES_PER_GUN * guns, wind(state, ctx)))
    state.clouds.append(cloud)
    ctx.emit(Message(message=f"smoke from {at}, {count(len(cloud.hexes), 'hex')} downwind "
                             f"({WIND_NAMES[state.wind]}): it blocks all sight"))
    return cloud


def thin(state: DSState, ctx: Context) -> None:
    """Turn End: every cloud loses 2 hexes at its upwind end; an empty cloud is gone (§10.2)."""
    for c in state.clouds:
        if c.source != "fire":  # a fire burns until engineers put it out (§10.2)
            c.hexes = c.hexes[THINNING:]
    before = len(state.clouds)
    state.clouds = [c for c in state.clouds if c.hexes]
    if state.clouds or before:
        ctx.emit(Message(message=f"smoke thins: {count(len(state.clouds), 'cloud')} left"))


def dischargers(unit: DSUnit) -> bool:
    return any(e.design and e.design.dischargers and not e.systems_down for e in unit.vehicles())


def discharge(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Smoke dischargers: the combat action; the unit's vehicles are obscured until the end of its next
    activation or until it moves (§5.6). One unit stands in one hex, so the cloud covers all its vehicles [R]."""
    if not dischargers(unit):
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no working smoke dischargers")
    before = unit.stats.smoked
    unit.stats.smoked = 2  # this activation's end and the next one's
    ctx.emit(Changed(unit=unit.id, field="smoke dischargers", before=before, after=2,
                     why="obscured: no HEL or GMS fire at it, other fire one band longer"))


def clear_discharge(unit: DSUnit, ctx: Context, why: str) -> None:
    if unit.stats.smoked:
        ctx.emit(Changed(unit=unit.id, field="smoke dischargers", before=unit.stats.smoked, after=0, why=why))
        unit.stats.smoked = 0


def end_of_activation(unit: DSUnit, ctx: Context) -> None:
    if unit.stats.smoked:
        unit.stats.smoked -= 1
        if not unit.stats.smoked:
            ctx.emit(Changed(unit=unit.id, field="smoke dischargers", before=1, after=0,
                             why="the small cloud clears"))


def blocks_weapon(weapon: str, target: DSUnit) -> bool:
    """HEL and GMS fire at a vehicle behind its dischargers' smoke is impossible (§5.6)."""
    return bool(target.stats.smoked) and (weapon == "HEL" or weapon.startswith("GMS"))
