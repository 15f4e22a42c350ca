"""Fire between units on the map: direct fire, vehicle fire at infantry, GMS, firefights (dsii-core §5-8).

Each firing element's weapon systems (one per fire control: house 'Multiple fire control systems') pick
target elements of the target unit in turn; the draws come from the state's chit pool.
"""

from __future__ import annotations

import math

from rules.core import Context, Refusal
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import fire as fp
from rules.rulesets.dirtside import infantry as inf
from rules.rulesets.dirtside import smoke, vtol
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.design import Weapon
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import with_verb

APSW = Weapon(type="APSW", cls=1)
"""The free all-round APSW of every military vehicle (§5.5)."""
ARC = {"turret": 180, "restricted": 90, "fixed": 15, "artillery": 90}


def bearing(a: Hex, b: Hex) -> float:
    """Degrees from a to b, counter-clockwise from east, on hex-centre pixel coordinates (§14.1)."""
    x = math.sqrt(3) * ((b.q - a.q) + (b.r - a.r) / 2)
    y = -1.5 * (b.r - a.r)
    return math.degrees(math.atan2(y, x)) % 360


def off_facing(unit: DSUnit, toward: Hex) -> float:
    d = abs(bearing(unit.at, toward) - 60 * unit.stats.facing) % 360
    return min(d, 360 - d)


def in_arc(unit: DSUnit, wpn: Weapon, target: Hex) -> bool:
    return off_facing(unit, target) <= ARC.get(wpn.mount, 180) + 1e-9


def facing_armour(target: DSUnit, e: Element, firer_at: Hex | None) -> int:
    """Front armour within 45 degrees of the facing, one less elsewhere (sides, rear, top); emplacements
    equal all round (house rule) (§5.7)."""
    a = e.armour()
    if e.kind == "emplacement" or firer_at is None:
        return a if e.kind == "emplacement" else max(0, a - 1)
    return a if off_facing(target, firer_at) <= 45 + 1e-9 else max(0, a - 1)


def systems(e: Element) -> int:
    return max(1, e.design.fcs) if e.design else 1


def can_fire(state: DSState, firer: DSUnit, target: DSUnit, seen: bool = False) -> str:
    """'' when `firer` may fire at `target` now, else why not (`seen`: the caller found the line of sight)."""
    if not target.on_map or target.side == firer.side:
        return "there is no enemy unit there"
    if firer.stats.evasive:
        return f"{with_verb(firer.name, 'is', 'are')} moving evasively and may not fire"
    if state.running and state.current == firer.id:
        return f"{with_verb(firer.name, 'is', 'are')} running and may not fire this activation"
    if firer.stats.confidence == "RO" and firer.infantry() and not firer.vehicles():
        return f"{with_verb(firer.name, 'is', 'are')} Routed and may not fire"
    if vtol.high(target):
        return f"{with_verb(target.name, 'is', 'are')} a VTOL in high mode: only air defence may fire at it"
    why = inside_problem(state, firer, target)
    if why:
        return why
    if state.board.terrain_at(firer.at) == "water" and any(e.design and e.design.walker or (
            e.design and e.design.mobility == "walker_combat") for e in firer.vehicles()):
        return f"{with_verb(firer.name, 'is', 'are')} wading in open water: a combat walker there may not fire (§4.3)"
    if not seen and not vtol.sees(state, firer, target):
        return f"{firer.name} cannot see {target.name}"
    if not any(shots(state, firer, target, moved=state.moved and state.current == firer.id)):
        return (f"{with_verb(firer.name, 'has', 'have')} no weapon that can reach {target.name} at "
                f"{firer.at.distance(target.at)} hexes")
    return ""


def inside_problem(state: DSState, firer: DSUnit, target: DSUnit) -> str:
    """Woods and urban areas (§8.4): an element inside a wood or town neither fires nor is fired on (a flying VTOL
    is above it [R]); any combat between units both in an urban area is a close assault."""
    rubble = frozenset(state.rubble)
    firer_flies, target_flies = (vtol.is_vtol(u) and u.stats.mode != "grounded" for u in (firer, target))
    if not firer_flies and (area := ter.inside(state.board, firer.at, rubble)):
        return f"{with_verb(firer.name, 'is', 'are')} inside the {area}: it cannot fire out"
    if not target_flies and (area := ter.inside(state.board, target.at, rubble)):
        return f"{with_verb(target.name, 'is', 'are')} inside the {area}: it cannot be fired on"
    if not firer_flies and not target_flies and "urban" == ter.AREA.get(state.board.terrain_at(firer.at)) \
            == ter.AREA.get(state.board.terrain_at(target.at)) and firer.at not in rubble and target.at not in rubble:
        return "both are in an urban area: combat in there is close assault only"
    return ""


