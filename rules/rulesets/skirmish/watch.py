"""The watchers' reactions carried out (overwatch fire, charge, move, hold), the CQC winner's choice, and the
paused action going on or stopping afterwards (text #3 'Overwatch', #5B; SKIRM-A22)."""

from __future__ import annotations

from rules import reaction as core
from rules.core import Context, Refusal
from rules.events import Changed, Message, Moved
from rules.rulesets.skirmish import acts
from rules.rulesets.skirmish import climbs
from rules.rulesets.skirmish.procedures import climb as climbing
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import table as rs
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import HoldFire, Lock, OverwatchFire, PushBack, WatchCharge, WatchMove
from rules.rulesets.skirmish.reaction import KIND, can_watch, check_charge, check_fire, check_move
from rules.rulesets.skirmish.state import Paused, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS


def fire(state: SkirmState, f: OverwatchFire, ctx: Context) -> None:
    """The overwatch shot: +1 TN, 'reacting to sudden action of the player with initiative'."""
    w, mover = check_fire(state, f)
    w.overwatch = False
    w.shot_on_overwatch = True
    ctx.emit(Changed(unit=w.id, field="overwatch", state="on overwatch", before=True, after=False, why="fires on overwatch"))
    rs.fire(state, ctx, w, [mover.at] * f.shots, moved=0, overwatch=True)
    after_reaction(state, ctx, attacked=True)


def charge(state: SkirmState, c: WatchCharge, ctx: Context) -> None:
    """'overwatch can be movement (charging to CQC ...) or shooting; just not both' (option)."""
    w, mover = check_charge(state, c)
    _spend(ctx, w, "charges from overwatch")
    _walk(state, ctx, w, list(c.path))
    rs.fight(state, ctx, w, mover)
    if state.melee is None:
        after_reaction(state, ctx, attacked=True)


def move(state: SkirmState, m: WatchMove, ctx: Context) -> None:
    """'overwatch can be movement (... or fleeing)' (option): the watcher gets away instead of shooting."""
    w, _ = check_move(state, m)
    _spend(ctx, w, "moves from overwatch")
    _walk(state, ctx, w, list(m.path))
    after_reaction(state, ctx)


def _spend(ctx: Context, w: SkirmUnit, why: str) -> None:
    w.overwatch = False
    w.shot_on_overwatch = True
    ctx.emit(Changed(unit=w.id, field="overwatch", state="on overwatch", before=True, after=False, why=why))


def _walk(state: SkirmState, ctx: Context, w: SkirmUnit, path: list) -> None:
    """A watcher's reaction move: no overwatch pauses, but its climbs, jumps and drops take their tests
    (`climbs.take`, the procedure the move odds use); the first that does not let it go on ends the move."""
    if path:
        stop_at, fate, fall_to = None, None, None
        for t in climbs.path_tests(state.board, w.at, list(path)):
            if stop_at is not None and t.at != stop_at:
                break
            r = climbs.take(ctx.dice, w.stats.agility, t.kind, t.n, t.slippery)
            if r == "on":
                continue
            stop_at = t.at
            if r.startswith("falls"):
                fall_to, fate = t.bottom, r.partition(", ")[2] or None
            elif r != "stops":
                fate = r
            if r != "stops":
                break
        end = stop_at if stop_at is not None else path[-1]
        walked = list(path[:path.index(end) + 1])
        ctx.emit(Moved(unit=w.id, path=(w.at, *walked)))
        w.facing = (walked[-2] if len(walked) > 1 else w.at).direction_to(walked[-1]) or w.facing
        w.at = end
        if fall_to is not None and fall_to != w.at and state.unit_at(fall_to) is None:
            ctx.emit(Moved(unit=w.id, path=(w.at, fall_to)))
            w.at = fall_to
        if fate is not None:
            rs.hurt(state, ctx, w, fate, "fell")  # type: ignore[arg-type]
    rs.coup_de_grace(state, ctx)


def after_reaction(state: SkirmState, ctx: Context, attacked: bool = False) -> None:
    """After one watcher's reaction: the others may still react, else the paused action goes on or stops."""
    top = core.waiting(state, KIND)
    mover = state.units[top.data["unit"]]
    if attacked:
        off_the_ladder(state, ctx, top, mover)
    left = [x for x in top.data["watchers"]
            if state.units[x].overwatch and mover.on_map and can_watch(state, state.units[x], mover)]
    top.data["watchers"] = left
    if not left or not mover.on_map or mover.downed:
        core.resume(state, ctx, {KIND: _go_on})


def off_the_ladder(state: SkirmState, ctx: Context, top: core.Pause, mover: SkirmUnit) -> None:
    """'A model will not fall off a rope or ladder unless he is attacked; then test agility to see if he falls'
    (text #4): after each attack on a mover caught on a ladder or rope, shot or fought, downed or not (hexwar).
    A fall ends the move at the foot of the climb, with its falling saves."""
    p = Paused.model_validate(top.data)
    if p.on_ladder is None or p.bottom is None or not mover.on_map or mover.at != p.on_ladder:
        return
    if climbing.holds_on(ctx.dice, mover.stats.agility, side=mover.side, unit=mover.id):
        return
    rs.fall(state, ctx, mover, p.bottom, p.levels, "attacked on a ladder or rope")
    top.data.update(on_ladder=None, bottom=None, levels=0, rest=[])
    if p.then == "charge":
        top.data["then"] = "move"  # it fell: the charge is over


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


def melee_choice(state: SkirmState, act: PushBack | Lock, ctx: Context) -> None:
    m = state.melee
    acts._need(m is not None, "no fight is waiting for the winner's choice")
    win, lose = state.units[m.winner], state.units[m.loser]
    acts._need(act.side == win.side, "only the winner of the fight chooses")
    moved = state.acting.moved if state.acting and state.acting.unit == win.id else 0
    if isinstance(act, PushBack) and act.fire:
        acts._need(fld.may_fire(win, moved), f"{win.name}'s weapon is Heavy: it may not move and fire")
    state.melee = None
    if isinstance(act, PushBack):
        if rs.push_back(state, ctx, win, lose) and act.fire:
            w = WEAPONS[win.stats.weapon]
            rs.fire(state, ctx, win, [lose.at] * w.rof(False), moved=moved)
    else:
        ctx.emit(Message(message=f"{win.name} and {lose.name} stay locked in combat"))
    if state.watch() is not None:
        after_reaction(state, ctx, attacked=True)  # an overwatch charge's fight: the paused move goes on or stops
    else:
        acts.after_action(state, ctx)

