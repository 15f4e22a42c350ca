"""Transports: loading and unloading troops, and the troops on board when their carrier is hit (dsii-core §4.4,
§6.4, §8.3). A carried unit is off the map (`aboard` names its carrier unit) and moves with it."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context, Refusal
from rules.events import Changed, Message, Moved
from rules.hexgrid import Hex
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import count, plural_name, with_verb

ON_BOARD_LOSS = {"damaged": 6, "knocked out": 3}
"""A team on board is lost on a d6 of this or more when its carrier is damaged / knocked out; BOOM kills all;
immobilised or Systems Down: safe (§6.4)."""


def capacity(carrier: DSUnit) -> tuple[int, int]:
    """(teams, powered teams) the carrier unit's working vehicles can carry."""
    vs = carrier.vehicles()
    return sum(e.design.carries_teams for e in vs), sum(e.design.carries_powered for e in vs)


def passengers(state: DSState, carrier: DSUnit) -> list[DSUnit]:
    return [u for u in state.units.values() if u.stats.aboard == carrier.id and u.alive]


def load_problem(state: DSState, carrier: DSUnit, troops: DSUnit | None) -> str:
    if troops is None or troops.side != carrier.side or troops.id == carrier.id:
        return "load a unit of your own"
    if not troops.on_map or troops.stats.activated or troops.vehicles() or not troops.infantry():
        return f"{troops.name} must be unactivated infantry on the table"
    if carrier.at is None or carrier.at.distance(troops.at) > 1:
        return f"{troops.name} must be next to {carrier.name}"
    if vtol_problem(carrier):
        return vtol_problem(carrier)
    teams, powered = capacity(carrier)
    have = [e for u in passengers(state, carrier) for e in u.infantry()] + troops.infantry()
    p = sum(1 for e in have if e.troop == "powered")
    if p > powered or len(have) - p > teams:
        return (f"{with_verb(carrier.name, 'has', 'have')} room for {count(teams, 'team')} and "
                f"{count(powered, 'powered team')}")
    return ""


def _half(state: DSState, carrier: DSUnit, cost: float | None = None) -> float:
    half = carrier.bmf() / 2 if cost is None else cost
    if state.spent + half > carrier.bmf():
        raise Refusal(f"{with_verb(carrier.name, 'has', 'have')} not "
                      f"{'half its move' if cost is None else f'{half:g} of its move'} left to load or unload")
    return half


def unload_cost(carrier: DSUnit, troops: DSUnit) -> float:
    """Half the carrier's move; a hovering (low-mode) VTOL drops one element per half move, so at most two
    teams in one activation; landed (grounded), any number in one half move (§4.4)."""
    from rules.rulesets.dirtside.units import is_vtol
    half = carrier.bmf() / 2
    if is_vtol(carrier) and carrier.stats.mode == "low":
        return half * len(troops.infantry())
    return half


def vtol_problem(carrier: DSUnit) -> str:
    from rules.rulesets.dirtside.units import is_vtol
    if is_vtol(carrier) and carrier.stats.mode == "high":
        return f"{with_verb(carrier.name, 'is', 'are')} in high mode: it must come down to hover or land first"
    return ""


def load(state: DSState, carrier: DSUnit, troops: DSUnit, ctx: Context) -> None:
    """Loading costs half the carrier's move; the troops' half move is their activation [R] (§4.4)."""
    why = load_problem(state, carrier, troops)
    if why:
        raise Refusal(why)
    state.spent += _half(state, carrier)
    troops.stats.aboard, troops.at = carrier.id, None
    troops.stats.activated = True
    ctx.emit(Changed(unit=troops.id, field="aboard", before="", after=carrier.name, why="loaded"))


def unload(state: DSState, carrier: DSUnit, troops: DSUnit, at: Hex, ctx: Context) -> None:
    """Unloading costs half the carrier's move; the troops get out into a free hex next to it and count as
    activated [R] (§4.4)."""
    from rules.rulesets.dirtside.movement import enterable
    if troops is None or troops.stats.aboard != carrier.id:
        raise Refusal(f"that unit is not aboard {carrier.name}")
    if carrier.at is None or carrier.at.distance(at) != 1 or not state.board.in_bounds(at):
        raise Refusal(f"the troops get out next to {carrier.name}")
    if state.unit_at(at) is not None:
        raise Refusal(f"{at} is taken")
    if vtol_problem(carrier):
        raise Refusal(vtol_problem(carrier))
    cost = _half(state, carrier, unload_cost(carrier, troops))
    troops.at = at
    if not enterable(state, troops, at):
        troops.at = None
        raise Refusal(f"the troops cannot get out into {at}")
    state.spent += cost
    troops.stats.aboard = None
    troops.stats.activated = True
    ctx.emit(Moved(unit=troops.id, path=(carrier.at, at), plural=plural_name(troops.name)))


def unload_hexes(state: DSState, carrier: DSUnit, troops: DSUnit) -> list[Hex]:
    from rules.rulesets.dirtside.movement import enterable
    out = []
    for h in carrier.at.neighbours() if carrier.at else []:
        if state.board.in_bounds(h) and state.unit_at(h) is None:
            troops.at = h
            ok = enterable(state, troops, h)
            troops.at = None
            if ok:
                out.append(h)
    return out


def _kill(unit: DSUnit, e: Element, ctx: Context, why: str) -> None:
    e.lost = True
    ctx.emit(Message(message=f"{unit.name}: {e.name} is lost ({why})"))


