"""Overwatch as a pause of the active side's action (text #3 'Overwatch'; SKIRM-A22), on the core's
pause-and-continue helper (rules/reaction.py): who may watch, pausing the mover, and the checks of the
watchers' reactions (`watch.py` carries them out and lets the paused action go on)."""

from __future__ import annotations

from rules import reaction as core
from rules.core import Context, Refusal
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish.actions import OverwatchFire, WatchCharge, WatchMove
from rules.rulesets.skirmish.state import Paused, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.rulesets.skirmish.weapons import WEAPONS
from rules.words import count

KIND = "overwatch"


def can_watch(state: SkirmState, w: SkirmUnit, target: SkirmUnit) -> bool:
    """A model on overwatch may fire at `target` now: it sees it in its front arc, within range, and is free."""
    if not (w.overwatch and w.on_map and not w.downed and not w.suppressed and not w.fleeing):  # the rare one first
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
        raise Refusal(f"the {weapon.name} fires {count(weapon.rof(long), 'shot')} at that range")
    return w, mover


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
