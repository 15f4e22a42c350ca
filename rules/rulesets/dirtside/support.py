"""Artillery missions and counter-battery fire in play (dsii-core §9; house rules 'Counter-battery fire',
'Artillery and ammo supply', 'Infantry mortar teams'). Cruise missiles are in cruise.py."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import mines, nuclear, ortillery, smoke
from rules.rulesets.dirtside import sheaf as sh
from rules.rulesets.dirtside.state import DSState, Mission
from rules.rulesets.dirtside.units import DSUnit
from rules.words import agree, count, with_verb


def guns(battery: DSUnit) -> list:
    """Elements able to fire: artillery vehicles with ammunition, or mortar teams with their one bombardment;
    never a limbered towed gun (§9.1)."""
    return [e for e in tubes(battery) if e.ammo > 0]


def battery_class(battery: DSUnit) -> str:
    if battery.stats.artillery:
        return battery.stats.artillery
    for e in battery.stats.alive():
        if e.design and e.design.artillery:
            return e.design.artillery
    return "light"  # RAM mortar teams are light artillery


def is_battery(unit: DSUnit) -> bool:
    """An off-table battery, or a unit on the map with artillery vehicles or mortar teams."""
    return unit.stats.role == "battery" or unit.has("mortar") or any(
        e.design and e.design.artillery for e in unit.stats.alive())


def tubes(battery: DSUnit) -> list:
    """Every working gun of the battery (smoke and DMR use their own markers, not the HEF/MAK chits); a limbered
    towed gun is on the move and cannot fire (§9.1)."""
    return [e for e in battery.stats.alive() if not e.systems_down
            and not (battery.stats.limbered and e.design and e.design.towed)
            and ((e.design and e.design.artillery) or (e.kind == "infantry" and e.team == "mortar"))]


def munition_problem(battery: DSUnit, munition: str) -> str:
    """'' when the battery can fire `munition` now, else why not (§9.2)."""
    s = battery.stats
    if munition in ("HEF", "MAK"):
        return "" if guns(battery) else f"{with_verb(battery.name, 'has', 'have')} no ammunition left"
    if not tubes(battery):
        return f"{with_verb(battery.name, 'has', 'have')} no gun left to fire"
    if munition == "harass":
        return ""  # no ammunition needed, possible with no markers left (§9.4)
    if munition in ("nuke", "biochem"):
        if battery_class(battery) != "heavy":
            return f"only heavy artillery fires {munition} shells (§9.2)"
        have = s.nukes if munition == "nuke" else s.biochem
        return "" if have > 0 else f"{with_verb(battery.name, 'has', 'have')} no {munition} marker"
    if munition == "smoke":
        return "" if s.smoke > 0 else f"{with_verb(battery.name, 'has', 'have')} no smoke marker"
    if munition == "DMR":
        if battery_class(battery) == "light":
            return "light artillery cannot fire DMR (§9.2)"
        return "" if s.dmr > 0 else f"{with_verb(battery.name, 'has', 'have')} no DMR marker"
    return f"{munition} is not a munition this game plays"


def munitions(battery: DSUnit) -> list[str]:
    return [m for m in ("HEF", "MAK", "smoke", "DMR", "harass", "nuke", "biochem") if not munition_problem(battery, m)]


def fire_options(battery: DSUnit) -> list[tuple[str, str]]:
    """(munition, sheaf) pairs the legal actions offer: converged missions, HEF and MAK open along or across
    the line of fire (two guns or more), and harassing fire (always open) (§9.4)."""
    out = []
    many = len(tubes(battery)) > 1
    for m in munitions(battery):
        if m not in ("harass", "biochem"):
            out.append((m, "converged"))
        if m in ("harass", "biochem") or (m in ("HEF", "MAK") and many):
            out += [(m, "open"), (m, "open_across")]
    return out


def can_call(state: DSState, caller: DSUnit, battery: DSUnit, at: Hex, munition: str = "HEF") -> str:
    if battery.side != caller.side or not is_battery(battery) or not battery.in_play:
        return "that is not one of your batteries"
    if battery.stats.activated:
        return f"{with_verb(battery.name, 'has', 'have')} already activated this turn"
    if any(m.battery == battery.id for m in state.missions):
        return f"{battery.name} already {agree(battery.name, 'has', 'have')} a mission to fire"
    why = munition_problem(battery, munition)
    if why:
        return why
    if battery.id == caller.id:
        return f"{with_verb(battery.name, 'spots', 'spot')} for itself: bombard instead"
    alive = caller.stats.alive()
    if alive and all(e.kind == "infantry" and e.team == "mortar" for e in alive):
        return (f"{with_verb(caller.name, 'is', 'are')} mortar teams: they spot for themselves, not for other "
                "artillery (house rule 'Mortar teams')")
    if caller.at is None or not state.board.in_bounds(at) or not smoke.sees(state, caller.at, at):
        return f"{caller.name} cannot see that hex"
    return ""


def call(state: DSState, caller: DSUnit, battery: DSUnit, at: Hex, munition: str, ctx: Context,
         sheaf: str = "converged") -> None:
    """The unit leader (d10/d8/d6) or a specialised observer or commando (d12) calls (§9.3)."""
    observer = caller.has("observer") or caller.has("commando")
    ok = art.call_fire(observer, caller.stats.leadership, battery.stats.off_table, ctx.dice,
                       side=caller.side, unit=caller.id)
    if ok:
        state.missions.append(Mission(side=caller.side, battery=battery.id, at=at, munition=munition, sheaf=sheaf,
                                      called_turn=state.turn, observer=caller.id))
        ctx.emit(Message(message=f"{with_verb(caller.name, 'calls', 'call')} {battery.name}: {munition} on {at}; it "
                                 f"lands at the battery's activation, after one enemy activation"))
    else:
        ctx.emit(Message(message=f"{caller.name} cannot get through to {battery.name}"))


def line_origin(state: DSState, battery: DSUnit, at: Hex) -> Hex:
    """Where the line of fire comes from: the battery's hex, or its side's edge for an off-table battery [R]."""
    return battery.at if battery.at is not None else entry_hex(state, battery.side, at)


def cancel_problem(state: DSState, battery: DSUnit) -> str:
    mission = next((m for m in state.missions if m.battery == battery.id), None)
    if mission is None:
        return f"{with_verb(battery.name, 'has', 'have')} no called mission to cancel"
    caller = state.units.get(mission.observer)
    if caller is None or not caller.alive or caller.at is None:
        return "the caller is gone: nobody can call the mission off"
    return ""


def cancel(state: DSState, battery: DSUnit, ctx: Context) -> None:
    """The caller rolls the same test again: success cancels the mission, failure fires it now; the battery
    counts as activated either way (§9.3 step 5; firing on a failure [R])."""
    why = cancel_problem(state, battery)
    if why:
        raise Refusal(why)
    mission = next(m for m in state.missions if m.battery == battery.id)
    caller = state.units[mission.observer]
    state.missions.remove(mission)
    observer = caller.has("observer") or caller.has("commando")
    if art.call_fire(observer, caller.stats.leadership, battery.stats.off_table, ctx.dice, side=caller.side,
                     unit=caller.id):
        ctx.emit(Message(message=f"{with_verb(caller.name, 'calls', 'call')} off {battery.name}'s mission"))
    else:
        ctx.emit(Message(message=f"{caller.name} cannot get through: the mission lands"))
        bombard(state, battery, mission.at, mission.munition, ctx, mission.sheaf)


def bombard(state: DSState, battery: DSUnit, at: Hex, munition: str, ctx: Context, sheaf: str = "converged") -> None:
    """An effective mission: converged, every element within 2 hexes of the impact draws once per gun; open,
    every element in the stadium draws once, for one gun (§9.4-9.5); it clears every mine marker in its zone.
    Harassing fire is always open and needs no ammunition. Smoke lays a cloud; DMR a minefield (§10.1-10.2)."""
    cls = battery_class(battery)
    why = munition_problem(battery, munition)
    if why:
        raise Refusal(why)
    if ortillery.deviates(state, battery):
        at = ortillery.deviate(state, battery, at, ctx)
    if munition in ("harass", "biochem") and sheaf == "converged":
        raise Refusal(f"{'harassing fire' if munition == 'harass' else 'biochem'} is always an open sheaf")
    if munition in ("smoke", "DMR", "nuke") and sheaf != "converged":
        raise Refusal(f"a {munition} mission places one {'cloud' if munition == 'smoke' else 'marker'}: no open sheaf")
    if sheaf != "converged":
        first, second = sh.impacts(state, line_origin(state, battery, at), at, len(tubes(battery)), sheaf)
        hexes = sh.zone(first, second)
    else:
        first = second = at
        hexes = sh.zone(at, at)
    if munition in ("nuke", "biochem"):
        state.fired.setdefault(battery.id, []).append(battery.at or Hex(-999, -999))
        if munition == "nuke":
            battery.stats.nukes -= 1  # one shell, the whole battery's action (§9.2)
            return nuclear.nuke(state, battery, at, ctx)
        battery.stats.biochem -= 1
        ctx.emit(Message(message=f"{with_verb(battery.name, 'fires', 'fire')} biochem, open sheaf {first} to {second}"))
        return nuclear.biochem(state, battery, hexes, ctx)
    if munition == "harass":
        state.fired.setdefault(battery.id, []).append(battery.at or Hex(-999, -999))
        ctx.emit(Message(message=f"{with_verb(battery.name, 'fires', 'fire')} harassing fire, open sheaf {first} to "
                                 f"{second}"))
        return sh.harass(state, hexes, ctx)
    if munition in ("smoke", "DMR"):
        n = len(tubes(battery))
        state.fired.setdefault(battery.id, []).append(battery.at or Hex(-999, -999))
        ctx.emit(Message(message=f"{with_verb(battery.name, 'fires', 'fire')} {munition} ({count(n, 'gun')}, {cls}) "
                                 f"on {at}"))
        if munition == "smoke":
            battery.stats.smoke -= 1
            smoke.lay(state, at, n, ctx)
        else:
            battery.stats.dmr -= 1
            mines.dmr(state, at, ctx)
        return
    firing = guns(battery)
    for e in firing:
        e.ammo -= 1
    state.fired.setdefault(battery.id, []).append(battery.at or Hex(-999, -999))
    ctx.emit(Message(message=f"{with_verb(battery.name, 'fires', 'fire')} {munition} "
                             f"({count(len(firing), 'gun')}, {cls}) on {at}"
                             + ("" if sheaf == "converged" else f", open sheaf to {second}")))
    mines.clear_in_zone(state, hexes, ctx)
    draws = len(firing) if sheaf == "converged" else 1
    from rules.rulesets.dirtside import buildings, fires
    buildings.bombarded(state, battery, hexes, cls, munition, draws, ctx)
    if munition == "HEF" and sheaf == "converged":
        if state.board.terrain_at(at) == "urban" and at not in state.rubble:
            state.rubble.append(at)  # only a converged effective HEF mission ruins a town hex (§9.5)
            ctx.emit(Message(message=f"{at} is ruined (rubble)"))
        fires.ignite(state, at, ctx, "HEF")
    for target in sh.units_in(state, hexes):
        dug_in = state.dug_in(target)
        cas.bombarded(state, target, lambda e, kind, dug_in=dug_in: art.bombard_element(
            cls, munition, kind, draws, ctx.dice, dug_in=dug_in, armour=e.armour(), kill=e.kill(), pool=state.pool,
            side=battery.side, unit=battery.id), ctx, lost_why="artillery", test_why="under artillery")


def counter_battery(state: DSState, battery: DSUnit, target: DSUnit, ctx: Context) -> None:
    if not battery.stats.cbr:
        raise Refusal(f"{with_verb(battery.name, 'has', 'have')} no counter-battery radar")
    if target.id not in state.fired or target.side == battery.side:
        raise Refusal(f"{with_verb(target.name, 'is', 'are')} not an enemy battery that fired this turn")
    if target.stats.orbital:
        raise Refusal(f"{with_verb(target.name, 'fires', 'fire')} from orbit: counter-battery fire cannot reach it "
                      "(§9.8)")
    why = art.counter_battery_allowed(battery.stats.off_table, battery_class(battery), target.stats.off_table,
                                      battery_class(target))
    if why:
        raise Refusal(why)
    if not guns(battery):
        raise Refusal(f"{with_verb(battery.name, 'has', 'have')} no ammunition left")
    spots = state.fired[target.id]
    if art.locate_battery(battery.stats.cbr, len(spots) >= 2 and len(set(spots)) == 1, ctx.dice,
                          side=battery.side, unit=battery.id):
        if target.on_map:
            bombard(state, battery, target.at, "HEF", ctx)
        else:
            _off_table_hit(state, battery, target, ctx)
    else:
        ctx.emit(Message(message=f"{battery.name}'s radar cannot locate {target.name}"))


def _off_table_hit(state: DSState, battery: DSUnit, target: DSUnit, ctx: Context) -> None:
    """Counter-battery fire on an off-table battery: its guns draw as vehicles in a converged zone [R]."""
    cls = battery_class(battery)
    firing = guns(battery)
    for e in firing:
        e.ammo -= 1
    before = target.stats.alive()
    for e in before:
        hit = art.bombard_element(cls, "HEF", "vehicle" if e.vehicle else "infantry", len(firing), ctx.dice,
                                  armour=e.armour(), kill=e.kill(), pool=state.pool, side=battery.side, unit=battery.id)
        for r in hit.vehicle:
            if e.alive:
                cas.apply_vehicle(state, target, e, r, ctx)
        if hit.killed:
            cas.kill(target, e, ctx, "counter-battery fire")
    cas.after_losses(state, target, before, ctx)


def entry_hex(state: DSState, side: str, at: Hex) -> Hex:
    """The missile enters from its side's edge: the baseline row nearest the side's units [R], same column."""
    from rules.hexgrid import from_offset, to_offset
    rows = [to_offset(u.at)[1] for u in state.units.values() if u.side == side and u.on_map]
    mean = sum(rows) / len(rows) if rows else 0
    edge = 0 if mean < state.board.height / 2 else state.board.height - 1
    return from_offset(to_offset(at)[0], edge)
