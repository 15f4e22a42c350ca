"""Psionic pips: 'one use only, once per phase', on units within the range paid for (text: "Psionic").

'Pips ... may be used to simulate any other speciality and thus may be expended at the appropriate phase in the
turn including during the enemy's actions since psionics may be used to place, move or remove enemy move orders,
fire or cancel the fire from one enemy system, reroll any 1 die, cancel an enemy psionic pip or reveal an enemy
blind up to the maximum range paid for.'

This module checks a pip's use and says what it is (a plain `use` dict, kept in a pause while the enemy may cancel
it); `reactions.py` runs the use. Uses on the side's own turn: reveal a blind (Phase 4), place, move or remove an
enemy Move counter (Phase 3), fire one enemy weapon (Phase 4), simulate Field Repairs (Phase 4) or an ECM jam
(Phase 3). Uses during an action (pauses, rules/reaction.py): cancel an enemy's fire, re-roll a die of a shot
(shot.py) or a movement die (moving.py), cancel an enemy pip.
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed, Message, Moved
from rules.hexgrid import Hex, area
from rules.reaction import Pause
from rules.rulesets.hundred_wars import engage, field, firing
from rules.rulesets.hundred_wars import orders as od
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready, ready_in_range  # noqa: F401 (used by the stages)
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit, lower
from rules.words import agree, plural_name

ORDER_REACH = 2
"""The action list offers an enemy counter up to two hexes from the enemy (a farther hex may still be given)."""
PIP = "psi_pip"
"""The pause in which the other side may cancel a psionic pip just spent."""


def in_reach(state: HwState, psi: HwUnit) -> list[HwUnit]:
    return [e for e in state.live() if e.side != psi.side and field.cm(state, psi.at, e.at) <= psi.stats.psionic_range]


def friends_in_reach(state: HwState, psi: HwUnit) -> list[HwUnit]:
    return [f for f in state.live(psi.side) if not f.blind and field.cm(state, psi.at, f.at) <= psi.stats.psionic_range]


def order_spots(state: HwState, e: HwUnit) -> list[Hex]:
    taken = set(state.occupied())
    mode = e.mode or "ground"
    return [h for h in area(e.at, ORDER_REACH) if h != e.at and h not in taken and state.board.in_bounds(h)
            and ter.open_for(state.board, h, mode)]


def psionic(state: HwState, side: str, uid: str) -> HwUnit:
    """The side's psionic unit `uid`, able to use a pip now, or a Refusal saying why not."""
    psi = state.units.get(uid)
    if psi is None or psi.side != side or not psi.on_map or psi.blind or not psi.stats.psionic:
        raise Refusal(f"{uid} is not a psionic unit of yours on the table")
    if state.psi_used.get(uid, 0) >= psi.stats.psionic:
        raise Refusal(f"{psi.name} {agree(psi.agrees_as, 'has', 'have')} used all its psionic pips")
    if uid in state.psi_phase:
        raise Refusal(f"{psi.name} {agree(psi.agrees_as, 'has', 'have')} used a psionic pip this phase (once per phase)")
    return psi


def within(state: HwState, psi: HwUnit, at: Hex) -> None:
    if field.cm(state, psi.at, at) > psi.stats.psionic_range:
        raise Refusal(f"{at} is beyond {psi.name}'s psionic range")


