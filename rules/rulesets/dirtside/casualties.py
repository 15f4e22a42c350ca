"""What losses do to a unit: element results, Under Fire markers, casualty confidence tests, panic, leader loss,
withdrawal (dsii-core §2.5, §3, §6.4, §8.5)."""

from __future__ import annotations

from rules.core import Context
from rules.events import Changed, Eliminated, Message, Moved
from rules.hexgrid import Hex
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import morale
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import count, plural_name, with_verb


def apply_vehicle(state: DSState, unit: DSUnit, e: Element, r: ch.VehicleResult, ctx: Context,
                  firer: Element | None = None) -> bool:
    """Mark one vehicle result; True when the element is lost. A second DAMAGED knocks out ([R], §6.4)."""
    if r.void:
        if firer is not None:
            firer.systems_down = True
        ctx.emit(Message(message=f"F chit: the shot at {e.name} is void; the firer is Systems Down"))
        return False
    from rules.rulesets.dirtside import transport
    riders = transport.seats(state, unit, e) if e.vehicle else []
    lost = r.destroyed or (r.damaged and e.damaged)
    if riders and (lost or r.damaged):
        transport.carrier_hit(state, riders, "boom" if r.boom else "knocked out" if lost else "damaged", ctx)
    if lost:
        e.lost = True
    else:
        e.damaged = e.damaged or r.damaged
        e.immobilised = e.immobilised or r.immobilised
        e.systems_down = e.systems_down or r.systems_down
    ctx.emit(Message(message=f"{unit.name}: {e.name} {'destroyed' if lost else r.words()}"))
    if not lost and (r.damaged or r.immobilised or r.systems_down) and state.options.get("abandonment", False):
        roll = ctx.dice.roll(1, 6, "abandonment", side=unit.side, unit=unit.id, need=4, test=">=", rule="§6.4",
                             outcome=lambda f: "the crew stays" if f[0] >= 4 else "the crew bails out")[0]
        if roll <= 3:
            e.lost = True
            ctx.emit(Message(message=f"{unit.name}: {e.name}'s crew bails out"))
            return True
    return lost


def bombarded(state: DSState, target: DSUnit, draw, ctx: Context, *, lost_why: str, test_why: str) -> None:
    """One unit under an area attack (an artillery zone, a dead-fall ordnance load): `draw(element, kind)` gives
    each live element's BombardHit; then panic, Under Fire and the casualty test, and infantry attacked by
    artillery test confidence at its threat (§9.5, §11.4, §3.2)."""
    before = target.stats.alive()
    hit_v = False
    for e in before:
        hit = draw(e, "vehicle" if e.vehicle else "infantry")
        for r in hit.vehicle:
            if e.alive and (r.destroyed or r.damaged or r.immobilised or r.systems_down):
                hit_v = True
                apply_vehicle(state, target, e, r, ctx)
        if hit.killed:
            kill(target, e, ctx, lost_why)
    infantry = any(e.kind == "infantry" for e in before)
    panic_check(state, target, ctx)
    after_losses(state, target, before, ctx, vehicle_hit=hit_v, infantry_attacked=infantry)
    if infantry and target.alive:
        test_confidence(state, target, morale.ARTILLERY_ON_INFANTRY, ctx, test_why)


def kill(unit: DSUnit, e: Element, ctx: Context, why: str) -> None:
    e.lost = True
    ctx.emit(Message(message=f"{unit.name}: {e.name} is lost ({why})"))


def set_confidence(state: DSState, unit: DSUnit, level: str, ctx: Context, why: str) -> None:
    before = unit.stats.confidence
    if level != before:
        unit.stats.confidence = level
        ctx.emit(Changed(unit=unit.id, field="confidence", before=before, after=level, why=why))


def test_confidence(state: DSState, unit: DSUnit, threat: int, ctx: Context, why: str) -> morale.TestResult | None:
    """A confidence test now (§3.1); returns None for units that have no confidence (cruise missiles)."""
    if not unit.alive:
        return None
    r = morale.confidence_test(unit.stats.die(), unit.stats.leadership, threat, ctx.dice, side=unit.side,
                               unit=unit.id, why=why)
    if r.drops:
        set_confidence(state, unit, morale.drop(unit.stats.confidence, r.drops), ctx, why)
    return r


