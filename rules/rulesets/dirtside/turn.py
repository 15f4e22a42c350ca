"""The Dirtside turn: alternating unit activations, passes, opportunity fire, forced fire missions and cruise
flights, the Turn End phase (dsii-core §2). Who decides now, what they may do, and what each action does (a
unit's own actions within its activation: acting.py)."""

from __future__ import annotations

from rules import reaction
from rules.actions import Action
from rules.core import Context, Decision, Refusal, Setup, Side, side_of
from rules.dice import KEYED
from rules.events import Changed, InitiativePassed, Message, PhaseChanged
from rules.hexgrid import Hex
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import airfight, cruise, mines, smoke, transport, walk
from rules.rulesets.dirtside import army
from rules.rulesets.dirtside.acting import _act
from rules.rulesets.dirtside.legal import (activation_actions, can_activate, forced_missions, goes, has_goes,
                                            start_actions)
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSStats, DSUnit
from rules.words import possessive, plural_name, with_verb

# --- set-up ---------------------------------------------------------------------------------


def setup(setup: Setup, seed: int, options: dict, dice: int = KEYED, designs_checked: bool = True) -> DSState:
    """The state at action 0. A unit that breaks the design or organisation rules is refused, its rule named
    (`designs_checked`: off only for tests that build ad hoc designs to reach one rule)."""
    units: dict[str, DSUnit] = {}
    sides = {s.id for s in setup.sides}
    for u in setup.units:
        if u.side not in sides:
            raise ValueError(f"unit {u.id} belongs to unknown side {u.side!r}")
        stats = DSStats(**u.stats)
        broken = army.design_problems(u.name, stats) if designs_checked else []
        if broken:  # refused at load, not met in play (the points rules price what the design rules allow)
            raise ValueError(f"unit {u.id} breaks the design rules: {broken[0]}")
        units[u.id] = DSUnit(id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=stats,
                             start_size=len(stats.elements))
    state = DSState(ruleset="dirtside", scenario=setup.name, seed=seed, dice=dice, board=setup.board,
                    sides=[side_of(Side, s) for s in setup.sides],
                    units=units, options=dict(options), victory=setup.victory, max_turns=setup.max_turns,
                    phase="activation")
    mines.from_board(state)
    state.positions = sorted({u.at for u in state.units.values() if u.stats.dug_in and u.at is not None})
    for u in state.units.values():  # a flight: each craft names the other (§1.2)
        mate = state.units.get(u.stats.wingman or "")
        if u.stats.wingman and (mate is None or mate.side != u.side or mate.stats.role != "aircraft"
                                or u.stats.role != "aircraft"):
            raise ValueError(f"{u.id}'s wingman must be another aerospace craft of its side")
        if mate is not None:
            mate.stats.wingman = u.id
    _order(state)
    return state


def _order(state: DSState) -> None:
    """The side with fewer units on the table goes first (§2.2; it always chooses to [R]); ties in scenario order."""
    ids = state.side_ids()
    state.order = sorted(ids, key=lambda s: (len(state.units_of(s)), ids.index(s)))
    state.active_side = next((s for s in state.order if has_goes(state, s)), state.order[0])


def name(state: DSState, side: str | None) -> str:
    for s in state.sides:
        if s.id == side:
            return s.name
    return str(side)


# --- who decides --------------------------------------------------------------------------------


def decision(state: DSState) -> Decision:
    if state.result is not None:
        return Decision(side=None, prompt="the game is over")
    paused = reaction.decision(state)
    if paused is not None:
        return paused
    side = state.active_side
    if state.current:
        return Decision(side=side, prompt=f"{state.units[state.current].name}: move, fire, or end the activation")
    if state.flying:
        return Decision(side=side, prompt="fly the cruise missiles launched last turn")
    return Decision(side=side, prompt="activate a unit (or pass)")


def legal_actions(state: DSState, side: str) -> list[Action]:
    if side != deciding(state):
        return []
    if state.paused:
        top = state.paused[-1]
        if top.kind == walk.KIND:
            return walk.choices(state, top)
        return [A.React(side=side, choice=c) for c in airfight.choices(state, top)]
    if state.current:
        return activation_actions(state, state.units[state.current]) + [A.Done(side=side)]
    if state.flying:
        return _fly_actions(state, side)
    return start_actions(state, side) + _fly_actions(state, side) + ([A.Pass(side=side)] if may_pass(state, side) else [])