ADS_GUN = Weapon(type="RFAC", cls=2)
"""An inactive ADS's gun: "As inactive ADSs counts as RFAC/2s" (house 'RFACs'); its firer's die is the ADS quality
read as a fire control (§11.1 [R]). `shots` yields this very object, so `shot_for` knows it."""


def shots(state: DSState, firer: DSUnit, target: DSUnit, *, moved: bool = False, opportunity: bool = False):
    """(element, weapon, target kind) for every weapon system that can fire at the target unit."""
    dist = firer.at.distance(target.at)
    has_v, has_i = bool(target.vehicles()), bool(target.infantry())
    for e in firer.stats.alive():
        if e.systems_down:
            continue
        if e.kind == "infantry":
            if has_i and inf.can_firefight(e.team) and dist <= inf.FIREFIGHT_RANGE[e.troop] + (6 if e.team == "apsw" else 0):
                yield e, None, "firefight"
            elif has_v and e.team in ("rifle", "commando") and dist <= 4:
                yield e, Weapon(type="IAVR", cls=1), "vehicle"
            elif has_v and e.team == "anti_armour" and dist <= 36 and not smoke.blocks_weapon("GMS/L", target):
                yield e, Weapon(type="GMS/L", guidance=e.gms), "vehicle"
            continue
        n = systems(e)
        if e.design and e.design.ads and not firer.stats.sensors and not opportunity:
            # an inactive ADS fires at ground targets in its own activation as an RFAC/2 (§11.1; house 'RFACs'),
            # on its own radar: no fire control of the vehicle's is used
            if in_arc(firer, ADS_GUN, target.at):
                if has_v and not smoke.blocks_weapon("RFAC", target) and \
                        _reaches_vehicle(ADS_GUN, dist, e, obscured=bool(target.stats.smoked)):
                    yield e, ADS_GUN, "vehicle"
                elif has_i and w.versus_infantry("RFAC", 2, dist, house_rfac=state.options.get("house_rfac", True)):
                    yield e, ADS_GUN, "infantry"
        for wpn in e.guns() + [APSW]:
            if n <= 0:
                break
            if wpn.mount == "fixed" and (moved or opportunity):
                continue  # fixed mounts fire only before moving, never as opportunity fire (§2.3-2.4)
            if wpn.type != "APSW" and not in_arc(firer, wpn, target.at):
                continue
            if has_v and wpn.type != "APSW" and not smoke.blocks_weapon(wpn.type, target) and \
                    _reaches_vehicle(wpn, dist, e, obscured=bool(target.stats.smoked)):
                n -= 1
                yield e, wpn, "vehicle"
            elif has_i and w.versus_infantry(wpn.type, wpn.cls, dist,
                                             house_rfac=state.options.get("house_rfac", True)) is not None:
                n -= 1
                yield e, wpn, "infantry"


def _reaches_vehicle(wpn: Weapon, dist: int, e: Element, obscured: bool = False) -> bool:
    if wpn.type.startswith("GMS"):
        return dist <= w.MAX_RANGE[wpn.type]
    return w.band(wpn.type, wpn.cls, dist, damaged=e.damaged, obscured=obscured) is not None


def shot_for(state: DSState, firer: DSUnit, e: Element, wpn: Weapon, target: DSUnit, te: Element, *,
             fast: bool = False, distance: int | None = None) -> fp.Shot:
    """The shot's inputs; an aircraft (off the map) fires at close range and hits the top armour (§5.7)."""
    secondary = set()
    if target.stats.hull_down:
        secondary.add("hull_down")
    if state.dug_in(target):
        secondary.add("dug_in")
    if ter.cover(state.board, target.at, frozenset(state.rubble)) == "soft" and not vtol.is_vtol(target):
        secondary.add("soft_cover")
    if state.popup == target.id:
        secondary.add("pop_up")
    if target.stats.evasive:
        secondary.add("evading")
    d = te.design
    dist = distance if distance is not None else firer.at.distance(target.at)
    fc = e.design.ads if wpn is ADS_GUN else e.design.fc
    return fp.Shot(wpn.type, wpn.cls, dist, fc=fc, barrels=wpn.barrels,
                   fast=fast, obscured=bool(target.stats.smoked),
                   damaged_firer=e.damaged, signature=te.signature(), stealth=d.stealth if d else 0,
                   active_ads=radar_on(target, te), secondary=frozenset(secondary),
                   armour=facing_armour(target, te, firer.at), armour_kind=d.armour_kind if d else "plain",
                   hel_band=str(state.options.get("hel_band", "medium")))