def after_losses(state: DSState, unit: DSUnit, before_alive: list[Element], ctx: Context, *, vehicle_hit: bool = False,
                 infantry_attacked: bool = False, test: bool = True) -> None:
    """Under Fire marker, the highest casualty threat's confidence test, a new leader (§2.5, §3.2-3.3).

    In a close assault the round's own tests (§8.5 steps 6-7) stand in for the casualty test (`test=False`)."""
    s = unit.stats
    lost_now = [e for e in before_alive if e.lost]
    if infantry_attacked or vehicle_hit or lost_now:
        if not s.under_fire and (infantry_attacked or vehicle_hit or lost_now):
            s.under_fire = True
            ctx.emit(Changed(unit=unit.id, field="under fire", before=False, after=True, plural=plural_name(unit.name)))
    leader_lost = s.elements[s.leader].lost and s.elements[s.leader] in lost_now
    first = not s.lost_any and (bool(lost_now) or vehicle_hit)
    lost_total = sum(1 for e in s.elements if e.lost)
    threat = morale.casualty_threat(first, len(lost_now) or int(vehicle_hit), len(before_alive), lost_total,
                                    unit.start_size or len(s.elements), leader_lost)
    if lost_now or vehicle_hit:
        s.lost_any = True
    if s.command and (leader_lost or not unit.alive) and unit.side not in state.no_offensive:
        command_lost(state, unit, ctx)
    if not unit.alive:
        unit.eliminated = True
        ctx.emit(Eliminated(unit=unit.id, why="every element lost"))
    if not unit.vehicles():
        from rules.rulesets.dirtside import transport
        transport.bail_out(state, unit, ctx)
    if not unit.alive:
        return
    if threat is not None and test:
        test_confidence(state, unit, threat, ctx, f"casualties (threat +{threat})")
    if leader_lost:
        s.leader = next(i for i, e in enumerate(s.elements) if e.alive)
        new = morale.leader_change(ctx.dice, s.leadership, side=unit.side, unit=unit.id)
        if new != s.leadership:
            ctx.emit(Changed(unit=unit.id, field="leadership", before=s.leadership, after=new, why="leader lost"))
            s.leadership = new


def command_lost(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """The command unit lost (or its command vehicle, the leader element): every unit of its side drops one
    confidence level at once, and for the rest of the turn none may start a new offensive (§3.3)."""
    unit.stats.command = False
    state.no_offensive.append(unit.side)
    ctx.emit(Message(message=f"{unit.name}, the command unit, is lost: every unit drops a level; no new offensive "
                             f"this turn"))
    for u in state.units.values():
        if u.side == unit.side and u.alive and u.stats.role == "ground":
            set_confidence(state, u, morale.drop(u.stats.confidence, 1), ctx, "command unit lost")


def panic_check(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """A Green unit first attacked takes a +2 reaction test; failing, it gets a PANIC marker (§3.3)."""
    s = unit.stats
    if s.quality != "green" or s.tested_panic or not unit.alive or s.role == "aircraft":
        return
    s.tested_panic = True
    r = morale.reaction_test(s.die(), s.leadership, morale.PANIC, ctx.dice, side=unit.side, unit=unit.id,
                             why="panic test")
    if not r.passed:
        s.panic = True
        ctx.emit(Changed(unit=unit.id, field="panic", state="panicking", before=False, after=True,
                         why="green unit first attacked", plural=plural_name(unit.name)))


def withdraw(state: DSState, unit: DSUnit, away_from: Hex, ctx: Context, why: str) -> None:
    """Fall back 2 hexes or half BMF, whichever is greater, each step farther from `away_from` (§8.5 step 4)."""
    from rules.rulesets.dirtside.movement import enterable
    steps = max(2, int(unit.bmf() // 2))
    path = [unit.at]
    occupied = {u.at for u in state.units.values() if u.on_map and u.id != unit.id}
    for _ in range(steps):
        here = path[-1]
        options = [h for h in here.neighbours() if h.distance(away_from) > here.distance(away_from)
                   and h not in occupied and state.board.in_bounds(h) and enterable(state, unit, h)]
        if not options:
            break
        path.append(options[0])
    if len(path) == 1 and unit.stats.confidence == "RO":
        return surrender(state, unit, ctx)
    unit.at = path[-1]
    unit.stats.under_fire = True
    ctx.emit(Moved(unit=unit.id, path=tuple(path), plural=plural_name(unit.name)))
    ctx.emit(Message(message=f"{with_verb(unit.name, 'falls', 'fall')} back {count(len(path) - 1, 'hex')} ({why})"))


def surrender(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """A Routed unit that cannot withdraw surrenders to the nearest enemy (§1.4): every element is lost (they
    count as losses for victory) and the unit leaves the table."""
    foes = [u for u in state.units.values() if u.side != unit.side and u.on_map and u.alive]
    nearest = min(foes, key=lambda u: (u.at.distance(unit.at), u.id), default=None)
    for e in unit.stats.alive():
        e.lost = True
    unit.eliminated = True
    ctx.emit(Message(message=f"{with_verb(unit.name, 'is', 'are')} Routed and cannot withdraw: it surrenders"
                             + (f" to {nearest.name}" if nearest else "")))
