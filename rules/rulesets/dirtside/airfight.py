"""SAMs and air-to-air attacks (house rules 'Decoys', 'Air defense systems', 'Aerospace air to air combat'):
the shot, the target side's answer (evade, decoys, a dog-fight; a paused action, `rules/reaction.py`), and
the craft shot down."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Message
from rules.reaction import Pause
from rules.rulesets.dirtside import air
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import morale, vtol
from rules.rulesets.dirtside.airops import _air_hit, aloft, craft, crash, flight_of, guns_for_air, over
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import with_verb


def _shot_down(state: DSState, target: DSUnit, e, ctx: Context, why: str) -> None:
    """A craft lost: an aerospace unit is one craft; a VTOL unit loses that element (a casualty as any) [R]."""
    if vtol.is_vtol(target):
        from rules.rulesets.dirtside import transport
        before = target.stats.alive()
        transport.carrier_hit(state, transport.seats(state, target, e), "boom", ctx)  # a crash: all on board lost
        cas.kill(target, e, ctx, why)
        cas.after_losses(state, target, before, ctx, vehicle_hit=True)
        return
    cas.kill(target, e, ctx, why)
    target.eliminated = True
    crash(state, target, ctx)


def sam_system(unit: DSUnit):
    """The unit's first SAM vehicle that is not Systems Down, or None."""
    return next((x for x in unit.vehicles() if x.design.sam and not x.systems_down), None)


def sam(state: DSState, unit: DSUnit, target: DSUnit, ctx: Context) -> None:
    """House SAM: only in its own activation, radar on; the pilot tests at +1 (failing: leaves at once and flips);
    staying, its side chooses to evade and/or drop decoys (a paused action, `rules/reaction.py`)."""
    e = sam_system(unit)
    if e is None:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no working SAM system")
    if not unit.stats.sensors:
        raise Refusal(f"{unit.name}'s SAM radar is off: switch it on first")
    if not aloft(target) or target.side == unit.side:
        raise Refusal("SAMs fire only at enemy aircraft over the battle area or VTOLs in high mode")
    r = morale.reaction_test(target.stats.die(), target.stats.leadership, morale.AIR_DEFENCE, ctx.dice,
                             side=target.side, unit=target.id, why="SAM reaction test")
    if not r.passed:
        target.stats.activated = True
        if vtol.is_vtol(target):
            vtol.drop_low(target, ctx, "its pilot fails the SAM reaction test")
            return
        target.stats.off_table = True
        ctx.emit(Message(message=f"{with_verb(target.name, 'leaves', 'leave')} the combat area at once"))
        return
    reaction.pause(state, Pause(kind="sam", actor=unit.side, reactor=target.side,
                                prompt=f"a SAM from {unit.name} at {target.name}: evade, drop decoys, both, or neither",
                                data={"unit": unit.id, "target": target.id, "quality": e.design.sam}), ctx)


def dogfight(state: DSState, unit: DSUnit, target: DSUnit, weapon: str, ctx: Context) -> None:
    """House air-to-air: guns (RFAC/1 or HEL) or one AAM at a craft over the battle area; its side then chooses to
    evade, to declare a dog-fight, or neither (a paused action)."""
    if not (over(unit) or vtol.is_vtol(unit)) or not aloft(target) or target.side == unit.side:
        raise Refusal("both craft must be over the battle area (a VTOL target in high mode), on opposing sides")
    me = craft(unit)
    if weapon == "aam" and not me.design.aam:
        raise Refusal(f"{with_verb(unit.name, 'carries', 'carry')} no AAMs")
    if weapon == "guns" and vtol.is_vtol(unit):
        raise Refusal("VTOLs can fire AAMs but cannot shoot at aircraft with RFAC/1s or HELs (house rule)")
    if not vtol.is_vtol(unit):
        for c in flight_of(state, unit)[1:]:
            c.stats.activated = True  # the flight attacks as one
    if weapon == "guns" and not guns_for_air(unit):
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no RFAC/1 or HEL for air-to-air guns")
    reaction.pause(state, Pause(kind="airfight", actor=unit.side, reactor=target.side,
                                prompt=f"{with_verb(unit.name, 'attacks', 'attack')} {target.name} with {weapon}: "
                                       "evade, dog-fight, or neither",
                                data={"unit": unit.id, "target": target.id, "weapon": weapon}), ctx)


def choices(state: DSState, p: Pause) -> list[str]:
    """The target side's legal answers to a paused SAM or air attack."""
    target = state.units[p.data["target"]]
    c = craft(target)
    evade = air.may_evade(c.design.size, target.stats.activated)
    out = ["none"]
    if p.kind == "sam":
        out += ["evade"] * evade + ["decoys"] * c.design.decoys + ["both"] * (evade and c.design.decoys)
    else:
        out += ["evade"] * evade
        if may_dogfight(state, target) and p.data["weapon"] and not vtol.is_vtol(target):
            out.append("dogfight")  # VTOLs can never declare dog-fights (house rule)
    return out


def may_dogfight(state: DSState, unit: DSUnit) -> bool:
    """Unactivated, or just arrived this turn (DS2-A20); never a craft bigger than size 5."""
    return craft(unit).design.size <= 5 and (not unit.stats.activated or unit.stats.arrived == state.turn)