def plan(state: HwState, side: str, uid: str, at: Hex, *, to: Hex | None = None, remove: bool = False,
         weapon: int | None = None, simulate: str = "") -> dict:
    """The use of a pip on the side's own turn, checked: a plain dict `reactions.use_pip` runs."""
    psi = psionic(state, side, uid)
    within(state, psi, at)
    target = state.unit_at(at)
    if simulate == "repairs":
        if state.phase != "fire":
            raise Refusal("a psionic pip simulates Field Repairs in Phase 4")
        if target is None or target.side != side or target.blind or firing.repair_key(target) is None:
            raise Refusal(f"no damaged unit of yours that can still be repaired at {at}")
        return {"use": "repairs", "at": list(at)}
    if simulate == "teleport":
        return {"use": "teleport", "at": list(at), "to": list(teleport_spot(state, side, psi, target, to))}
    if simulate == "orders":
        return own_order(state, side, target, at, to, remove)
    if simulate == "mobile":
        return {"use": "mobile", "at": list(mobile_target(state, side, target, at).at)}
    if simulate == "ads":
        raise Refusal("a psionic pip simulates an ADS while an enemy shot waits for your reaction")
    if target is None or target.side == side:
        raise Refusal(f"there is no enemy at {at}")
    if simulate == "ecm":
        return {"use": ecm_use(state, target), "at": list(at)}
    if weapon is not None:
        return {"use": "fire", "at": list(at), "weapon": weapon, "to": list(fire_target(state, side, target, weapon, to).at)}
    if to is None and not remove:
        if state.phase != "fire" or not target.blind:
            raise Refusal("a psionic pip reveals an enemy blind in Phase 4")
        return {"use": "reveal", "at": list(at)}
    if state.phase != "counters":
        raise Refusal("a psionic pip places, moves or removes enemy Move orders in Phase 3")
    if remove:
        if target.counter is None:
            raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no Move counter")
        return {"use": "order", "at": list(at), "to": None}
    to = Hex(*to)
    if to == target.at or not state.board.in_bounds(to) or not ter.open_for(state.board, to, target.mode or "ground"):
        raise Refusal(f"{to} is not a hex {target.name} can be sent to")
    return {"use": "order", "at": list(at), "to": list(to)}


SIM_FACTOR = 10
"""(hexwar) A simulated speciality that has a margin acts as the factor 10 the text sells at most ('per factor up to
10'), its roll never failing and never contested: ECM against an ADS cuts it by 10 - 1d10."""


def teleport_spot(state: HwState, side: str, psi: HwUnit, target: HwUnit | None, to) -> Hex:
    """(hexwar) 'Simulate' Teleport: in Phase 5 one revealed unit of the side (not the psionic unit itself: 'not
    themselves') within psionic range goes to a free hex within psionic range, as a successful teleport of one."""
    if state.phase != "move":
        raise Refusal("a psionic pip simulates a teleport in Phase 5")
    if target is None or target.side != side or target.blind or target.id == psi.id:
        raise Refusal("a psionic pip teleports a unit of yours (not the psionic unit itself)")
    if to is None:
        raise Refusal("give the hex to teleport to (to=)")
    to = Hex(*to)
    if (not state.board.in_bounds(to) or state.unit_at(to) is not None
            or not ter.open_for(state.board, to, target.mode or "ground")):
        raise Refusal(f"{to} is not a free hex {target.name} can be in")
    within(state, psi, to)
    return to


def own_order(state: HwState, side: str, target: HwUnit | None, at: Hex, to, remove: bool) -> dict:
    """(hexwar) 'Simulate' Orders: in Phase 3 one pip sends, changes or removes the Move counter of a unit (or blind)
    of the side within psionic range, and its group, as a commander's pip would ('Pips can be used to send, change or
    remove a move marker on a unit or group'); a plain Move counter (no ram, suicide or change of level)."""
    if state.phase != "counters":
        raise Refusal("a psionic pip simulates Orders (a Move counter of yours) in Phase 3")
    if target is None or target.side != side or not od.movable(state, target):
        raise Refusal(f"no unit of yours that can move at {at}")
    if remove:
        if target.counter is None:
            raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no Move counter")
        return {"use": "own_order", "at": list(at), "to": None}
    if to is None:
        raise Refusal("give the hex to send it to (to=) or remove its counter (remove=true)")
    to = Hex(*to)
    if to == target.at or not state.board.in_bounds(to) or not ter.open_for(state.board, to, target.mode or "ground"):
        raise Refusal(f"{to} is not a hex {target.name} can be sent to")
    return {"use": "own_order", "at": list(at), "to": list(to)}


def own_in_reach(state: HwState, psi: HwUnit) -> list[HwUnit]:
    """The side's units and blinds on the table within psionic range whose Move counter a pip may set (Orders)."""
    return [f for f in state.live(psi.side) if f.on_map and od.movable(state, f)
            and field.cm(state, psi.at, f.at) <= psi.stats.psionic_range]


def mobile_refusal(state: HwState, side: str, target: HwUnit) -> str:
    try:
        mobile_target(state, side, target, target.at)
    except Refusal as why:
        return str(why)
    return ""


