"""Overwatch as a pause of the active side's action (text #3 'Overwatch'; SKIRM-A22).

The one place that pauses an action for the other side's reaction and continues it; it is kept behind
these few functions so that it can move onto the core's reaction helper.
"""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import resolve as rs
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import HoldFire, OverwatchFire
from rules.rulesets.skirmish.state import Paused, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS


def can_watch(state: SkirmState, w: SkirmUnit, target: SkirmUnit) -> bool:
    """A model on overwatch may fire at `target` now: it sees it in its front arc, within range, and is free."""
    if not (w.on_map and w.overwatch and not w.downed and not w.suppressed and not w.fleeing):
        return False
    if fld.in_contact(state, w):
        return False
    d = w.at.distance(target.at)
    return d > 0 and WEAPONS[w.stats.weapon].in_range(d) and fld.sees(state, w, target.at)


def watchers(state: SkirmState, mover: SkirmUnit) -> list[str]:
    if not state.options.get("overwatch", True):
        return []
    return [w.id for w in state.enemies(mover.side) if can_watch(state, w, mover)]


def announce(state: SkirmState, ctx: Context) -> None:
    p = state.paused
    mover = state.units[p.unit]
    names = ", ".join(state.units[w].name for w in p.watchers)
    ctx.emit(Message(message=f"overwatch: {names} may interrupt {mover.name} at {mover.at}"))


def interrupt_before_fire(state: SkirmState, ctx: Context, shooter: SkirmUnit, then: Paused) -> bool:
    """'or before the enemy shoots' (SKIRM-A22): pause the shot if an overwatch model sees the shooter."""
    found = watchers(state, shooter)
    if not found:
        return False
    state.paused = then.model_copy(update={"watchers": found})
    announce(state, ctx)
    return True


def check_fire(state: SkirmState, f: OverwatchFire) -> tuple[SkirmUnit, SkirmUnit]:
    p = state.paused
    if p is None:
        raise Refusal("no enemy action is paused for overwatch")
    w = state.units.get(f.unit)
    if w is None or f.unit not in p.watchers or w.side != f.side:
        raise Refusal(f"{f.unit} is not one of your models on overwatch that may fire now")
    mover = state.units[p.unit]
    if f.at != mover.at:
        raise Refusal(f"overwatch fire goes at the interrupted model, at {mover.at}")
    weapon = WEAPONS[w.stats.weapon]
    long = w.at.distance(mover.at) > weapon.effective
    if f.shots not in (1, 2) or f.shots > weapon.rof(long):
        raise Refusal(f"the {weapon.name} fires {weapon.rof(long)} shot(s) at that range")
    return w, mover


def fire(state: SkirmState, f: OverwatchFire, ctx: Context) -> None:
    """The overwatch shot: +1 TN, 'reacting to sudden action of the player with initiative'."""
    w, mover = check_fire(state, f)
    w.overwatch = False
    w.shot_on_overwatch = True
    ctx.emit(Changed(unit=w.id, field="overwatch", before=True, after=False, why="fires on overwatch"))
    rs.fire(state, ctx, w, [mover.at] * f.shots, moved=0, overwatch=True)
    p = state.paused
    p.watchers = [x for x in p.watchers if x != w.id and can_watch(state, state.units[x], mover)]
    if not p.watchers or not mover.on_map or mover.downed:
        resume(state, ctx)


def hold(state: SkirmState, h: HoldFire, ctx: Context) -> None:
    p = state.paused
    if p is None or state.units[p.watchers[0]].side != h.side:
        raise Refusal("no enemy action is paused for your overwatch")
    resume(state, ctx)


def resume(state: SkirmState, ctx: Context) -> None:
    """Continue the paused action: the rest of the move (stopped if the mover fell, or if suppression now
    forbids it), then the charge or the shot."""
    from rules.rulesets.skirmish import acts

    p = state.paused
    state.paused = None
    mover = state.units[p.unit]
    rest = list(p.rest)
    if rest and (not mover.on_map or mover.downed):
        rest = []
    if rest and mover.suppressed:
        foes = [e.at for e in state.enemies(mover.side) if not e.downed]
        if not ter.suppressed_move_ok(state.board, mover.at, rest[-1], foes):
            ctx.emit(Message(message=f"{mover.name} is suppressed: its move stops at {mover.at}"))
            rest = []
            if p.then == "charge":
                p = p.model_copy(update={"then": "move"})
    acts.advance(state, ctx, mover, rest, p.model_copy(update={"rest": [], "watchers": []}))
