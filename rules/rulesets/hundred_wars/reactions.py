"""Every pause of A Hundred Wars in one place (rules/reaction.py): who may react, with what, and what follows.

Kinds: `ecm_order` (ECM may cancel a new enemy order, ecm.py), `ecm_teleport` (ECM may disrupt an enemy teleporter,
teleporting.py), `psi_fire` and `psi_die` (a psionic pip may cancel an enemy's fire or re-roll a die of a shot,
shot.py), `psi_move` (a psionic pip may re-roll a movement die, moving.py), `psi_cqb` (one die of a close combat,
melee.py), `psi_orders` (a commander's Orders die, orders.py),
`psi_teleport` (a teleport die, moving.py), `psi_ecm` (a die of an ECM contest, contest.py),
`psi_terrain` (a terrain die, mode_dice.py), `psi_repair` (a Field Repairs die, firing.py),
`psi_suicide` (a suicide attack's Fire or Armour die, moving.py), `psi_pip` (a psionic pip may cancel an
enemy pip, psionics.py). A reaction is `done` (let it be) or the
kind's own action: `jam` for ECM, `psi` for psionics.
"""

from __future__ import annotations

from rules import reaction
from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import (contest, ecm, firing, melee, mode_dice, moving, orders, phases, psionics, shot,
                                         teleporting, teleports)
from rules.rulesets.hundred_wars.actions import Done, Jam, PsiReveal
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree


