"""What a Dirtside unit does within its activation (dsii-core §2.3): a move (with the reaction test to
move, §1.4), a change of VTOL mode, loading and unloading, and its one combat action or the action
that stands in for it (fire, assault, artillery, engineering, command, air operations)."""

from __future__ import annotations

from rules.actions import Action
from rules.clone import clone
from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import (airfight, airops, assault, buildings, cruise, fires, combat, command, engineers,
                                     mines, morale, smoke, support, supply, towed, transport, vtol, walk)
from rules.rulesets.dirtside import movement as mv
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import plural_name, with_verb


def _act(state: DSState, unit: DSUnit, action: Action, ctx: Context) -> None:
    if isinstance(action, A.Move):
        return _move(state, unit, action, ctx)
    if isinstance(action, A.Mode):
        vtol.change_mode(state, unit, action.mode, ctx)
        vtol.zad(state, unit, ctx)
        return
    if isinstance(action, A.Load):
        return transport.load(state, unit, state.units.get(action.troops), ctx)
    if isinstance(action, A.Unload):
        troops = state.units.get(action.troops)
        return transport.unload(state, unit, troops, Hex(*action.at), ctx)
    if state.acted:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} already taken its combat action this activation")
    if isinstance(action, A.Launch):  # one missile per launcher in the one activation (house 'Cruise missiles')
        cruise.launch(state, unit, Hex(*action.at), action.warhead, [Hex(*h) for h in action.dummies], ctx)
        state.moved = True
        state.acted = not cruise.launches_left(state, unit)
        return
    if unit.stats.role == "ground" and unit.on_map:
        # to compare after: the fast copy (a deep model_copy was a tenth of a load's replay), and only where a
        # minefield or air defence may strike (most combat actions: nothing to compare)
        was = clone(unit.stats) if mines.fields_at(state, unit.at) or vtol.high(unit) else None
        mines.on_enter(state, unit, unit.at, ctx)  # acting inside a minefield draws again (§10.1)
        vtol.zad(state, unit, ctx)  # a high-mode VTOL meets zone air defence before it attacks (§11.3)
        if not unit.alive:
            state.acted = True
            return
        if was is not None and unit.stats != was:
            # the mines or the air defence struck first: what the unit set out to do may be out of its reach now
            # (a gun Systems Down, a drop to Broken); the attempt is its combat action, and the attack stands
            try:
                return _combat(state, unit, action, ctx)
            except Refusal as why:
                ctx.emit(Message(message=f"{unit.name} cannot carry it out after that: {why}"))
                state.acted = True
                return
    _combat(state, unit, action, ctx)


def _combat(state: DSState, unit: DSUnit, action: Action, ctx: Context) -> None:
    """The unit's combat action (or an action that stands in for it), once mines and air defence have struck."""
    if isinstance(action, A.Fire):
        target = state.unit_at(Hex(*action.at))
        if target is None:
            raise Refusal(f"there is no unit at {Hex(*action.at)}")
        if unit.stats.aboard:
            transport.fire_from_carrier(state, unit, target, ctx)
            state.acted = True
            return
        combat.fire(state, unit, target, ctx, fast=state.spent > unit.bmf() / 2)
    elif isinstance(action, A.Assault):
        _assault(state, unit, action, ctx)
    elif not (_artillery(state, unit, action, ctx) or _field_work(state, unit, action, ctx)
              or _air_action(state, unit, action, ctx)):
        raise Refusal(f"{action.kind} is not possible now")
    state.acted = True
    if state.follow_through:  # an extra full activation (§8.5 step 10)
        state.follow_through, state.followed = False, True
        state.moved = state.acted = False
        state.spent = 0


def _artillery(state: DSState, unit: DSUnit, action: Action, ctx: Context) -> bool:
    """An artillery combat action: call a mission, fire one, counter-battery fire, cancel (§9). False: not one."""
    if isinstance(action, A.Call):
        battery = state.units.get(action.battery)
        why = support.can_call(state, unit, battery, Hex(*action.at), action.munition) if battery else "there is no such battery"
        if why:
            raise Refusal(why)
        support.call(state, unit, battery, Hex(*action.at), action.munition, ctx, action.sheaf)
    elif isinstance(action, A.Bombard):
        _bombard(state, unit, action, ctx)
    elif isinstance(action, A.CounterBattery):
        target = state.units.get(action.target)
        if target is None:
            raise Refusal(f"there is no unit {action.target!r}")
        support.counter_battery(state, unit, target, ctx)
    elif isinstance(action, A.Cancel):
        support.cancel(state, unit, ctx)
        state.moved = True
    else:
        return False
    return True


