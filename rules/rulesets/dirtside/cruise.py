"""Cruise missiles in play (house rule 'Cruise missiles'): launching from a site, the flight in from its
side's edge past the interceptors on the way, and the warhead on landing (HE, or a bombardment)."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Message, Rolled
from rules.hexgrid import Hex, line_hexes
from rules.rulesets.dirtside import air
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.ladder import SYSTEM_DIE
from rules.rulesets.dirtside.state import DSState, Flight
from rules.rulesets.dirtside.support import bombard, entry_hex
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb


def launches_left(state: DSState, site: DSUnit) -> int:
    """Missiles the site may still launch this turn: its launchers "determine the maximum number of missiles which
    can be launched in one turn", while its stock lasts."""
    this_turn = sum(1 for f in state.flights if f.launcher == site.id and f.launched == state.turn)
    return max(0, min(site.stats.launchers - this_turn, len(site.stats.missiles)))


def launch(state: DSState, site: DSUnit, at: Hex, warhead: str, dummies: list[Hex], ctx: Context) -> None:
    if site.stats.role != "launcher":
        raise Refusal(f"{with_verb(site.name, 'is', 'are')} not a cruise-missile launcher site")
    if warhead not in art.MISSILE_COST:
        raise Refusal(f"{warhead} is not a cruise-missile warhead ({', '.join(art.MISSILE_COST)})")
    if warhead not in site.stats.missiles:
        raise Refusal(f"{with_verb(site.name, 'has', 'have')} no {warhead} cruise missile left"
                      + (f" (in stock: {', '.join(site.stats.missiles)})" if site.stats.missiles else ""))
    this_turn = [f for f in state.flights if f.launcher == site.id and f.launched == state.turn]
    if len(this_turn) >= site.stats.launchers:
        raise Refusal(f"{with_verb(site.name, 'has', 'have')} {count(site.stats.launchers, 'launcher')}: no more "
                      "missiles this turn")
    if len(dummies) > art.MAX_DUMMIES:
        raise Refusal("at most two dummy counters, not two per missile")
    for h in [at, *dummies]:
        if not state.board.in_bounds(h):
            raise Refusal(f"{h} is off the map")
    site.stats.missiles.remove(warhead)
    state.launched += 1
    chits = sorted({at, *dummies})
    state.flights.append(Flight(id=f"cm{state.launched}", side=site.side, launcher=site.id, target=at,
                                chits=chits, warhead=warhead, launched=state.turn))
    ctx.emit(Message(message=f"{with_verb(site.name, 'launches', 'launch')} a cruise missile: "
                             f"{'a target chit' if len(chits) == 1 else 'target chits'} on "
                             f"{', '.join(str(h) for h in chits)}; it arrives in turn {state.turn + 1}"))
    ctx.emit(Message(message=f"the real target is {at} ({warhead})", seen_by=(site.side,)))


def fly(state: DSState, flight: Flight, at: Hex, ctx: Context) -> None:
    if at.distance(flight.target) > art.STEER:
        raise Refusal(f"the missile may end at most {art.STEER} hexes from its target chit at {flight.target}")
    if not state.board.in_bounds(at):
        raise Refusal(f"{at} is off the map")
    state.flights.remove(flight)
    path = line_hexes(entry_hex(state, flight.side, at), at)
    ctx.emit(Message(message=f"cruise missile {flight.id} flies in to {at}"))
    victims = [u for u in state.units.values() if u.on_map and u.at == at and u.side != flight.side]
    if _intercepted(state, flight, path, victims, ctx):
        return
    if flight.warhead == "HE":
        return _he(state, flight, at, ctx)
    # HEF, MAK, DMR, nuke and biochem: the heavy artillery versions, one gun (house rule)
    stub = DSUnit(id=flight.id, side=flight.side, name=f"cruise missile {flight.id}",
                  stats={"role": "battery", "artillery": "heavy", "nukes": 1, "biochem": 1, "dmr": 1,
                         "elements": [{"kind": "infantry", "team": "mortar", "ammo": 1}]})
    w = flight.warhead
    before, start, pool = state.model_copy(deep=True), len(ctx.events), state.pool
    state.pool = ch.WatchedPool(chits=list(pool.chits))
    try:
        bombard(state, stub, at, w, ctx, "open" if w == "biochem" else "converged")
    finally:
        drawn, state.pool = state.pool.seen, pool
    state.fired.pop(flight.id, None)
    if "F" in drawn:  # 'If a "Firer Zapped" chit is drawn for damage, the missile fails to detonate' (any warhead)
        rolled = [e for e in ctx.events[start:] if isinstance(e, Rolled)]
        state.__dict__.update(before.__dict__)  # nothing it drew applies
        state.pool = pool
        del ctx.events[start:]
        ctx.emit(*rolled, Message(message=f"F chit: cruise missile {flight.id} fails to detonate and slams into "
                                          "the ground"))


