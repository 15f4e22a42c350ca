"""ECM against teleporters (text: "ECM"): 'Hijack a teleporter - Send units in buffer back to previous teleporter and
roll d10 to materialise that many units' and 'Disrupt a teleporter - Prevent 1 d10 units from being de-materialised'.

Each ECM unit makes one of the two a turn, and must pass its ECM roll and beat the teleporter side's best ECM roll
in range of it ('Combat an enemy ECM attack', AHW-A23).

Disrupt is a reaction (rules/reaction.py): when an enemy teleporter is about to take a unit (`gather`, or
`teleport` naming a passenger) within range of an ECM unit that may still act, the game pauses for the ECM side;
on a success it rolls 1d10: that many units, this one first, stay where they are this turn.
Hijack is an action of the ECM side's Phase 5 on an enemy teleporter holding units in its buffers: 1d10 of them
materialise beside it (the teleporter that took them in), the rest stay suspended.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed, Message, Moved
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import carrying, contest, ecm, field, teleports
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, plural_name

DISRUPT = "ecm_teleport"


def able(state: HwState, side: str, at: Hex) -> list[HwUnit]:
    """The side's revealed ECM units with `at` in range that have not hijacked or disrupted a teleporter this turn."""
    return [e for e in state.live(side) if not e.blind and e.stats.ecm and e.id not in state.ecm_teleport
            and field.cm(state, e.at, at) <= e.stats.ecm_range]


def counter_ecm(state: HwState, side: str, e: HwUnit) -> int:
    """The best ECM factor of `side` with the ECM unit `e` in range (0: none, nothing to beat)."""
    return max((x.stats.ecm for x in state.live(side) if not x.blind and x.stats.ecm
                and field.cm(state, x.at, e.at) <= x.stats.ecm_range), default=0)


# --- disrupt: a reaction to a unit about to be dematerialised ------------------------------


def gather(state: HwState, side: str, uid: str, passenger: str, ctx: Context) -> None:
    carrying.gather_check(state, side, uid, passenger)
    if not offer(state, side, {"use": "gather", "teleporter": uid, "passenger": passenger}, ctx):
        go(state, side, {"use": "gather", "teleporter": uid, "passenger": passenger}, ctx)


def teleport(state: HwState, side: str, uid: str, passenger: str, to: Hex, ctx: Context) -> None:
    teleports.teleport_check(state, side, uid, passenger, to)
    data = {"use": "teleport", "teleporter": uid, "passenger": passenger, "to": list(to)}
    if not passenger or not offer(state, side, data, ctx):
        go(state, side, data, ctx)


def offer(state: HwState, side: str, data: dict, ctx: Context) -> bool:
    """The first other side in player order with an ECM unit that may disrupt the teleporter pauses the game."""
    t = state.units[data["teleporter"]]
    if state.tp_blocked.get(t.id, 0):
        return False  # already disrupted this turn: the unit stays without another roll
    for other in [s for s in state.order or state.side_ids() if s != side]:
        if able(state, other, t.at) or ready_in_range(state, other, t.at):
            passenger = state.units[data["passenger"]]
            reaction.pause(state, Pause(kind=DISRUPT, actor=side, reactor=other, data=data,
                                        prompt=f"disrupt {t.name} with ECM (or a psionic pip) so that "
                                               f"{passenger.name} {agree(passenger.agrees_as, 'is', 'are')} not dematerialised (j), "
                                               "or let it teleport (d)"), ctx)
            return True
    return False


def go(state: HwState, side: str, data: dict, ctx: Context) -> None:
    """The gather or teleport, with the unit kept back while ECM still disrupts the teleporter."""
    tid, passenger = data["teleporter"], data["passenger"]
    if passenger and state.tp_blocked.get(tid, 0):
        state.tp_blocked[tid] -= 1
        kept = state.units[passenger]
        ctx.emit(Message(message=f"{kept.name} {agree(kept.agrees_as, 'is', 'are')} not dematerialised: ECM disrupts "
                                 f"{state.units[tid].name}"))
        passenger = ""
        if data["use"] == "gather" or not state.units[tid].buffer:
            return
    if data["use"] == "gather":
        carrying.gather(state, side, tid, passenger, ctx)
    else:
        teleports.teleport(state, side, tid, passenger, Hex(*data["to"]), ctx)


def disrupt_choices(state: HwState, side: str) -> list[tuple[str, Hex]]:
    p = reaction.waiting(state, DISRUPT)
    if p is None or p.reactor != side:
        return []
    t = state.units[p.data["teleporter"]]
    return [(e.id, t.at) for e in able(state, side, t.at)]