def _fly_actions(state: DSState, side: str) -> list[Action]:
    from rules.hexgrid import area
    out: list[Action] = []
    for f in state.due_flights(side):
        out.extend(A.Fly(side=side, missile=f.id, at=h) for h in area(f.target, 6) if state.board.in_bounds(h))
    return out


def may_pass(state: DSState, side: str) -> bool:
    """Only a side with fewer goes left than some opponent may pass (§2.2)."""
    mine = goes(state, side)
    return mine > 0 and any(goes(state, s) > mine for s in state.other_sides(side))


# --- applying -------------------------------------------------------------------------------------


def deciding(state: DSState) -> str | None:
    """`decision`'s side, without building the decision and its prompt (each action asks it)."""
    if state.result is not None:
        return None
    return state.paused[-1].reactor if state.paused else state.active_side


def apply(state: DSState, action: Action, ctx: Context) -> None:
    side = deciding(state)
    if side is None:
        raise Refusal("the game is over")
    if action.side != side:
        raise Refusal(f"it is {possessive(name(state, side))} turn to decide, not {possessive(name(state, action.side))}")
    state.turn_ended = None
    if state.paused:
        top = state.paused[-1]
        if top.kind == walk.KIND:
            walk.answer(state, top, action, ctx)
        elif not isinstance(action, A.React):
            raise Refusal(f"first answer: {top.prompt}")
        else:
            choice = action.choice
            reaction.resume(state, ctx, {k: (lambda st, p, c, cut: airfight.answer(st, p, choice, c))
                                         for k in ("sam", "airfight")})
        cur = state.units.get(state.current or "")
        if cur is not None and not state.paused and _finished(state, cur):
            end_activation(state, ctx)
        return
    if isinstance(action, (A.React, A.OpFire, A.Hold)):
        raise Refusal("there is nothing to answer now")
    if isinstance(action, A.Fly):
        return _fly(state, action, ctx)
    if state.flying:
        raise Refusal("fly the remaining cruise missiles first")
    if isinstance(action, A.Pass):
        if state.current:
            raise Refusal("finish the activation in progress first (end it with 'done')")
        if not may_pass(state, action.side):
            raise Refusal("you may pass only with fewer units left to activate than an opponent")
        state.passes += 1
        ctx.emit(Message(message=with_verb(name(state, action.side), 'passes', 'pass')))
        return advance(state, ctx)
    if isinstance(action, A.Done):
        if state.current is None and action.unit:
            unit = _start(state, action, ctx)
            if unit.stats.panic:
                unit.stats.panic = False
                ctx.emit(Changed(unit=unit.id, field="panic", state="panicking", before=True, after=False,
                                 why="marker removed", plural=plural_name(unit.name)))
        if state.current is None:
            raise Refusal("no activation is in progress: activate a unit first")
        if action.unit and action.unit != state.current:
            raise Refusal(f"{with_verb(state.units[state.current].name, 'is', 'are')} activating: end it first")
        return end_activation(state, ctx)
    unit = _start(state, action, ctx) if state.current is None else state.units[state.current]
    if action.unit_id != unit.id:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} activating: finish it (done) before another unit acts")
    _act(state, unit, action, ctx)
    if state.current and not state.paused and _finished(state, unit):
        end_activation(state, ctx)


