"""Aerospace craft and air defence in play: entering and leaving the battle area, attack runs through ZAD and
LAD, dropping troops, guns at cruise missiles (dsii-core §11; house rules 'Aerospace vehicles', 'Air defense
systems'). SAMs and air-to-air attacks are in airfight.py."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.hexgrid import Hex, line_hexes
from rules.rulesets.dirtside import air
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import morale, vtol
from rules.rulesets.dirtside.ladder import SYSTEM_DIE
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import plural_name, with_verb


def over(unit: DSUnit) -> bool:
    return unit.stats.role == "aircraft" and not unit.stats.off_table and unit.in_play


def craft(unit: DSUnit):
    return unit.stats.alive()[0]


def aloft(unit: DSUnit) -> bool:
    """A target for SAMs and air-to-air attacks: an aerospace craft over the battle area or a high-mode VTOL."""
    return over(unit) or vtol.high(unit)


def flight_of(state: DSState, unit: DSUnit) -> list[DSUnit]:
    """The craft flying with `unit` as one: itself, and its wingman while both are in play on the same side and
    in the same place (over the battle area or away) (§2.2: a flight moves as one)."""
    mate = state.units.get(unit.stats.wingman or "")
    if mate is None or mate.side != unit.side or not mate.in_play or mate.stats.off_table != unit.stats.off_table \
            or mate.stats.role != "aircraft":
        return [unit]
    return [unit, mate]


def sortie(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """A full activation to enter the battle area or to leave it; it is shown to everybody (house rule).
    A flight enters or leaves together, in one go."""
    for c in flight_of(state, unit):
        s = c.stats
        s.off_table = not s.off_table
        if not s.off_table:
            s.arrived = state.turn
        if c is not unit:
            s.activated = True
        ctx.emit(Changed(unit=c.id, field="over the battle area", before=s.off_table, after=not s.off_table,
                         plural=plural_name(c.name)))


def pilot_dice(unit: DSUnit) -> tuple[int, ...]:
    e = craft(unit)
    ecm = e.design.ecm if e.design else "none"
    return (air.pilot_die(unit.stats.quality, unit.stats.leadership),) + ((SYSTEM_DIE[ecm],) if ecm != "none" else ())


def _air_hit(state: DSState, unit: DSUnit, outcome: str, ctx: Context) -> bool:
    """Apply a ZAD/LAD result; True when the craft's attack is over (abort, home, or shot down)."""
    if outcome == "miss":
        return False
    if outcome == "destroyed":
        cas.kill(unit, craft(unit), ctx, "shot down")
        unit.eliminated = True
        crash(state, unit, ctx)
    elif outcome == "damaged":
        unit.stats.home = True
        unit.stats.off_table = True
        ctx.emit(Message(message=f"{with_verb(unit.name, 'is', 'are')} damaged and flies home for the rest of the "
                                 "game"))
    else:
        unit.stats.off_table = True
        ctx.emit(Message(message=f"{with_verb(unit.name, 'aborts', 'abort')} and leaves the battle area"))
    return True


def zad_guns(state: DSState, side: str, path: list[Hex]) -> list[tuple[DSUnit, object]]:
    """Every working ADS vehicle of another side with its radar on, within 36 hexes of any hex of the path, in
    the order they fire (§11.3)."""
    out = []
    for ads in state.units.values():
        if ads.side == side or not ads.on_map or not ads.stats.sensors:
            continue
        if not any(ads.at.distance(h) <= air.ADS_REACH for h in path):
            continue
        out.extend((ads, e) for e in ads.vehicles() if e.design.ads and not e.systems_down)
    return out


