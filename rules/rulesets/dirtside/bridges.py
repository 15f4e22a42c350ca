"""Bridgelayers (dsii-core §13: "a full activation to lay the bridge and another to recover it. It carries
vehicles up to its own class"; 50 points a bridge class, §12.7).

[R] on the hex map the bridge spans one river hexside (board edge feature `stream`) next to the layer's hex; once
laid, any unit whose vehicles are all of the bridge's class or smaller (infantry always) crosses that hexside
without the river's cost. The layer may leave it and recover it later from either end; a layer with its bridge
down carries none."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.state import Bridge, DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import with_verb


def layer(unit: DSUnit) -> Element | None:
    """The unit's working bridgelayer vehicle (not Systems Down)."""
    return next((e for e in unit.vehicles() if e.design and e.design.bridge and not e.systems_down), None)


def laid_by(state: DSState, unit: DSUnit) -> Bridge | None:
    return next((b for b in state.bridges if b.layer == unit.id), None)


def lay_problem(state: DSState, unit: DSUnit, at: Hex) -> str:
    """'' when `unit` may lay its bridge from its hex across the river hexside to `at`, else why not."""
    if layer(unit) is None:
        return f"{with_verb(unit.name, 'has', 'have')} no working bridgelayer"
    if laid_by(state, unit):
        return f"{unit.name}'s bridge is laid already: recover it first"
    if unit.at is None or unit.at.distance(at) != 1:
        return f"{at} is not next to {unit.name}"
    if ter.RIVER_EDGE not in state.board.edge_features(unit.at, at):
        return f"no river runs between {unit.at} and {at}: a bridge spans a river hexside"
    if state.bridge_over(unit.at, at):
        return f"a bridge spans {unit.at}-{at} already"
    return ""


def lay(state: DSState, unit: DSUnit, at: Hex, ctx: Context) -> None:
    """The layer's whole activation (§13)."""
    why = lay_problem(state, unit, at)
    if why:
        raise Refusal(why)
    e = layer(unit)
    state.bridges.append(Bridge(a=unit.at, b=at, cls=e.design.bridge, layer=unit.id))
    ctx.emit(Message(message=f"{with_verb(unit.name, 'lays', 'lay')} a class {e.design.bridge} bridge across the river "
                             f"to {at}"))


def recover_problem(state: DSState, unit: DSUnit) -> str:
    b = laid_by(state, unit)
    if b is None:
        return f"{with_verb(unit.name, 'has', 'have')} no bridge laid"
    if layer(unit) is None:
        return f"{with_verb(unit.name, 'has', 'have')} no working bridgelayer to take it up"
    if unit.at not in (b.a, b.b):
        return f"{unit.name} must stand at one end of its bridge ({b.a} or {b.b}) to recover it"
    return ""


def recover(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Taking the bridge up: another whole activation (§13)."""
    why = recover_problem(state, unit)
    if why:
        raise Refusal(why)
    b = laid_by(state, unit)
    state.bridges.remove(b)
    ctx.emit(Message(message=f"{with_verb(unit.name, 'recovers', 'recover')} its bridge from {b.a}-{b.b}"))


def carries(bridge: Bridge, unit: DSUnit) -> bool:
    """Every vehicle that moves with the unit is of the bridge's class or smaller (§13)."""
    return all(e.design.size <= bridge.cls for e in unit.movers() if e.vehicle and e.design)


def lay_targets(state: DSState, unit: DSUnit) -> list[Hex]:
    """The hexes across a river hexside from the layer where a bridge may go now."""
    if unit.at is None:
        return []
    return [h for h in unit.at.neighbours() if not lay_problem(state, unit, h)]