def _field_work(state: DSState, unit: DSUnit, action: Action, ctx: Context) -> bool:
    """Engineering, supply, command and the unit's own smoke, mines and pop-up: the actions that stand in for
    its combat action, several of them its whole activation. False: not one of them."""
    if isinstance(action, (A.Extinguish, A.Dig, A.Limber, A.Bridge)) and state.moved:
        raise Refusal(f"that is {unit.name}'s whole activation: it has moved already")
    elif isinstance(action, A.Extinguish):
        fires.extinguish(state, unit, Hex(*action.at), ctx)
        state.moved = True
    elif isinstance(action, A.Shell):
        buildings.shell(state, unit, Hex(*action.at), ctx)
    elif isinstance(action, A.Dig):
        engineers.dig(state, unit, ctx)
        state.moved = True
    elif isinstance(action, A.Limber):
        towed.limber(state, unit, ctx)
        state.moved = True
    elif isinstance(action, A.Bridge):
        from rules.rulesets.dirtside import bridges
        if action.recover:
            bridges.recover(state, unit, ctx)
        elif action.at is None:
            raise Refusal("name the hex across the river: bridge ... at=HEX")
        else:
            bridges.lay(state, unit, Hex(*action.at), ctx)
        state.moved = True
    elif isinstance(action, A.Resupply):
        if action.target == unit.id and state.moved:
            raise Refusal(f"reloading is {unit.name}'s whole activation: it may not move as well")
        supply.resupply(state, unit, state.units.get(action.target), ctx)
        state.moved = True if action.target == unit.id else state.moved
    elif isinstance(action, A.Demolish):
        engineers.demolish(state, unit, Hex(*action.at), ctx)
    elif isinstance(action, (A.Rally, A.Regroup, A.Repair)):
        if state.moved:
            raise Refusal(f"{'rallying' if isinstance(action, A.Rally) else 'regrouping'} is {unit.name}'s whole activation")
        if isinstance(action, A.Repair):
            target = state.units.get(action.target)
            if target is None:
                raise Refusal(f"there is no unit {action.target!r}")
            engineers.repair(state, unit, target, ctx)
        elif isinstance(action, A.Rally):
            command.rally(state, unit, ctx)
        else:
            command.regroup(state, unit, state.units.get(action.other), ctx)
        state.moved = True
    elif isinstance(action, A.PopUp):
        walk.popup(state, unit, action, ctx)
    elif isinstance(action, A.Discharge):
        smoke.discharge(state, unit, ctx)
    elif isinstance(action, A.LayMines):
        if unit.at is None:
            raise Refusal(f"{with_verb(unit.name, 'is', 'are')} not on the map")
        mines.lay(state, unit, ctx)
    elif isinstance(action, A.ClearMines):
        mines.clear(state, unit, Hex(*action.at), ctx)
    else:
        return False
    return True


def _air_action(state: DSState, unit: DSUnit, action: Action, ctx: Context) -> bool:
    """Air operations: sensors, SAM fire, sorties, attack runs, dogfights, drops, intercepts (§11).
    False: not one of them."""
    if isinstance(action, A.Sensors):
        airops.sensors(state, unit, ctx)
    elif isinstance(action, A.Sam):
        target = state.units.get(action.target)
        if target is None:
            raise Refusal(f"there is no unit {action.target!r}")
        airfight.sam(state, unit, target, ctx)
    elif isinstance(action, A.Sortie):
        _air_only(unit)
        airops.sortie(state, unit, ctx)
        state.moved = True
    elif isinstance(action, A.AttackRun):
        _air_only(unit)
        target = state.unit_at(Hex(*action.at))
        if target is None or target.side == unit.side:
            raise Refusal(f"there is no enemy unit at {Hex(*action.at)}")
        airops.attack_run(state, unit, target, ctx, action.ordnance)
        state.moved = True
    elif isinstance(action, A.Dogfight):
        if not vtol.is_vtol(unit):
            _air_only(unit)
        target = state.units.get(action.target)
        if target is None:
            raise Refusal(f"there is no unit {action.target!r}")
        airfight.dogfight(state, unit, target, action.weapon, ctx)
        state.moved = True
    elif isinstance(action, A.Drop):
        _air_only(unit)
        airops.drop(state, unit, state.units.get(action.troops), Hex(*action.at), ctx)
        state.moved = True
    elif isinstance(action, A.Intercept):
        airops.intercept(state, unit, action.missile, ctx)
        state.moved = True
    else:
        return False
    return True


def _air_only(unit: DSUnit) -> None:
    if unit.stats.role != "aircraft":
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} not an aerospace craft")