def _start(state: DSState, action: Action, ctx: Context) -> DSUnit:
    uid = action.unit_id
    unit = state.units.get(uid or "")
    if unit is None:
        raise Refusal(f"there is no unit {uid!r}")
    if unit.side != action.side:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} not yours")
    if not can_activate(unit, state) and unit.stats.aboard and not unit.stats.activated:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} aboard: " + transport.fire_problem(state, unit, None))
    if not can_activate(unit, state):
        raise Refusal(f"{unit.name} cannot activate: it has already activated this turn or is out of play")
    forced = forced_missions(state, action.side)
    if forced and unit.id == forced[0].battery and unit.stats.panic and isinstance(action, A.Done):
        state.missions.remove(forced[0])  # a panicked battery only removes its marker: the mission is lost [R]
        ctx.emit(Message(message=f"{unit.name} panicked: its called mission is lost"))
    elif forced and not (isinstance(action, (A.Bombard, A.Cancel)) and action.unit == forced[0].battery):
        raise Refusal(f"{state.units[forced[0].battery].name} must fire its called mission first")
    if unit.stats.panic and not isinstance(action, A.Done):
        raise Refusal(f"{unit.name} panicked: this activation only removes the PANIC marker (choose done)")
    state.current, state.moved, state.acted, state.running = unit.id, False, False, False
    if unit.stats.evasive:
        unit.stats.evasive = False
        ctx.emit(Changed(unit=unit.id, field="evasive", before=True, after=False, why="its next activation",
                         plural=plural_name(unit.name)))
    state.mined = []
    state.passes = 0
    state.spent = 0
    state.followed, state.follow_from = False, None
    _repairs(state, unit, ctx)
    return unit


def _repairs(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Systems Down: each activation roll a d6, 6 repairs (3+ with backup systems); no action spent [R]."""
    for e in unit.stats.alive():
        if e.systems_down:
            need = 3 if e.design and e.design.backup else 6
            if ctx.dice.roll(1, 6, "systems repair", side=unit.side, unit=unit.id, need=need, test=">=",
                             rule="§6.4", outcome=lambda f, n=need: "repaired" if f[0] >= n else "still down")[0] >= need:
                e.systems_down = False


def _finished(state: DSState, unit: DSUnit) -> bool:
    if unit.stats.activated or not unit.in_play or state.current is None:
        return True
    return state.acted and (state.moved or unit.bmf() <= 0 or not unit.on_map)


def _fly(state: DSState, action: A.Fly, ctx: Context) -> None:
    if state.current:
        raise Refusal("finish the activation in progress first")
    flight = next((f for f in state.due_flights(action.side) if f.id == action.missile), None)
    if flight is None:
        raise Refusal(f"no cruise missile {action.missile!r} of yours is due to fly this turn")
    state.flying = True
    state.passes = 0
    cruise.fly(state, flight, Hex(*action.at), ctx)
    if not state.due_flights(action.side):
        state.flying = False
        advance(state, ctx)


def end_activation(state: DSState, ctx: Context) -> None:
    """Invert the marker, then remove the unit's Under Fire marker (§2.3)."""
    unit = state.units[state.current]
    unit.stats.activated = True
    smoke.end_of_activation(unit, ctx)
    mines.arm(state, unit, ctx)
    state.mined = []
    if unit.stats.under_fire:
        unit.stats.under_fire = False
        ctx.emit(Changed(unit=unit.id, field="under fire", before=True, after=False, why="end of its activation",
                         plural=plural_name(unit.name)))
    state.current = None
    state.spent = 0
    advance(state, ctx)


def advance(state: DSState, ctx: Context) -> None:
    """The go passes to the next side in order with goes left; with none left, the turn ends."""
    order = state.order
    i = order.index(state.active_side)
    for k in range(1, len(order) + 1):
        side = order[(i + k) % len(order)]
        if has_goes(state, side):
            if side != state.active_side:
                ctx.emit(InitiativePassed(from_side=state.active_side, to_side=side))
            state.active_side = side
            return
    end_turn(state, ctx)


def end_turn(state: DSState, ctx: Context) -> None:
    """Turn End: every marker face up; the next turn's order; missiles launched now come due (§2.2)."""
    state.turn_ended = state.turn
    ctx.emit(Message(message=f"turn {state.turn} ends"))
    state.turn += 1
    state.fired = {}
    state.passes = 0
    smoke.thin(state, ctx)
    state.zad_done = []
    state.no_offensive = []
    for u in state.units.values():
        u.stats.activated = False
        if u.stats.role == "aircraft" and u.stats.confidence == "RO" and not u.stats.off_table:
            u.stats.off_table = True  # [R] a Routed craft leaves at once (§11.6)
    ctx.emit(PhaseChanged(turn=state.turn, phase="activation"))
    _order(state)
    if not any(has_goes(state, s) for s in state.side_ids()):
        state.active_side = state.order[0]
