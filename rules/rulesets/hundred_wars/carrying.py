"""Carrying units: transports ('Each mole can carry one infantry Coy') and a teleporter's buffers (text: "Teleport")."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Moved
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, count, plural_name


def carrier_of(state: HwState, uid: str) -> HwUnit | None:
    for u in state.units.values():
        if uid in u.carried and not u.eliminated:
            return u
    return None


def may_ride(p: HwUnit) -> bool:
    """(hexwar) Any revealed unit that is not Large and carries nothing itself may ride (the text's 'infantry Coy')."""
    return not p.blind and not p.stats.large and not p.stats.carry and not p.carried and not p.buffer


def boardings(state: HwState, side: str) -> list[tuple[HwUnit, HwUnit]]:
    """(passenger, carrier): units of the side in base to base contact with a carrier of theirs that has room."""
    carriers = [c for c in state.live(side) if not c.blind and c.stats.carry > len(c.carried)]
    out = []
    for c in carriers:
        for p in state.live(side):
            if p.id != c.id and not p.moved and may_ride(p) and p.at.distance(c.at) == 1 and p.level == c.level:
                out.append((p, c))
    return out


def set_downs(state: HwState, side: str) -> list[tuple[str, Hex]]:
    """(passenger, hex): a carrier on the surface sets a passenger down on a free hex next to it."""
    out = []
    taken = set(state.occupied())
    room = field.open_hexes(state.board, "ground")
    for c in state.live(side):
        if c.carried and c.level == 0:
            spots = [h for h in c.at.neighbours() if h in room and h not in taken]
            out += [(p, h) for p in c.carried for h in spots]
    return out


def carry(state: HwState, side: str, uid: str, at: Hex, off: bool, ctx: Context) -> None:
    """Board a carrier in contact (the passenger leaves the table with it), or leave one for a free hex next to it."""
    p = state.units.get(uid)
    if p is None or p.side != side:
        raise Refusal(f"{uid} is not a unit of yours")
    if off:
        if (uid, at) not in set_downs(state, side):
            raise Refusal(f"{p.name} {agree(p.agrees_as, 'is', 'are')} not carried by a unit of yours on the surface next to the free hex {at}")
        c = carrier_of(state, uid)
        c.carried.remove(uid)
        p.at, p.level, p.moved, p.facing = at, 0, True, c.facing
        ctx.emit(Moved(unit=uid, path=(at,), plural=plural_name(p.agrees_as)))
        return
    c = state.unit_at(at)
    if c is None or (p.id, c.id) not in {(a.id, b.id) for a, b in boardings(state, side)}:
        raise Refusal(f"{p.name} cannot board a unit at {at}: it must be a carrier of yours with room, in base to "
                      "base contact on the same level, and the passenger revealed, not Large, not yet moved")
    c.carried.append(uid)
    p.at, p.counter, p.counter_attack, p.counter_level, p.moved = None, None, "", None, True
    ctx.emit(Changed(unit=c.id, field="carried", before=len(c.carried) - 1, after=len(c.carried), why=f"{p.name} {agree(p.agrees_as, 'boards', 'board')}"))


# --- teleporter buffers -------------------------------------------------------------------


def gatherable(state: HwState, t: HwUnit) -> list[HwUnit]:
    """Units a teleporter may take into its buffers: revealed friends within its range (not itself), room left."""
    if len(t.buffer) >= t.stats.teleport or t.id in state.teleported:
        return []
    return [p for p in state.live(t.side) if p.id != t.id and not p.blind and not p.carried
            and field.cm(state, t.at, p.at) <= t.stats.teleport_range]


def gather(state: HwState, side: str, uid: str, passenger: str, ctx: Context) -> None:
    """'Any units not covered by the die roll are suspended in buffers': a unit taken now waits for the next roll."""
    t, p = gather_check(state, side, uid, passenger)
    t.buffer.append(p.id)
    p.at, p.counter, p.counter_attack, p.counter_level = None, None, "", None
    ctx.emit(Changed(unit=t.id, field="buffer", before=len(t.buffer) - 1, after=len(t.buffer), why=f"{p.name} dematerialised"))


def gather_check(state: HwState, side: str, uid: str, passenger: str) -> tuple[HwUnit, HwUnit]:
    """(teleporter, passenger) of a gather the side may make now, or a Refusal saying why not."""
    t = state.units.get(uid)
    if t is None or t.side != side or not t.on_map or t.blind or not t.stats.teleport:
        raise Refusal(f"{uid} is not a teleport unit of yours on the table")
    p = state.units.get(passenger)
    if p is None or p.id not in {g.id for g in gatherable(state, t)}:
        raise Refusal(f"{t.name} cannot take {passenger}: a revealed unit of yours within its range, its buffers "
                      f"holding at most {count(t.stats.teleport, 'unit')}, before it sends this turn")
    return t, p


def lost_with(state: HwState, u: HwUnit) -> list[str]:
    """(hexwar) The units a destroyed unit takes with it: its passengers and the units in its buffers ('The
    consequences of a teleporter taking a bad hit in these circumstances can be disastrous')."""
    out = list(u.carried) + list(u.buffer)
    u.carried, u.buffer = [], []
    return out

