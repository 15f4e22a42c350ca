"""Psionic pips: 'one use only, once per phase', on the enemy within the range paid for (text: "Psionic").

Played: revealing an enemy blind (Phase 4) and placing, moving or removing an enemy's Move counter (Phase 3).
"""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed
from rules.hexgrid import Hex, area
from rules.rulesets.hundred_wars import engage, field
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

ORDER_REACH = 2
"""The action list offers an enemy counter up to two hexes from the enemy (a farther hex may still be given)."""


def ready(state: HwState, u: HwUnit) -> bool:
    """A revealed psionic unit with a pip left that has not used one this phase."""
    return (u.on_map and not u.blind and u.stats.psionic > 0 and state.psi_used.get(u.id, 0) < u.stats.psionic
            and u.id not in state.psi_phase)


def in_reach(state: HwState, psi: HwUnit) -> list[HwUnit]:
    return [e for e in state.live() if e.side != psi.side and field.cm(state, psi.at, e.at) <= psi.stats.psionic_range]


def order_spots(state: HwState, e: HwUnit) -> list[Hex]:
    taken = set(state.occupied())
    mode = e.mode or "ground"
    return [h for h in area(e.at, ORDER_REACH) if h != e.at and h not in taken and state.board.in_bounds(h)
            and ter.open_for(state.board, h, mode)]


def use(state: HwState, side: str, uid: str, at: Hex, to: Hex | None, remove: bool, ctx: Context) -> None:
    psi = state.units.get(uid)
    if psi is None or psi.side != side or not psi.on_map or psi.blind or not psi.stats.psionic:
        raise Refusal(f"{uid} is not a psionic unit of yours on the table")
    if state.psi_used.get(uid, 0) >= psi.stats.psionic:
        raise Refusal(f"{psi.name} has used all its psionic pips")
    if uid in state.psi_phase:
        raise Refusal(f"{psi.name} has used a psionic pip this phase (once per phase)")
    target = state.unit_at(at)
    if target is None or target.side == side:
        raise Refusal(f"there is no enemy at {at}")
    if field.cm(state, psi.at, at) > psi.stats.psionic_range:
        raise Refusal(f"{at} is beyond {psi.name}'s psionic range")
    if to is None and not remove:
        if state.phase != "fire" or not target.blind:
            raise Refusal("a psionic pip reveals an enemy blind in Phase 4")
        spend(state, psi)
        engage.reveal(state, target, ctx, f"psionics of {psi.name}")
        return
    if state.phase != "counters":
        raise Refusal("a psionic pip places, moves or removes enemy Move orders in Phase 3")
    if remove:
        if target.counter is None:
            raise Refusal(f"{target.name} has no Move counter")
        before, target.counter, target.counter_attack, target.counter_level = target.counter, None, "", None
    else:
        to = Hex(*to)
        if to == target.at or not state.board.in_bounds(to) or not ter.open_for(state.board, to, target.mode or "ground"):
            raise Refusal(f"{to} is not a hex {target.name} can be sent to")
        before, target.counter, target.counter_attack, target.counter_level = target.counter, to, "", None
    spend(state, psi)
    ctx.emit(Changed(unit=target.id, field="counter", before=str(Hex(*before)) if before else None,
                     after=str(target.counter) if target.counter else None, why=f"psionics of {psi.name}"))


def spend(state: HwState, psi: HwUnit) -> None:
    state.psi_used[psi.id] = state.psi_used.get(psi.id, 0) + 1
    state.psi_phase.append(psi.id)
