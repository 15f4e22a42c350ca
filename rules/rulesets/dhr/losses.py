"""The results of a DHR attack applied to the state: casualties and wounds, the morale check
after an attack, retreats away from the attacker, and a unit gone (its attached figures drop out)."""

from __future__ import annotations

from rules.core import Context
from rules.events import Changed, Eliminated, Message, Retreated
from rules.hexgrid import Hex
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.fighters import leader_rating, opt, toughness
from rules.rulesets.dhr.state import DHRState, attached, hosts
from rules.rulesets.dhr.terrain import spec
from rules.rulesets.dhr.units import DHRUnit
from rules.words import plural_name


def _hex_results(state: DHRState, host: DHRUnit, crowd: list[DHRUnit], damages: list, attacker_at: Hex,
                 ctx: Context, *, dv: int, untenable: bool = False) -> None:
    """Casualties on every unit of a hex, then one morale check for the unit (DHR-A23), with the
    figures of the hex lost counted as its casualties (attached figures stick with it)."""
    lr = leader_rating(state, host)  # the Leader in the blow steadies the check, even if he fell in it
    lost = 0
    for f, d in zip(crowd, damages):
        if d is None:
            continue
        lost += d.casualties
        take_casualties(state, f, d.casualties, d.wounds, ctx, d.medic_saved)
    if not host.on_map:
        return
    m = P.morale_check(host.rating, dv, lost, ctx.dice, leader_rating=lr, untenable=untenable,
                       side=host.side, unit=host.id)
    if m.retreat:
        retreat(state, host, m.retreat, attacker_at, ctx)


def _morale(state: DHRState, target: DHRUnit, c: P.Combatant, damage, attacker_at: Hex, ctx: Context) -> None:
    """Morale after every attack, even with no casualties (DHR-A23), once the casualties are off."""
    m = P.after_attack_morale(c, damage, ctx.dice)
    if m is not None and m.retreat and target.on_map:
        retreat(state, target, m.retreat, attacker_at, ctx)


def _apply_fire_result(state: DHRState, target: DHRUnit, damage, morale, attacker_at: Hex, ctx: Context) -> None:
    take_casualties(state, target, damage.casualties, damage.wounds, ctx, damage.medic_saved)
    if morale is not None and morale.retreat and target.on_map:
        retreat(state, target, morale.retreat, attacker_at, ctx)


def take_casualties(state: DHRState, u: DHRUnit, lost: int, wounds: int, ctx: Context, negated: int = 0) -> None:
    if negated:
        ctx.emit(Message(message=f"the medic saves {negated} of {u.name} (DHR-A24)"))
    if toughness(state, u) > 1 and u.wounds != wounds:
        ctx.emit(Changed(unit=u.id, field="wounds", before=u.wounds, after=wounds, why="hits shrugged off"))
        u.wounds = wounds
    if lost <= 0:
        return
    before = u.figures
    u.figures = max(0, u.figures - lost)
    ctx.emit(Changed(unit=u.id, field="figures", before=before, after=u.figures, why="casualties"))
    if u.figures == 0:
        if u.stats.vehicle and opt(state, "vehicles") and u.at not in state.wrecks:
            state.wrecks.append(u.at)
            state.smoke.append(u.at)
        remove_unit(state, u, ctx, "all figures lost")


def retreat(state: DHRState, u: DHRUnit, hexes: int, away_from: Hex, ctx: Context) -> None:
    """Run away from the attacker, one hex per point the check failed by, ignoring terrain
    hindrance (DHR-A12); each step takes the free hex farthest from the attacker. A unit that
    cannot get farther away stops (the hexes it could not take are reported)."""
    if not u.on_map or u.attached_to is not None:
        return
    board = state.board
    occupied = {h for h, v in hosts(state).items() if v.id != u.id}
    start = u.at
    path = [start]
    here = start
    dq, dr = start.q - away_from.q, start.r - away_from.r
    for _ in range(hexes):
        d0 = here.distance(away_from)
        options = [h for h in here.neighbours()
                   if board.in_bounds(h) and h not in occupied and not spec(board.terrain_at(h)).impassable
                   and h.distance(away_from) > d0]
        if not options:
            break
        here = min(options, key=lambda h: (_off_line(h.q - start.q, h.r - start.r, dq, dr), h.r, h.q))
        path.append(here)
    lost = hexes - (len(path) - 1)
    if len(path) > 1:
        u.at = here
        for f in attached(state, u.id):
            f.at = here
    ctx.emit(Retreated(unit=u.id, path=tuple(path), lost=lost, plural=plural_name(u.name)))
    if state.active_unit == u.id:
        state.mp_left = 0


def _off_line(vq: int, vr: int, dq: int, dr: int) -> float:
    """How far the offset (vq, vr) strays from the line through direction (dq, dr), in cube space:
    a retreat runs straight away from the attacker where the map allows."""
    v = (vq, vr, -vq - vr)
    d = (dq, dr, -dq - dr)
    dd = sum(x * x for x in d) or 1
    vd = sum(a * b for a, b in zip(v, d))
    return sum(x * x for x in v) - vd * vd / dd


def remove_unit(state: DHRState, u: DHRUnit, ctx: Context, why: str) -> None:
    """A unit is gone: its attached figures drop out where they stand."""
    u.eliminated = True
    u.figures = 0
    ctx.emit(Eliminated(unit=u.id, why=why))
    for f in attached(state, u.id):
        f.attached_to = None
        ctx.emit(Changed(unit=f.id, field="attached", before=u.id, after=None, why="its unit is gone"))
        # it stands alone in the hex now; if another unit holds it, it is lost with the unit
    if state.active_unit == u.id:
        state.attacked = True
        state.mp_left = 0
