"""Overwatch as a pause of the active side's action (text #3 'Overwatch'; SKIRM-A22), on the core's
pause-and-continue helper (rules/reaction.py): the mover's move or shot waits on the stack while the
overwatching side fires or holds, then goes on, or stops as the rules say."""

from __future__ import annotations

from rules import reaction as core
from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import resolve as rs
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import HoldFire, OverwatchFire
from rules.rulesets.skirmish.state import Paused, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS

KIND = "overwatch"


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


def pause_at(state: SkirmState, ctx: Context, p: Paused) -> None:
    """Stop the mover here; the watchers' side decides. Both sides see the interrupt as it happens."""
    mover = state.units[p.unit]
    names = ", ".join(state.units[w].name for w in p.watchers)
    what = "before it fires" if p.then in ("shoot", "spray") else "as it moves"
    core.pause(state, core.Pause(
        kind=KIND, actor=mover.side, reactor=state.units[p.watchers[0]].side,
        prompt=f"overwatch: {names} may fire at {mover.name} at {mover.at} {what}, or hold fire",
        data=p.model_dump(mode="json")), ctx)


def interrupt_before_fire(state: SkirmState, ctx: Context, shooter: SkirmUnit, then: Paused) -> bool:
    """'or before the enemy shoots' (SKIRM-A22): pause the shot if an overwatch model sees the shooter."""
    found = watchers(state, shooter)
    if not found:
        return False
    pause_at(state, ctx, then.model_copy(update={"watchers": found}))
    return True


def check_fire(state: SkirmState, f: OverwatchFire) -> tuple[SkirmUnit, SkirmUnit]:
    p = state.watch()
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
    top = core.waiting(state, KIND)
    left = [x for x in top.data["watchers"] if x != w.id and can_watch(state, state.units[x], mover)]
    top.data["watchers"] = left
    if not left or not mover.on_map or mover.downed:
        core.resume(state, ctx, {KIND: _go_on})


def hold(state: SkirmState, h: HoldFire, ctx: Context) -> None:
    top = core.waiting(state, KIND)
    if top is None or top.reactor != h.side:
        raise Refusal("no enemy action is paused for your overwatch")
    core.resume(state, ctx, {KIND: _go_on})


def _go_on(state: SkirmState, pause: core.Pause, ctx: Context, cut: bool) -> None:
    """Continue the paused action: the rest of the move (stopped if the mover fell, or if suppression now
    forbids it), then the charge or the shot."""
    from rules.rulesets.skirmish import acts

    p = Paused.model_validate(pause.data)
    mover = state.units[p.unit]
    rest = [] if cut else list(p.rest)
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