def approach(state: DSState, unit: DSUnit, path: list[Hex], ctx: Context) -> list[DSUnit]:
    """The flight flies in along `path` through zone air defence: before each ADS fires every craft of the
    flight takes a reaction test at +1 (failing: it leaves the area); the ADS fires at one craft, in turn [R].
    Returns the craft still over the battle area."""
    flight = flight_of(state, unit)
    for c in flight[1:]:
        c.stats.activated = True
    turn = 0
    for ads, e in zad_guns(state, unit.side, path):
        for c in [c for c in flight if over(c)]:  # every craft of a flight tests (§11.3 step 1)
            r = morale.reaction_test(c.stats.die(), c.stats.leadership, morale.AIR_DEFENCE, ctx.dice,
                                     side=c.side, unit=c.id, why="air defence reaction test")
            if not r.passed:
                c.stats.off_table = True
                ctx.emit(Message(message=f"{with_verb(c.name, 'breaks', 'break')} off under air defence fire and "
                                         "leaves the area"))
        present = [c for c in flight if over(c)]
        if not present:
            return []
        c = present[turn % len(present)]  # each ADS fires at one craft of the flight, in turn [R]
        turn += 1
        shot = air.air_defence_fire(SYSTEM_DIE[e.design.ads], air.ADS_CHITS[e.design.ads], pilot_dice(c),
                                    craft(c).armour(), ctx.dice, pool=state.pool, side=ads.side, unit=ads.id)
        _air_hit(state, c, shot.outcome, ctx)
    return [c for c in flight if over(c)]


LANDING_GROUND = frozenset({"open", "road", "scrub", "cultivated"})
"""[R] Where an aerospace transport may land (§4.4 "aerospace transports must land"): going easy enough for a
runway-less touchdown; never woods, towns, rough, water or buildings."""


def lands(troops: DSUnit) -> bool:
    """Troops without drop capability leave an aerospace transport only by its landing (§4.4)."""
    return not troops.stats.drop


def drop_problem(state: DSState, unit: DSUnit, troops: DSUnit | None, at: Hex) -> str:
    """'' when the craft may drop `troops` on `at` now, else why not."""
    from rules.rulesets.dirtside.movement import enterable
    if unit.stats.role != "aircraft":
        return f"{with_verb(unit.name, 'is', 'are')} not an aerospace craft (VTOLs unload their troops)"
    if not over(unit):
        return f"{unit.name} must be over the battle area to drop troops"
    if troops is None or troops.stats.aboard != unit.id or not troops.alive:
        return f"those troops are not aboard {unit.name}"
    if not state.board.in_bounds(at) or state.unit_at(at) is not None:
        return f"{at} is not a free hex on the map"
    if not troops.stats.drop and state.board.terrain_at(at) not in LANDING_GROUND:
        return (f"{with_verb(troops.name, 'is', 'are')} not drop troops: {unit.name} must land to put them down "
                f"(§4.4), and it lands only on open ground, road, scrub or fields, not on "
                f"{state.board.terrain_at(at).replace('_', ' ')}")
    troops.at = at
    try:
        ok = enterable(state, troops, at)
    finally:
        troops.at = None
    return "" if ok else f"{troops.name} cannot land in {at}"


def drop_hexes(state: DSState, unit: DSUnit, troops: DSUnit) -> list[Hex]:
    """Where the legal actions offer a drop: free hexes within 2 of an enemy unit, and of a friendly one [R: a
    short list; any free hex may be dropped on by name]."""
    near = {h for u in state.units.values() if u.on_map and u.stats.role == "ground" for h in u.at.neighbours()}
    return sorted(h for h in near if not drop_problem(state, unit, troops, h))


def drop_path(state: DSState, unit: DSUnit, at: Hex) -> list[Hex]:
    """Straight in from the craft's side's edge, in the column of the drop hex [R, as an attack run]."""
    return line_hexes(Hex(at.q, 0), at)


def drop(state: DSState, unit: DSUnit, troops: DSUnit, at: Hex, ctx: Context) -> None:
    """The craft (and its wingman) fly in through zone air defence; still over the battle area, it drops the
    troops, who land in `at` and count as activated. Troops without drop capability need the transport to land
    (§4.4; §11.4 "landing craft land in place of step 2's attack"): it touches down in `at`, they disembark there
    (activated: unloading takes half their move) and it flies on along its path [R]. Turned back, they stay
    aboard; shot down, they are lost."""
    why = drop_problem(state, unit, troops, at)
    if why:
        raise Refusal(why)
    approach(state, unit, drop_path(state, unit, at), ctx)
    if not over(unit):
        if troops.alive:
            ctx.emit(Message(message=f"{with_verb(troops.name, 'stays', 'stay')} aboard {unit.name}"))
        return
    troops.stats.aboard, troops.at = None, at
    troops.stats.activated = True
    how = "landed" if lands(troops) else "dropped"
    ctx.emit(Changed(unit=troops.id, field="aboard", before=unit.name, after="", why=f"{how} at {at}"))
    landed = (f"{with_verb(unit.name, 'lands', 'land')} at {at}, {with_verb(troops.name, 'disembarks', 'disembark')}, "
              "and it flies on")
    dropped = f"{with_verb(unit.name, 'drops', 'drop')} {troops.name} at {at}"
    ctx.emit(Message(message=landed if lands(troops) else dropped))