def radar_on(target: DSUnit, te: Element) -> bool:
    """An activated ADS or SAM: its target die one higher, "no ECM and no stealth" (house 'Air defense systems')."""
    d = te.design
    return target.stats.sensors and bool(d and (d.ads or d.sam))


def effective_ecm(target: DSUnit, te: Element) -> str:
    """The ECM a guided missile meets: none while the element's ADS or SAM radar is on."""
    return "none" if radar_on(target, te) or te.design is None else te.design.ecm


def firefight_position(state: DSState, target: DSUnit) -> str:
    """The target's position for a ranged firefight's chit validity (§8.3): dug in, urban, soft cover or open."""
    if state.dug_in(target):
        return "dug_in"
    return "urban" if state.board.terrain_at(target.at) == "urban" else ter.cover(state.board, target.at)


def fire(state: DSState, firer: DSUnit, target: DSUnit, ctx: Context, *, opportunity: bool = False,
         fast: bool = False) -> None:
    """Resolve the unit's fire at the target unit; declarations are binding, casualties marked as they fall."""
    why = can_fire(state, firer, target)
    if why:
        raise Refusal(why)
    if vtol.lad_defends(state, firer, target, ctx):
        return
    plan = list(shots(state, firer, target, moved=state.moved and state.current == firer.id, opportunity=opportunity))
    before = target.stats.alive()
    who = dict(side=firer.side, unit=firer.id)
    vehicle_hit = False
    infantry_fired = False
    v_targets = target.vehicles()
    i_targets = target.infantry()
    vi = ii = 0
    spread: list = []
    ff = [(e.troop, e.team) for e, _, kind in plan if kind == "firefight"]
    if ff:
        kills = [t.kill() for t in i_targets]
        r = inf.firefight(ff, kills, firefight_position(state, target), firer.stats.die(), firer.stats.leadership, ctx.dice,
                          under_fire=firer.stats.under_fire, pool=state.pool, **who)
        ctx.emit(Message(message=f"{firer.name} firefight: {r.effectiveness.level}"))
        infantry_fired = True
        for i, k in enumerate(r.kills):
            if k and i_targets[i % len(i_targets)].alive:
                cas.kill(target, i_targets[i % len(i_targets)], ctx, "firefight")
    for e, wpn, kind in plan:
        if kind == "firefight":
            continue
        if kind == "infantry":
            live = [t for t in i_targets if t.alive]
            if not live:
                continue
            te = live[ii % len(live)]
            ii += 1
            infantry_fired = True
            r = fp.fire_at_infantry(wpn.type, wpn.cls, firer.at.distance(target.at), te.kill(), ctx.dice,
                                    barrels=wpn.barrels, house_rfac=state.options.get("house_rfac", True),
                                    pool=state.pool, **who)
            if r and r.killed:
                cas.kill(target, te, ctx, f"{wpn.type} fire")
            continue
        live = [t for t in v_targets if t.alive]
        if not live:
            continue
        te = live[vi % len(live)]
        vi += 1
        if wpn.type.startswith("GMS"):
            res = fp.gms_attack(wpn.type, wpn.guidance, effective_ecm(target, te), te.design.pds, facing_armour(target, te, firer.at),
                                ctx.dice, reactive=te.design.armour_kind == "reactive", ads=ads_cover(state, target),
                                pool=state.pool, **who)
            results = [res.result] if res.result else []
        elif wpn.type == "IAVR":
            results = [_iavr(state, firer, target, te, ctx)]
            results = [r for r in results if r]
        else:
            shot = shot_for(state, firer, e, wpn, target, te, fast=fast)
            fired = fp.direct_fire(shot, ctx.dice, state.pool, side=firer.side, unit=firer.id,
                                   target_side=target.side, target=target.id)
            results = list(fired.results)
            if wpn.type in ("HEL", "DFFG") and fired.hits and not fired.void:
                from rules.rulesets.dirtside import fires
                fires.ignite(state, target.at, ctx, f"{wpn.type} fire")
            if wpn.type == "SLAM" and fired.hits and not fired.void and shot.band() in fp.SLAM_SPREAD:
                spread.append((e, wpn, te, shot.band()))
        for r in results:
            vehicle_hit = vehicle_hit or r.destroyed or r.damaged or r.immobilised or r.systems_down
            if te.alive:
                cas.apply_vehicle(state, target, te, r, ctx, firer=e)
    cas.panic_check(state, target, ctx)
    cas.after_losses(state, target, before, ctx, vehicle_hit=vehicle_hit, infantry_attacked=infantry_fired)
    for e, wpn, te, band in spread:
        slam_spread(state, firer, wpn, target, te, band, ctx)


