"""The legal actions of a side: which units may start an activation, and what the activating unit may do."""

from __future__ import annotations

from rules.actions import Action
from rules.hexgrid import Hex
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import (airfight, airops, assault, bridges, buildings, combat, fires, command, engineers,
                                     mines, smoke, supply, support, towed, transport, vtol)
from rules.rulesets.dirtside import movement as mv
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit


def can_activate(unit: DSUnit, state: DSState | None = None) -> bool:
    s = unit.stats
    if s.activated or not unit.in_play:
        return False
    if s.role == "ground":
        return unit.on_map or (state is not None and transport.apc(state, unit) is not None)
    if s.role == "launcher":
        return bool(s.missiles)
    return True


def goes(state: DSState, side: str) -> int:
    """Activations the side still has this turn: unactivated units, plus one go for its due cruise missiles."""
    n = sum(1 for u in state.units.values() if u.side == side and can_activate(u, state))
    return n + (1 if state.due_flights(side) else 0)


def has_goes(state: DSState, side: str) -> bool:
    """`goes` is not 0, from the first unit that can activate (each activation's end asks it of the sides)."""
    return any(u.side == side and can_activate(u, state) for u in state.units.values()) or bool(state.due_flights(side))


def forced_missions(state: DSState, side: str) -> list:
    """Called missions of the side whose battery is still in play: its next activation must fire them (§9.3).
    A battery that has already activated this turn (assaulted, say, after the call) fires at its next one. A
    mission whose battery has no gun left (its mortar team killed since the call) is lost [R]: forced, its
    `bombard` was offered and refused (teaching, seed 5006, the random player's Village Guard)."""
    state.missions = [m for m in state.missions
                      if state.units[m.battery].in_play and support.tubes(state.units[m.battery])]
    return [m for m in state.missions if m.side == side and can_activate(state.units[m.battery], state)]


def enemies(state: DSState, side: str) -> list[DSUnit]:
    return [u for u in state.units.values() if u.side != side and u.on_map and u.stats.role == "ground"]


def opfire_units(state: DSState, side: str, mover: DSUnit) -> list[DSUnit]:
    """The side's unactivated units that can direct-fire at the moving unit (§2.4)."""
    return list(_opfire(state, side, mover))


def may_opfire(state: DSState, side: str, mover: DSUnit) -> bool:
    """`opfire_units` is not empty: the first unit found answers (a move asks at every step, of every side)."""
    return next(_opfire(state, side, mover), None) is not None


def _opfire(state: DSState, side: str, mover: DSUnit):
    if not mover.on_map or mover.stats.role != "ground" or vtol.high(mover):
        return
    firing = {m.battery for m in state.missions}
    firefights = state.options.get("opfire_firefights", False)
    for u in state.units.values():
        if u.side != side or u.stats.activated or not u.on_map or u.stats.role != "ground" or u.stats.panic \
                or u.stats.evasive:
            continue
        if u.id in firing:
            continue  # a battery's next activation must fire its called mission (§9.3), not opportunity fire
        if not vtol.sees(state, u, mover) or combat.can_fire(state, u, mover, seen=True):
            continue  # out of sight, or it may not fire at all (Routed infantry, evasive...)
        if any(kind != "firefight" or firefights for _, _, kind in combat.shots(state, u, mover, opportunity=True)):
            yield u


def start_actions(state: DSState, side: str) -> list[Action]:
    forced = forced_missions(state, side)
    if forced:
        m = forced[0]
        if state.units[m.battery].stats.panic:  # its go only removes the PANIC marker; the mission is lost [R]
            return [A.Done(side=side, unit=m.battery)]
        out = [A.Bombard(side=side, unit=m.battery, at=m.at, munition=m.munition, sheaf=m.sheaf)]
        if not support.cancel_problem(state, state.units[m.battery]):
            out.append(A.Cancel(side=side, unit=m.battery))
        return out
    out: list[Action] = []
    for u in state.units.values():
        if u.side == side and can_activate(u, state):
            if u.stats.panic:
                out.append(A.Done(side=side, unit=u.id))
                continue
            out.extend(activation_actions(state, u, moved=False, acted=False))
            out.append(A.Done(side=side, unit=u.id))
    return out


