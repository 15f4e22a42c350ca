"""The skirmish's turn: set-up, who decides, what a side may do, and what each action does (text #3)."""

from __future__ import annotations

from rules.actions import Action
from rules.dice import KEYED
from rules.core import Context, Decision, Refusal, Setup, Side, side_of
from rules.events import Changed, Message
from rules.rulesets.skirmish import acts, flow, legal, watch
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import (
    Activate, Charge, EndActivation, HoldFire, Lock, Move, Nominate, Overwatch, OverwatchFire, Pivot, PushBack,
    RollOff, Shoot, Spray, WatchCharge, WatchMove,
)
from rules.rulesets.skirmish.procedures import cleanup as cu
from rules.rulesets.skirmish.state import Acting, SkirmState
from rules.rulesets.skirmish.units import SkirmStats, SkirmUnit
from rules.words import possessive

OPTION_DEFAULTS = flow.OPTION_DEFAULTS
_refuse_unless = flow._refuse_unless
check_activate = flow.check_activate
activation_tn = flow.activation_tn
horde = flow.horde
nominable = flow.nominable
pass_initiative = flow.pass_initiative
opt = flow.opt


def setup(s: Setup, seed: int, options: dict, dice: int = KEYED) -> SkirmState:
    """Models from the scenario, facing the nearest enemy; home edges for fleeing models."""
    units: dict[str, SkirmUnit] = {}
    sides = {x.id for x in s.sides}
    for u in s.units:
        if u.side not in sides:
            raise ValueError(f"model {u.id} belongs to unknown side {u.side!r}")
        units[u.id] = SkirmUnit(id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=SkirmStats(**u.stats))
    state = SkirmState(
        ruleset="skirmish", scenario=s.name, seed=seed, dice=dice, board=s.board,
        sides=[side_of(Side, x) for x in s.sides],
        units=units, options={**OPTION_DEFAULTS, **options}, victory=s.victory, max_turns=s.max_turns,
        phase="rolloff",
    )
    for u in units.values():
        if u.at is None:
            continue
        if not s.board.in_bounds(u.at):
            raise ValueError(f"model {u.id} stands off the map at {u.at}")
        foes = [e.at for e in units.values() if e.side != u.side and e.at is not None]
        if foes:
            u.facing = ter.facing_towards(u.at, min(foes, key=lambda h: (h.distance(u.at), h)))
    state.home_edge = {x.id: fld.home_edge(state, x.id) for x in s.sides}
    return state


def decision(state: SkirmState) -> Decision:
    return flow.decision(state)


def legal_actions(state: SkirmState, side: str) -> list[Action]:
    return legal.legal_actions(state, side)


def activate(state: SkirmState, side: str, uid: str, ctx: Context) -> None:
    """'Each model must roll a dice (activation roll) to activate' (text #3)."""
    u = check_activate(state, side, uid)
    state.nominated.pop(side, None)
    u.activated = True
    if u.overwatch:
        u.overwatch = False
        ctx.emit(Changed(unit=u.id, field="overwatch", state="on overwatch", before=True, after=False, why="activates again"))
    if u.fleeing:
        state.acting = Acting(unit=u.id, grade="flee")
        acts.flee(state, ctx, u)
        return
    if side in state.horde_stop:
        state.acting = Acting(unit=u.id, grade="adjust")
        ctx.emit(Message(message=f"{u.name} may only adjust 2\" (a Horde activation failed)"))
        return
    tn, mods = activation_tn(state, u)
    c = cu.activation_roll(ctx.dice, u.stats.skill, tn, side=side, unit=u.id, mods=mods)
    if u.downed:
        grade = "crawl"
    elif horde(state, side):
        grade = "horde" if c.passed else "adjust"
        if not c.passed:
            state.horde_stop.append(side)
    else:
        grade = "passed" if c.passed else "failed"
    state.acting = Acting(unit=u.id, grade=grade, lost=not c.passed)


def nominate(state: SkirmState, side: str, uid: str, target: str, ctx: Context) -> None:
    """'The Flow of Battle': the leader's roll nominates the enemy model to activate next; either way the
    initiative swaps (this project's reading, docs/rules/skirmish.md)."""
    _refuse_unless(opt(state, "flow_of_battle"), "the Flow of Battle option is off in this game")
    u = check_activate(state, side, uid)
    _refuse_unless(u.stats.leader and not u.downed and not u.fleeing, f"{u.name} is not a leader able to lead")
    _refuse_unless(not horde(state, side), "the enemy has no model left to nominate")
    t = state.units.get(target)
    _refuse_unless(t is not None and t.side != side and t.on_map and not t.activated,
                   f"{target} is not an enemy model still to activate")
    _refuse_unless(target in nominable(state, u), f"{t.name} is not in sight of the leader or its men within 6\"")
    state.nominated.pop(side, None)
    u.activated = True
    u.overwatch = False
    tn, mods = activation_tn(state, u)
    c = cu.activation_roll(ctx.dice, u.stats.skill, tn, side=side, unit=u.id, mods=mods)
    if c.passed:
        state.nominated[t.side] = t.id
        ctx.emit(Message(message=f"{u.name} nominates {t.name} to activate next"))
    flow.pass_initiative(state, ctx, side, "the Flow of Battle")


def apply(state: SkirmState, action: Action, ctx: Context) -> None:
    """Check that `action` is the deciding side's, then do it (a `Refusal` changes nothing)."""
    d = flow.decision(state)
    if d.side is None:
        raise Refusal("the game is over")
    if action.side != d.side:
        raise Refusal(f"it is {possessive(state.side(d.side).name)} decision now: {d.prompt}")
    state.turn_ended = None  # a turn's end is checked once (as QUAD's and Dirtside's): a hold is won then, not later
    handlers = {
        RollOff: lambda: flow.apply_rolloff(state, ctx),
        Activate: lambda: activate(state, action.side, action.unit, ctx),
        Nominate: lambda: nominate(state, action.side, action.unit, action.target, ctx),
        Move: lambda: acts.move(state, action, ctx),
        Pivot: lambda: acts.pivot(state, action, ctx),
        Shoot: lambda: acts.shoot(state, action, ctx),
        Spray: lambda: acts.spray(state, action, ctx),
        Charge: lambda: acts.charge(state, action, ctx),
        Overwatch: lambda: acts.overwatch(state, action, ctx),
        EndActivation: lambda: acts.end(state, action, ctx),
        OverwatchFire: lambda: watch.fire(state, action, ctx),
        WatchCharge: lambda: watch.charge(state, action, ctx),
        WatchMove: lambda: watch.move(state, action, ctx),
        HoldFire: lambda: watch.hold(state, action, ctx),
        PushBack: lambda: watch.melee_choice(state, action, ctx),
        Lock: lambda: watch.melee_choice(state, action, ctx),
    }
    handler = handlers.get(type(action))
    if handler is None:
        raise Refusal(f"{action.text()} is not a skirmish action")
    handler()
