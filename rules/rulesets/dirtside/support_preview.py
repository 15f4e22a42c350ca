"""Exact odds of support: artillery and ortillery on a zone (§9), dead-fall ordnance and drops from the air (§11),
guns at a cruise missile, each result with what it does to the units it touches."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import DAMAGED, EFFECTS, UnitEffect
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import morale, odds, vtol
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.shooting_preview import draw_effect, drawn, element_lost
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb


def artillery_outcomes(battery: str, munition: str, kind: str, guns: int, dug_in: bool, armour: int,
                       kill: int, damaged: bool = False, unit=None) -> tuple[Outcome, ...]:
    """One element in an effective converged zone: one draw per gun, never added (§9.5). A vehicle reads each
    draw against its top armour (a second DAMAGED knocks it out [R]); an infantry element dies to any draw.
    `unit` (or its id) is the element's unit the effects name (the resolver has none)."""
    valid = w.artillery_validity(munition, kind, dug_in)
    n = art.element_chits(battery, kind)
    if kind != "vehicle":
        p = odds.infantry_kill(n, valid, kill)
        dead = 1 - (1 - p) ** guns
        return (drawn(dead, draw_effect("killed", unit), EFFECTS, "killed"), Outcome(label="unhurt", chance=1 - dead))
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
    return tuple(drawn(state[k], draw_effect(k, unit) if k != "damaged" or not damaged else (), EFFECTS, k)
                 for k in ("destroyed", "damaged", "unhurt") if state.get(k))


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
        total: dict[Outcome, Fraction] = {}  # each outcome (its chance 1) summed over the landing hexes
        hit_by: dict[str, dict[Hex, bool]] = {}
        for h, p in spots.items():
            for name, o in zone_outcomes(state, battery, h, munition, sheaf, draws):
                key = o.model_copy(update={"chance": Fraction(1)})
                total[key] = total.get(key, Fraction(0)) + p * o.chance
                hit_by.setdefault(name, {})[h] = True
        for name, hexes in hit_by.items():
            miss = sum((p for h, p in spots.items() if h not in hexes), Fraction(0))
            if miss:
                total[Outcome(label=f"{name}: outside the zone", chance=Fraction(1))] = miss
        outcomes = [o.model_copy(update={"chance": v}) for o, v in total.items()]
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
                    drops = (UnitEffect(unit=u.id, losses=k, loss="levels"),) if k else ()
                    outcomes.append((u.name, drawn(p, drops, f"{u.name}: {EFFECTS}", f"{u.name}: holds")))
            continue
        e = u.stats.alive()[0]
        kind = "vehicle" if e.vehicle else "infantry"
        for o in artillery_outcomes(cls, munition, kind, draws, state.dug_in(u), e.armour(), e.kill(), e.damaged, u):
            outcomes.append((u.name, drawn(o.chance, o.units, f"{u.name} {e.name or kind}: {o.event or EFFECTS}",
                                           f"{u.name} {e.name or kind}: {o.label}")))
    return outcomes


def call_preview(state: DSState, caller: DSUnit, battery: DSUnit, at: Hex) -> Preview:
    observer = caller.has("observer") or caller.has("commando")
    die = art.call_die(observer, caller.stats.leadership)
    need = art.call_need(battery.stats.off_table)
    p = Fraction(max(0, die - need + 1), die)
    return Preview(title=f"{with_verb(caller.name, 'calls', 'call')} {battery.name} on {at}",
                   dice=f"d{die} needing {need}+",
                   outcomes=(Outcome(label="mission placed", chance=p), Outcome(label="no contact", chance=1 - p)))


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
    """One element's fate under `loads` dead-fall loads (2 chits each), from the state it is in now: 'destroyed',
    'damaged', 'killed' or 'unhurt' (`draw_effect` reads these)."""
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
        outcomes += [drawn(c, draw_effect(label, u) if not (label == "damaged" and e.damaged) else (),
                           f"{u.name} {e.name or 'element'}: {EFFECTS}", f"{u.name} {e.name or 'element'}: {label}")
                     for label, c in fate.items() if c]
    notes = [f"{len(flight)} craft in the flight; each unit's first element"]
    if strikes:
        notes.append(f"{float(strikes) * 100:.1f}%: a craft with no load left attacks with its gun instead "
                     "(not counted in the fates above)")
    return Preview(title=f"{with_verb(unit.name, 'drops', 'drop')} {munition} ordnance on {target.name}",
                   dice="2 chits per element a load",
                   outcomes=tuple(outcomes), notes=tuple(notes))


def drop_preview(state: DSState, unit: DSUnit, troops: DSUnit, at: Hex) -> Preview | None:
    """A drop: the exact chance the carrier gets through zone air defence and drops the troops."""
    from rules.rulesets.dirtside import airops
    if airops.drop_problem(state, unit, troops, at):
        return None
    guns = airops.zad_guns(state, unit.side, airops.drop_path(state, unit, at))
    fates = zad_fates(airops.flight_of(state, unit), guns)
    landing = airops.lands(troops)
    words = {"over": f"{with_verb(unit.name, 'lands', 'land')}, "
                     f"{with_verb(troops.name, 'disembarks', 'disembark')} at {at}" if landing
             else f"{with_verb(troops.name, 'lands', 'land')} at {at}",
             "left": "turned back: the troops stay aboard",
             "home": f"{EFFECTS}, flies home: the troops stay aboard", "destroyed": f"shot down: {EFFECTS}"}
    hurt = {"home": (UnitEffect(unit=unit.id, status=(DAMAGED,)),),
            "destroyed": (element_lost(unit, len(unit.stats.alive()), vehicle=True),
                          UnitEffect(unit=troops.id, losses=len(troops.stats.alive()), loss="elements", eliminated=True))}
    return Preview(title=f"{with_verb(unit.name, 'drops', 'drop')} {troops.name}",
                   dice=f"zone air defence on the way in: {count(len(guns), 'ADS vehicle')}",
                   outcomes=tuple(drawn(fates[k], hurt[k], words[k], "") if k in hurt else
                                  Outcome(label=words[k], chance=fates[k]) for k in words if fates.get(k)))


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
    return Preview(title=f"{with_verb(unit.name, 'shoots', 'shoot')} at cruise missile {missile}",
                   dice="one attack die per craft",
                   outcomes=(Outcome(label="shot down (no damage done)", chance=1 - through),
                             Outcome(label="it gets through", chance=through)), notes=tuple(notes))