def seats(state: DSState, carrier: DSUnit, e: Element) -> list[tuple[DSUnit, Element]]:
    """The teams riding in vehicle `e`: teams fill the carrier's vehicles in order, each up to its capacity [R]."""
    riders = [(u, t) for u in passengers(state, carrier) for t in u.infantry()]
    start = 0
    for v in carrier.stats.elements:
        if not v.vehicle or not v.design:
            continue
        n = v.design.carries_teams + v.design.carries_powered
        if v is e:
            return riders[start:start + n]
        if v.alive or v is e:
            start += n
    return []


def loss_chance(result: str) -> Fraction:
    need = ON_BOARD_LOSS.get(result)
    return Fraction(1) if result == "boom" else Fraction(7 - need, 6) if need else Fraction(0)


def carrier_hit(state: DSState, riders: list[tuple[DSUnit, Element]], result: str, ctx: Context) -> None:
    """Each team on board: safe (immobilised, Systems Down), lost on 6 (damaged), on 3-6 (knocked out), all lost
    (BOOM) (§6.4)."""
    need = ON_BOARD_LOSS.get(result)
    for u, t in riders:
        if not t.alive:
            continue
        if result == "boom":
            _kill(u, t, ctx, "its carrier blew up")
        elif need is not None:
            r = ctx.dice.roll(1, 6, "on board", side=u.side, unit=u.id, need=need, test=">=", rule="§6.4",
                              outcome=lambda f: "lost" if f[0] >= need else "safe")[0]
            if r >= need:
                _kill(u, t, ctx, f"on board a {result} carrier")
    for u in {u.id: u for u, _ in riders}.values():
        if not u.alive:
            u.eliminated = True


def bail_out(state: DSState, carrier: DSUnit, ctx: Context) -> None:
    """Troops whose carrier unit has no vehicle left get out: into its hex if the carrier unit is gone, else a
    free hex next to it; with no room they are lost with it [R]."""
    if carrier.vehicles() or carrier.at is None:
        return
    for u in passengers(state, carrier):
        spots = [] if carrier.alive else [carrier.at]
        spots += [h for h in unload_hexes(state, carrier, u) if h not in spots]
        spots = [h for h in spots if state.unit_at(h) is None]
        if not spots:
            for t in u.infantry():
                _kill(u, t, ctx, "trapped in the wreck")
            u.eliminated = True
            continue
        u.stats.aboard, u.at = None, spots[0]
        ctx.emit(Message(message=f"{with_verb(u.name, 'gets', 'get')} out of the wreck at {u.at}"))


APSW_RANGE = 12
"""An APSW team reaches 12 (§8.2); rifle teams their troop type's firefight range (§8.1)."""


def apc(state: DSState, troops: DSUnit) -> DSUnit | None:
    """The carrier unit when it is an APC or MICV on the table: an armoured ground vehicle unit, not a VTOL [R:
    armour 0 is a truck, whose troops may not fire] (§8.3)."""
    from rules.rulesets.dirtside.units import is_vtol
    carrier = state.units.get(troops.stats.aboard or "")
    if carrier is None or not carrier.on_map or not carrier.vehicles() or is_vtol(carrier):
        return None
    return carrier if all(e.armour() > 0 for e in carrier.vehicles()) else None


def reach(troops: DSUnit) -> int:
    from rules.rulesets.dirtside.infantry import FIREFIGHT_RANGE, can_firefight
    return max((APSW_RANGE if e.team == "apsw" else FIREFIGHT_RANGE[e.troop] for e in troops.infantry()
                if can_firefight(e.team)), default=0)


def fire_problem(state: DSState, troops: DSUnit, target: DSUnit | None) -> str:
    """'' when the troops may fire from their APC at `target`, else why not."""
    from rules.rulesets.dirtside.smoke import sees
    carrier = apc(state, troops)
    if carrier is None:
        return f"{troops.name} may fire only from an APC or MICV on the table (not from trucks or VTOLs)"
    if not reach(troops):
        return f"{with_verb(troops.name, 'has', 'have')} no rifle or APSW team to fire"
    if troops.stats.confidence == "RO":
        return f"{with_verb(troops.name, 'is', 'are')} Routed and may not fire"
    if target is None or target.side == troops.side or not target.on_map or not target.infantry():
        return "troops firing from their APC can only harass enemy infantry"
    if carrier.at.distance(target.at) > reach(troops) or not sees(state, carrier.at, target.at):
        return f"{with_verb(target.name, 'is', 'are')} out of {troops.name}'s reach or sight ({reach(troops)} hexes)"
    return ""


def fire_from_carrier(state: DSState, troops: DSUnit, target: DSUnit, ctx: Context) -> None:
    """Infantry in an APC or MICV may fire from it, but the fire is always ineffective: the target gets an Under
    Fire marker and nothing else (§8.3)."""
    why = fire_problem(state, troops, target)
    if why:
        raise Refusal(why)
    ctx.emit(Message(message=f"{troops.name} fire from {apc(state, troops).name} at {target.name}: "
                             f"ineffective (Under Fire only)"))
    if not target.stats.under_fire:
        target.stats.under_fire = True
        ctx.emit(Changed(unit=target.id, field="under fire", before=False, after=True, why="fire from an APC",
                         plural=plural_name(target.name)))
