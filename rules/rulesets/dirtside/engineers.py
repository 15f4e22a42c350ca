"""Engineers: demolitions (engineers and, by the house rule, commandos) and AEV combat repair (dsii-core §6.4,
§13; house rule 'Infantry commandos')."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import with_verb

REPAIR_NEED = 4
"""AEV combat repair: 4+ on a d6 removes DMG, IMM and SYSTEMS DOWN (§6.4)."""


def demolishers(unit: DSUnit) -> int:
    return sum(1 for e in unit.infantry() if e.team in ("engineer", "commando"))


def demolish_problem(state: DSState, unit: DSUnit, at: Hex) -> str:
    if not demolishers(unit):
        return f"{with_verb(unit.name, 'has', 'have')} no engineer or commando team"
    if unit.stats.under_fire:
        return "dismounted engineers under fire may not do demolitions"
    if unit.at is None or unit.at.distance(at) > 1:
        return "demolitions need contact: the target must be in the unit's hex or next to it"
    target = state.unit_at(at)
    if target is not None and target.side != unit.side and any(e.vehicle for e in target.stats.alive()):
        return ""
    if state.board.in_bounds(at) and state.board.terrain_at(at) == "urban" and at not in state.rubble:
        return ""
    return f"there is no building or enemy vehicle to demolish at {at}"


def demolish(state: DSState, unit: DSUnit, at: Hex, ctx: Context) -> None:
    """An engineer (or commando) team's combat action: an enemy vehicle or emplacement in contact is destroyed
    (the first of its unit [R]); else the building is demolished: the urban hex becomes rubble (§13)."""
    why = demolish_problem(state, unit, at)
    if why:
        raise Refusal(why)
    target = state.unit_at(at)
    if target is not None and target.side != unit.side and any(e.vehicle for e in target.stats.alive()):
        before = target.stats.alive()
        e = next(e for e in before if e.vehicle)
        cas.apply_vehicle(state, target, e, ch.VehicleResult(knocked_out=True), ctx)
        cas.after_losses(state, target, before, ctx, vehicle_hit=True)
        return
    state.rubble.append(at)
    ctx.emit(Message(message=f"{with_verb(unit.name, 'demolishes', 'demolish')} the buildings at {at}: rubble"))


def aevs(unit: DSUnit) -> list:
    return [e for e in unit.vehicles() if e.design.aev and not e.systems_down]


def repair_targets(state: DSState, unit: DSUnit) -> list[DSUnit]:
    """Friendly units in contact (its own hex or next to it) with a damaged, immobilised or Systems Down vehicle."""
    if not aevs(unit) or unit.at is None:
        return []
    return [u for u in state.units.values() if u.side == unit.side and u.on_map and u.at.distance(unit.at) <= 1
            and any(e.damaged or e.immobilised or e.systems_down for e in u.vehicles())]


def repair_chance() -> Fraction:
    return Fraction(7 - REPAIR_NEED, 6)


def repair(state: DSState, unit: DSUnit, target: DSUnit, ctx: Context) -> None:
    """An AEV's whole activation in contact: 4+ on a d6 removes DMG, IMM and SYSTEMS DOWN from one vehicle
    (the first one hurt [R]) (§6.4)."""
    if target not in repair_targets(state, unit):
        raise Refusal(f"{with_verb(unit.name, 'needs', 'need')} an AEV in contact with a hurt vehicle of its side")
    e = next(e for e in target.vehicles() if e.damaged or e.immobilised or e.systems_down)
    roll = ctx.dice.roll(1, 6, "combat repair", side=unit.side, unit=unit.id, need=REPAIR_NEED, test=">=",
                         rule="§6.4", outcome=lambda f: "repaired" if f[0] >= REPAIR_NEED else "not repaired")[0]
    if roll >= REPAIR_NEED:
        e.damaged = e.immobilised = e.systems_down = False
        ctx.emit(Changed(unit=target.id, field=e.name or "vehicle", before="hurt", after="repaired", why="AEV"))


def dig_problem(state: DSState, unit: DSUnit) -> str:
    if not aevs(unit):
        return f"{with_verb(unit.name, 'has', 'have')} no working AEV: hasty defences need an engineer unit with AEVs"
    if unit.at is None:
        return f"{with_verb(unit.name, 'is', 'are')} not on the map"
    if unit.at in state.positions:
        return f"{unit.at} is a dug-in position already"
    return ""


def dig(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Hasty defences: an engineer unit with AEVs spends its whole activation making a dug-in position in its
    hex, which any unit may then occupy (§13; [R] in its own hex, for good)."""
    why = dig_problem(state, unit)
    if why:
        raise Refusal(why)
    state.positions.append(unit.at)
    state.positions.sort()
    ctx.emit(Message(message=f"{with_verb(unit.name, 'digs', 'dig')} a dug-in position at {unit.at}"))
