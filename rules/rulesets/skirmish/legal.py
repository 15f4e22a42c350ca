"""Every legal action of a side now, built from candidates that the same checks as `apply` accept."""

from __future__ import annotations

from collections.abc import Callable

from rules.actions import Action
from rules.core import Refusal
from rules.hexgrid import DIRECTIONS, path_to
from rules.rulesets.skirmish import acts
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import table as rs
from rules.rulesets.skirmish import flow as tn
from rules.rulesets.skirmish.actions import (
    Activate, Charge, EndActivation, HoldFire, Lock, Move, Nominate, Overwatch, OverwatchFire, Pivot, PushBack,
    RollOff, Shoot, Spray, WatchCharge, WatchMove,
)
from rules.rulesets.skirmish import reaction
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.weapons import WEAPONS


def _ok(check: Callable, state: SkirmState, action: Action) -> bool:
    try:
        check(state, action)
    except Refusal:
        return False
    return True


def legal_actions(state: SkirmState, side: str) -> list[Action]:
    d = tn.decision(state)
    if d.side != side:
        return []
    if state.watch() is not None:
        return _overwatch(state, side)
    if state.melee is not None:
        win = state.units[state.melee.winner]
        out: list[Action] = [PushBack(side=side), Lock(side=side)]
        moved = state.acting.moved if state.acting and state.acting.unit == win.id else 0
        if fld.may_fire(win, moved):
            out.insert(1, PushBack(side=side, fire=True))
        return out
    if state.phase == "rolloff":
        return [RollOff(side=side)]
    if state.acting is not None:
        return _acting(state, side)
    out = []
    for u in state.to_activate(side):
        a = Activate(side=side, unit=u.id)
        if _ok(lambda s, x: tn.check_activate(s, x.side, x.unit), state, a):
            out.append(a)
    if tn.opt(state, "flow_of_battle") and side not in state.nominated and not tn.horde(state, side):
        for u in state.to_activate(side):
            if u.stats.leader and not u.downed and not u.fleeing:
                out += [Nominate(side=side, unit=u.id, target=t) for t in tn.nominable(state, u)]
    return out


def _overwatch(state: SkirmState, side: str) -> list[Action]:
    p = state.watch()
    mover = state.units[p.unit]
    out: list[Action] = []
    for wid in p.watchers:
        w = state.units[wid]
        weapon = WEAPONS[w.stats.weapon]
        for shots in range(1, weapon.rof(w.at.distance(mover.at) > weapon.effective) + 1):
            out.append(OverwatchFire(side=side, unit=wid, at=mover.at, shots=shots))
        if tn.opt(state, "overwatch_moves"):
            path = fld.charge_path(state, w, mover, w.stats.speed)
            c = WatchCharge(side=side, unit=wid, path=path or [], at=mover.at)
            if path is not None and _ok(reaction.check_charge, state, c):
                out.append(c)
            found = fld.reach(state, w, w.stats.speed)
            for h in sorted(found, key=lambda h: (-h.distance(mover.at), found[h][0], h))[:6]:
                m = WatchMove(side=side, unit=wid, path=path_to(found, h)[1:])
                if m.path and _ok(reaction.check_move, state, m):
                    out.append(m)
    out.append(HoldFire(side=side))
    return out


def _acting(state: SkirmState, side: str) -> list[Action]:
    a = state.acting
    u = state.units[a.unit]
    if a.grade == "flee":
        return []  # the flight is made by `Activate` itself; only an overwatch pause can leave it here
    out: list[Action] = []
    if acts.may_move(state, a) and not acts.locked(state, u):
        found = fld.reach(state, u, acts.budget(state, a, u))
        for h in sorted(found, key=lambda h: (found[h][0], h)):
            if h == u.at:
                continue
            m = Move(side=side, unit=u.id, path=path_to(found, h)[1:])
            if _ok(acts.check_move, state, m):
                out.append(m)
        out += _jumps(state, side, u, found)
    if acts.may_shoot(a):
        out += _shots(state, side, u)
    if a.grade in ("passed", "failed", "horde") and not a.shot:
        for e in state.enemies(side):
            if e.downed or u.at.distance(e.at) > u.stats.speed + 1:
                continue
            path = fld.charge_path(state, u, e, u.stats.speed) if (a.moves == 0 or not acts.locked(state, u)) else None
            if path is None and u.at.distance(e.at) == 1:
                path = []
            if path is not None:
                c = Charge(side=side, unit=u.id, path=path, at=e.at)
                if _ok(acts.check_charge, state, c):
                    out.append(c)
    o = Overwatch(side=side, unit=u.id)
    if tn.opt(state, "overwatch") and not u.suppressed and acts.may_shoot(a) and not acts.locked(state, u):
        out.append(o)
    out += [Pivot(side=side, unit=u.id, face=f) for f in DIRECTIONS if f != u.facing]
    out.append(EndActivation(side=side, unit=u.id))
    return out


def _jumps(state: SkirmState, side: str, u, found: dict) -> list[Action]:
    """Moves that end with a jump over a gap from a hex the model can reach."""
    out: list[Action] = []
    board = state.board
    for h in sorted(found, key=lambda h: (found[h][0], h)):
        for d in DIRECTIONS:
            run, n = [], h.neighbour(d)
            while board.in_bounds(n) and board.terrain_at(n) == "gap":
                run.append(n)
                n = n.neighbour(d)
            if run and board.in_bounds(n):
                m = Move(side=side, unit=u.id, path=path_to(found, h)[1:] + run + [n])
                if _ok(acts.check_move, state, m):
                    out.append(m)
    return out


def _shots(state: SkirmState, side: str, u) -> list[Action]:
    out: list[Action] = []
    w = WEAPONS[u.stats.weapon]
    foes = fld.targets(state, u)
    for e in foes:
        long = u.at.distance(e.at) > w.effective
        cands = [Shoot(side=side, unit=u.id, at=e.at)]
        if w.rof(long) == 2:
            cands.append(Shoot(side=side, unit=u.id, at=e.at, shots=2))
            for f in foes:
                if f.id != e.id and f.at.distance(e.at) <= 6:
                    cands.append(Shoot(side=side, unit=u.id, at=e.at, shots=2, second=f.at))
        cands += [Shoot(side=side, unit=u.id, at=e.at, aim=aim) for aim in ("hit", "reroll", "damage")]
        out += [c for c in cands if _ok(acts.check_shoot, state, c)]
        if w.auto >= 3:
            near = [f.at for f in foes if f.at.distance(e.at) <= rs.SPRAY_RADIUS]
            for hits in ([e.at] * w.auto, [near[i % len(near)] for i in range(w.auto)]):
                s = Spray(side=side, unit=u.id, at=e.at, hits=hits)
                if _ok(acts.check_spray, state, s) and s not in out:
                    out.append(s)
    return out

