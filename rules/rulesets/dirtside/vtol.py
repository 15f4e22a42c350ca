"""VTOLs: low, high and grounded modes, mode changes paid in movement, what high mode means for sight and fire,
zone air defence against high-mode VTOLs, and pop-up attacks (dsii-core §4.4, §11.1, §11.3, §11.5; house rules
'Air defense systems' and 'Aerospace air to air combat' for SAMs, AAMs and evasion)."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.rulesets.dirtside import air
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import morale, odds, smoke
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.ladder import SYSTEM_DIE
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, is_vtol
from rules.words import with_verb

MODES = ("grounded", "low", "high")
POP_UP_DIE = 6
"""Popping up under opportunity fire: a d6 secondary die (§4.4, §5.3)."""


def high(unit: DSUnit) -> bool:
    return unit.stats.mode == "high" and is_vtol(unit)  # the field first: asked of every unit at every step


def mode_cost(unit: DSUnit, to: str) -> float | None:
    """Movement a mode change costs: half the move to an adjacent mode, the whole move from high straight to
    grounded (and back [R]); None when it is no change (§4.4)."""
    here = unit.stats.mode
    if to == here or to not in MODES:
        return None
    steps = abs(MODES.index(to) - MODES.index(here))
    return unit.bmf() / 2 if steps == 1 else unit.bmf()


def ads_near(state: DSState, unit: DSUnit) -> list[DSUnit]:
    """Enemy units with an active ADS within 36 hexes of the VTOL, with sight (§11.1, §14.5)."""
    out = []
    for u in state.units.values():
        if u.side == unit.side or not u.on_map or not u.stats.sensors:
            continue
        if any(e.design.ads and not e.systems_down for e in u.vehicles()) and u.at.distance(unit.at) <= air.ADS_REACH \
                and sees(state, u, unit):
            out.append(u)
    return out


def climb_problem(state: DSState, unit: DSUnit, to: str) -> str:
    if not is_vtol(unit):
        return f"{with_verb(unit.name, 'is', 'are')} not a VTOL unit"
    cost = mode_cost(unit, to)
    if cost is None:
        return f"{with_verb(unit.name, 'is', 'are')} already in {to} mode" if to in MODES \
            else f"{to} is not a VTOL mode"
    if to == "high" and unit.stats.forced_low and ads_near(state, unit):
        return (f"{with_verb(unit.name, 'was', 'were')} forced down by air defence: it may not climb back in sight "
                "and range of an active ADS")
    return ""


def change_mode(state: DSState, unit: DSUnit, to: str, ctx: Context) -> None:
    why = climb_problem(state, unit, to)
    if why:
        raise Refusal(why)
    cost = mode_cost(unit, to)
    if state.spent + cost > unit.bmf():
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} {unit.bmf() - state.spent:g} movement left and the "
                      f"change to {to} costs {cost:g}")
    before = unit.stats.mode
    unit.stats.mode = to
    state.spent += cost
    ctx.emit(Changed(unit=unit.id, field="VTOL mode", before=before, after=to, why=f"costs {cost:g} movement"))


def drop_low(unit: DSUnit, ctx: Context, why: str) -> None:
    if unit.stats.mode == "high":
        unit.stats.mode = "low"
        ctx.emit(Changed(unit=unit.id, field="VTOL mode", before="high", after="low", why=why))


def sees(state: DSState, a: DSUnit, b: DSUnit) -> bool:
    """High-mode VTOLs see, and are seen from, every hex (§11.5, §14.3), and so does a VTOL popping up for its
    attack and the answering opportunity fire [R]; smoke still blocks every sensor [R]."""
    if high(a) or high(b) or state.popup in (a.id, b.id):
        cloud = smoke.hexes(state)
        return a.at.distance(b.at) <= 60 and not any(h in cloud for h in ter._line(a.at, b.at))
    return smoke.sees(state, a.at, b.at)


def zad(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Zone air defence at a high-mode VTOL unit: each active ADS within 36 fires once a turn, with no
    activation (§11.1). The unit tests once for each (reaction +1): failing, it loses a confidence level and
    drops to low mode; passing, the ADS fires at its first element: lower misses; equal aborts (it drops to low
    mode [R]); higher draws 2/3/4 chits, all colours, specials ignored: equal to armour damages the element,
    more destroys it (§11.3)."""
    if not high(unit) or not unit.alive:
        return  # before looking for air defence: every move and every combat action asks
    for ads in ads_near(state, unit):
        for i, e in enumerate(ads.vehicles()):
            key = f"{ads.id}:{i}>{unit.id}"
            if not high(unit) or not unit.alive:
                return
            if not e.design.ads or e.systems_down or key in state.zad_done:
                continue
            state.zad_done.append(key)
            r = morale.reaction_test(unit.stats.die(), unit.stats.leadership, morale.AIR_DEFENCE, ctx.dice,
                                     side=unit.side, unit=unit.id, why="air defence reaction test")
            if not r.passed:
                cas.set_confidence(state, unit, morale.drop(unit.stats.confidence, 1), ctx, "failed its air defence test")
                unit.stats.forced_low = True
                drop_low(unit, ctx, "failed its air defence test")
                return
            target = unit.stats.alive()[0]
            shot = air.air_defence_fire(SYSTEM_DIE[e.design.ads], air.ADS_CHITS[e.design.ads], pilot_dice(unit),
                                        target.armour(), ctx.dice, pool=state.pool, side=ads.side, unit=ads.id)
            _result(state, unit, target, shot.outcome, ctx)


