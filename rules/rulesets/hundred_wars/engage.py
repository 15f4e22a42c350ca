"""Blinds revealed, damage dealt and allocated, destruction, rams (text: "Blinds", "Ram"); close combat is melee.py."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Eliminated, Message
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars.procedures import damage as dmg
from rules.rulesets.hundred_wars.procedures.combat import ram
from rules.rulesets.hundred_wars.procedures.fire import allocator
from rules.rulesets.hundred_wars.state import HwState, PendingDamage
from rules.rulesets.hundred_wars.units import HwUnit, key_label
from rules.words import agree

R_BLINDS = "Blinds; AHW-A30"


def reveal(state: HwState, blind: HwUnit, ctx: Context, why: str) -> list[HwUnit]:
    """'must be replaced with the real units ... or, removed if they are imaginary' (AHW-A30)."""
    at = blind.at
    blind.eliminated = True
    if blind.dummy or not blind.contents:
        ctx.emit(Eliminated(unit=blind.id, why=f"{why}: a dummy blind, removed"))
        return []
    placed: list[HwUnit] = []
    taken = set(state.occupied())
    units = [state.units[i] for i in blind.contents if not state.units[i].eliminated]
    spots = field.free_near(state, at, len(units), "ground", taken)
    for u, h in zip(units, spots):
        u.at, u.facing = h, blind.facing
        u.counter, u.counter_attack, u.counter_level = blind.counter, "", None
        u.moved = blind.moved
        placed.append(u)
        ctx.emit(Changed(unit=u.id, field="at", before=None, after=str(h), why=f"placed from {blind.name}"))
    for u in units[len(spots):]:  # no room on the table near the blind: they stay off table
        ctx.emit(Message(message=f"{u.name} {agree(u.agrees_as, 'stays', 'stay')} off the table: no room near {blind.name}"))
    ctx.emit(Changed(unit=blind.id, field="blind", before="hidden", after="revealed",
                     why=f"{why}: {', '.join(u.name for u in units)}"))
    blind.contents = []
    return placed


def destroy(state: HwState, u: HwUnit, ctx: Context, why: str) -> None:
    u.eliminated = True
    u.counter = None
    u.destroyed_by = why
    for p in state.pending:
        if u.id in p.units:
            p.units.remove(u.id)
    state.pending = [p for p in state.pending if p.units]
    ctx.emit(Eliminated(unit=u.id, why=why))
    from rules.rulesets.hundred_wars.carrying import lost_with  # carrying -> field -> state: no cycle at call time

    for pid in lost_with(state, u):
        if not state.units[pid].eliminated:
            destroy(state, state.units[pid], ctx, f"lost with {u.name}")


def deal(state: HwState, units: list[HwUnit], points: int, attacker_side: str, ctx: Context, why: str) -> None:
    """Damage to a unit (or to one of a losing group): allocated by the target's side if even, the attacker's if odd."""
    units = [u for u in units if not u.eliminated]
    if points <= 0 or not units:
        return
    if len(units) == 1 and units[0].stats.armour == 0:  # 'destroyed by any further damage' (AHW-A15)
        destroy(state, units[0], ctx, f"{why}: damage with no Armour left")
        return
    who = units[0].side if allocator(points) == "target" else attacker_side
    state.pending.append(PendingDamage(units=[u.id for u in units], damage=points, allocator=who, why=why))


def allocate(state: HwState, side: str, uid: str, first: str, ctx: Context) -> None:
    if not state.pending or state.pending[0].allocator != side:
        raise Refusal("there is no damage for you to allocate")
    p = state.pending[0]
    if uid not in p.units:
        raise Refusal(f"the damage is not on {uid}")
    u = state.units[uid]
    if first not in offered(u):
        raise Refusal(f"{first} is not a factor {u.name} can lose")
    a = dmg.allocate(u.stats, p.damage, first)
    state.pending.pop(0)
    u.stats = a.stats
    taken = ", ".join(f"{key_label(k)} -{n}" for k, n in a.taken.items())
    ctx.emit(Changed(unit=u.id, field="damage", before=None, after=p.damage, why=f"{p.why}: {taken or 'nothing left'}"))
    if a.destroyed:
        destroy(state, u, ctx, f"{p.why}: more damage than it had factors")


def offered(u: HwUnit) -> list[str]:
    """The factors damage may go to first; a unit with none left still takes it on its Armour of 0, 'destroyed by
    any further damage' (AHW-A15). Offered but refused, a group's spent unit stopped a game (first-blinds 9139)."""
    return dmg.choices(u.stats) or ["armour"]


def choices(state: HwState) -> list[tuple[str, str]]:
    """(unit, first factor) pairs open to the allocator of the first pending damage."""
    if not state.pending:
        return []
    return [(uid, k) for uid in state.pending[0].units for k in offered(state.units[uid])]


def weakest(u: HwUnit, by: HwUnit) -> bool:
    """Contacted where its armour is weakest (the rear; the front for rear-armoured units), unless armoured all round."""
    if u.stats.all_round or u.stats.armour <= 10:
        return False
    return field.arc(u, by.at) == ("front" if u.stats.rear_armour else "rear")


def ram_attack(state: HwState, u: HwUnit, target: HwUnit, ctx: Context) -> None:
    """'A ram attack uses the Armour factors of both parties as pure damage against the other.'"""
    to_u, to_t = ram(u.stats.armour, target.stats.armour)
    deal(state, [target], to_t, u.side, ctx, f"rammed by {u.name}")
    deal(state, [u], to_u, target.side, ctx, f"ramming {target.name}")
