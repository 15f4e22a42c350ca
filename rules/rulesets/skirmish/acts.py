"""What each action of an activation does: moves step by step (with overwatch pauses), fire, charges, reactions."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Message, Moved
from rules.hexgrid import Hex, path_to, reachable
from rules.rulesets.skirmish.procedures import cleanup as cu
from rules.rulesets.skirmish.procedures import climb as climbing
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import reaction
from rules.rulesets.skirmish import table as rs
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish import flow as tn
from rules.rulesets.skirmish.actions import Charge, EndActivation, Move, Overwatch, Pivot, Shoot, Spray
from rules.rulesets.skirmish.state import Acting, Paused, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS
from rules.words import count


def _need(cond: bool, why: str) -> None:
    if not cond:
        raise Refusal(why)


def acting(state: SkirmState, side: str, uid: str) -> tuple[Acting, SkirmUnit]:
    a = state.acting
    _need(a is not None and not state.paused and state.melee is None, "no model of yours is acting now")
    _need(a.unit == uid, f"{state.units[a.unit].name} is the model acting now, not {uid}")
    u = state.units[uid]
    _need(u.side == side, "that model is not yours")
    return a, u


# --- what a grade allows (text #3) ------------------------------------------------------


def may_move(state: SkirmState, a: Acting) -> bool:
    if a.grade == "passed":
        return a.moves == 0 or (a.moves == 1 and not a.shot and tn.opt(state, "sprint"))
    return a.moves == 0 and not a.shot


def may_shoot(a: Acting) -> bool:
    if a.grade == "passed":
        return not a.shot and a.moves <= 1
    return a.grade in ("failed", "horde") and a.moves == 0 and not a.shot


def budget(state: SkirmState, a: Acting, u: SkirmUnit) -> int:
    """Move in inches: the Move stat; a downed model 'may crawl 2”'; a Horde failure 'may only adjust ... 2”'."""
    return 2 if a.grade in ("crawl", "adjust") else u.stats.speed


def locked(state: SkirmState, u: SkirmUnit) -> bool:
    """In contact with a standing enemy: 'locked in combat' until a fight frees it (text #5B)."""
    return bool(fld.in_contact(state, u))


# --- moving ------------------------------------------------------------------------------


def check_move(state: SkirmState, m: Move) -> tuple[Acting, SkirmUnit]:
    a, u = acting(state, m.side, m.unit)
    _need(a.grade != "flee", f"{u.name} is fleeing: it runs for its table edge")
    _need(may_move(state, a), f"{u.name} may not move again in this activation")
    _need(bool(m.path), "a move needs at least one hex (pivot to turn on the spot)")
    _need(not locked(state, u), f"{u.name} is locked in combat: it may only fight")
    cost = fld.path_cost(state, u, list(m.path))
    _need(cost is not None, "that path is blocked (a model, impassable ground, a climb too high, or contact "
                            "with a standing enemy, which needs a charge)")
    _need(cost <= budget(state, a, u), f"that path costs {cost}\", {u.name} has {budget(state, a, u)}\"")
    if u.suppressed:
        foes = [e.at for e in state.enemies(u.side) if not e.downed]
        _need(ter.suppressed_move_ok(state.board, u.at, m.path[-1], foes),
              f"{u.name} is suppressed: it may not leave cover or advance in the open unless it ends in cover")
    return a, u


def move(state: SkirmState, m: Move, ctx: Context) -> None:
    a, u = check_move(state, m)
    a.moves += 1
    a.moved += len(m.path)
    advance(state, ctx, u, list(m.path), Paused(unit=u.id, then="move", face=m.face))


def flee(state: SkirmState, ctx: Context, u: SkirmUnit) -> None:
    """A fleeing model 'retreat[s] at maximum speed towards the end of the tabletop' (text #5-ish)."""
    edge = state.home_edge[u.side]
    found = reachable(u.at, u.stats.speed, fld.step_cost_for(state, u))
    best = min(found, key=lambda h: (fld.edge_distance(state, h, edge), -found[h][0], h))
    path = path_to(found, best)[1:]
    state.acting.moves += 1
    if not path:
        tn.finish(state, ctx)
        return
    state.acting.moved += len(path)
    advance(state, ctx, u, path, Paused(unit=u.id, then="move"))


def advance(state: SkirmState, ctx: Context, u: SkirmUnit, path: list[Hex], then: Paused) -> None:
    """Step along `path`; after each step an enemy on overwatch that sees the mover may interrupt (SKIRM-A22).

    A gap jump, a climb (ladder, rope, head-high obstacle) and a jump down take their tests on the way (text #4
    'Climb & Jump', 'Falling'); a failed test ends the move where the model got to."""
    done: list[Hex] = [u.at]
    board = state.board
    crawling = u.downed  # a downed model crawls (text #3): only being downed on the way, or a fall, stops it
    i = -1
    while i + 1 < len(path):
        i += 1
        h = path[i]
        prev = u.at
        stop, climbed, fell = False, 0, False
        if ter.is_gap(board, h):
            k = ter.gap_run(board, prev, path[i:]) or 0
            stop = not climbing.jump_test(ctx.dice, u.stats.agility, k, side=u.side, unit=u.id)
            done += path[i:i + k]
            i += k
            h = path[i]
        else:
            climbed = ter.climb(board, prev, h)
        u.at = h
        u.facing = (path[i - 1] if i else prev).direction_to(h) or u.facing
        done.append(h)
        bottom = prev if board.height_at(prev) < board.height_at(h) else h
        slip = ter.slippery(board, prev, h)
        # The test decides only whether the move goes on (or, when slippery, whether the model falls):
        # a climb that is the move's last step on a dry surface needs none.
        if climbed and (i + 1 < len(path) or slip):
            c = climbing.climb_test(ctx.dice, u.stats.agility, slippery=slip, side=u.side, unit=u.id)
            stop = not c.goes_on
            if c.falls:
                ctx.emit(Moved(unit=u.id, path=tuple(done)))
                rs.fall(state, ctx, u, bottom, climbed, "a second failed test on a slippery climb")
                done, fell = [u.at], True
        if stop:
            path = path[:i + 1]
        saves = ter.drop(board, prev, h)
        if saves:
            ctx.emit(Moved(unit=u.id, path=tuple(done)))
            done = [h]
            f = cu.falling(ctx.dice, u.stats.agility, saves, side=u.side, unit=u.id)
            if f != "none":
                rs.hurt(state, ctx, u, f, "fell")  # type: ignore[arg-type]
        rs.coup_de_grace(state, ctx)
        if not u.on_map or (u.downed and (not crawling or fell)):
            break
        watchers = reaction.watchers(state, u)
        if watchers:
            ctx.emit(Moved(unit=u.id, path=tuple(done)))
            # Caught right after a climb by ladder or rope, the mover is still on it (text #4 'Falling').
            on_aid = bool(climbed) and not fell and ter.aid(board, prev, h) is not None
            reaction.pause_at(state, ctx, then.model_copy(update={
                "rest": path[i + 1:], "watchers": watchers, "on_ladder": u.at if on_aid else None,
                "bottom": bottom if on_aid else None, "levels": climbed if on_aid else 0}))
            return
    if len(done) > 1:
        ctx.emit(Moved(unit=u.id, path=tuple(done)))
    if then.face and u.on_map:
        u.facing = then.face  # type: ignore[assignment]
    carry_on(state, ctx, then)


def carry_on(state: SkirmState, ctx: Context, then: Paused) -> None:
    """What follows a finished (or stopped) move: the charge's fight, a paused shot, or the activation's next step."""
    u = state.units[then.unit]
    standing = u.on_map and not u.downed
    if standing and then.then == "charge" and then.at is not None:
        target = state.unit_at(then.at)
        if target is not None and target.side != u.side and not target.downed:
            rs.fight(state, ctx, u, target)
        else:
            ctx.emit(Message(message=f"{u.name}'s charge finds no standing enemy at {then.at}"))
    elif standing and then.then == "shoot" and then.at is not None:
        shots = [then.at] + ([then.second or then.at] if then.shots == 2 else [])
        rs.fire(state, ctx, u, shots, moved=state.acting.moved if state.acting else 0, aim=then.aim)
    elif standing and then.then == "spray" and then.at is not None:
        rs.fire(state, ctx, u, list(then.hits), moved=state.acting.moved if state.acting else 0,
                spray_at=then.at)
    if state.melee is None and not state.paused:
        after_action(state, ctx)


def after_action(state: SkirmState, ctx: Context) -> None:
    """End the activation once the model has nothing left it may do (or was downed: 'Man down!')."""
    a = state.acting
    if a is None or state.paused or state.melee is not None:
        return
    u = state.units[a.unit]
    if not u.on_map or (u.downed and a.man_down) or a.grade == "flee":
        tn.finish(state, ctx)
        return
    if a.grade in ("passed",) and (may_move(state, a) or may_shoot(a)):
        return
    if a.grade in ("crawl", "adjust") and a.moves == 0:
        return
    if a.grade in ("failed", "horde") and a.moves == 0 and not a.shot:
        return
    tn.finish(state, ctx)


def pivot(state: SkirmState, p: Pivot, ctx: Context) -> None:
    a, u = acting(state, p.side, p.unit)
    _need(a.grade != "flee", f"{u.name} is fleeing")
    _need(p.face != u.facing, f"{u.name} already faces {p.face}")
    ctx.emit(Changed(unit=u.id, field="facing", before=u.facing, after=p.face, why="pivots"))
    u.facing = p.face


# --- fire ----------------------------------------------------------------------------------


def check_shoot(state: SkirmState, s: Shoot) -> tuple[Acting, SkirmUnit]:
    a, u = acting(state, s.side, s.unit)
    _need(may_shoot(a), f"{u.name} may not shoot now")
    _need(not locked(state, u), f"{u.name} is locked in combat: it may only fight")
    _need(fld.may_fire(u, a.moved), f"{u.name}'s weapon is Heavy: it may not move and fire")
    w = WEAPONS[u.stats.weapon]
    legal = {e.at for e in fld.targets(state, u)}
    _need(s.at in legal, f"no enemy at {s.at} that {u.name} sees in its front arc and within range")
    long = u.at.distance(s.at) > w.effective
    _need(s.shots in (1, 2) and s.shots <= w.rof(long),
          f"the {w.name} fires {count(w.rof(long), 'shot')} at that range")
    if s.second is not None:
        _need(s.shots == 2, "a second target needs two shots")
        _need(s.second in legal and u.at.distance(s.second) <= w.effective,
              f"no enemy at {s.second} in sight and at effective range")
        _need(s.second.distance(s.at) <= 6, "the two targets must be within 6\" of each other (text #6 Semiauto)")
    if s.aim != "none":
        _need(s.shots == 1, "aimed fire is a single shot")
        if tn.opt(state, "aimed_fire"):
            _need(a.moved <= 2, f"{u.name} moved {a.moved}\": aimed fire needs 2\" or less")
        else:  # the base modifier list: '“Aiming” = single aimed shot -1TN bonus (if did not move and only pivoted)'
            _need(s.aim == "hit", "without the aimed fire option, aiming only gives -1 TN to hit")
            _need(a.moved == 0, f"{u.name} moved: aiming needs a model that did not move (pivoting is allowed)")
    return a, u


def shoot(state: SkirmState, s: Shoot, ctx: Context) -> None:
    a, u = check_shoot(state, s)
    a.shot = True
    then = Paused(unit=u.id, then="shoot", at=s.at, shots=s.shots, second=s.second, aim=s.aim)
    if not reaction.interrupt_before_fire(state, ctx, u, then):
        carry_on(state, ctx, then)


def check_spray(state: SkirmState, s: Spray) -> tuple[Acting, SkirmUnit]:
    a, u = acting(state, s.side, s.unit)
    _need(may_shoot(a), f"{u.name} may not shoot now")
    _need(not locked(state, u), f"{u.name} is locked in combat: it may only fight")
    w = WEAPONS[u.stats.weapon]
    _need(w.auto >= 3, f"the {w.name} has no full-auto fire (Auto 3 or more)")
    _need(fld.may_fire(u, a.moved), f"{u.name}'s weapon is Heavy: it may not move and fire")
    d = u.at.distance(s.at)
    _need(state.board.in_bounds(s.at) and 0 < d and w.in_range(d), "the area's centre is out of range")
    _need(fld.sees(state, u, s.at), f"{u.name} does not see {s.at}")
    _need(not (d > w.effective and a.moved > 0), "all weapons must be stationary to fire suppressive at long range")
    _need(1 <= len(s.hits) <= w.auto, f"the {w.name} has {w.auto} hit rolls to allocate")
    legal = {e.at for e in fld.targets(state, u) if e.at.distance(s.at) <= rs.SPRAY_RADIUS}
    for h in s.hits:
        _need(h in legal, f"no enemy at {h} in the area that {u.name} sees")
    return a, u


def spray(state: SkirmState, s: Spray, ctx: Context) -> None:
    a, u = check_spray(state, s)
    a.shot = True
    then = Paused(unit=u.id, then="spray", at=s.at, hits=list(s.hits))
    if not reaction.interrupt_before_fire(state, ctx, u, then):
        carry_on(state, ctx, then)


# --- charges, overwatch, ending -----------------------------------------------------------


def check_charge(state: SkirmState, c: Charge) -> tuple[Acting, SkirmUnit, SkirmUnit]:
    a, u = acting(state, c.side, c.unit)
    _need(a.grade in ("passed", "failed", "horde"), f"{u.name} may not charge or fight in this activation")
    _need(not a.shot, f"{u.name} has already fired")
    t = state.unit_at(c.at)
    _need(t is not None and t.side != u.side and not t.downed, f"no standing enemy at {c.at}")
    if c.path:
        _need(a.moves == 0, f"{u.name} has already moved")
        _need(not locked(state, u), f"{u.name} is locked in combat: it may only fight where it stands")
        _need(fld.charge_path_ok(state, u, t, list(c.path), u.stats.speed),
              f"{u.name} cannot reach contact with {t.name} along that path")
        if u.suppressed:
            foes = [e.at for e in state.enemies(u.side) if not e.downed]
            _need(ter.suppressed_move_ok(state.board, u.at, c.path[-1], foes),
                  f"{u.name} is suppressed: it may not advance in the open unless it ends in cover")
    else:
        _need(u.at.distance(t.at) == 1, f"{u.name} is not in contact with {t.name}: give a path")
        _need(a.grade == "passed" or a.moves == 0, f"{u.name} has already acted")
        # "They cannot attack enemies outside this arc" (text #4): a fight too; a pivot first turns to face it
        _need(ter.in_front(u.at, u.facing, t.at), f"{t.name} is outside {u.name}'s front arc: pivot to face it first")
    return a, u, t


def charge(state: SkirmState, c: Charge, ctx: Context) -> None:
    a, u, t = check_charge(state, c)
    # The fight ends the activation, from contact as after a charge's move: the melee leaves both models "awaiting
    # the next activation of either" (text #5B); counted as the model's move and its action.
    a.moves = max(a.moves + 1 if c.path else a.moves, 1)
    a.moved += len(c.path)
    a.shot = True  # the fight is the activation's action
    # a charger moving into contact turns to face the enemy it charges (it may attack only in its front arc)
    face = ter.facing_towards(c.path[-1], t.at) if c.path else None
    advance(state, ctx, u, list(c.path), Paused(unit=u.id, then="charge", at=c.at, face=face))


def overwatch(state: SkirmState, o: Overwatch, ctx: Context) -> None:
    a, u = acting(state, o.side, o.unit)
    _need(tn.opt(state, "overwatch"), "overwatch is off in this game")
    _need(not u.suppressed, f"{u.name} is suppressed: suppression removes overwatch")
    _need(may_shoot(a), f"{u.name} may not go on overwatch now (it reserves its shooting)")
    _need(not locked(state, u), f"{u.name} is locked in combat")
    u.overwatch = True
    ctx.emit(Changed(unit=u.id, field="overwatch", state="on overwatch", before=False, after=True, why="reserves its fire"))
    tn.finish(state, ctx)


def end(state: SkirmState, e: EndActivation, ctx: Context) -> None:
    a, u = acting(state, e.side, e.unit)
    _need(a.grade != "flee", f"{u.name} is fleeing")
    tn.finish(state, ctx)
