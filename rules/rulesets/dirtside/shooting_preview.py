"""Exact odds before direct fire (§5, §6, §8.3): die-type contests and chit draws (without replacement)
enumerated exactly, each result with what it does to the units it touches."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules import outcomes
from rules.core import Outcome, Preview
from rules.outcomes import DAMAGED, EFFECTS, SYSTEMS_DOWN, UnitEffect
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import combat, odds, vtol
from rules.rulesets.dirtside import fire as fp
from rules.rulesets.dirtside import infantry as inf
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.ladder import name as die_name
from rules.rulesets.dirtside.ladder import shift
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb


ABORTED = "aborted"
"""An aircraft that breaks off its attack."""
UNDER_FIRE = "under fire"
STATUS_WORDS = {ABORTED: "breaks off the attack", "gives way": "gives way at once", "fights": "stands: combat rounds",
                "rallied": "up one level", "repaired": "repaired",
                UNDER_FIRE: "gets an Under Fire marker"}


def unit_words(name: str, e: UnitEffect) -> str:
    """What an outcome does to one unit, made from its effect ('knocked out', '2 teams killed', 'immobilised,
    systems down', 'drops 1 level'); a line names the element it speaks of around these words."""
    parts = []
    if e.loss == "vehicles":
        parts.append("knocked out" if e.losses == 1 else f"{count(e.losses, 'vehicle')} knocked out")
    elif e.loss == "elements":
        parts.append("killed" if e.losses == 1 else f"{count(e.losses, 'team')} killed")
    elif e.loss == "levels":
        parts.append(f"drops {count(e.losses, 'level')}")
    parts += [STATUS_WORDS.get(s, s) for s in e.status]
    return ", ".join(parts) or "unhurt"


def outcome_words(outcome: Outcome, names: Mapping[str, str]) -> str:
    """Dirtside's words of an outcome (the contract's `outcome_words`), made from its effects; where it touches
    more than one unit, each unit's words after its name."""
    if len(outcome.units) + len(outcome.sides) > 1:
        return outcomes.outcome_words(outcome, names, lambda name, e: f"{name}: {unit_words(name, e)}")
    return outcomes.outcome_words(outcome, names, unit_words)


def fire_preview(state: DSState, firer: DSUnit, target: DSUnit, *, opportunity: bool = False) -> Preview:
    outcomes: list[Outcome] = []
    notes: list[str] = []
    modifiers: list[str] = []
    moved = state.current == firer.id and state.moved
    fast = state.current == firer.id and state.spent > firer.bmf() / 2
    plan = list(combat.shots(state, firer, target, moved=moved, opportunity=opportunity))
    ff = [(e.troop, e.team) for e, _, kind in plan if kind == "firefight"]
    if ff:
        outcomes += firefight_outcomes(state, firer, target, ff, notes)
    for e, wpn, kind in plan:
        if kind == "firefight":
            continue
        label = f"{e.name} {wpn.type}" + (f"/{wpn.cls}" if wpn.type not in ("IAVR", "APSW") and not wpn.type.startswith("GMS") else "")
        if kind == "infantry":
            rule = w.versus_infantry(wpn.type, wpn.cls, firer.at.distance(target.at),
                                     house_rfac=state.options.get("house_rfac", True))
            te = target.infantry()[0]
            p = 1 - (1 - odds.infantry_kill(rule[0], rule[1], te.kill())) ** wpn.barrels
            outcomes.append(Outcome(chance=p, units=(element_lost(target),),
                                    event=f"{label} at {te.name or 'a team'} (automatic hit): {EFFECTS}"))
            continue
        te = target.vehicles()[0]
        if wpn.type == "IAVR":
            valid, _ = w.vehicle_validity("IAVR", 0, te.design.armour_kind, apfc=te.design.apfc)
            dist = odds.vehicle(2, valid, combat.facing_armour(target, te, firer.at))
            p_hit = Fraction(1)
        elif wpn.type.startswith("GMS"):
            from rules.rulesets.dirtside.ladder import ECM_DIE, SYSTEM_DIE
            defence = (ECM_DIE[combat.effective_ecm(target, te)],) + ((SYSTEM_DIE[te.design.pds],) if te.design.pds else ())
            p_hit = odds.contest(SYSTEM_DIE[wpn.guidance], defence)
            cover = combat.ads_cover(state, target)
            for q in cover:  # each covering ADS must miss it first (§7.2)
                p_hit *= 1 - odds.contest(SYSTEM_DIE[q], (SYSTEM_DIE[wpn.guidance],))
            valid = w.vehicle_validity(wpn.type, 0, te.design.armour_kind)[0]
            dist = odds.vehicle(w.vehicle_chits(wpn.type, 0), valid, combat.facing_armour(target, te, firer.at))
            notes.append(f"{label}: guidance d{SYSTEM_DIE[wpn.guidance]} against "
                         + " / ".join(f"d{d}" for d in defence)
                         + (f", after {count(len(cover), 'covering ADS vehicle')} (" + ", ".join(cover) + ")"
                            if cover else ""))
        else:
            shot = combat.shot_for(state, firer, e, wpn, target, te, fast=fast)
            more, note = shot_outcomes(shot, label, target=target, firer=firer.id)
            outcomes += more
            notes.append(note)
            modifiers += [f"{label}: {m}" for m in shot.modifiers()]
            if wpn.type == "SLAM" and shot.band() in fp.SLAM_SPREAD:
                outcomes += slam_spread_outcomes(state, firer, wpn, target, te, shot)
            continue
        outcomes += hit_outcomes(label, p_hit, dist, target=target, firer=firer.id)
    lad = vtol.lad_weapons(state, firer, target)
    if lad:  # the target's LAD fires first at the attacking VTOL (§11.2): the shots above need it to miss
        from rules.rulesets.dirtside import air
        e = firer.stats.alive()[0]
        fate = vtol.zad_odds(air.lad_die(lad), vtol.pilot_dice(firer), e.armour(), 2)
        outcomes = [o.model_copy(update={"chance": o.chance * fate["miss"]}) for o in outcomes]
        after = {"abort": "", "damaged": " (then it fires damaged)", "destroyed": ""}
        hurt = {"abort": UnitEffect(unit=firer.id, status=(ABORTED,)),
                "damaged": UnitEffect(unit=firer.id, status=(DAMAGED,)), "destroyed": element_lost(firer, vehicle=True)}
        outcomes = [Outcome(chance=fate[k], units=(hurt[k],), event=f"{target.name}'s LAD: the lead VTOL {EFFECTS}{after[k]}")
                    for k in after if fate[k]] + outcomes
        notes.append(f"{target.name}'s LAD (d{air.lad_die(lad)}) fires first; each shot above needs it to miss "
                     f"({float(fate['miss']) * 100:.1f}%)")
    riders = sum(len(u.infantry()) for u in state.units.values() if u.stats.aboard == target.id and u.alive)
    if riders:
        notes.append(f"{count(riders, 'team')} on board: each lost on a d6 of 6 if its carrier is damaged, 3-6 if it is "
                     f"knocked out, all if it blows up (BOOM)")
    return Preview(title=f"{with_verb(firer.name, 'fires', 'fire')} at {target.name}",
                   dice="chits drawn without replacement from 119",
                   modifiers=tuple(modifiers), outcomes=tuple(outcomes), notes=tuple(notes))


def firefight_outcomes(state: DSState, firer: DSUnit, target: DSUnit, ff: list[tuple[str, str]],
                       notes: list[str]) -> list[Outcome]:
    """The target's teams lost to a ranged firefight (§8.3), with the effectiveness roll in the notes."""
    die = shift(firer.stats.die(), -1 if firer.stats.under_fire else 0) or 4
    lead = firer.stats.leadership
    position = combat.firefight_position(state, target)
    valid = w.firefight_validity(position)
    teams = target.infantry()
    levels, dead = odds.firefight(ff, [t.kill() for t in teams], valid, die, lead)
    roll = ("commandos do not roll: all fire" if inf.all_commandos(ff) else
            f"d{die}{' (one type down: Under Fire)' if firer.stats.under_fire else ''} against Leadership {lead}: "
            + ", ".join(f"{lv} {float(p) * 100:.1f}%" for lv, p in sorted(levels.items(), key=lambda kv: -kv[1])))
    notes.append(f"firefight effectiveness (§8.3): {roll}")
    notes.append(f"{count(len(ff), 'team')} able to fire, {'+'.join(sorted(valid))} chits count against a target "
                 f"{position.replace('_', ' ')}")
    return [Outcome(chance=p, units=(element_lost(target, k),), event=f"firefight against {count(len(teams), 'team')}: {'one ' if k == 1 else ''}{EFFECTS}") if k
            else Outcome(label=f"firefight kills 0 teams of {len(teams)}", chance=p) for k, p in sorted(dead.items())]


def slam_spread_outcomes(state: DSState, firer: DSUnit, wpn, target: DSUnit, te, shot: fp.Shot) -> list[Outcome]:
    """A SLAM salvo that hits (with no F chit in its draws) catches each other element near the target on a d6
    (§5.6): the exact chance of each result for each of them."""
    fdie, tdice = shot.dice()
    valid, scale = shot.validity()
    p_f = odds.vehicle(shot.chits(), valid, shot.armour, scale).get("F", Fraction(0))
    hits = odds.hits_per_barrel(fdie, tdice, shot.barrels)
    trigger = sum((p * (1 - p_f) ** k for k, p in hits.items() if k), Fraction(0))
    need = fp.SLAM_SPREAD[shot.band()][1]
    caught = Fraction(7 - need, 6)
    out = []
    for u, x in combat.slam_caught(state, target, te, shot.band()):
        who = f"SLAM spread: {u.name} {x.name or 'element'}: {EFFECTS}"
        if x.vehicle:
            v, _ = w.vehicle_validity("SLAM", shot.band(), x.design.armour_kind)
            dist = odds.vehicle(wpn.cls, v, combat.facing_armour(u, x, firer.at))
            out += [Outcome(chance=trigger * caught * q, units=draw_effect(k, u), event=who)
                    for k, q in dist.items() if k not in ("no damage", "F") and q]
        else:
            q = odds.infantry_kill(wpn.cls, ch.YELLOW, x.kill())
            out.append(Outcome(chance=trigger * caught * q, units=(element_lost(u),), event=who))
    return out


HEADLINE = {"F": "Firer Zapped (the shot is void, the firer goes Systems Down)"}
"""A draw's headline in words, where the key is a chit's letter (§6.1: the house rules' name for F)."""


def hit_outcomes(label: str, p_hit: Fraction, dist: dict[str, Fraction], *, target: DSUnit | str | None = None,
                 firer: str | None = None) -> list[Outcome]:
    """A hit's draws in words, with their effects on the target (a unit, or its id) and the firer (its id); the
    resolver gives neither."""
    out = [drawn(p_hit * dist[k], draw_effect(k, target, firer), f"{label} hits: " + HIT_WORDS.get(k, EFFECTS),
                 f"{label} hits: {HEADLINE.get(k, k)}") for k in ("knocked out", "damaged", "F", "no damage") if dist.get(k)]
    return out + [Outcome(label=f"{label} misses", chance=1 - p_hit)]


HIT_WORDS = {"F": f"Firer Zapped (the shot is void; the firer: {EFFECTS})"}
"""The words around a hit's effects where they need more than the effects say."""


def drawn(chance: Fraction, units: tuple[UnitEffect, ...], event: str, label: str) -> Outcome:
    """A draw's outcome: with effects (words made from them, `event` around them) or, where nothing names the
    units (the resolver), named by `label`."""
    return Outcome(chance=chance, units=units, event=event) if units else Outcome(label=label, chance=chance)


def element_lost(unit, n: int = 1, vehicle: bool | None = None) -> UnitEffect:
    """`n` elements of `unit` (a unit, or its id) lost, vehicles or teams (`vehicle`; None: as its first element);
    the unit is gone when they were all it had left."""
    if isinstance(unit, str):
        return UnitEffect(unit=unit, losses=n, loss="vehicles" if vehicle else "elements")
    vehicle = unit.stats.alive()[0].vehicle if vehicle is None and unit.stats.alive() else vehicle
    return UnitEffect(unit=unit.id, losses=n, loss="vehicles" if vehicle else "elements",
                      eliminated=n >= len(unit.stats.alive()))


def draw_effect(result: str, target, firer: str | None = None) -> tuple[UnitEffect, ...]:
    """What one draw's result does: an element of the target knocked out or damaged, or (an F chit) the firer
    put Systems Down. `target` is a unit or its id; none (the resolver) gives no effects."""
    if target is None:
        return ()
    if result in ("knocked out", "killed", "destroyed"):
        return (element_lost(target, vehicle=result != "killed"),)
    if result == "damaged":
        return (UnitEffect(unit=target if isinstance(target, str) else target.id, status=(DAMAGED,)),)
    if result == "F" and firer is not None:
        return (UnitEffect(unit=firer, status=(SYSTEMS_DOWN,)),)
    return ()


def shot_outcomes(shot: fp.Shot, label: str, *, target: DSUnit | str | None = None,
                  firer: str | None = None) -> tuple[list[Outcome], str]:
    """One weapon system's direct fire at a vehicle: the chance that at least one barrel hits, times each
    result of one hit's draw (§5.1, §6.4); the game's preview and the resolver both read this."""
    fdie, tdice = shot.dice()
    hits = odds.hits_per_barrel(fdie, tdice, shot.barrels)
    p_hit = 1 - hits.get(0, Fraction(0))
    valid, scale = shot.validity()
    dist = odds.vehicle(shot.chits(), valid, shot.armour, scale)
    note = (f"{label}: {die_name(fdie)} against " + " / ".join(f"d{d}" for d in tdice)
            + f", {count(shot.chits(), 'chit')}, {'+'.join(sorted(valid))} count, armour {shot.armour}")
    return hit_outcomes(label, p_hit, dist, target=target, firer=firer), note