def answer(state: DSState, p: Pause, choice: str, ctx: Context) -> None:
    if choice not in choices(state, p):
        raise Refusal(f"{choice} is not possible: choose {', '.join(choices(state, p))}")
    unit, target = state.units[p.data["unit"]], state.units[p.data["target"]]
    evades = choice in ("evade", "both")
    decoys = choice in ("decoys", "both")
    answering = flight_of(state, target) if target.stats.role == "aircraft" else [target]
    if evades:
        for t in answering:  # a flight answers as one unit [R]
            t.stats.activated = True  # evading uses its activation: the marker flips
            ctx.emit(Message(message=with_verb(t.name, 'evades', 'evade')))
        vtol.drop_low(target, ctx, "a high-flying VTOL that evades drops out of high mode")
    if p.kind == "sam":
        c = craft(target)
        duel = air.sam_or_aam(p.data["quality"], c.design.ecm, target.stats.quality, evades, decoys, ctx.dice,
                              side=unit.side, unit=unit.id)
        if duel.hit:
            _shot_down(state, target, c, ctx, "SAM")
        else:
            ctx.emit(Message(message=f"{with_verb(target.name, 'escapes', 'escape')} the SAM"))
        return
    attackers = flight_of(state, unit) if unit.stats.role == "aircraft" else [unit]
    if choice == "dogfight":
        for t in answering:
            t.stats.activated = True
        ctx.emit(Message(message=f"{with_verb(target.name, 'declares', 'declare')} a dog-fight"))
        return _dogfight(state, attackers, p.data["weapon"], answering, ctx)
    for a in attackers:  # every craft of the attacking flight fires; at the wingman once the target is down [R]
        t = next((t for t in answering if t.in_play and aloft(t)), None)
        if t is None or not a.in_play:
            break
        w = p.data["weapon"] if a is unit else _weapon(a, p.data["weapon"])
        if w:
            _attack(state, a, w, t, evades, ctx)


def _attack(state: DSState, unit: DSUnit, weapon: str, target: DSUnit, evades: bool, ctx: Context,
            *, aam_only: bool | None = None, me=None) -> None:
    """`me`: the firing craft, when it may already be down (a dog-fight's fire is simultaneous in each phase)."""
    me, it = me or craft(unit), craft(target)
    if weapon == "aam":
        duel = air.sam_or_aam(me.design.aam, it.design.ecm, target.stats.quality, evades, False, ctx.dice,
                              side=unit.side, unit=unit.id)
        if duel.hit:
            _shot_down(state, target, it, ctx, "AAM")
        return
    target_die = {1: 12, 2: 10, 3: 8, 4: 6}.get(it.signature(), 4)
    p = air.gun_attack(me.design.fc, unit.stats.quality, target_die,
                       air.QUALITY_DIE[target.stats.quality] if evades else None, ctx.dice,
                       pool=state.pool, side=unit.side, unit=unit.id)
    if not p.hit:
        ctx.emit(Message(message=f"{with_verb(unit.name, 'misses', 'miss')} {target.name}"))
        return
    it.air_damage += p.damage
    status = air.air_damage_state(it.air_damage, it.armour(), p.destroyed_outright)
    target.stats.activated = True
    cas.set_confidence(state, target, morale.drop(target.stats.confidence, 1), ctx, "hit in the air")
    if status == "destroyed":
        _shot_down(state, target, it, ctx, "shot down")
    elif status == "damaged" and vtol.is_vtol(target):
        _shot_down(state, target, it, ctx, "damaged: flies back to base, out of the game [R]")
    elif status == "damaged":
        _air_hit(state, target, "damaged", ctx)


def _weapon(unit: DSUnit, wanted: str) -> str | None:
    """A wingman fires the weapon its leader declared if it carries it, else its other air-to-air weapon [R]."""
    have = [w for w, ok in (("aam", bool(craft(unit).design.aam)), ("guns", guns_for_air(unit))) if ok]
    return wanted if wanted in have else (have[0] if have else None)


def _dogfight(state: DSState, attackers: list[DSUnit], weapon: str, defenders: list[DSUnit], ctx: Context) -> None:
    """Both units go at each other: every AAM first (at the same time), then the survivors' guns; nobody
    evades. Each craft fires at the first craft of the other unit still flying at the start of the phase [R]."""
    plan = [(u, weapon if i == 0 else _weapon(u, weapon), defenders) for i, u in enumerate(attackers)]
    plan += [(u, "aam" if craft(u).design.aam else ("guns" if guns_for_air(u) else None), attackers) for u in defenders]
    for phase in ("aam", "guns"):
        flying = {u.id for u in attackers + defenders if u.in_play}
        ships = {u.id: craft(u) for u in attackers + defenders if u.id in flying}
        for u, w, foes in plan:
            if w != phase or u.id not in flying:
                continue  # a craft shot down earlier in this phase still fires: the phase is simultaneous
            t = next((t for t in foes if t.id in flying and t.in_play and t.stats.alive()), None)
            if t is not None:
                _attack(state, u, w, t, False, ctx, me=ships[u.id])