def activation_actions(state: DSState, unit: DSUnit, *, moved: bool | None = None, acted: bool | None = None) -> list[Action]:
    moved = state.moved if moved is None else moved
    acted = state.acted if acted is None else acted
    side = unit.side
    s = unit.stats
    out: list[Action] = []
    if s.role == "ground" and unit.on_map:
        if not moved:
            dests = mv.destinations(state, unit)
            out.extend(A.Move(side=side, unit=unit.id, path=p) for h, p in dests.items()
                       if mv.confidence_allows(state, unit, h) and assault.follow_move_ok(state, unit, h))
            if not acted and mv.may_run(unit):
                ran = mv.destinations(state, unit, run=True)
                out.extend(A.Move(side=side, unit=unit.id, path=p, run=True) for h, p in ran.items()
                           if h not in dests and mv.confidence_allows(state, unit, h)
                           and assault.follow_move_ok(state, unit, h))
            if not acted and all(e.design and e.design.mobility in mv.EVASIVE_MOBILITY for e in unit.stats.alive()):
                out.extend(A.Move(side=side, unit=unit.id, path=p, evasive=True) for h, p in dests.items()
                           if mv.confidence_allows(state, unit, h) and not mv.evasive_problem(state, unit, p)
                           and assault.follow_move_ok(state, unit, h))
        if any(transport.capacity(unit)) and unit.bmf() > 0:
            spent = state.spent if state.current == unit.id else 0
            if spent + unit.bmf() / 2 <= unit.bmf():
                out.extend(A.Load(side=side, unit=unit.id, troops=t.id) for t in state.units.values()
                           if t.on_map and t.side == side and not transport.load_problem(state, unit, t))
                for t in transport.passengers(state, unit):
                    if spent + transport.unload_cost(unit, t) <= unit.bmf() and not transport.vtol_problem(unit):
                        out.extend(A.Unload(side=side, unit=unit.id, troops=t.id, at=h)
                                   for h in transport.unload_hexes(state, unit, t))
        if not moved and not acted and engineers.aevs(unit) and not engineers.dig_problem(state, unit):
            out.append(A.Dig(side=side, unit=unit.id))
        if not moved and not acted and bridges.layer(unit):
            out.extend(A.Bridge(side=side, unit=unit.id, at=h) for h in bridges.lay_targets(state, unit))
            if not bridges.recover_problem(state, unit):
                out.append(A.Bridge(side=side, unit=unit.id, recover=True))
        if unit.towed() and not moved and not acted and not towed.problem(state, unit):
            out.append(A.Limber(side=side, unit=unit.id))
        if vtol.is_vtol(unit):
            spent = state.spent if state.current == unit.id else 0
            out.extend(A.Mode(side=side, unit=unit.id, mode=m) for m in vtol.MODES
                       if not vtol.climb_problem(state, unit, m) and spent + vtol.mode_cost(unit, m) <= unit.bmf())
        if not acted:
            out.extend(_combat_actions(state, unit, moved))
    elif s.role == "ground" and s.aboard and not acted:
        out.extend(A.Fire(side=side, unit=unit.id, at=t.at) for t in state.units.values()
                   if not transport.fire_problem(state, unit, t))
    elif s.role == "battery" and not acted:
        out.extend(_battery_actions(state, unit, moved))
    elif s.role == "launcher" and not acted:
        out.extend(_launches(state, unit))
    elif s.role == "aircraft" and not acted and unit.in_play:
        out.append(A.Sortie(side=side, unit=unit.id))
        if not s.off_table:
            if not airops.attack_run_problem(unit):
                out.extend(A.AttackRun(side=side, unit=unit.id, at=e.at) for e in enemies(state, side))
            if not airops.attack_run_problem(unit, "HEF"):  # a dead-fall load left (HEF and MAK alike)
                out.extend(A.AttackRun(side=side, unit=unit.id, at=e.at, ordnance=m) for e in enemies(state, side)
                           for m in ("HEF", "MAK"))
            me = unit.stats.alive()[0]
            for t in state.units.values():
                if t.side != side and airops.aloft(t):
                    if airops.guns_for_air(unit):  # RFAC/1 or HEL: the same test dogfight() applies
                        out.append(A.Dogfight(side=side, unit=unit.id, target=t.id, weapon="guns"))
                    if me.design and me.design.aam:
                        out.append(A.Dogfight(side=side, unit=unit.id, target=t.id, weapon="aam"))
            for t in transport.passengers(state, unit):
                out.extend(A.Drop(side=side, unit=unit.id, troops=t.id, at=h) for h in airops.drop_hexes(state, unit, t))
            out.extend(A.Intercept(side=side, unit=unit.id, missile=f.id) for f in state.flights
                       if not airops.intercept_problem(state, unit, f.id))
    return out