def _move(state: DSState, unit: DSUnit, action: A.Move, ctx: Context) -> None:
    if state.moved:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} already moved this activation")
    if unit.stats.role != "ground" or unit.at is None:
        raise Refusal(f"{with_verb(unit.name, 'does', 'do')} not move on the map")
    if action.run and not mv.may_run(unit):
        raise Refusal("only combat walkers run")
    if action.run and state.acted:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} fired: a running walker may not fire")
    path, spent = mv.check_path(state, unit, list(action.path), run=action.run)
    _confidence_limits(state, unit, path[-1])
    if not assault.follow_move_ok(state, unit, path[-1]):
        raise Refusal(f"a follow-through moves on towards the nearest objective: {unit.name} may not end farther "
                      f"from it than {state.follow_from}")
    s = unit.stats
    state.moved = True
    infantry = bool(unit.infantry()) and not unit.vehicles()
    threat = None
    if s.under_fire:
        threat = morale.UNDER_FIRE_INFANTRY if infantry else (
            1 if state.options.get("vehicles_under_fire_plus1", False) else morale.UNDER_FIRE_VEHICLE)
    elif s.confidence == "SH" and infantry:
        threat = morale.SHAKEN_ADVANCE
    if threat is not None:
        r = morale.reaction_test(s.die(), s.leadership, threat, ctx.dice, side=unit.side, unit=unit.id,
                                 why="reaction test to move")
        if not r.passed:
            ctx.emit(Message(message=f"{unit.name} will not move"))
            return
    state.running = action.run
    if action.evasive:
        why = mv.evasive_problem(state, unit, path)
        if why:
            raise Refusal(why)
        if state.acted:
            raise Refusal(f"{with_verb(unit.name, 'has', 'have')} fired: an evasive unit may not fire")
        unit.stats.evasive = True
        ctx.emit(Changed(unit=unit.id, field="evasive", before=False, after=True, why="evasive movement",
                         plural=plural_name(unit.name)))
    smoke.clear_discharge(unit, ctx, "it moved away from its smoke")
    del spent  # paid hex by hex as the unit walks
    walk.start(state, unit, path, ctx)


def _confidence_limits(state: DSState, unit: DSUnit, dest: Hex) -> None:
    """Broken units may not advance; Routed units withdraw: neither may end closer to the enemy (§1.4 [R])."""
    if not mv.confidence_allows(state, unit, dest):
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} {morale.LEVEL_NAMES[unit.stats.confidence]} and may not "
                      "move closer to the enemy")


def _assault(state: DSState, unit: DSUnit, action: A.Assault, ctx: Context) -> None:
    target = state.unit_at(Hex(*action.at))
    if target is None:
        raise Refusal(f"there is no unit at {Hex(*action.at)}")
    why = assault.why_not(state, unit, target)
    if why:
        raise Refusal(why)
    if unit.side in state.no_offensive:
        raise Refusal("your command unit was lost this turn: no new offensive until the next turn")
    if state.moved and action.path:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} moved already: it can assault only from where it stands")
    path = mv.check_path(state, unit, list(action.path), assault=True)[0] if action.path else []
    end = path[-1] if path else unit.at
    if end.distance(target.at) > assault.CONTACT:
        raise Refusal(f"the assault must end within {assault.CONTACT} hexes of {target.name}")
    partners = []
    for pid in dict.fromkeys(action.with_units):
        why = assault.partner_problem(state, unit, state.units.get(pid), target)
        if why:
            raise Refusal(why)
        partners.append(state.units[pid])
    assault.assault(state, unit, target, path, ctx, tuple(partners))
    state.moved = True


def _bombard(state: DSState, unit: DSUnit, action: A.Bombard, ctx: Context) -> None:
    at = Hex(*action.at)
    mission = next((m for m in state.missions if m.battery == unit.id), None)
    if mission is not None:
        if mission.at != at:
            raise Refusal(f"{unit.name}'s mission is on {mission.at}")
        state.missions.remove(mission)
        support.bombard(state, unit, at, mission.munition, ctx, mission.sheaf)
        return
    if not support.is_battery(unit):
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} not artillery")
    if unit.at is None:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} off the table: an observer must call its fire")
    if state.moved:
        raise Refusal(f"{with_verb(unit.name, 'fires', 'fire')} before it moves, never after")
    if not smoke.sees(state, unit.at, at):
        raise Refusal(f"{unit.name} cannot see {at}: it spots only for itself")
    if combat.off_facing(unit, at) > 90 + 1e-9:
        raise Refusal(f"{at} is outside {unit.name}'s 180 degree arc of fire")
    support.bombard(state, unit, at, action.munition, ctx, action.sheaf)
