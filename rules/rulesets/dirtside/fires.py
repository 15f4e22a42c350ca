"""Burning woods and buildings, and firefighting (dsii-core §10.2, §13), with the option `fires` (off by default:
the fact sheet says what sets them alight but not how often).

[R] With the option on, a wood or an intact building is set alight by an effective HEF mission landing converged
on its hex, or by a HEL or DFFG hit on a unit standing in it. A fire is a smoke cloud of 6 hexes running downwind
from the burning hex (§14.5); it blocks sight like all smoke and does not thin at Turn End. Engineers put it out:
a unit with an engineer team or an AEV within 1 hex of the burning hex spends its whole activation (§13)."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import smoke
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.state import Cloud, DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb

FIRE_HEXES = 6
SOURCE = "fire"


def burning(state: DSState) -> list[Cloud]:
    return [c for c in state.clouds if c.source == SOURCE]


def flammable(state: DSState, at: Hex) -> bool:
    if at in state.rubble or not state.board.in_bounds(at):
        return False
    return ter.AREA.get(state.board.terrain_at(at)) == "woods" or bool(state.board.features_at(at) & ter.BUILDINGS)


def ignite(state: DSState, at: Hex, ctx: Context, why: str) -> None:
    """Set the hex alight if the option is on, it can burn, and it is not burning already."""
    if not state.options.get("fires", False) or not flammable(state, at):
        return
    if any(c.hexes and c.hexes[0] == at for c in burning(state)):
        return
    cloud = Cloud(hexes=smoke.cloud_line(state, at, FIRE_HEXES, smoke.wind(state, ctx)), source=SOURCE)
    state.clouds.append(cloud)
    ctx.emit(Message(message=f"{at} is set alight ({why}): {count(len(cloud.hexes), 'hex')} of smoke downwind "
                             f"until engineers put it out"))


def firefighters(unit: DSUnit) -> bool:
    return any(e.kind == "infantry" and e.team == "engineer" for e in unit.stats.alive()) or any(
        e.design and e.design.aev and not e.systems_down for e in unit.vehicles())


def problem(state: DSState, unit: DSUnit, at: Hex) -> str:
    if not firefighters(unit):
        return f"{with_verb(unit.name, 'has', 'have')} no engineer team or AEV to fight fires"
    if not any(c.hexes and c.hexes[0] == at for c in burning(state)):
        return f"nothing is burning at {at}"
    if unit.at is None or unit.at.distance(at) > 1:
        return f"{unit.name} must be in or next to the burning hex"
    return ""


def extinguish(state: DSState, unit: DSUnit, at: Hex, ctx: Context) -> None:
    why = problem(state, unit, at)
    if why:
        raise Refusal(why)
    state.clouds = [c for c in state.clouds if not (c.source == SOURCE and c.hexes and c.hexes[0] == at)]
    ctx.emit(Message(message=f"{with_verb(unit.name, 'puts', 'put')} out the fire at {at}"))
