"""Shots, sprays and fights played out on the table: the procedures applied to models, fates, coup de grâce."""

from __future__ import annotations

from rules.core import Context
from rules.events import Changed, Eliminated, Message, Moved
from rules.hexgrid import Hex, area
from rules.rulesets.skirmish.procedures import cleanup as cu
from rules.rulesets.skirmish.procedures import cqc
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.procedures.shooting import Fate, TargetResult, resolve_shot, shot_for, will_check
from rules.rulesets.skirmish.procedures.roll import tn_of
from rules.rulesets.skirmish.state import PendingMelee, SkirmState
from rules.rulesets.skirmish.units import SkirmUnit

SPRAY_RADIUS = 3
"""'a 6” diameter area': the target hex and every hex within 3 of it (SKIRM-A21)."""


def hurt(state: SkirmState, ctx: Context, u: SkirmUnit, fate: Fate, why: str) -> None:
    """Apply a fate: downed models are tipped over, dead ones removed (text #5A)."""
    if fate == "downed" and not u.downed:
        u.downed = True
        u.overwatch = False
        u.hurt_this_turn = True
        ctx.emit(Changed(unit=u.id, field="downed", before=False, after=True, why=why))
    elif fate == "dead":
        u.eliminated = True
        u.hurt_this_turn = True
        ctx.emit(Eliminated(unit=u.id, why=why))
    else:
        return
    if state.acting is not None and state.acting.unit == u.id:
        state.acting.man_down = True


def suppress(ctx: Context, u: SkirmUnit, why: str) -> None:
    """'if it fails it is suppressed'; 'Suppression removes ‘overwatch’ status'."""
    if not u.suppressed:
        u.suppressed = True
        ctx.emit(Changed(unit=u.id, field="suppressed", before=False, after=True, why=why))
    if u.overwatch:
        u.overwatch = False
        ctx.emit(Changed(unit=u.id, field="overwatch", state="on overwatch", before=True, after=False, why="suppressed"))


def fall(state: SkirmState, ctx: Context, u: SkirmUnit, to: Hex, levels: int, why: str) -> None:
    """`u` falls `levels` to `to`, the foot of its climb: 'use agility to make a saving throw each 1”/model
    height beyond the first' (text #4 'Falling Damage'; SKIRM-A14). A downed model downed again dies (SKIRM-A12).
    If another model stands at the foot, the faller stays where it is (hexwar)."""
    if to != u.at and state.unit_at(to) is None:
        ctx.emit(Moved(unit=u.id, path=(u.at, to)))
        u.at = to
    ctx.emit(Message(message=f"{u.name} falls {levels}\" ({why})"))
    f = cu.falling(ctx.dice, u.stats.agility, max(levels - 1, 0), side=u.side, unit=u.id)
    if f == "downed" and u.downed:
        f = "dead"
    if f != "none":
        hurt(state, ctx, u, f, "fell")  # type: ignore[arg-type]


def coup_de_grace(state: SkirmState, ctx: Context) -> None:
    """'Any enemy in base contact with a downed mini automatically kills it' - at once (SKIRM-A27)."""
    for u in list(state.units.values()):  # `downed` (a field) before `on_map` (a property): asked at every step
        if u.downed and u.on_map and any(not e.downed and e.at.distance(u.at) == 1 for e in state.enemies(u.side)):
            hurt(state, ctx, u, "dead", "coup de grâce")


def fire(state: SkirmState, ctx: Context, shooter: SkirmUnit, shots: list[Hex], *, moved: int, aim: str = "none",
         overwatch: bool = False, spray_at: Hex | None = None) -> None:
    """One attack: each hit roll at the model in its hex, then fates, then Will checks (text #5, #5A, #5-ish)."""
    results: dict[str, TargetResult] = {}
    downed_before: dict[str, bool] = {}
    for h in shots:
        t = state.unit_at(h)
        if t is None or t.side == shooter.side:
            ctx.emit(Message(message=f"{shooter.name}'s shot at {h} finds no target"))
            continue
        sit = fld.situation(state, shooter, h, moved=moved, shots=len(shots), spray=spray_at is not None,
                            aim=aim, overwatch=overwatch)
        shot = shot_for(shooter.stats.shooting, sit, t.stats.wound_tn)
        downed_before.setdefault(t.id, t.downed)
        resolve_shot(ctx.dice, shot, results.setdefault(t.id, TargetResult()), side=shooter.side, unit=shooter.id,
                     target=t.id)
    zone: list[SkirmUnit] = []
    if spray_at is not None:
        near = set(area(spray_at, SPRAY_RADIUS))
        zone = [e for e in state.enemies(shooter.side) if e.at in near and not e.downed]
    checks: list[SkirmUnit] = []
    for tid, r in results.items():
        t = state.units[tid]
        f = r.fate(downed_before[tid])
        hurt(state, ctx, t, f, f"shot by {shooter.name}")
        if f == "unhurt" and not downed_before[tid]:
            checks.append(t)
    checks += [z for z in zone if z.id not in results or results[z.id].hits == 0]
    for t in checks:
        if t.on_map and not t.downed and not will_check(ctx.dice, t.stats.willpower, side=t.side, unit=t.id):
            suppress(ctx, t, "under fire")
    coup_de_grace(state, ctx)