def interceptors(state: DSState, flight: Flight, path: list[Hex], victims: list[DSUnit]) -> list[tuple[DSUnit, int, int, str]]:
    """Who fires at a cruise missile on its way in, in order, as (unit, defence die, chits, 'ADS' or 'LAD'):
    every active ADS within 36 hexes of any hex of the flight path, then the target units' LAD (house rule,
    §11.6 [R]). The flight and its odds preview both read this list."""
    out: list[tuple[DSUnit, int, int, str]] = []
    for u in state.units.values():
        if u.side == flight.side or not u.on_map or not u.stats.sensors:
            continue
        if not any(u.at.distance(h) <= air.ADS_REACH for h in path):
            continue
        for e in u.vehicles():
            if e.design.ads and not e.systems_down:
                out.append((u, SYSTEM_DIE[e.design.ads], air.ADS_CHITS[e.design.ads], "ADS"))
    for u in victims:
        n = sum(1 for e in u.stats.alive() if (e.kind == "infantry" and e.team == "lad") or (e.design and e.design.lad))
        if n:
            out.append((u, air.lad_die(n), 2, "LAD"))
    return out


def _intercepted(state: DSState, flight: Flight, path: list[Hex], victims: list[DSUnit], ctx: Context) -> bool:
    """Each interceptor fires in turn; a cruise missile never aborts, and any hit destroys it (house rule, §11.6 [R])."""
    for u, die, chits, what in interceptors(state, flight, path, victims):
        shot = air.air_defence_fire(die, chits, (air.CRUISE_DIE,), 0, ctx.dice, cruise=True, pool=state.pool,
                                    side=u.side, unit=u.id)
        if shot.outcome == "destroyed":
            ctx.emit(Message(message=f"{u.name}'s {what} shoots down cruise missile {flight.id}"))
            return True
    return False


def _he(state: DSState, flight: Flight, at: Hex, ctx: Context) -> None:
    """The single HE warhead: 5 chits, all colours, on anything in the impact hex; a light HEF result on the
    6 hexes around; the impact hex becomes rubble (house rule; §14.5)."""
    direct = [u for u in state.units.values() if u.on_map and u.at == at and u.stats.role == "ground"]
    elements = [(u, e) for u in direct for e in u.stats.alive()]
    hit = art.he_direct_hits(len(elements), ctx.dice, state.pool, side=flight.side)
    if hit.dud:
        ctx.emit(Message(message=f"F chit: cruise missile {flight.id} fails to detonate"))
        return
    for u in direct:
        before = u.stats.alive()
        for (owner, e), drawn in zip(elements, hit.draws):
            if owner is not u:
                continue
            if e.vehicle:
                cas.apply_vehicle(state, u, e, ch.read_vehicle(drawn, ch.ALL, max(0, e.armour() - 1)), ctx)
            elif ch.read_infantry(drawn, ch.ALL, e.kill()):
                cas.kill(u, e, ctx, "cruise missile")
        cas.after_losses(state, u, before, ctx, vehicle_hit=True, infantry_attacked=True)
    if at not in state.rubble:
        state.rubble.append(at)
    ctx.emit(Message(message=f"a crater at {at} (rubble)"))
    stub = DSUnit(id=flight.id, side=flight.side, name=f"cruise missile {flight.id}",
                  stats={"role": "battery", "artillery": "light",
                         "elements": [{"kind": "infantry", "team": "mortar", "ammo": 1}]})
    for u in [u for u in state.units.values() if u.on_map and u.at.distance(at) == 1 and u.stats.role == "ground"]:
        _blast(state, stub, u, ctx)


def _blast(state: DSState, stub: DSUnit, target: DSUnit, ctx: Context) -> None:
    """Within 1 inch: as if hit by a light-artillery HEF round (1 chit per vehicle, 2 per infantry element)."""
    before = target.stats.alive()
    for e in before:
        hit = art.bombard_element("light", "HEF", "vehicle" if e.vehicle else "infantry", 1, ctx.dice,
                                  dug_in=state.dug_in(target), armour=e.armour(), kill=e.kill(), pool=state.pool,
                                  side=stub.side)
        for r in hit.vehicle:
            if e.alive and (r.destroyed or r.damaged or r.immobilised or r.systems_down):
                cas.apply_vehicle(state, target, e, r, ctx)
        if hit.killed:
            cas.kill(target, e, ctx, "cruise missile blast")
    cas.after_losses(state, target, before, ctx, infantry_attacked=True)