def _cancel_fire(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    if cut:
        ctx.emit(Message(message=f"the fire of {state.units[p.data['firer']].name} is cancelled by psionics"))
        return
    shot.proceed(state, dict(p.data), ctx)


def _keep_dice(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    shot.proceed(state, dict(p.data), ctx)


def _keep_move(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    moving.walk_on(state, dict(p.data), ctx)


def _keep_bout(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    bout = dict(p.data)
    after_bout(state, bout, melee.go_on(state, bout, ctx), ctx)


def after_bout(state: HwState, bout: dict, paused: bool, ctx: Context) -> None:
    """Once every bout of a contact is over, the move it interrupted goes on (moving.walk_rest)."""
    if not paused and bout.get("then"):
        moving.walk_rest(state, bout["then"], ctx)


def _keep_orders(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    after_orders(state, orders.offer_rerolls(state, p.data["cmds"][1:], ctx), ctx)


def after_orders(state: HwState, paused: bool, ctx: Context) -> None:
    """Once no Orders roll waits, the side's Phase 1 is over (as after `roll_orders` without a pause)."""
    if not paused:
        phases.advance(state, ctx)


def _keep_teleport(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    teleports.send(state, dict(p.data), ctx)


FINISH = {"order": ecm.finish, "jam": firing.finish_jam, "ads": firing.finish_ecm_ads,
          "disrupt": teleporting.finish_disrupt, "hijack": teleporting.finish_hijack,
          "homing": shot.after_homing, "intercept": shot.after_intercept}
"""The effect of each ECM use once its contest's dice stand (contest.py)."""


def _keep_contest(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    FINISH[p.data["use"]](state, dict(p.data), ctx)


def _keep_terrain(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    data = dict(p.data)
    if not mode_dice.keep(state, data, ctx):
        after_terrain(state, data, ctx)


def after_terrain(state: HwState, data: dict, ctx: Context) -> None:
    """No terrain die waits any more: the shot aims again, or the walk goes on from its step (then the rest of its
    group, `then`), with the levels as they stand."""
    if "shot" in data:
        shot.proceed(state, dict(data["shot"]), ctx)
        return
    after_walk(state, data, moving.walk_steps(state, dict(data["walk"]), ctx), ctx)


def _keep_repair(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    firing.finish_repair(state, dict(p.data), ctx)


def _keep_suicide(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    moving.suicide_damage(state, dict(p.data), ctx)
    after_walk(state, p.data, False, ctx)


def after_walk(state: HwState, data: dict, paused: bool, ctx: Context) -> None:
    """The rest of a group's move (`then`) once what stopped one walker is decided."""
    if paused and data.get("then"):
        state.paused[-1].data["then"] = data["then"]
    elif not paused and data.get("then"):
        moving.walk_rest(state, data["then"], ctx)


def _pip(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    """The enemy let the pip work (or cancelled it: then nothing happens, the pip stays spent)."""
    psi = state.units[p.data["by"]]
    if cut:
        ctx.emit(Message(message=f"the psionic pip of {psi.name} is cancelled"))
        return
    work(state, psi, p.data, ctx)


HANDLERS = {**ecm.HANDLERS, **teleporting.HANDLERS, shot.CANCEL: _cancel_fire, shot.REROLL: _keep_dice,
            moving.REROLL: _keep_move, teleports.TP_REROLL: _keep_teleport, melee.REROLL: _keep_bout, orders.REROLL: _keep_orders, contest.REROLL: _keep_contest, mode_dice.REROLL: _keep_terrain, firing.REPAIR_REROLL: _keep_repair, moving.SUICIDE_REROLL: _keep_suicide, psionics.PIP: _pip}


def work(state: HwState, psi: HwUnit, use: dict, ctx: Context) -> None:
    """What a pip does once no enemy pip cancels it."""
    kind, at = use["use"], Hex(*use["at"]) if use.get("at") is not None else None
    if kind == "reveal":
        psionics.reveal(state, psi, at, ctx)
    elif kind == "order":
        psionics.order(state, psi, at, Hex(*use["to"]) if use["to"] else None, ctx)
    elif kind == "repairs":
        psionics.repairs(state, psi, at, ctx)
    elif kind == "ecm":
        psionics.ecm_jam(state, psi, at, ctx)
    elif kind == "ecm_ads":
        psionics.ecm_ads(state, psi, at, ctx)
    elif kind == "hijack":
        t = state.unit_at(at)
        if t is not None:
            teleporting.materialise(state, psi, t, f"hijacked by the psionics of {psi.name}", ctx)
    elif kind == "teleport":
        psionics.teleport_unit(state, psi, at, Hex(*use["to"]), ctx)
    elif kind == "own_order":
        u = state.unit_at(at)
        if u is not None:
            orders.issue(state, u, Hex(*use["to"]) if use["to"] else None, "", None, ctx, by=f"psionics of {psi.name}")
    elif kind == "mobile":
        psionics.mobile(state, psi, at, ctx)
    elif kind == "sim_order":  # the enemy's new order waits below: cancelled as ECM would
        reaction.resume(state, ctx, HANDLERS, cut=True)
    elif kind == "sim_disrupt":  # the enemy teleporter waits below: 1d10 units kept, then it goes on
        p = reaction.waiting(state, teleporting.DISRUPT)
        teleporting.keep_back(state, psi, state.units[p.data["teleporter"]], f"psionics of {psi.name}", ctx)
        reaction.resume(state, ctx, HANDLERS, cut=False)
    elif kind == "sim_ads":  # the enemy's shot waits below: its Fire is cut before any die is rolled
        p = reaction.waiting(state, shot.CANCEL)
        state.paused.pop()
        data = dict(p.data)
        fire = state.units[data["firer"]].stats.weapon(data["w"]).fire
        data["psi_ads"] = psionics.ads_cut(state, psi, fire, ctx)
        ctx.emit(Changed(unit=data["firer"], field="fire", before=fire, after=fire - data["psi_ads"],
                         why=f"intercepted by the psionics of {psi.name}"))
        shot.proceed(state, data, ctx)
    elif kind == "fire":
        firer, target = state.unit_at(at), state.unit_at(Hex(*use["to"]))
        if firer is not None and target is not None and use["weapon"] not in firer.fired:
            ctx.emit(Message(message=f"{psi.name} {agree(psi.agrees_as, 'takes', 'take')} over a weapon of {firer.name}"))
            shot.start(state, firer, use["weapon"], target, psi.side, ctx, cancellable=False)
    elif kind in ("cancel_fire", "cancel_pip"):  # the enemy's shot or pip waits below: cut it
        reaction.resume(state, ctx, HANDLERS, cut=True)
    elif kind == "reroll":
        _reroll(state, psi, use, ctx)


def _reroll(state: HwState, psi: HwUnit, use: dict, ctx: Context) -> None:
    """A psionic re-roll of the die waiting below (use["die"]), then what that die's roll goes on to."""
    if use["die"] == "cqb":
        p = reaction.waiting(state, melee.REROLL)
        state.paused.pop()
        bout = dict(p.data)
        after_bout(state, bout, melee.reroll(state, bout, use["unit"], psi, ctx), ctx)
    elif reaction.waiting(state, moving.SUICIDE_REROLL) is not None:
        p = reaction.waiting(state, moving.SUICIDE_REROLL)
        state.paused.pop()
        data = dict(p.data)
        after_walk(state, data, moving.suicide_reroll(state, data, use["die"], psi, ctx), ctx)
    elif use["die"] == "repair":
        p = reaction.waiting(state, firing.REPAIR_REROLL)
        state.paused.pop()
        firing.repair_reroll(state, dict(p.data), psi, ctx)
    elif use["die"] == "terrain":
        p = reaction.waiting(state, mode_dice.REROLL)
        state.paused.pop()
        data = dict(p.data)
        if not mode_dice.reroll(state, data, psi, ctx):
            after_terrain(state, data, ctx)
    elif use["die"] == "ecm":
        p = reaction.waiting(state, contest.REROLL)
        state.paused.pop()
        c = dict(p.data)
        if not contest.reroll(state, c, use["unit"], psi, ctx):
            FINISH[c["use"]](state, c, ctx)
    elif use["die"] == "orders":
        p = reaction.waiting(state, orders.REROLL)
        state.paused.pop()
        after_orders(state, orders.reroll(state, list(p.data["cmds"]), psi, ctx), ctx)
    elif use["die"] == "teleport":
        p = reaction.waiting(state, teleports.TP_REROLL)
        state.paused.pop()
        teleports.tp_reroll(state, dict(p.data), psi, ctx)
    elif use["die"] == "move":
        p = reaction.waiting(state, moving.REROLL)
        state.paused.pop()
        moving.reroll(state, dict(p.data), psi, ctx)
    else:
        p = reaction.waiting(state, shot.REROLL)
        state.paused.pop()
        shot.reroll(state, dict(p.data), use["die"], psi, ctx)


def use_pip(state: HwState, side: str, a: PsiReveal, ctx: Context) -> None:
    """A pip on the side's own turn: checked, spent, offered to the enemy to cancel, then it works."""
    use = psionics.plan(state, side, a.unit, Hex(*a.at), to=a.to, remove=a.remove, weapon=a.weapon, simulate=a.simulate)
    psi = state.units[a.unit]
    if not psionics.begin(state, side, psi, use, ctx):
        work(state, psi, use, ctx)


# --- reacting while paused ---------------------------------------------------------------


def psi_choices(state: HwState, side: str) -> list[PsiReveal]:
    """The pips the deciding side may use on the action that waits."""
    p = reaction.waiting(state)
    if p is None or p.reactor != side:
        return []
    if p.kind == shot.CANCEL:
        firer, target = state.units[p.data["firer"]], state.units[p.data["target"]]
        return [PsiReveal(side=side, unit=u.id, at=firer.at, cancel=True)
                for u in psionics.ready_in_range(state, side, firer.at)] + [
            PsiReveal(side=side, unit=u.id, at=target.at, simulate="ads") for u in shot.ads_simulable(state, p.data, side)]
    if p.kind == ecm.KIND:
        at = Hex(*p.data["at"])
        return [PsiReveal(side=side, unit=u.id, at=at, simulate="ecm") for u in psionics.ready_in_range(state, side, at)]
    if p.kind == teleporting.DISRUPT:
        t = state.units[p.data["teleporter"]]
        if state.tp_blocked.get(t.id, 0):
            return []
        return [PsiReveal(side=side, unit=u.id, at=t.at, simulate="ecm") for u in psionics.ready_in_range(state, side, t.at)]
    if p.kind == psionics.PIP:
        by = state.units[p.data["by"]]
        return [PsiReveal(side=side, unit=u.id, at=by.at, cancel=True) for u in psionics.ready_in_range(state, side, by.at)]
    if p.kind == moving.REROLL:
        mover = state.units[p.data["unit"]]
        return [PsiReveal(side=side, unit=u.id, at=mover.at, reroll="move")
                for u in psionics.ready_in_range(state, side, mover.at)]
    if p.kind == moving.SUICIDE_REROLL:
        target = state.units[p.data["target"]]
        return [PsiReveal(side=side, unit=u.id, at=target.at, reroll=die) for die in ("fire", "armour")
                for u in psionics.ready_in_range(state, side, target.at)]
    if p.kind == firing.REPAIR_REROLL:
        fixer = state.units[p.data["fixer"]]
        return [PsiReveal(side=side, unit=u.id, at=fixer.at, reroll="repair")
                for u in psionics.ready_in_range(state, side, fixer.at)]
    if p.kind == mode_dice.REROLL:
        return [PsiReveal(side=side, unit=u.id, at=h, reroll="terrain") for h, u in mode_dice.rerollable(state, p.data, side)]
    if p.kind == contest.REROLL:
        return [PsiReveal(side=side, unit=u.id, at=state.units[uid].at, reroll="ecm")
                for uid, u in contest.rerollable(state, p.data, side)]
    if p.kind == teleports.TP_REROLL:
        t = state.units[p.data["teleporter"]]
        return [PsiReveal(side=side, unit=u.id, at=t.at, reroll="teleport")
                for u in psionics.ready_in_range(state, side, t.at)]
    if p.kind == orders.REROLL:
        cmd = state.units[p.data["cmds"][0]]
        return [PsiReveal(side=side, unit=u.id, at=cmd.at, reroll="orders")
                for u in psionics.ready_in_range(state, side, cmd.at)]
    if p.kind == melee.REROLL:
        return [PsiReveal(side=side, unit=u.id, at=state.units[uid].at, reroll="cqb")
                for uid, u in melee.rerollable(state, p.data, side)]
    if p.kind == shot.REROLL:
        return [PsiReveal(side=side, unit=u.id, at=state.units[shot.die_unit(p.data, die)].at, reroll=die)
                for die, u in shot.rerollable(state, p.data, side)]
    return []


def choices(state: HwState, side: str) -> list[Action]:
    p = reaction.waiting(state)
    if p is None or p.reactor != side:
        return []
    out: list[Action] = [Done(side=side)]
    out += [Jam(side=side, unit=e, at=h) for e, h in ecm.choices(state, side)]
    out += [Jam(side=side, unit=e, at=h) for e, h in teleporting.disrupt_choices(state, side)]
    return out + psi_choices(state, side)


def react(state: HwState, a: Action, ctx: Context) -> None:
    """The deciding side's reaction to the action that waits."""
    p = reaction.waiting(state)
    if p is None or p.reactor != a.side:
        raise Refusal("no action waits for your reaction")
    if isinstance(a, PsiReveal):
        react_psi(state, p, a, ctx)
    elif p.kind == ecm.KIND:
        ecm.react(state, a.side, a.unit if isinstance(a, Jam) else None, ctx)
    elif p.kind == teleporting.DISRUPT:
        teleporting.react(state, a.side, a.unit if isinstance(a, Jam) else None, ctx, HANDLERS)
    elif isinstance(a, Done):
        reaction.resume(state, ctx, HANDLERS, cut=False)
    else:
        raise Refusal(f"first: {p.prompt}")


def react_psi(state: HwState, p: Pause, a: PsiReveal, ctx: Context) -> None:
    if a not in psi_choices(state, a.side):
        psionics.psionic(state, a.side, a.unit)  # says why, when the unit is the reason
        raise Refusal(f"that psionic pip cannot be used on this: {p.prompt}")
    psi = state.units[a.unit]
    if a.simulate:
        use = {"use": "sim_ads" if a.simulate == "ads" else ("sim_order" if p.kind == ecm.KIND else "sim_disrupt")}
    elif a.reroll:
        use = {"use": "reroll", "die": a.reroll}
    else:
        use = {"use": "cancel_pip" if p.kind == psionics.PIP else "cancel_fire"}
    if a.reroll in ("cqb", "ecm"):  # whose die: the unit at `at`
        use["unit"] = state.unit_at(Hex(*a.at)).id
    if not psionics.begin(state, a.side, psi, use, ctx):
        work(state, psi, use, ctx)
