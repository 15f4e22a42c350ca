"""Teleport units in Phase 5 (text: "Teleport units"; hexwar's psionic re-roll): the check, the 1d10 roll and
its re-roll with a psionic pip, and sending the units (the buffered first; the rest wait in the buffers). ECM
against teleporters is in teleporting.py."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed, Moved
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, plural_name


TP_REROLL = "psi_teleport"
"""The pause after a teleport roll: the side it went against may re-roll it with a psionic pip."""


def teleporters(state: HwState, side: str) -> dict[str, tuple[Hex, int]]:
    return {t.id: (t.at, t.stats.teleport_range) for t in state.live(side) if not t.blind and t.stats.teleport}


def teleport(state: HwState, side: str, uid: str, passenger: str, to: Hex, ctx: Context) -> bool:
    """'transfer up to 1d10 units to any point within its range or ... of another teleport unit within range'.
    True when the roll waits for a psionic re-roll (then `send` goes on when it is decided)."""
    teleport_check(state, side, uid, passenger, to)
    run = {"teleporter": uid, "passenger": passenger, "to": list(to)}
    run["roll"] = roll_teleport(state, run, ctx)
    state.teleported.append(uid)
    if offer_tp_reroll(state, run, ctx):
        return True
    send(state, run, ctx)
    return False


def roll_teleport(state: HwState, run: dict, ctx: Context, purpose: str = "teleport") -> int:
    t = state.units[run["teleporter"]]
    (roll,) = ctx.dice.roll(1, 10, purpose, side=t.side, unit=t.id, rule=sp.R_TELEPORT)
    return roll


def tp_queue(state: HwState, run: dict) -> int:
    """How many units the roll is for: the buffered ones and the passenger named."""
    return len(state.units[run["teleporter"]].buffer) + (1 if run["passenger"] else 0)


def tp_reroll_side(state: HwState, run: dict) -> str | None:
    """(hexwar) The side a teleport roll went against, that may re-roll it with a psionic pip in range of the
    teleporter: its own side when the roll leaves units suspended, else the first enemy side in player order."""
    t = state.units[run["teleporter"]]
    if run["roll"] < tp_queue(state, run):
        return t.side if ready_in_range(state, t.side, t.at) else None
    return next((s for s in state.order or state.side_ids() if s != t.side and ready_in_range(state, s, t.at)), None)


def offer_tp_reroll(state: HwState, run: dict, ctx: Context) -> bool:
    side = tp_reroll_side(state, run)
    if side is None:
        return False
    t = state.units[run["teleporter"]]
    reaction.pause(state, Pause(kind=TP_REROLL, actor=t.side, reactor=side, data=dict(run),
                                prompt=f"re-roll the teleport die of {t.name} with a psionic pip (y), or keep it (d)"),
                   ctx)
    return True


def tp_reroll(state: HwState, run: dict, psi: HwUnit, ctx: Context) -> None:
    run["roll"] = roll_teleport(state, run, ctx, f"teleport (psionic re-roll by {psi.name})")
    if not offer_tp_reroll(state, run, ctx):
        send(state, run, ctx)


def send(state: HwState, run: dict, ctx: Context) -> None:
    """The roll's number of units materialise (the buffered first); the rest wait in the buffers."""
    uid, passenger, to = run["teleporter"], run["passenger"], Hex(*run["to"])
    t = state.units[uid]
    p = state.units.get(passenger) if passenger else None
    if t.eliminated or (p is not None and (p.eliminated or not p.on_map)):
        return
    plan = sp.transport([passenger] if passenger else [], t.buffer, run["roll"], t.stats.teleport)
    if p is not None:
        p.at = None  # dematerialised
    taken = set(state.occupied())
    spots = field.free_near(state, to, len(plan.sent), "ground", taken)
    for pid, h in zip(plan.sent, spots):
        state.units[pid].at = h
        ctx.emit(Moved(unit=pid, path=(h,), plural=plural_name(state.units[pid].agrees_as)))
    t.buffer = [x for x in plan.buffered] + plan.sent[len(spots):]
    if t.buffer:
        ctx.emit(Changed(unit=uid, field="buffer", before=None, after=len(t.buffer), why="units held in buffers"))


def teleport_check(state: HwState, side: str, uid: str, passenger: str, to: Hex) -> tuple[HwUnit, HwUnit | None]:
    """(teleporter, passenger or None) of a teleport the side may make now, or a Refusal saying why not."""
    tps = teleporters(state, side)
    t = state.units.get(uid)
    if uid not in tps or uid in state.teleported:
        raise Refusal(f"{uid} is not a teleport unit of yours that may teleport now")
    p = state.units.get(passenger) if passenger else None
    if passenger and (p is None or p.side != side or not p.on_map or p.blind or p.id == uid
                      or field.cm(state, t.at, p.at) > t.stats.teleport_range):
        raise Refusal(f"{passenger} is not a unit of yours within {t.name}'s range (it cannot teleport itself)")
    if not passenger and not t.buffer:
        raise Refusal(f"{t.name} {agree(t.agrees_as, 'has', 'have')} nothing to send")
    if not state.board.in_bounds(to) or not sp.can_reach(tps, uid, to, state.hex_cm):
        raise Refusal(f"{to} is beyond the range of {t.name} and its chain")
    try:
        sp.transport([passenger] if passenger else [], t.buffer, 1, t.stats.teleport)  # refuses a load that does not fit
    except ValueError as exc:
        raise Refusal(str(exc)) from None
    return t, p