def crash(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """A crashed aircraft: everybody on board is lost (§6.4)."""
    from rules.rulesets.dirtside.transport import passengers
    for u in passengers(state, unit):
        for t in u.infantry():
            t.lost = True
        u.eliminated = True
        ctx.emit(Message(message=f"{with_verb(u.name, 'is', 'are')} lost with {unit.name}"))


def attack_run_problem(unit: DSUnit, ordnance: str = "none") -> str:
    """'' when `unit` may make an attack run now with `ordnance` ("none": its guns), else why not: the one test
    of the rules and of the legal actions (a Broken craft was offered runs the rules then refused)."""
    if not over(unit):
        return f"{unit.name} must be over the battle area to make an attack run"
    if unit.stats.confidence == "BR":
        return f"{with_verb(unit.name, 'is', 'are')} Broken: it may not attack and must leave the battle area [R]"
    if ordnance != "none" and not craft(unit).dfo:
        return f"{with_verb(unit.name, 'has', 'have')} no dead-fall ordnance load left"
    return ""


def attack_run(state: DSState, unit: DSUnit, target: DSUnit, ctx: Context, ordnance: str = "none") -> None:
    """One pass: ZAD from active ADS within 36 hexes of the path (reaction test +1 first), LAD of the target unit,
    then one attack on one element of the target (§11.3-11.4)."""
    problem = attack_run_problem(unit, ordnance)
    if problem:
        raise Refusal(problem)
    flight = flight_of(state, unit)
    path = line_hexes(Hex(target.at.q, 0), target.at) if target.at else []
    if not approach(state, unit, path, ctx):
        return
    lad = sum(1 for e in target.stats.alive() if (e.kind == "infantry" and e.team == "lad") or (e.design and e.design.lad))
    present = [c for c in flight if over(c)]
    for i, c in enumerate(present):  # LAD weapons split among the craft, the odd one to the lead [R]
        n = lad // len(present) + (1 if i < lad % len(present) else 0)
        if n:
            shot = air.air_defence_fire(air.lad_die(n), 2, pilot_dice(c), craft(c).armour(), ctx.dice,
                                        pool=state.pool, side=target.side, unit=target.id)
            _air_hit(state, c, shot.outcome, ctx)
    for c in flight:
        if over(c) and target.alive:
            if ordnance != "none" and craft(c).dfo:
                drop_ordnance(state, c, target.at, ordnance, ctx)
            else:
                _strike(state, c, target, ctx)


def drop_ordnance(state: DSState, unit: DSUnit, at: Hex, munition: str, ctx: Context) -> None:
    """One dead-fall ordnance load on `at` (the attack point on the flight line [R]): every element of every
    ground unit within 2 hexes (not flying VTOLs) draws 2 chits with that munition's artillery validity, vehicles
    against top armour (§11.4, §6.3)."""
    from rules.rulesets.dirtside import artillery as art
    from rules.rulesets.dirtside import sheaf as sh
    craft(unit).dfo -= 1
    ctx.emit(Message(message=f"{with_verb(unit.name, 'drops', 'drop')} a {munition} ordnance load on {at}"))
    for target in sh.units_in(state, art.zone(at)):
        dug_in = state.dug_in(target)
        cas.bombarded(state, target, lambda e, kind, dug_in=dug_in: art.bombard_element(
            "dfo", munition, kind, 1, ctx.dice, dug_in=dug_in, armour=e.armour(), kill=e.kill(), pool=state.pool,
            side=unit.side, unit=unit.id), ctx, lost_why="dead-fall ordnance", test_why="under air attack")


def _strike(state: DSState, unit: DSUnit, target: DSUnit, ctx: Context) -> None:
    """The craft's one attack: its largest gun at the first element of the target unit (§11.4)."""
    from rules.rulesets.dirtside import combat
    before = target.stats.alive()
    me = craft(unit)
    guns = [g for g in me.guns() if not g.type.startswith("GMS")]
    if not guns:
        ctx.emit(Message(message=f"{with_verb(unit.name, 'has', 'have')} no weapon to attack with"))
        return
    wpn = guns[0]
    if target.vehicles():
        te = target.vehicles()[0]
        shot = combat.shot_for(state, unit, me, wpn, target, te, distance=1)
        res = combat.fp.direct_fire(shot, ctx.dice, state.pool, side=unit.side, unit=unit.id,
                                    target_side=target.side, target=target.id)
        hit_v = False
        for r in res.results:
            hit_v = hit_v or r.destroyed or r.damaged
            if te.alive:
                cas.apply_vehicle(state, target, te, r, ctx, firer=me)
        cas.after_losses(state, target, before, ctx, vehicle_hit=hit_v)
    else:
        te = target.infantry()[0]
        r = combat.fp.fire_at_infantry(wpn.type, wpn.cls, 1, te.kill(), ctx.dice, barrels=wpn.barrels,
                                       pool=state.pool, side=unit.side, unit=unit.id)
        if r and r.killed:
            cas.kill(target, te, ctx, f"air attack ({wpn.type})")
        cas.after_losses(state, target, before, ctx, infantry_attacked=True)
        if target.alive:
            cas.test_confidence(state, target, morale.ARTILLERY_ON_INFANTRY, ctx, "under air attack")


def intercept_problem(state: DSState, unit: DSUnit, missile: str) -> str:
    """'' when `unit` may shoot its guns at the enemy cruise missile `missile` now, else why not."""
    if unit.stats.role != "aircraft":
        return "only aerospace craft shoot at cruise missiles (with RFAC/1s or HELs; AAMs are too slow)"
    if not over(unit):
        return f"{unit.name} must be over the battle area"
    if unit.stats.confidence == "BR":
        return f"{with_verb(unit.name, 'is', 'are')} Broken: it may not attack [R]"
    flight = next((f for f in state.flights if f.id == missile and f.side != unit.side), None)
    if flight is None:
        return f"there is no enemy cruise missile {missile!r} in the air"
    if flight.launched >= state.turn:
        return (f"cruise missile {missile} is only on its way: it can be shot at in turn {flight.launched + 1}, "
                f"the turn it lands")
    if not guns_for_air(unit):
        return f"{with_verb(unit.name, 'has', 'have')} no RFAC/1 or HEL (AAMs cannot catch a cruise missile)"
    return ""


def interceptors(state: DSState, unit: DSUnit) -> list[DSUnit]:
    """The craft that shoot: the unit, then its wingman if it has guns (the flight attacks as one [R])."""
    return [c for c in flight_of(state, unit) if guns_for_air(c)]


def intercept(state: DSState, unit: DSUnit, missile: str, ctx: Context) -> None:
    """Guns at a cruise missile on the turn it lands (house rule): each craft of the flight with an RFAC/1 or
    HEL fires in turn until the missile is down; a hit destroys it, and it never reaches its target."""
    why = intercept_problem(state, unit, missile)
    if why:
        raise Refusal(why)
    flight = next(f for f in state.flights if f.id == missile)
    for c in flight_of(state, unit)[1:]:
        c.stats.activated = True
    for c in interceptors(state, unit):
        me = craft(c)
        shot = air.guns_at_cruise_missile(me.design.fc, c.stats.quality, ctx.dice, side=c.side, unit=c.id)
        if shot.hit:
            state.flights.remove(flight)
            ctx.emit(Message(message=f"{with_verb(c.name, 'shoots', 'shoot')} down cruise missile {missile}"))
            return
        ctx.emit(Message(message=f"{with_verb(c.name, 'misses', 'miss')} cruise missile {missile}"))


def guns_for_air(unit: DSUnit) -> bool:
    """An RFAC/1 or HEL: the guns that shoot at aircraft and cruise missiles (an RFAC/2 cannot)."""
    return any(g.type == "HEL" or (g.type == "RFAC" and g.cls == 1) for g in craft(unit).guns())


def sensors(state: DSState, unit: DSUnit, ctx: Context) -> None:
    if not any(e.design and (e.design.ads or e.design.sam) for e in unit.vehicles()):
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no ADS or SAM radar")
    unit.stats.sensors = not unit.stats.sensors
    ctx.emit(Changed(unit=unit.id, field="active sensors", state="using active sensors", before=not unit.stats.sensors,
                     after=unit.stats.sensors, plural=plural_name(unit.name)))