def _combat_actions(state: DSState, unit: DSUnit, moved: bool) -> list[Action]:
    side = unit.side
    out: list[Action] = []
    saved = (state.current, state.moved)
    state.current, state.moved = unit.id, moved
    try:
        foes = enemies(state, side)
        out.extend(A.Fire(side=side, unit=unit.id, at=e.at) for e in foes if not combat.can_fire(state, unit, e))
        if unit.stats.confidence not in ("BR", "RO") and side not in state.no_offensive:
            dests = {} if moved else mv.destinations(state, unit, assault=True)
            # only the assaults the rules allow (§8.4: a unit inside a wood, by infantry already in it): offered
            # and then refused, one stopped a valley game (seed 5001, stop 42)
            for e in (e for e in foes if not assault.why_not(state, unit, e)):
                if unit.at.distance(e.at) <= 2:
                    out.append(A.Assault(side=side, unit=unit.id, at=e.at))
                    mates = [p.id for p in state.units.values() if p.side == side and p.id != unit.id
                             and not assault.partner_problem(state, unit, p, e)]
                    if mates:
                        out.append(A.Assault(side=side, unit=unit.id, at=e.at, with_units=mates[:4]))
                elif dests:
                    near = [h for h in dests if h.distance(e.at) <= 2]
                    if near:
                        best = min(near, key=lambda h: (len(dests[h]), h))
                        out.append(A.Assault(side=side, unit=unit.id, at=e.at, path=dests[best]))
        for b in state.units.values():
            if b.id == unit.id or b.side != side or not support.is_battery(b) or not b.in_play:
                continue
            kinds = support.fire_options(b)
            for e in foes:
                if kinds and not support.can_call(state, unit, b, e.at, kinds[0][0]):
                    out.extend(A.Call(side=side, unit=unit.id, battery=b.id, at=e.at, munition=m, sheaf=sf)
                               for m, sf in kinds)
        if support.is_battery(unit) and not moved:
            kinds = support.fire_options(unit)
            for e in foes if kinds else ():
                if smoke.sees(state, unit.at, e.at) and combat.off_facing(unit, e.at) <= 90 + 1e-9:
                    out.extend(A.Bombard(side=side, unit=unit.id, at=e.at, munition=m, sheaf=sf) for m, sf in kinds)
        if vtol.is_vtol(unit) and unit.stats.mode == "low":
            out.extend(A.PopUp(side=side, unit=unit.id, at=e.at) for e in foes
                       if not vtol.sees(state, unit, e) and not vtol.high(e) and _popup_ok(state, unit, e))
        if not moved and not command.rally_problem(state, unit):
            out.append(A.Rally(side=side, unit=unit.id))
        if not moved:
            out.extend(A.Regroup(side=side, unit=unit.id, other=o.id) for o in state.units.values()
                       if o.on_map and o.side == side and not command.regroup_problem(state, unit, o))
        if engineers.demolishers(unit) and not unit.stats.under_fire:
            out.extend(A.Demolish(side=side, unit=unit.id, at=h) for h in [unit.at] + unit.at.neighbours()
                       if not engineers.demolish_problem(state, unit, h))
        if not moved:
            out.extend(A.Repair(side=side, unit=unit.id, target=t.id) for t in engineers.repair_targets(state, unit))
        if smoke.dischargers(unit):
            out.append(A.Discharge(side=side, unit=unit.id))
        if not moved and fires.firefighters(unit):
            out.extend(A.Extinguish(side=side, unit=unit.id, at=c.hexes[0]) for c in fires.burning(state)
                       if not fires.problem(state, unit, c.hexes[0]))
        if buildings.weapons(unit):
            out.extend(A.Shell(side=side, unit=unit.id, at=f.at) for f in state.board.features
                       if f.feature in buildings.ARMOUR and not buildings.problem(state, unit, f.at))
        if mines.layers(unit):
            out.append(A.LayMines(side=side, unit=unit.id))
        out.extend(A.ClearMines(side=side, unit=unit.id, at=m.at) for m in state.mines if mines.engineers(unit, m))
        if any(e.design and (e.design.ads or e.design.sam) for e in unit.vehicles()):
            out.append(A.Sensors(side=side, unit=unit.id))
            if unit.stats.sensors and airfight.sam_system(unit):
                out.extend(A.Sam(side=side, unit=unit.id, target=t.id) for t in state.units.values()
                           if t.side != side and airops.aloft(t))
        if vtol.is_vtol(unit) and any(e.design.aam for e in unit.vehicles()):
            out.extend(A.Dogfight(side=side, unit=unit.id, target=t.id, weapon="aam") for t in state.units.values()
                       if t.side != side and airops.aloft(t))
        out.extend(_counter(state, unit))
        out.extend(_resupplies(state, unit, moved))
    finally:
        state.current, state.moved = saved
    return out


