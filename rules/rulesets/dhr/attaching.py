"""DHR special figures (optional): a figure joins a unit next to it, or drops out of its unit into a
free hex next to it (the legal ones, the refusals, and applying them)."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import Changed, Moved
from rules.hexgrid import Hex
from rules.rulesets.dhr.actions import Attach, Drop
from rules.rulesets.dhr.activation import activate, candidates, end_activation, may_go_on
from rules.rulesets.dhr.options import specials_on
from rules.rulesets.dhr.state import DHRState, host_at, hosts
from rules.rulesets.dhr.terrain import step_check
from rules.rulesets.dhr.units import DHRUnit
from rules.words import agree, plural_name, with_verb


def attach_actions(state: DHRState, f: DHRUnit) -> list[Action]:
    out: list[Action] = []
    for h in f.at.neighbours():
        host = host_at(state, h)
        if host and host.side == f.side and not host.stats.special and not host.stats.vehicle:
            out.append(Attach(side=f.side, unit=f.id, at=h))
    return out


def drop_actions(state: DHRState, f: DHRUnit) -> list[Action]:
    host = state.units.get(f.attached_to or "")
    if host is None or not host.on_map:
        return []
    occupied = hosts(state)
    out: list[Action] = []
    for h in host.at.neighbours():
        if state.board.in_bounds(h) and h not in occupied:
            if not step_check(state.board, host.at, h).impassable:
                out.append(Drop(side=f.side, unit=f.id, at=h))
    return out


def _why_no_drop(state: DHRState, f: DHRUnit, at: Hex) -> str:
    host = state.units.get(f.attached_to or "")
    where = host.at if host is not None and host.at is not None else f.at
    if where.distance(at) != 1:
        why = f"it is not next to {where}"
    elif not state.board.in_bounds(at):
        why = "it is off the map"
    elif host_at(state, at) is not None:
        there = host_at(state, at).name
        why = f"{with_verb(there, 'stands', 'stand')} there"
    else:
        why = "it is impassable"
    return f"{f.name} cannot drop out into {at}: {why}"


def do_attach(state: DHRState, f: DHRUnit, at: Hex, ctx: Context) -> None:
    if not specials_on(state) or not f.stats.special:
        raise Refusal(f"{with_verb(f.name, 'is', 'are')} not a special figure: only special figures attach to units"
                      if specials_on(state) else "special figures are off in this game: no figure attaches to a unit")
    if f.attached_to is not None:
        raise Refusal(f"{with_verb(f.name, 'is', 'are')} already attached to {state.units[f.attached_to].name}")
    at = Hex(*at)
    host = host_at(state, at)
    if host is None:
        raise Refusal(f"no unit at {at} for {f.name} to join")
    if host.side != f.side:
        raise Refusal(f"{host.name} at {at} {agree(host.name, 'is', 'are')} an enemy unit")
    if host.stats.special or host.stats.vehicle:
        raise Refusal(f"{f.name} can only join a unit of figures, not {host.name}")
    if f.at.distance(at) != 1:
        raise Refusal(f"{host.name} at {at} {agree(host.name, 'is', 'are')} not next to {f.name} at {f.at}")
    if state.mp_left < 1 or state.attacked:
        raise Refusal(f"{with_verb(f.name, 'has', 'have')} " + ("attacked" if state.attacked else "no movement points left")
                      + f": it cannot join {host.name} this activation")
    state.mp_left -= 1
    walked = (f.at, at)
    f.at = at
    f.attached_to = host.id
    ctx.emit(Moved(unit=f.id, path=walked, plural=plural_name(f.name)))
    ctx.emit(Changed(unit=f.id, field="attached", before=None, after=host.id, why="Special Figures"))


def do_drop(state: DHRState, f: DHRUnit, at: Hex, ctx: Context) -> None:
    if not specials_on(state) or f.attached_to is None:
        raise Refusal(f"{with_verb(f.name, 'is', 'are')} not attached to a unit")  # also when special figures are off
    allowed = state.active_unit in (f.id, f.attached_to) or (
        state.active_unit is None and f.id in [c.id for c in candidates(state)])
    if not allowed:
        raise Refusal(f"{f.name} may drop out only on its own chip or while its unit acts")
    at = Hex(*at)
    if at not in [a.at for a in drop_actions(state, f)]:
        raise Refusal(_why_no_drop(state, f, at))
    if state.active_unit is None:
        activate(state, f, ctx)
    host = f.attached_to
    walked = (f.at, at)
    f.attached_to = None
    f.at = at
    ctx.emit(Changed(unit=f.id, field="attached", before=host, after=None, why="drops out"))
    ctx.emit(Moved(unit=f.id, path=walked, plural=plural_name(f.name)))
    if state.active_unit == f.id:
        state.mp_left = max(0, state.mp_left - 1)
        if not may_go_on(state):
            end_activation(state, ctx)
