"""The flow of the turn (text #3): who decides, the roll-off, the initiative passing, the Horde rule, clean-up."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Decision, Refusal
from rules.events import Changed, Eliminated, InitiativePassed, Message, PhaseChanged
from rules.rulesets.skirmish.procedures import cleanup as cu
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.procedures.roll import BASE_TN, roll_check, tn_of
from rules.rulesets.skirmish import victory
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.units import SkirmUnit

OPTION_DEFAULTS: dict[str, bool] = {
    "overwatch": True, "leader_bonus": True, "alone_penalty": True, "sprint": True, "aimed_fire": True,
    "man_down": True, "flow_of_battle": False, "horde_rule": True, "morale": True, "overwatch_moves": False,
}


def opt(state: SkirmState, key: str) -> bool:
    return bool(state.options.get(key, OPTION_DEFAULTS[key]))


# --- who decides ----------------------------------------------------------------------


def decision(state: SkirmState) -> Decision:
    if state.result is not None:
        return Decision(side=None, prompt="the game is over")
    if state.melee is not None:  # first: a fight may happen inside an overwatch reaction
        w = state.units[state.melee.winner]
        return Decision(side=w.side, prompt=f"{w.name} won the fight: push back or stay locked in combat")
    paused = reaction.decision(state)
    if paused is not None:
        return paused
    if state.phase == "rolloff":
        return Decision(side=state.sides[0].id, prompt="leaders roll off for the initiative")
    if state.acting is not None:
        u = state.units[state.acting.unit]
        return Decision(side=u.side, prompt=f"{u.name} ({state.acting.grade}): act, or end the activation")
    side = state.active_side
    nominated = state.nominated.get(side or "")
    if nominated:
        return Decision(side=side, prompt=f"activate {state.units[nominated].name} (nominated by the enemy)")
    return Decision(side=side, prompt="choose a model to make its activation roll")


def _refuse_unless(cond: bool, why: str) -> None:
    if not cond:
        raise Refusal(why)


# --- the roll-off ---------------------------------------------------------------------


def roller(state: SkirmState, side: str) -> SkirmUnit | None:
    """Who rolls off for a side: its leader; without a standing leader, its model with the best Skill."""
    standing = state.standing(side)
    leaders = [u for u in standing if u.stats.leader]
    pool = leaders or standing
    return max(pool, key=lambda u: (u.stats.skill, -list(state.units).index(u.id))) if pool else None


def roll_off(state: SkirmState, ctx: Context) -> None:
    skills = {}
    for s in state.side_ids():
        r = roller(state, s)
        if r is not None and state.to_activate(s):
            skills[s] = r.stats.skill
    if not skills:
        skills = {s: 0 for s in state.side_ids() if state.to_activate(s)}
    winner = cu.roll_off(ctx.dice, skills) if len(skills) > 1 else next(iter(skills), state.sides[0].id)
    state.phase = "activation"
    state.active_side = winner
    ctx.emit(InitiativePassed(to_side=winner, why="won the leaders' roll-off"))


def apply_rolloff(state: SkirmState, ctx: Context) -> None:
    _refuse_unless(state.phase == "rolloff", "the leaders have already rolled off this turn")
    roll_off(state, ctx)


# --- activation -------------------------------------------------------------------------


def activation_tn(state: SkirmState, u: SkirmUnit) -> tuple[int, list[tuple[str, int]]]:
    mods = cu.activation_modifiers(
        near_leader=opt(state, "leader_bonus") and fld.near_leader(state, u),
        alone=opt(state, "alone_penalty") and fld.alone(state, u),
        suppressed=u.suppressed,
    )
    return tn_of(mods), mods


def horde(state: SkirmState, side: str) -> bool:
    """'If any models on one side are left AFTER all the opponent has activated' (text #3 Horde of Rabble)."""
    return opt(state, "horde_rule") and not any(state.to_activate(o) for o in state.other_sides(side))


def check_activate(state: SkirmState, side: str, uid: str) -> SkirmUnit:
    _refuse_unless(state.phase == "activation" and state.acting is None and not state.paused
                   and state.melee is None, "no model may be activated now")
    _refuse_unless(side == state.active_side, "the other side has the initiative")
    u = state.units.get(uid)
    _refuse_unless(u is not None and u.side == side and u.on_map, f"{uid} is not one of your models on the table")
    _refuse_unless(not u.activated, f"{u.name} has already activated this turn")
    nominated = state.nominated.get(side)
    _refuse_unless(nominated in (None, uid),
                   f"the enemy nominated {state.units[nominated].name if nominated else ''} to activate next")
    return u


def nominable(state: SkirmState, leader: SkirmUnit) -> list[str]:
    """Enemy models still to activate in the leader's LoS, or the LoS of any friend within 6" of it."""
    lookers = [f for f in state.standing(leader.side) if f.at.distance(leader.at) <= fld.LEADER_RANGE]
    out = []
    for e in state.enemies(leader.side):
        if not e.activated and any(fld.sees(state, f, e.at) for f in lookers):
            out.append(e.id)
    return out


def pass_initiative(state: SkirmState, ctx: Context, side: str, why: str) -> None:
    others = [o for o in state.other_sides(side) if state.to_activate(o)]
    if others:
        state.active_side = others[0]
        ctx.emit(InitiativePassed(to_side=others[0], from_side=side, why=why))
    else:
        next_activation(state, ctx, side)


def finish(state: SkirmState, ctx: Context) -> None:
    """The acting model's activation is over; the initiative stays, or passes after a failure (text #3)."""
    a = state.acting
    if a is None:
        return
    state.acting = None
    u = state.units[a.unit]
    if a.grade == "flee" and u.on_map and fld.edge_distance(state, u.at, state.home_edge[u.side]) == 0:
        u.eliminated = True
        u.fled = True
        ctx.emit(Eliminated(unit=u.id, why="fled off the table"))
    if a.lost:
        pass_initiative(state, ctx, u.side, f"{u.name} failed its activation roll")
    elif a.man_down and opt(state, "man_down"):
        pass_initiative(state, ctx, u.side, f"man down: {u.name}")
    else:
        next_activation(state, ctx, u.side)


def next_activation(state: SkirmState, ctx: Context, side: str) -> None:
    """Keep the initiative while the side has models to activate; then the other side; then clean up."""
    for s, n in list(state.nominated.items()):
        t = state.units.get(n)
        if t is None or not t.on_map or t.activated:
            del state.nominated[s]
    if state.to_activate(side):
        state.active_side = side
        return
    others = [o for o in state.other_sides(side) if state.to_activate(o)]
    if others:
        state.active_side = others[0]
        ctx.emit(InitiativePassed(to_side=others[0], from_side=side, why="no model left to activate"))
        return
    clean_up(state, ctx)


# --- clean-up ---------------------------------------------------------------------------


def clean_up(state: SkirmState, ctx: Context) -> None:
    """'Clean up phase (test morale, remove suppression, test to remain on overwatch etc)' (text #3)."""
    ctx.emit(PhaseChanged(turn=state.turn, phase="clean up"))
    for u in [x for x in state.units.values() if x.on_map and x.downed]:
        status = cu.roll_downed(ctx.dice, side=u.side, unit=u.id)
        if status == "carry on":
            u.downed = False
            ctx.emit(Changed(unit=u.id, field="downed", before=True, after=False, why="a flesh wound"))
        elif status == "dead":
            u.eliminated = True
            ctx.emit(Eliminated(unit=u.id, why="died of wounds"))
    if opt(state, "morale"):
        morale(state, ctx)
    for u in [x for x in state.units.values() if x.on_map and x.suppressed]:
        if roll_check(ctx.dice, u.stats.willpower, BASE_TN, "Will: remove suppression", side=u.side, unit=u.id,
                      rule="#5-ish").passed:
            u.suppressed = False
            ctx.emit(Changed(unit=u.id, field="suppressed", before=True, after=False, why="recovered"))
    for u in [x for x in state.units.values() if x.on_map and x.overwatch and not x.shot_on_overwatch]:
        if not roll_check(ctx.dice, u.stats.skill, BASE_TN, "Skill: stay on overwatch", side=u.side, unit=u.id,
                          rule="#3 Overwatch").passed:
            u.overwatch = False
            ctx.emit(Changed(unit=u.id, field="overwatch", state="on overwatch", before=True, after=False, why="lost in the clean up"))
    for u in state.units.values():
        u.activated = False
        u.shot_on_overwatch = False
        u.hurt_this_turn = False
    state.horde_stop = []
    state.nominated = {}
    state.turn_ended = state.turn
    if victory.check(state) is not None:
        return
    state.turn += 1
    ctx.emit(PhaseChanged(turn=state.turn, phase="roll-off"))
    state.phase = "rolloff"
    if any(state.units_of(s) for s in state.side_ids()):
        roll_off(state, ctx)


def morale(state: SkirmState, ctx: Context) -> None:
    """'Once half the force points is downed or dead, morale (Will) test each model at the clean up phase and
    each subsequent clean up phase when further injuries/deaths are sustained' (text #5-ish; SKIRM-A23)."""
    for side in state.side_ids():
        models = [u for u in state.units.values() if u.side == side]
        total = sum(u.stats.points for u in models)
        lost = sum(u.stats.points for u in models if u.eliminated or u.downed)
        hurt = any(u.hurt_this_turn for u in models)
        if not cu.morale_due(lost, total):
            continue
        first = side not in state.morale_broken
        if not (first or hurt):
            continue
        if first:
            state.morale_broken.append(side)
        for u in [x for x in state.standing(side) if not x.fleeing]:
            if not roll_check(ctx.dice, u.stats.willpower, BASE_TN, "morale (Will)", side=side, unit=u.id,
                              rule="#5-ish").passed:
                u.fleeing = True
                u.overwatch = False
                ctx.emit(Changed(unit=u.id, field="fleeing", before=False, after=True, why="failed morale"))
