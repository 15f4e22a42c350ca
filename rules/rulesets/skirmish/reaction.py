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
from rules.rulesets.skirmish.actions import HoldFire, OverwatchFire, WatchCharge, WatchMove
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
    after_reaction(state, ctx)


def _watcher(state: SkirmState, side: str, uid: str) -> tuple[SkirmUnit, SkirmUnit]:
    if not state.options.get("overwatch_moves", False):
        raise Refusal("overwatch as movement is an option that is off in this game")
    p = state.watch()
    if p is None:
        raise Refusal("no enemy action is paused for overwatch")
    w = state.units.get(uid)
    if w is None or uid not in p.watchers or w.side != side:
        raise Refusal(f"{uid} is not one of your models on overwatch that may react now")
    return w, state.units[p.unit]


def check_charge(state: SkirmState, c: WatchCharge) -> tuple[SkirmUnit, SkirmUnit]:
    w, mover = _watcher(state, c.side, c.unit)
    if c.at != mover.at:
        raise Refusal(f"an overwatch charge goes at the interrupted model, at {mover.at}")
    if c.path and not fld.charge_path_ok(state, w, mover, list(c.path), w.stats.speed):
        raise Refusal(f"{w.name} cannot reach contact with {mover.name} along that path")
    if not c.path and w.at.distance(mover.at) != 1:
        raise Refusal(f"{w.name} is not in contact with {mover.name}: give a path")
    return w, mover


def check_move(state: SkirmState, m: WatchMove) -> tuple[SkirmUnit, SkirmUnit]:
    w, mover = _watcher(state, m.side, m.unit)
    cost = fld.path_cost(state, w, list(m.path)) if m.path else None
    if cost is None or cost > w.stats.speed:
        raise Refusal(f"{w.name} cannot move along that path within its {w.stats.speed}\"")
    if m.path[-1].distance(mover.at) <= w.at.distance(mover.at):
        raise Refusal("an overwatch move flees: it must end farther from the interrupted model")
    return w, mover


def charge(state: SkirmState, c: WatchCharge, ctx: Context) -> None:
    """'overwatch can be movement (charging to CQC ...) or shooting; just not both' (option)."""
    w, mover = check_charge(state, c)
    _spend(ctx, w, "charges from overwatch")
    _walk(state, ctx, w, list(c.path))
    rs.fight(state, ctx, w, mover)
    if state.melee is None:
        after_reaction(state, ctx)


def move(state: SkirmState, m: WatchMove, ctx: Context) -> None:
    """'overwatch can be movement (... or fleeing)' (option): the watcher gets away instead of shooting."""
    w, _ = check_move(state, m)
    _spend(ctx, w, "moves from overwatch")
    _walk(state, ctx, w, list(m.path))
    after_reaction(state, ctx)


def _spend(ctx: Context, w: SkirmUnit, why: str) -> None:
    w.overwatch = False
    w.shot_on_overwatch = True
    ctx.emit(Changed(unit=w.id, field="overwatch", before=True, after=False, why=why))


def _walk(state: SkirmState, ctx: Context, w: SkirmUnit, path: list) -> None:
    from rules.events import Moved

    if path:
        ctx.emit(Moved(unit=w.id, path=(w.at, *path)))
        w.facing = path[-2].direction_to(path[-1]) if len(path) > 1 else (w.at.direction_to(path[0]) or w.facing)
        w.at = path[-1]
    rs.coup_de_grace(state, ctx)


def after_reaction(state: SkirmState, ctx: Context) -> None:
    """After one watcher's reaction: the others may still react, else the paused action goes on or stops."""
    top = core.waiting(state, KIND)
    mover = state.units[top.data["unit"]]
    left = [x for x in top.data["watchers"]
            if state.units[x].overwatch and mover.on_map and can_watch(state, state.units[x], mover)]
    top.data["watchers"] = left
    if not left or not mover.on_map or mover.downed:
        core.resume(state, ctx, {KIND: _go_on})


def _still_open(state: SkirmState, mover: SkirmUnit, p: Paused, rest: list) -> bool:
    """The rest of the path can still be taken from where the mover stands (a reaction may have moved it)."""
    if p.then == "charge":
        target = state.unit_at(p.at) if p.at is not None else None
        return (target is not None and target.side != mover.side and not target.downed
                and fld.charge_path_ok(state, mover, target, rest, 10 ** 6))
    return fld.path_cost(state, mover, rest) is not None


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
    if rest and (fld.in_contact(state, mover) or not _still_open(state, mover, p, rest)):
        ctx.emit(Message(message=f"{mover.name}'s move stops at {mover.at}"))
        rest = []
        if p.then == "charge":
            p = p.model_copy(update={"then": "move"})
    if rest and mover.suppressed:
        foes = [e.at for e in state.enemies(mover.side) if not e.downed]
        if not ter.suppressed_move_ok(state.board, mover.at, rest[-1], foes):
            ctx.emit(Message(message=f"{mover.name} is suppressed: its move stops at {mover.at}"))
            rest = []
            if p.then == "charge":
                p = p.model_copy(update={"then": "move"})
    acts.advance(state, ctx, mover, rest, p.model_copy(update={"rest": [], "watchers": []}))