def _popup_ok(state: DSState, unit: DSUnit, target: DSUnit) -> bool:
    saved = state.popup
    state.popup = unit.id
    try:
        return not combat.can_fire(state, unit, target)
    finally:
        state.popup = saved


def _counter(state: DSState, unit: DSUnit) -> list[Action]:
    if not unit.stats.cbr or not support.guns(unit):
        return []
    out = []
    for tid in state.fired:
        t = state.units.get(tid)
        if t is None or t.side == unit.side or not t.in_play or t.stats.orbital:
            continue
        if not art.counter_battery_allowed(unit.stats.off_table, support.battery_class(unit), t.stats.off_table,
                                           support.battery_class(t)):
            out.append(A.CounterBattery(side=unit.side, unit=unit.id, target=tid))
    return out


def _resupplies(state: DSState, unit: DSUnit, moved: bool) -> list[Action]:
    if not supply.carriers(unit):
        return []
    return [A.Resupply(side=unit.side, unit=unit.id, target=b.id) for b in state.units.values()
            if not (b.id == unit.id and moved) and not supply.problem(state, unit, b)]


def _battery_actions(state: DSState, unit: DSUnit, moved: bool) -> list[Action]:
    if unit.on_map:
        return _combat_actions(state, unit, moved)
    return _counter(state, unit) + _resupplies(state, unit, moved)


def _launches(state: DSState, unit: DSUnit) -> list[Action]:
    out: list[Action] = []
    for warhead in sorted(set(unit.stats.missiles)):
        for e in enemies(state, unit.side):
            out.append(A.Launch(side=unit.side, unit=unit.id, at=e.at, warhead=warhead))
            dummies = [h for h in (Hex(e.at.q + 3, e.at.r), Hex(e.at.q - 3, e.at.r)) if state.board.in_bounds(h)]
            if dummies:
                out.append(A.Launch(side=unit.side, unit=unit.id, at=e.at, warhead=warhead, dummies=dummies))
    return out