def react(state: HwState, side: str, ecm_unit: str | None, ctx: Context, handlers: Mapping) -> None:
    """Disrupt with `ecm_unit` (None: let the teleport go ahead); then the teleporter's action goes on."""
    p = reaction.waiting(state, DISRUPT)
    if ecm_unit is not None:
        t = state.units[p.data["teleporter"]]
        e = state.units.get(ecm_unit)
        if e is None or e.id not in {x.id for x in able(state, side, t.at)}:
            raise Refusal(f"{ecm_unit} is not an ECM unit of yours with {t.name} in range that may still act this turn")
        state.ecm_teleport.append(e.id)
        c = contest.contest(state, "disrupt", e, ecm.best_ecm(state, t.side, e), t.side, "ECM: disrupt a teleporter",
                            teleporter=t.id)
        if contest.roll(state, c, ctx):
            return
        finish_disrupt(state, c, ctx)
        return
    reaction.resume(state, ctx, handlers, cut=False)


def finish_disrupt(state: HwState, c: dict, ctx: Context) -> None:
    """On a success 1d10 units are kept from dematerialising; then the teleporter's action goes on."""
    e, t = state.units[c["ecm"]], state.units[c["teleporter"]]
    if contest.result(c).success:
        keep_back(state, e, t, f"ECM of {e.name}", ctx)
    reaction.resume(state, ctx, HANDLERS, cut=False)


def _go_on(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    go(state, p.actor, p.data, ctx)


HANDLERS = {DISRUPT: _go_on}


# --- hijack: an action of Phase 5 ---------------------------------------------------------


def hijackable(state: HwState, e: HwUnit) -> list[HwUnit]:
    """Enemy teleporters with units in their buffers within the ECM unit's range (one use a turn)."""
    if e.blind or not e.stats.ecm or e.id in state.ecm_teleport:
        return []
    return [t for t in state.live() if t.side != e.side and not t.blind and t.buffer
            and field.cm(state, e.at, t.at) <= e.stats.ecm_range]


def hijack(state: HwState, side: str, uid: str, at: Hex, ctx: Context) -> None:
    e = state.units.get(uid)
    if e is None or e.side != side or not e.on_map or e.blind or not e.stats.ecm:
        raise Refusal(f"{uid} is not an ECM unit of yours on the table")
    if uid in state.ecm_teleport:
        raise Refusal(f"{e.name} {agree(e.agrees_as, 'has', 'have')} hijacked or disrupted a teleporter this turn")
    t = state.unit_at(at)
    if t is None or t.id not in {x.id for x in hijackable(state, e)}:
        raise Refusal(f"no enemy teleporter with units in its buffers within {e.name}'s ECM range at {at}")
    state.ecm_teleport.append(uid)
    c = contest.contest(state, "hijack", e, ecm.best_ecm(state, t.side, e), t.side, "ECM: hijack a teleporter",
                        teleporter=t.id)
    if not contest.roll(state, c, ctx):
        finish_hijack(state, c, ctx)


def finish_hijack(state: HwState, c: dict, ctx: Context) -> None:
    """On a success 1d10 of its buffered units (the first taken first) materialise beside it."""
    e, t = state.units[c["ecm"]], state.units[c["teleporter"]]
    if contest.result(c).success:
        materialise(state, e, t, f"hijacked by the ECM of {e.name}", ctx)


def materialise(state: HwState, by: HwUnit, t: HwUnit, why: str, ctx: Context) -> None:
    """A hijack's 1d10, rolled by the side of `by`: that many buffered units materialise beside the teleporter."""
    if t.eliminated or not t.buffer:
        return
    (roll,) = ctx.dice.roll(1, 10, "units materialised (hijack)", side=by.side, unit=by.id, rule=sp.R_ECM)
    before = len(t.buffer)
    out, t.buffer = t.buffer[:roll], t.buffer[roll:]
    spots = field.free_near(state, t.at, len(out), "ground", set(state.occupied()))
    for pid, h in zip(out, spots):
        state.units[pid].at = h
        ctx.emit(Moved(unit=pid, path=(h,), plural=plural_name(state.units[pid].agrees_as)))
    t.buffer = out[len(spots):] + t.buffer  # no room beside it: they stay suspended
    ctx.emit(Changed(unit=t.id, field="buffer", before=before, after=len(t.buffer), why=why))


def keep_back(state: HwState, by: HwUnit, t: HwUnit, why: str, ctx: Context) -> None:
    """A disruption's 1d10, rolled by the side of `by`: that many units are kept from dematerialising this turn."""
    (n,) = ctx.dice.roll(1, 10, "units kept from dematerialising", side=by.side, unit=by.id, rule=sp.R_ECM)
    state.tp_blocked[t.id] = n
    ctx.emit(Changed(unit=t.id, field="disrupted", before=0, after=n, why=why))