def lad_weapons(state: DSState, attacker: DSUnit, target: DSUnit) -> int:
    """LAD weapons of `target` that may fire at the attacking VTOL unit: only in self-defence, within 12 (§11.2)."""
    if not is_vtol(attacker) or target.at is None or attacker.at is None:
        return 0
    if target.at.distance(attacker.at) > air.LAD_REACH:
        return 0
    return sum(1 for e in target.stats.alive() if not e.systems_down
               and ((e.kind == "infantry" and e.team == "lad") or (e.design and e.design.lad)))


def lad_defends(state: DSState, attacker: DSUnit, target: DSUnit, ctx: Context) -> bool:
    """The target unit's LAD fires at the VTOL attacking it, before the attack, at its first element: the LAD die
    (d6, one type up per extra weapon) against the pilot dice, 2 chits on a hit; no reaction test (§11.2-11.3).
    Returns True when the attack is broken off: a tie aborts it [R], or no VTOL of the unit is left."""
    n = lad_weapons(state, attacker, target)
    if not n:
        return False
    e = attacker.stats.alive()[0]
    shot = air.air_defence_fire(air.lad_die(n), 2, pilot_dice(attacker), e.armour(), ctx.dice, pool=state.pool,
                                side=target.side, unit=target.id)
    if shot.outcome == "abort":
        ctx.emit(Message(message=f"{with_verb(attacker.name, 'breaks', 'break')} off its attack under "
                                 f"{target.name}'s LAD fire [R]"))
        return True
    if shot.outcome == "miss":
        ctx.emit(Message(message=f"{target.name}'s LAD misses {attacker.name}"))
        return False
    before = attacker.stats.alive()
    r = ch.VehicleResult(knocked_out=shot.outcome == "destroyed", damaged=shot.outcome == "damaged")
    cas.apply_vehicle(state, attacker, e, r, ctx)
    cas.after_losses(state, attacker, before, ctx, vehicle_hit=True)
    return not attacker.alive


def pilot_dice(unit: DSUnit) -> tuple[int, ...]:
    """The VTOL's die against air defence: command-marker colour die stepped by nerve, plus its ECM die."""
    e = unit.stats.alive()[0]
    ecm = e.design.ecm if e.design else "none"
    return (air.pilot_die(unit.stats.quality, unit.stats.leadership),) + ((SYSTEM_DIE[ecm],) if ecm != "none" else ())


def _result(state: DSState, unit: DSUnit, e, outcome: str, ctx: Context) -> None:
    if outcome == "miss":
        ctx.emit(Message(message=f"air defence misses {unit.name}"))
        return
    if outcome == "abort":
        drop_low(unit, ctx, "aborts under air defence fire [R]")
        return
    before = unit.stats.alive()
    r = ch.VehicleResult(knocked_out=outcome == "destroyed", damaged=outcome == "damaged")
    cas.apply_vehicle(state, unit, e, r, ctx)
    cas.after_losses(state, unit, before, ctx, vehicle_hit=True)


def zad_odds(die: int, pilot: tuple[int, ...], armour: int, chits: int) -> dict[str, Fraction]:
    """Exact chance of each air defence result after a passed test: miss, abort, damaged, destroyed (§11.3);
    `die` is the ADS (or LAD) die, `chits` what a hit draws. Every result is named, a zero chance too."""
    none = Fraction(0)
    return {"miss": none, "abort": none, "damaged": none, "destroyed": none} | odds.air_defence(
        die, chits, tuple(pilot), armour)
