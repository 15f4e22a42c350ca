"""A move walked hex by hex: minefields where the unit meets them, and opportunity fire that interrupts the move
at the hex where it fires (dsii-core §2.4, §10.1), paused through `rules/reaction.py` for each other side's
decision; the VTOL pop-up attack answered the same way (§4.4)."""

from __future__ import annotations

from rules import reaction
from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import Message, Moved
from rules.hexgrid import DIRECTIONS, Hex
from rules.reaction import Pause
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import combat, mines, vtol
from rules.rulesets.dirtside import movement as mv
from rules.rulesets.dirtside.legal import may_opfire, opfire_units
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import plural_name, with_verb

KIND = "opfire"


def start(state: DSState, unit: DSUnit, path: list[Hex], ctx: Context) -> None:
    """The move begins: a minefield the unit stands in attacks first; then hex by hex."""
    travel = mv.travel_mode(state, unit)
    if not mines.on_enter(state, unit, unit.at, ctx):
        return finish(state, unit, ctx)
    go_on(state, unit, path, travel, ctx)


def go_on(state: DSState, unit: DSUnit, rest: list[Hex], travel: bool, ctx: Context) -> None:
    """Walk the rest of the path; stop at a hex where another side may fire (a pause), or where mines kill or
    immobilise the unit; at the end, what follows a move."""
    leg = [unit.at]
    going = mv.going_of(unit)  # once, not at every step: only a minefield changes the unit on the way
    while rest:
        h = rest.pop(0)
        state.spent += mv.hex_cost(state, unit, h, travel, state.running, frm=unit.at, going=going) or 0
        unit.stats.facing = DIRECTIONS.index(unit.at.direction_to(h))
        unit.at = h
        leg.append(h)
        fresh = any(m.id not in state.mined for m in mines.fields_at(state, h))
        sides = _sides(state, unit)
        if fresh or sides:
            ctx.emit(Moved(unit=unit.id, path=tuple(leg), plural=plural_name(unit.name)))
            leg = [h]
        if fresh:
            if not mines.on_enter(state, unit, h, ctx):
                rest = []
                break
            going = mv.going_of(unit)
        if sides:
            _ask(state, unit, sides, rest, travel, ctx)
            return
    if len(leg) > 1:
        ctx.emit(Moved(unit=unit.id, path=tuple(leg), plural=plural_name(unit.name)))
    finish(state, unit, ctx)


def finish(state: DSState, unit: DSUnit, ctx: Context) -> None:
    mines.arm(state, unit, ctx)
    if unit.alive:
        vtol.zad(state, unit, ctx)


def _sides(state: DSState, mover: DSUnit) -> list[str]:
    if not mover.alive:
        return []
    return [sd for sd in state.other_sides(mover.side) if may_opfire(state, sd, mover)]


def _ask(state: DSState, mover: DSUnit, sides: list[str], rest: list[Hex], travel: bool, ctx: Context) -> None:
    what = with_verb(mover.name, "pops", "pop") + " up" if state.popup == mover.id else \
        f"{with_verb(mover.name, 'moves', 'move')} through {mover.at}"
    reaction.pause(state, Pause(kind=KIND, actor=mover.side, reactor=sides[0],
                                prompt=f"{what}: opportunity fire, or hold",
                                data={"unit": mover.id, "sides": sides[1:], "rest": [list(h) for h in rest],
                                      "travel": travel, "at": list(mover.at)}), ctx)


def choices(state: DSState, p: Pause) -> list[Action]:
    mover = state.units[p.data["unit"]]
    return [A.OpFire(side=p.reactor, unit=u.id, at=mover.at) for u in opfire_units(state, p.reactor, mover)] + \
        [A.Hold(side=p.reactor)]


def answer(state: DSState, p: Pause, action: Action, ctx: Context) -> None:
    """The reacting side fires one unactivated unit (its whole activation) or holds; then the next side at this
    hex, then the rest of the move unless the mover was killed or immobilised (§2.4)."""
    mover = state.units[p.data["unit"]]
    if isinstance(action, A.OpFire):
        unit = state.units.get(action.unit)
        if unit is None or unit not in opfire_units(state, p.reactor, mover):
            raise Refusal("that unit cannot fire at the moving unit now (it must be yours, unactivated, and able to fire)")
        if Hex(*action.at) != mover.at:
            raise Refusal(f"opportunity fire goes at {mover.name} at {mover.at}")
        combat.fire(state, unit, mover, ctx, opportunity=True)
        unit.stats.activated = True
        unit.stats.under_fire = False
        ctx.emit(Message(message=f"{unit.name}'s opportunity fire is its activation"))
    elif not isinstance(action, A.Hold):
        raise Refusal(f"first answer: {p.prompt}")
    state.paused.pop()
    rest = [Hex(*h) for h in p.data["rest"]]
    left = [sd for sd in p.data["sides"] if mover.alive and may_opfire(state, sd, mover)]
    if left:
        return _ask(state, mover, left, rest, p.data["travel"], ctx)
    if state.popup == mover.id:
        state.popup = None
        ctx.emit(Message(message=f"{with_verb(mover.name, 'drops', 'drop')} back behind cover"))
        return
    if not mover.alive or mover.bmf() <= 0:
        if rest:
            ctx.emit(Message(message=f"{with_verb(mover.name, 'stops', 'stop')} at {mover.at}"))
        return finish(state, mover, ctx)
    go_on(state, mover, rest, p.data["travel"], ctx)


def popup(state: DSState, unit: DSUnit, action: A.PopUp, ctx: Context) -> None:
    """Rise, fire and drop back: sight over the cover for this fire; then only opportunity fire answers, at
    a d6 secondary die (§4.4)."""
    if not vtol.is_vtol(unit) or unit.stats.mode != "low":
        raise Refusal(f"only a VTOL in low mode can pop up ({with_verb(unit.name, 'is', 'are')} not one)")
    target = state.unit_at(Hex(*action.at))
    if target is None or target.side == unit.side:
        raise Refusal(f"there is no enemy unit at {Hex(*action.at)}")
    if vtol.sees(state, unit, target):
        raise Refusal(f"{with_verb(unit.name, 'sees', 'see')} {target.name} already: a pop-up starts behind cover "
                      "(fire instead)")
    state.popup = unit.id
    ctx.emit(Message(message=f"{with_verb(unit.name, 'pops', 'pop')} up"))
    combat.fire(state, unit, target, ctx, fast=state.spent > unit.bmf() / 2)
    sides = _sides(state, unit)
    if sides:
        _ask(state, unit, sides, [], False, ctx)
    else:
        state.popup = None