def slam_caught(state: DSState, target: DSUnit, te: Element, band: int) -> list[tuple[DSUnit, Element]]:
    """The other elements near a SLAM hit on `te`: the rest of its unit (its hex counts as within 1), and every
    element of any ground unit on the map within 1 hex (medium) or 2 (long) of it, friend or foe (§5.6, §14.5)."""
    radius = fp.SLAM_SPREAD[band][0]
    out = [(target, x) for x in target.stats.alive() if x is not te]
    for u in state.units.values():
        if u is target or not u.on_map or u.stats.role != "ground" or u.at.distance(target.at) > radius:
            continue
        if vtol.high(u):
            continue
        out += [(u, x) for x in u.stats.alive()]
    return out


def slam_spread(state: DSState, firer: DSUnit, wpn: Weapon, target: DSUnit, te: Element, band: int,
                ctx: Context) -> None:
    """Each element caught draws the SLAM's class in chits: vehicles red + yellow (reactive red) against the
    facing toward the firer, infantry yellow against its kill number (§5.6, §6.3)."""
    who = dict(side=firer.side, unit=firer.id)
    hurt: dict[str, tuple[DSUnit, list[Element], bool]] = {}
    for u, x in slam_caught(state, target, te, band):
        if not x.alive or not fp.slam_spread_roll(band, ctx.dice, **who):
            continue
        before = hurt.setdefault(u.id, (u, u.stats.alive(), False))[1]
        drawn = state.pool.draw(wpn.cls, ctx.dice, **who)
        if x.vehicle:
            valid, _ = w.vehicle_validity("SLAM", band, x.design.armour_kind)
            r = ch.read_vehicle(drawn, valid, facing_armour(u, x, firer.at))
            cas.apply_vehicle(state, u, x, r, ctx, firer=None)
            hurt[u.id] = (u, before, hurt[u.id][2] or r.destroyed or r.damaged or r.immobilised or r.systems_down)
        elif ch.read_infantry(drawn, ch.YELLOW, x.kill()):
            cas.kill(u, x, ctx, "SLAM salvo")
        ctx.emit(Message(message=f"the SLAM salvo also catches {u.name}'s {x.name or 'element'}"))
    for u, before, vehicle_hit in hurt.values():
        cas.after_losses(state, u, before, ctx, vehicle_hit=vehicle_hit,
                         infantry_attacked=any(x.kind == "infantry" for x in before))


def _iavr(state: DSState, firer: DSUnit, target: DSUnit, te: Element, ctx: Context) -> ch.VehicleResult | None:
    """A rifle team's IAVR: 2 chits, red + yellow (reactive red; APFC yellow), specials count; no roll (§8.3)."""
    drawn = state.pool.draw(2, ctx.dice, side=firer.side, unit=firer.id)
    valid, _ = w.vehicle_validity("IAVR", 0, te.design.armour_kind, apfc=te.design.apfc)
    return ch.read_vehicle(drawn, valid, facing_armour(target, te, firer.at))


def ads_cover(state: DSState, target: DSUnit) -> tuple[str, ...]:
    """Every active ADS of the target's side within 12 hexes of it, with sight, best first: each engages the
    missile attack once (§7.2) [R: all of them, the best first]."""
    order = ("basic", "enhanced", "superior")
    found = []
    for u in state.units.values():
        if u.side != target.side or not u.on_map or not u.stats.sensors:
            continue
        if u.at.distance(target.at) > 12 or not smoke.sees(state, u.at, target.at):
            continue
        found += [e.design.ads for e in u.vehicles() if e.design.ads and not e.systems_down]
    return tuple(sorted(found, key=lambda q: -order.index(q)))