def allies(state: SkirmState, fighter: SkirmUnit, enemy: SkirmUnit) -> int:
    """'Allies add an extra +1 dice': friends of `fighter` standing in contact with `enemy`."""
    return sum(1 for f in state.standing(fighter.side)
               if f.id != fighter.id and not f.fleeing and f.at.distance(enemy.at) == 1)


def fighter(state: SkirmState, u: SkirmUnit, enemy: SkirmUnit, *, active: bool) -> cqc.Fighter:
    _, mod, damage, melee = cqc.weapon_in_cqc(u.stats.weapon, u.stats.melee, u.stats.physique)
    from_rear = active and not ter.in_front(enemy.at, enemy.facing, u.at)
    uphill = active and state.board.height_at(enemy.at) > state.board.height_at(u.at)
    mods = tuple(cqc.cqc_modifiers(mod, from_rear=from_rear, uphill=uphill, suppressed=u.suppressed))
    return cqc.Fighter(cqc=u.stats.cqc, tn=tn_of(mods), mods=mods, dice=1 + allies(state, u, enemy), damage=damage,
                       melee=melee,
                       wound_tn=u.stats.wound_tn, downed=u.downed, willpower=u.stats.willpower)


def fight(state: SkirmState, ctx: Context, attacker: SkirmUnit, defender: SkirmUnit) -> None:
    """Close quarters combat (text #5B): contested roll, forfeit, wound; a standing loser waits on the winner."""
    if not (attacker.on_map and defender.on_map and attacker.at.distance(defender.at) == 1):
        ctx.emit(Message(message=f"{attacker.name} is not in contact with {defender.name}: no fight"))
        return
    a, d = fighter(state, attacker, defender, active=True), fighter(state, defender, attacker, active=False)
    c = cqc.contest(ctx.dice, a, d, sides=(attacker.side, defender.side), units=(attacker.id, defender.id))
    if c.winner is None:
        ctx.emit(Message(message=f"{attacker.name} and {defender.name} both fail: they stay in contact"))
        return
    win, lose = (attacker, defender) if c.winner == "active" else (defender, attacker)
    wf, lf = (a, d) if c.winner == "active" else (d, a)
    if not lose.activated:
        lose.activated = True
        ctx.emit(Changed(unit=lose.id, field="activated", before=False, after=True,
                         why="lost a fight before activating: forfeits its activation"))
    f = cqc.wound_loser(ctx.dice, c, wf, lf, side=win.side, unit=lose.id)
    hurt(state, ctx, lose, f, f"lost the fight with {win.name}" + (" (critical)" if c.critical else ""))
    coup_de_grace(state, ctx)
    if lose.on_map and not lose.downed:
        if not will_check(ctx.dice, lose.stats.willpower, side=lose.side, unit=lose.id):
            suppress(ctx, lose, "lost a fight")
        if win.on_map and not win.downed:
            state.melee = PendingMelee(winner=win.id, loser=lose.id)


def push_back(state: SkirmState, ctx: Context, win: SkirmUnit, lose: SkirmUnit) -> bool:
    """'loser is pushed back a base length/1”': to a free hex 2 from the winner; False if there is none."""
    options = [h for h in lose.at.neighbours()
               if h.distance(win.at) == 2 and state.board.in_bounds(h) and state.unit_at(h) is None
               and ter.step_cost(state.board, lose.at, h) is not None]
    if not options:
        ctx.emit(Message(message=f"{lose.name} has nowhere to be pushed back: the two stay locked"))
        return False
    to = min(options, key=lambda h: (h.distance(lose.at + (lose.at - win.at)), h))
    ctx.emit(Moved(unit=lose.id, path=(lose.at, to)))
    lose.at = to
    return True
