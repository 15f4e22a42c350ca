"""Exact odds before every fire, close assault, call, and test-gated move: the same procedures' inputs, with
die-type contests and chit draws (without replacement) enumerated exactly."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.words import count
from rules.rulesets.dirtside import actions as A
from rules.hexgrid import Hex
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import combat, mines, morale, odds, vtol
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import fire as fp
from rules.rulesets.dirtside import infantry as inf
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.assault import threat_bonus
from rules.rulesets.dirtside.ladder import name as die_name
from rules.rulesets.dirtside.ladder import shift
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit


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
            outcomes.append(Outcome(label=f"{label} kills {te.name or 'a team'} (automatic hit)", chance=p))
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
            more, note = shot_outcomes(shot, label)
            outcomes += more
            notes.append(note)
            modifiers += [f"{label}: {m}" for m in shot.modifiers()]
            if wpn.type == "SLAM" and shot.band() in fp.SLAM_SPREAD:
                outcomes += slam_spread_outcomes(state, firer, wpn, target, te, shot)
            continue
        outcomes += hit_outcomes(label, p_hit, dist)
    lad = vtol.lad_weapons(state, firer, target)
    if lad:  # the target's LAD fires first at the attacking VTOL (§11.2): the shots above need it to miss
        from rules.rulesets.dirtside import air
        e = firer.stats.alive()[0]
        fate = vtol.zad_odds(air.lad_die(lad), vtol.pilot_dice(firer), e.armour(), 2)
        outcomes = [o.model_copy(update={"chance": o.chance * fate["miss"]}) for o in outcomes]
        words = {"abort": "breaks off the attack", "damaged": "damages the lead VTOL (then it fires damaged)",
                 "destroyed": "destroys the lead VTOL"}
        outcomes = [Outcome(label=f"{target.name}'s LAD {words[k]}", chance=fate[k]) for k in words if fate[k]] + outcomes
        notes.append(f"{target.name}'s LAD (d{air.lad_die(lad)}) fires first; each shot above needs it to miss "
                     f"({float(fate['miss']) * 100:.1f}%)")
    riders = sum(len(u.infantry()) for u in state.units.values() if u.stats.aboard == target.id and u.alive)
    if riders:
        notes.append(f"{count(riders, 'team')} on board: each lost on a d6 of 6 if its carrier is damaged, 3-6 if it is "
                     f"knocked out, all if it blows up (BOOM)")
    return Preview(title=f"{firer.name} fires at {target.name}", dice="chits drawn without replacement from 119",
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
    return [Outcome(label=f"firefight kills {count(k, 'team')} of {len(teams)}", chance=p)
            for k, p in sorted(dead.items())]


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
        who = f"SLAM spread: {u.name} {x.name or 'element'}"
        if x.vehicle:
            v, _ = w.vehicle_validity("SLAM", shot.band(), x.design.armour_kind)
            dist = odds.vehicle(wpn.cls, v, combat.facing_armour(u, x, firer.at))
            out += [Outcome(label=f"{who} {HEADLINE.get(k, k)}", chance=trigger * caught * q)
                    for k, q in dist.items() if k not in ("no damage", "F") and q]
        else:
            q = odds.infantry_kill(wpn.cls, ch.YELLOW, x.kill())
            out.append(Outcome(label=f"{who} killed", chance=trigger * caught * q))
    return out


HEADLINE = {"F": "Firer Zapped (the shot is void, the firer goes Systems Down)"}
"""A draw's headline in words, where the key is a chit's letter (§6.1: the house rules' name for F)."""


def hit_outcomes(label: str, p_hit: Fraction, dist: dict[str, Fraction]) -> list[Outcome]:
    out = [Outcome(label=f"{label} hits: {HEADLINE.get(k, k)}", chance=p_hit * dist[k])
           for k in ("knocked out", "damaged", "F", "no damage") if dist.get(k)]
    return out + [Outcome(label=f"{label} misses", chance=1 - p_hit)]


def shot_outcomes(shot: fp.Shot, label: str) -> tuple[list[Outcome], str]:
    """One weapon system's direct fire at a vehicle: the chance that at least one barrel hits, times each
    result of one hit's draw (§5.1, §6.4); the game's preview and the resolver both read this."""
    fdie, tdice = shot.dice()
    hits = odds.hits_per_barrel(fdie, tdice, shot.barrels)
    p_hit = 1 - hits.get(0, Fraction(0))
    valid, scale = shot.validity()
    dist = odds.vehicle(shot.chits(), valid, shot.armour, scale)
    note = (f"{label}: {die_name(fdie)} against " + " / ".join(f"d{d}" for d in tdice)
            + f", {count(shot.chits(), 'chit')}, {'+'.join(sorted(valid))} count, armour {shot.armour}")
    return hit_outcomes(label, p_hit, dist), note


def assault_outcomes(a_die: int, a_lead: int, threat: int, bonus: int, d_die: int, d_lead: int,
                     d_threat: int) -> tuple[Outcome, ...]:
    """One unit's threat test (with the house bonus), then the defender's first test at `d_threat` (§8.5 steps
    2-3)."""
    p_go = odds.test_outcomes(a_die, a_lead, threat, bonus).get(0, Fraction(0))
    return force_outcomes([(p_go, d_threat == 3)], d_die, d_lead)


def force_outcomes(units: list[tuple[Fraction, bool]], d_die: int, d_lead: int,
                   holds: bool = True) -> tuple[Outcome, ...]:
    """The assault goes in when any unit of the force passes its own threat test (each unit tests separately,
    §8.5); `units`: each one's chance to pass and whether it brings powered infantry (the defender's first test
    at +3, else +2). `holds` False: the defender gives way whatever it rolls."""
    p_none, no_powered = Fraction(1), Fraction(1)  # nobody goes in; nobody powered goes in
    for p, powered_troops in units:
        p_none *= 1 - p
        if powered_troops:
            no_powered *= 1 - p
    threats = {2: no_powered - p_none, 3: 1 - no_powered}  # the force is not empty
    p_stand = sum((q * odds.test_outcomes(d_die, d_lead, t).get(0, Fraction(0)) for t, q in threats.items()),
                  Fraction(0)) if holds else Fraction(0)
    return (Outcome(label="the threat test fails: no assault", chance=p_none),
            Outcome(label="the defender gives way at once", chance=1 - p_none - p_stand),
            Outcome(label="the defender stands: combat rounds", chance=p_stand))


def joins(unit: DSUnit, defender: DSUnit) -> Fraction:
    """The chance `unit` passes its own threat test to assault `defender` (§8.5, house bonus included)."""
    s = unit.stats
    return odds.test_outcomes(s.die(), s.leadership, morale.ASSAULT_ATTACKER.get(s.confidence, 3),
                              threat_bonus(unit, defender)).get(0, Fraction(0))


def powered(unit: DSUnit) -> bool:
    return any(e.kind == "infantry" and e.troop == "powered" for e in unit.stats.alive())


def assault_preview(state: DSState, attacker: DSUnit, defender: DSUnit, partners: list[DSUnit] | None = None) -> Preview:
    """A close assault (with any partners of a combined assault, each joining on its own threat test)."""
    s = attacker.stats
    partners = partners or []
    bonus = threat_bonus(attacker, defender)
    threat = morale.ASSAULT_ATTACKER.get(s.confidence, 3)
    d = defender.stats
    notes = [f"threat test: d{s.die()} must beat {s.leadership + threat}" + (f" with +{bonus} (house rule)" if bonus else "")]
    notes += [f"{m.name} joins on {float(joins(m, defender)) * 100:.1f}%" for m in partners]
    if state.options.get("follow_through", False) and not state.followed:
        from rules.rulesets.dirtside.assault import FOLLOW_THREAT
        p = {how: odds.test_outcomes(s.die(), s.leadership, t).get(0, Fraction(0)) for how, t in FOLLOW_THREAT.items()}
        notes.append(f"if it wins, a follow-through (an extra activation) on {float(p['destroyed']) * 100:.1f}% "
                     f"after destroying the defenders, {float(p['withdrew']) * 100:.1f}% after they withdraw")
    routs = d.confidence == "RO" or (d.confidence == "BR" and bool(defender.infantry()) and not defender.vehicles())
    if routs:
        notes.append(f"{defender.name} is routed when assaulted: it gives way at once")
    return Preview(title=f"{attacker.name} assaults {defender.name}", dice=f"d{s.die()} threat test, then rounds",
                   outcomes=force_outcomes([(joins(u, defender), powered(u)) for u in [attacker, *partners]],
                                           d.die(), d.leadership, holds=not routs),
                   notes=tuple(notes))


def artillery_outcomes(battery: str, munition: str, kind: str, guns: int, dug_in: bool, armour: int,
                       kill: int, damaged: bool = False) -> tuple[Outcome, ...]:
    """One element in an effective converged zone: one draw per gun, never added (§9.5). A vehicle reads each
    draw against its top armour (a second DAMAGED knocks it out [R]); an infantry element dies to any draw."""
    valid = w.artillery_validity(munition, kind, dug_in)
    n = art.element_chits(battery, kind)
    if kind != "vehicle":
        p = odds.infantry_kill(n, valid, kill)
        dead = 1 - (1 - p) ** guns
        return (Outcome(label="killed", chance=dead), Outcome(label="unhurt", chance=1 - dead))
    one = odds.vehicle(n, valid, max(0, armour - 1))
    state = {"damaged" if damaged else "unhurt": Fraction(1)}
    for _ in range(guns):
        nxt: dict[str, Fraction] = {}
        for now, p in state.items():
            for k, q in one.items():
                after = "destroyed" if now == "destroyed" or k == "knocked out" or (k == "damaged" and now == "damaged") \
                    else "damaged" if k == "damaged" or now == "damaged" else "unhurt"
                nxt[after] = nxt.get(after, Fraction(0)) + p * q
        state = nxt
    return tuple(Outcome(label=k, chance=state[k]) for k in ("destroyed", "damaged", "unhurt") if state.get(k))


def bombard_preview(state: DSState, battery: DSUnit, at: Hex, munition: str, sheaf: str = "converged") -> Preview | None:
    """The first element of each unit in the zone (effective HEF or MAK: a draw per gun converged, one draw
    open), or each unit's confidence test under harassing fire."""
    from rules.rulesets.dirtside import sheaf as sh
    from rules.rulesets.dirtside import support
    if munition not in ("HEF", "MAK", "harass"):
        return None
    from rules.rulesets.dirtside import ortillery
    cls, guns = support.battery_class(battery), len(support.guns(battery))
    draws = guns if sheaf == "converged" else 1
    first, second = sh.impacts(state, support.line_origin(state, battery, at), at, len(support.tubes(battery)), sheaf)
    where = f"{first}" if first == second else f"{first} to {second} (open sheaf)"
    dice = f"{count(draws, 'draw')} per element, {cls}" if munition != "harass" else "Under Fire and a +0 test"
    notes = ["each unit's first element; every element draws alike"]
    if not ortillery.deviates(state, battery):
        outcomes = [o for _, o in zone_outcomes(state, battery, at, munition, sheaf, draws)]
        if munition in ("HEF", "MAK"):
            from rules.rulesets.dirtside import buildings
            outcomes += [Outcome(label=f"the building at {h} falls",
                                 chance=buildings.bombard_odds(cls, munition, draws, buildings.armour_at(state, h)))
                         for h in buildings.in_zone(state, sh.zone(first, second))]
    else:
        # the exact landing hexes (§9.8): each unit's results summed over them, "outside the zone" where missed
        spots = ortillery.spots(state, at)
        total: dict[str, Fraction] = {}
        hit_by: dict[str, dict[Hex, bool]] = {}
        for h, p in spots.items():
            for name, o in zone_outcomes(state, battery, h, munition, sheaf, draws):
                total[o.label] = total.get(o.label, Fraction(0)) + p * o.chance
                hit_by.setdefault(name, {})[h] = True
        for name, hexes in hit_by.items():
            miss = sum((p for h, p in spots.items() if h not in hexes), Fraction(0))
            if miss:
                total[f"{name}: outside the zone"] = miss
        outcomes = [Outcome(label=k, chance=v) for k, v in total.items()]
        notes.append(f"deviation: on target {float(ortillery.distance_odds()[0]) * 100:.1f}%, else 1 to 7 hexes "
                     f"in one of 6 directions")
    return Preview(title=f"{battery.name}: {munition} on {where}", dice=dice, outcomes=tuple(outcomes),
                   notes=tuple(notes))


def zone_outcomes(state: DSState, battery: DSUnit, at: Hex, munition: str, sheaf: str,
                  draws: int) -> list[tuple[str, Outcome]]:
    """(unit name, outcome) with the impact at `at`: each unit's first element's fate, or its harassing-fire test."""
    from rules.rulesets.dirtside import sheaf as sh
    from rules.rulesets.dirtside import support
    cls = support.battery_class(battery)
    first, second = sh.impacts(state, support.line_origin(state, battery, at), at, len(support.tubes(battery)), sheaf)
    outcomes: list[tuple[str, Outcome]] = []
    for u in sh.units_in(state, sh.zone(first, second)):
        if munition == "harass":
            if u.infantry():
                for k, p in sorted(odds.test_outcomes(u.stats.die(), u.stats.leadership, morale.ARTILLERY_ON_INFANTRY).items()):
                    outcomes.append((u.name, Outcome(label=f"{u.name}: " + ("holds" if k == 0 else f"drops {count(k, 'level')}"),
                                                     chance=p)))
            continue
        e = u.stats.alive()[0]
        kind = "vehicle" if e.vehicle else "infantry"
        for o in artillery_outcomes(cls, munition, kind, draws, state.dug_in(u), e.armour(), e.kill(), e.damaged):
            outcomes.append((u.name, Outcome(label=f"{u.name} {e.name or kind}: {o.label}", chance=o.chance)))
    return outcomes


def call_preview(state: DSState, caller: DSUnit, battery: DSUnit, at: Hex) -> Preview:
    observer = caller.has("observer") or caller.has("commando")
    die = art.call_die(observer, caller.stats.leadership)
    need = art.call_need(battery.stats.off_table)
    p = Fraction(max(0, die - need + 1), die)
    return Preview(title=f"{caller.name} calls {battery.name} on {at}", dice=f"d{die} needing {need}+",
                   outcomes=(Outcome(label="mission placed", chance=p), Outcome(label="no contact", chance=1 - p)))


def move_preview(state: DSState, unit: DSUnit, path: list[Hex] | None = None) -> Preview | None:
    """The reaction test to move (if any), then the minefields met on the way (§2.5, §10.1)."""
    s = unit.stats
    infantry = bool(unit.infantry()) and not unit.vehicles()
    threat = None
    if s.under_fire:
        threat = morale.UNDER_FIRE_INFANTRY if infantry else (1 if state.options.get("vehicles_under_fire_plus1") else 0)
    elif s.confidence == "SH" and infantry:
        threat = morale.SHAKEN_ADVANCE
    met = []
    for h in [unit.at] + list(path or []):
        met += [m for m in mines.fields_at(state, Hex(*h)) if m not in met and m.id not in state.mined]
    if threat is None and not met:
        return None
    p = odds.test_outcomes(s.die(), s.leadership, threat).get(0, Fraction(0)) if threat is not None else Fraction(1)
    outcomes: list[Outcome] = []
    notes: list[str] = []
    if threat is not None:
        outcomes.append(Outcome(label="will not move", chance=1 - p))
    if not met:
        outcomes.insert(0, Outcome(label="moves", chance=p))
    else:
        e = unit.stats.alive()[0]
        notes.append(f"{count(len(met), 'minefield')} on the way: every element draws 2 chits in each "
                     f"(vehicles red + yellow against bottom armour, a DAMAGED result immobilises)")
        if e.vehicle:
            for label, q in mines.vehicle_odds(mines.bottom_armour(e)).items():
                outcomes.append(Outcome(label=f"moves; first mines: {e.name or 'the first vehicle'} {label}",
                                        chance=p * q))
        else:
            q = mines.infantry_odds(e.kill())
            outcomes += [Outcome(label=f"moves; first mines: {e.name or 'the first team'} killed", chance=p * q),
                         Outcome(label=f"moves; first mines: {e.name or 'the first team'} unhurt", chance=p * (1 - q))]
    title = f"{unit.name} moves" + (f" (reaction test +{threat})" if threat is not None else " into mines")
    return Preview(title=title, dice=f"d{s.die()} must beat {s.leadership + threat}" if threat is not None
                   else "2 chits per element, drawn without replacement from 119", outcomes=tuple(outcomes),
                   notes=tuple(notes))


def clear_preview(state: DSState, unit: DSUnit, at: Hex) -> Preview | None:
    m = next((m for m in state.mines if m.at == at), None)
    if m is None or not mines.engineers(unit, m):
        return None
    n = mines.engineers(unit, m)
    p = mines.clear_chance(n)
    return Preview(title=f"{unit.name} clears the minefield at {at}",
                   dice=f"d{mines.clear_die(n)} ({count(n, 'engineer team')}) needing {mines.CLEAR_NEED}+",
                   outcomes=(Outcome(label="cleared", chance=p), Outcome(label="not cleared", chance=1 - p)))


ZAD_FATE = {"miss": "over", "abort": "left", "damaged": "home", "destroyed": "destroyed"}


def flight_fates(flight: list[DSUnit], guns: list) -> dict[tuple[str, ...], Fraction]:
    """The exact joint fate of the flight's craft through the ADS guns in order (as `airops.approach`): before
    each gun every craft still over tests at +1 (failing: it leaves); the gun fires at the craft still over in
    turn. Fates, one per craft in flight order: over, left (turned back or aborted), home (damaged), destroyed."""
    from rules.rulesets.dirtside import air, airops
    from rules.rulesets.dirtside.ladder import SYSTEM_DIE
    tests = [odds.test_outcomes(c.stats.die(), c.stats.leadership, morale.AIR_DEFENCE).get(0, Fraction(0))
             for c in flight]
    shots = [[odds.air_defence(SYSTEM_DIE[e.design.ads], air.ADS_CHITS[e.design.ads], airops.pilot_dice(c),
                               airops.craft(c).armour()) for c in flight] for _, e in guns]
    out: dict[tuple[str, ...], Fraction] = {}

    def go(i: int, status: tuple[str, ...], turn: int, p: Fraction) -> None:
        overs = [k for k, st in enumerate(status) if st == "over"]
        if i == len(guns) or not overs:
            out[status] = out.get(status, Fraction(0)) + p
            return
        for passes in product((True, False), repeat=len(overs)):
            q = p
            st = list(status)
            for k, ok in zip(overs, passes):
                q *= tests[k] if ok else 1 - tests[k]
                st[k] = st[k] if ok else "left"
            present = [k for k in overs if st[k] == "over"]
            if not q:
                continue
            if not present:
                go(len(guns), tuple(st), turn, q)
                continue
            k = present[turn % len(present)]
            for res, r in shots[i][k].items():
                st2 = list(st)
                st2[k] = ZAD_FATE[res]
                go(i + 1, tuple(st2), turn + 1, q * r)

    go(0, ("over",) * len(flight), 0, Fraction(1))
    return out


def zad_fates(flight: list[DSUnit], guns: list) -> dict[str, Fraction]:
    """The fate of the flight's lead craft alone (over, left, home, destroyed), from `flight_fates`."""
    out: dict[str, Fraction] = {}
    for status, p in flight_fates(flight, guns).items():
        out[status[0]] = out.get(status[0], Fraction(0)) + p
    return out


def past_lad(flight: list[DSUnit], fates: dict[tuple[str, ...], Fraction], lad: int) -> dict[tuple[bool, ...], Fraction]:
    """Which craft are still over after the target's LAD (as `airops.attack_run`): the LAD weapons split among the
    craft still over, the odd one to the lead; each craft fired at must be missed to stay."""
    from rules.rulesets.dirtside import air, airops
    out: dict[tuple[bool, ...], Fraction] = {}
    for status, p in fates.items():
        present = [k for k, st in enumerate(status) if st == "over"]
        stays = []
        for i, k in enumerate(present):
            n = lad // len(present) + (1 if i < lad % len(present) else 0)
            c = flight[k]
            stays.append(vtol.zad_odds(air.lad_die(n), airops.pilot_dice(c), airops.craft(c).armour(), 2)["miss"]
                         if n else Fraction(1))
        for kept in product((True, False), repeat=len(present)):
            q = p
            for ok, s in zip(kept, stays):
                q *= s if ok else 1 - s
            if q:
                mask = [False] * len(flight)
                for k, ok in zip(present, kept):
                    mask[k] = ok
                out[tuple(mask)] = out.get(tuple(mask), Fraction(0)) + q
    return out


def element_fate(munition: str, dug_in: bool, e, loads: int) -> dict[str, Fraction]:
    """One element's fate under `loads` dead-fall loads (2 chits each), from the state it is in now."""
    kind = "vehicle" if e.vehicle else "infantry"
    return {o.label: o.chance for o in artillery_outcomes("dfo", munition, kind, loads, dug_in, e.armour(), e.kill(),
                                                           damaged=e.damaged)}


def ordnance_preview(state: DSState, unit: DSUnit, target: DSUnit | None, munition: str) -> Preview | None:
    """The whole flight's loads: the exact chance none, one or two get through zone air defence and the target's LAD
    (each craft in flight order drops while the target unit stands), and each unit's first element's fate in the
    2-hex zone (2 chits a load, the munition's validity; vehicles against top armour)."""
    from rules.rulesets.dirtside import airops
    from rules.rulesets.dirtside import sheaf as sh
    if target is None or target.side == unit.side or not airops.over(unit) or not airops.craft(unit).dfo:
        return None
    flight = airops.flight_of(state, unit)
    path = airops.line_hexes(Hex(target.at.q, 0), target.at)
    lad = sum(1 for e in target.stats.alive() if (e.kind == "infantry" and e.team == "lad") or (e.design and e.design.lad))
    masks = past_lad(flight, flight_fates(flight, airops.zad_guns(state, unit.side, path)), lad)
    loaded = [bool(airops.craft(c).dfo) for c in flight]
    loads: dict[int, Fraction] = {}
    strikes = Fraction(0)  # a craft over with no load left attacks with its gun instead (§11.4)
    for mask, p in masks.items():
        n = sum(1 for over, has in zip(mask, loaded) if over and has)
        loads[n] = loads.get(n, Fraction(0)) + p
        strikes += p if any(over and not has for over, has in zip(mask, loaded)) else 0
    # a later load falls only while the target unit stands: every element of it lost to one load ends the run
    one_ends = Fraction(1)
    for e in target.stats.alive():
        f = element_fate(munition, state.dug_in(target), e, 1)
        one_ends *= f.get("destroyed", Fraction(0)) + f.get("killed", Fraction(0))
    words = {0: "no load falls (turned back or shot down first)", 1: "one load falls", 2: "two loads fall"}
    outcomes = [Outcome(label=words[k], chance=p) for k, p in sorted(loads.items()) if p] if len(loads) > 1 else []
    for u in sh.units_in(state, art.zone(target.at)):
        e = u.stats.alive()[0]
        fate: dict[str, Fraction] = {}
        for k, p in loads.items():
            # the target's own first element ends alike either way: the run stops only once it is lost too
            split = {k: Fraction(1)} if k < 2 or u is target else {2: 1 - one_ends, 1: one_ends}
            for n, q in split.items():
                for label, r in element_fate(munition, state.dug_in(u), e, n).items():
                    fate[label] = fate.get(label, Fraction(0)) + p * q * r
        outcomes += [Outcome(label=f"{u.name} {e.name or 'element'}: {label}", chance=c) for label, c in fate.items() if c]
    notes = [f"{len(flight)} craft in the flight; each unit's first element"]
    if strikes:
        notes.append(f"{float(strikes) * 100:.1f}%: a craft with no load left attacks with its gun instead "
                     "(not counted in the fates above)")
    return Preview(title=f"{unit.name} drops {munition} ordnance on {target.name}", dice="2 chits per element a load",
                   outcomes=tuple(outcomes), notes=tuple(notes))


def shell_preview(state: DSState, unit: DSUnit, at: Hex) -> Preview | None:
    """Every gun in reach at the building, close band against its d4: the exact chance it falls."""
    from rules.rulesets.dirtside import buildings
    if buildings.problem(state, unit, at):
        return None
    armour = buildings.armour_at(state, at)
    stands = Fraction(1)
    for e, g in buildings.weapons(unit):
        if w.band(g.type, g.cls, unit.at.distance(at)) is not None:
            stands *= 1 - buildings.shot_odds(w.firer_die(e.design.fc, 0), g.barrels, g.type, g.cls, armour)
    return Preview(title=f"{unit.name} fires at the building at {at}", dice=f"close band against a d4, armour {armour}",
                   outcomes=(Outcome(label="the building falls (a ruin)", chance=1 - stands),
                             Outcome(label="it still stands", chance=stands)))


def drop_preview(state: DSState, unit: DSUnit, troops: DSUnit, at: Hex) -> Preview | None:
    """A drop: the exact chance the carrier gets through zone air defence and drops the troops."""
    from rules.rulesets.dirtside import airops
    if airops.drop_problem(state, unit, troops, at):
        return None
    guns = airops.zad_guns(state, unit.side, airops.drop_path(state, unit, at))
    fates = zad_fates(airops.flight_of(state, unit), guns)
    landing = airops.lands(troops)
    words = {"over": f"{unit.name} lands, {troops.name} disembark at {at}" if landing else f"{troops.name} land at {at}",
             "left": "turned back: the troops stay aboard",
             "home": "damaged, flies home: the troops stay aboard", "destroyed": "shot down: the troops are lost"}
    return Preview(title=f"{unit.name} drops {troops.name}", dice=f"zone air defence on the way in: {count(len(guns), 'ADS vehicle')}",
                   outcomes=tuple(Outcome(label=words[k], chance=fates[k]) for k in words if fates.get(k)))


def intercept_preview(state: DSState, unit: DSUnit, missile: str) -> Preview | None:
    """Guns at a cruise missile: each craft's attack die against the missile's d12 (ties miss), in turn."""
    from rules.rulesets.dirtside import air, airops
    if airops.intercept_problem(state, unit, missile):
        return None
    through = Fraction(1)
    notes = []
    for c in airops.interceptors(state, unit):
        die = air.gun_attack_die(c.stats.alive()[0].design.fc, c.stats.quality)
        through *= 1 - odds.contest(die, (air.CRUISE_DIE,))
        notes.append(f"{c.name}: d{die} against the missile's d12, higher hits")
    return Preview(title=f"{unit.name} shoots at cruise missile {missile}", dice="one attack die per craft",
                   outcomes=(Outcome(label="shot down (no damage done)", chance=1 - through),
                             Outcome(label="it gets through", chance=through)), notes=tuple(notes))


def for_action(state: DSState, action: Action) -> Preview | None:
    """The preview of any action that has one."""
    unit = state.units.get(action.unit_id or "")
    if isinstance(action, A.Fire) and unit and unit.stats.aboard:
        from rules.rulesets.dirtside import transport
        target = state.unit_at(Hex(*action.at))
        if transport.fire_problem(state, unit, target):
            return None
        return Preview(title=f"{unit.name} fire from their APC at {target.name}", dice="no dice: always ineffective",
                       outcomes=(Outcome(label=f"{target.name} gets an Under Fire marker, nothing else",
                                         chance=Fraction(1)),))
    if isinstance(action, (A.Fire, A.OpFire)) and unit and unit.on_map:
        target = state.unit_at(Hex(*action.at))
        if target and target.side != unit.side and target.on_map:
            return fire_preview(state, unit, target, opportunity=isinstance(action, A.OpFire))
    if isinstance(action, A.Assault) and unit:
        target = state.unit_at(Hex(*action.at))
        if target and target.side != unit.side:
            return assault_preview(state, unit, target,
                                   [state.units[u] for u in action.with_units if u in state.units])
    if isinstance(action, A.Bombard) and unit:
        return bombard_preview(state, unit, Hex(*action.at), action.munition, action.sheaf)
    if isinstance(action, A.Call) and unit and action.battery in state.units:
        return call_preview(state, unit, state.units[action.battery], Hex(*action.at))
    if isinstance(action, A.Move) and unit:
        return move_preview(state, unit, [Hex(*h) for h in action.path])
    if isinstance(action, A.Rally) and unit:
        from rules.rulesets.dirtside import command
        if command.rally_problem(state, unit):
            return None
        p = command.rally_chance(state, unit)
        return Preview(title=f"{unit.name} rallies", dice=f"d{unit.stats.die()} must beat {command.rally_need(state, unit)}",
                       outcomes=(Outcome(label="up one level", chance=p), Outcome(label="no change", chance=1 - p)))
    if isinstance(action, A.Repair) and unit:
        from rules.rulesets.dirtside import engineers
        p = engineers.repair_chance()
        return Preview(title=f"{unit.name} repairs", dice=f"d6 needing {engineers.REPAIR_NEED}+",
                       outcomes=(Outcome(label="repaired", chance=p), Outcome(label="not repaired", chance=1 - p)))
    if isinstance(action, A.AttackRun) and unit and action.ordnance != "none":
        return ordnance_preview(state, unit, state.unit_at(Hex(*action.at)), action.ordnance)
    if isinstance(action, A.Shell) and unit:
        return shell_preview(state, unit, Hex(*action.at))
    if isinstance(action, A.Drop) and unit and action.troops in state.units:
        return drop_preview(state, unit, state.units[action.troops], Hex(*action.at))
    if isinstance(action, A.Intercept) and unit:
        return intercept_preview(state, unit, action.missile)
    if isinstance(action, A.Fly):
        from rules.rulesets.dirtside.missile_preview import fly_preview
        return fly_preview(state, action.missile, Hex(*action.at))
    if isinstance(action, A.ClearMines) and unit:
        return clear_preview(state, unit, Hex(*action.at))
    return None