def mobile_target(state: HwState, side: str, target: HwUnit | None, at: Hex) -> HwUnit:
    """(hexwar) 'Simulate' Mobile: in Phase 5 a revealed unit of the side within psionic range that has a Move counter
    and has not moved moves this phase as a Mobile unit of both reductions ('Move cost is multiplied by 10 to reduce
    both'): Hard counts Easy and V.Hard counts Hard for it (`moving.mobility`)."""
    if state.phase != "move":
        raise Refusal("a psionic pip simulates Mobile in Phase 5, for a unit's move")
    if target is None or target.side != side or target.blind:
        raise Refusal(f"no revealed unit of yours at {at}")
    if target.counter is None or target.moved:
        raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no move to make this phase (a Move counter, not yet moved)")
    if target.id in state.psi_mobile or target.stats.mobile_in(target.mode or "ground") == "both":
        raise Refusal(f"{target.name} already {agree(target.agrees_as, 'moves', 'move')} as a Mobile unit of both reductions")
    return target


def teleport_spots(state: HwState, psi: HwUnit, target: HwUnit) -> list[Hex]:
    """The free hexes within psionic range a simulated teleport may send `target` to."""
    reach = psi.stats.psionic_range // state.hex_cm
    return [h for h in area(psi.at, reach) if state.board.in_bounds(h) and state.unit_at(h) is None
            and ter.open_for(state.board, h, target.mode or "ground") and field.cm(state, psi.at, h) <= psi.stats.psionic_range]


def ecm_use(state: HwState, target: HwUnit) -> str:
    """Which ECM use a pip simulates on the side's own turn, by phase: a jam of a commander (Phase 3), an attack on
    an ADS (Phase 4), a hijack of a teleporter with units in its buffers (Phase 5)."""
    if target.blind:
        raise Refusal("a psionic pip simulates ECM on a revealed enemy unit")
    if state.phase == "counters":
        if not target.stats.orders:
            raise Refusal(f"{target.name} {agree(target.agrees_as, 'is', 'are')} not an enemy commander (Phase 3: ECM jams a commander)")
        return "ecm"
    if state.phase == "fire":
        if not firing.ads_factor(state, target):
            raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no ADS left to cut (Phase 4: ECM attacks an ADS)")
        return "ecm_ads"
    if state.phase == "move":
        if not target.buffer:
            raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no units in its buffers (Phase 5: ECM hijacks a teleporter)")
        return "hijack"
    raise Refusal("a psionic pip simulates ECM in Phases 3 to 5")


def fire_targets(state: HwState, side: str, e: HwUnit, w: int) -> list[HwUnit]:
    """(hexwar) The units an enemy weapon taken over may fire at: any in its range and sight but the psionic side's
    own and the firer itself, target priorities aside (the psionic side chooses)."""
    if e.blind or w in e.fired:
        return []
    return [t for t in state.live() if t.side != side and t.id != e.id and not firing.why_not(state, e, w, t)]


def fire_target(state: HwState, side: str, e: HwUnit, w: int, to: Hex | None) -> HwUnit:
    if state.phase != "fire":
        raise Refusal("a psionic pip fires an enemy weapon in Phase 4")
    if e.blind:
        raise Refusal("a blind does not fire: reveal it first")
    weapon = e.stats.weapon(w)
    if weapon is None or weapon.fire <= 0:
        raise Refusal(f"{e.name} {agree(e.agrees_as, 'has', 'have')} no such weapon")
    if w in e.fired:
        raise Refusal(f"that weapon of {e.name} has fired this phase")
    t = state.unit_at(Hex(*to)) if to is not None else None
    if t is None or t.id not in {x.id for x in fire_targets(state, side, e, w)}:
        raise Refusal(f"{e.name}'s weapon cannot fire at {to}: not one of yours, and in its range and sight")
    return t


def spend(state: HwState, psi: HwUnit) -> None:
    state.psi_used[psi.id] = state.psi_used.get(psi.id, 0) + 1
    state.psi_phase.append(psi.id)


def begin(state: HwState, side: str, psi: HwUnit, use: dict, ctx: Context) -> bool:
    """Spend the pip; True when another side's psionic unit in range may cancel it (then the game pauses)."""
    spend(state, psi)
    for other in [s for s in state.order or state.side_ids() if s != side]:
        if ready_in_range(state, other, psi.at):
            reaction.pause(state, Pause(kind=PIP, actor=side, reactor=other, data={"by": psi.id, **use},
                                        prompt=f"cancel the psionic pip of {psi.name} with one of yours (y), "
                                               "or let it work (d)"), ctx)
            return True
    return False


# --- the uses on the side's own turn -----------------------------------------------------


def reveal(state: HwState, psi: HwUnit, at: Hex, ctx: Context) -> None:
    target = state.unit_at(at)
    if target is not None and target.blind:
        engage.reveal(state, target, ctx, f"psionics of {psi.name}")


def order(state: HwState, psi: HwUnit, at: Hex, to: Hex | None, ctx: Context) -> None:
    target = state.unit_at(at)
    if target is None:
        return
    before = target.counter
    target.counter, target.counter_attack, target.counter_level = (Hex(*to) if to else None), "", None
    ctx.emit(Changed(unit=target.id, field="counter", before=str(Hex(*before)) if before else None,
                     after=str(target.counter) if target.counter else None, why=f"psionics of {psi.name}"))


def repairs(state: HwState, psi: HwUnit, at: Hex, ctx: Context) -> None:
    """(hexwar) A simulated speciality works as if its roll had succeeded: 1 point repaired, no roll."""
    target = state.unit_at(at)
    key = firing.repair_key(target) if target is not None else None
    if key is None:
        return
    lower(target.stats, key, -1)
    ctx.emit(Changed(unit=target.id, field=key, before=None, after="+1", why=f"psionic repairs by {psi.name}"))


def mobile(state: HwState, psi: HwUnit, at: Hex, ctx: Context) -> None:
    u = state.unit_at(at)
    if u is not None and u.id not in state.psi_mobile:
        state.psi_mobile.append(u.id)
        ctx.emit(Changed(unit=u.id, field="mobile", before=u.stats.mobile_in(u.mode or "ground") or None, after="both",
                         why=f"psionics of {psi.name}, this phase"))


def teleport_unit(state: HwState, psi: HwUnit, at: Hex, to: Hex, ctx: Context) -> None:
    u = state.unit_at(at)
    if u is None or state.unit_at(to) is not None:
        return
    u.at = to
    ctx.emit(Moved(unit=u.id, path=(to,), plural=plural_name(u.agrees_as)))
    ctx.emit(Message(message=f"{u.name} {agree(u.agrees_as, 'is', 'are')} teleported by the psionics of {psi.name}"))


def ecm_ads(state: HwState, psi: HwUnit, at: Hex, ctx: Context) -> None:
    """A simulated ECM against an ADS: an ECM of SIM_FACTOR that cannot fail; the ADS does not roll against it."""
    target = state.unit_at(at)
    if target is None:
        return
    (n,) = ctx.dice.roll(1, 10, "ECM against ADS (psionic)", side=psi.side, unit=psi.id, rule=sp.R_ECM)
    factor = firing.ads_factor(state, target)
    cut = min(factor, sp.margin(SIM_FACTOR, n))
    if cut:
        state.ads_cut[target.id] = state.ads_cut.get(target.id, 0) + cut
        ctx.emit(Changed(unit=target.id, field="ads", before=factor, after=factor - cut, why=f"psionics of {psi.name}"))


def ads_cut(state: HwState, psi: HwUnit, fire: int, ctx: Context) -> int:
    """A simulated ADS against a shot: ten times the margin of an ADS of SIM_FACTOR, no enemy ECM to beat."""
    (n,) = ctx.dice.roll(1, 10, "ADS (psionic)", side=psi.side, unit=psi.id, rule=sp.R_ADS)
    return min(fire, 10 * sp.margin(SIM_FACTOR, n))


def ecm_jam(state: HwState, psi: HwUnit, at: Hex, ctx: Context) -> None:
    """(hexwar) A simulated ECM jam: no ECM roll to make or to beat; 1d10 pips off, not below 2."""
    cmd = state.unit_at(at)
    if cmd is None:
        return
    (n,) = ctx.dice.roll(1, 10, "pips removed (psionic jam)", side=psi.side, unit=psi.id, rule=sp.R_ECM)
    before = state.pips.get(cmd.id, 0)
    state.pips[cmd.id] = sp.pips_after_ecm(before, n)
    ctx.emit(Changed(unit=cmd.id, field="pips", before=before, after=state.pips[cmd.id], why=f"psionics of {psi.name}"))
