"""Exact odds before every fire, close assault, call, and test-gated move: the same procedures' inputs, with
die-type contests and chit draws (without replacement) enumerated exactly. Fire is previewed in `shooting_preview`,
artillery and air support in `support_preview`; the close assault, moves and the rest here."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import EFFECTS, IMMOBILISED, SYSTEMS_DOWN, UnitEffect
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import mines, morale, odds
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.assault import threat_bonus
from rules.rulesets.dirtside import shooting_preview as sp
from rules.rulesets.dirtside.shooting_preview import drawn, element_lost, fire_preview
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.support_preview import (
    bombard_preview, call_preview, drop_preview, intercept_preview, ordnance_preview,
)
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb

def assault_outcomes(a_die: int, a_lead: int, threat: int, bonus: int, d_die: int, d_lead: int,
                     d_threat: int) -> tuple[Outcome, ...]:
    """One unit's threat test (with the house bonus), then the defender's first test at `d_threat` (§8.5 steps
    2-3)."""
    p_go = odds.test_outcomes(a_die, a_lead, threat, bonus).get(0, Fraction(0))
    return force_outcomes([(p_go, d_threat == 3)], d_die, d_lead)


def force_outcomes(units: list[tuple[Fraction, bool]], d_die: int, d_lead: int,
                   holds: bool = True, defender: str | None = None) -> tuple[Outcome, ...]:
    """The assault goes in when any unit of the force passes its own threat test (each unit tests separately,
    §8.5); `units`: each one's chance to pass and whether it brings powered infantry (the defender's first test
    at +3, else +2). `holds` False: the defender gives way whatever it rolls. `defender` is its id (the effects
    name it; the resolver has none)."""
    p_none, no_powered = Fraction(1), Fraction(1)  # nobody goes in; nobody powered goes in
    for p, powered_troops in units:
        p_none *= 1 - p
        if powered_troops:
            no_powered *= 1 - p
    threats = {2: no_powered - p_none, 3: 1 - no_powered}  # the force is not empty
    p_stand = sum((q * odds.test_outcomes(d_die, d_lead, t).get(0, Fraction(0)) for t, q in threats.items()),
                  Fraction(0)) if holds else Fraction(0)
    return (Outcome(label="the threat test fails: no assault", chance=p_none),
            drawn(1 - p_none - p_stand, (UnitEffect(unit=defender, status=(GIVES_WAY,)),) if defender else (),
                  f"the defender {EFFECTS}", "the defender gives way at once"),
            drawn(p_stand, (UnitEffect(unit=defender, status=(FIGHTS,)),) if defender else (),
                  f"the defender {EFFECTS}", "the defender stands: combat rounds"))


GIVES_WAY = "gives way"
"""The status of a defender that withdraws or surrenders before the combat rounds (§8.5)."""
RALLIED = "rallied"
"""Up one confidence level (§3.3)."""
REPAIRED = "repaired"
"""Its first hurt vehicle's DMG, IMM and SYSTEMS DOWN removed (§6.4)."""
FIGHTS = "fights"
"""The status of a defender that stands: the combat rounds follow (§8.5 steps 5-9), whose results the preview does
not enumerate; the computer reads them by fighting them out (rules/rulesets/dirtside/ai_outcomes.py)."""


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
    notes += [f"{with_verb(m.name, 'joins', 'join')} on {float(joins(m, defender)) * 100:.1f}%" for m in partners]
    if state.options.get("follow_through", False) and not state.followed:
        from rules.rulesets.dirtside.assault import FOLLOW_THREAT
        p = {how: odds.test_outcomes(s.die(), s.leadership, t).get(0, Fraction(0)) for how, t in FOLLOW_THREAT.items()}
        notes.append(f"if it wins, a follow-through (an extra activation) on {float(p['destroyed']) * 100:.1f}% "
                     f"after destroying the defenders, {float(p['withdrew']) * 100:.1f}% after they withdraw")
    routs = d.confidence == "RO" or (d.confidence == "BR" and bool(defender.infantry()) and not defender.vehicles())
    if routs:
        notes.append(f"{with_verb(defender.name, 'is', 'are')} routed when assaulted: it gives way at once")
    return Preview(title=f"{with_verb(attacker.name, 'assaults', 'assault')} {defender.name}",
                   dice=f"d{s.die()} threat test, then rounds",
                   outcomes=force_outcomes([(joins(u, defender), powered(u)) for u in [attacker, *partners]],
                                           d.die(), d.leadership, holds=not routs, defender=defender.id),
                   notes=tuple(notes))


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
                outcomes.append(drawn(p * q, mine_effect(unit, label), f"moves; first mines: {e.name or 'the first vehicle'}"
                                      f" {EFFECTS}", f"moves; first mines: {e.name or 'the first vehicle'} {label}"))
        else:
            q = mines.infantry_odds(e.kill())
            outcomes += [Outcome(chance=p * q, units=(element_lost(unit, vehicle=False),),
                                 event=f"moves; first mines: {e.name or 'the first team'} {EFFECTS}"),
                         Outcome(label=f"moves; first mines: {e.name or 'the first team'} unhurt", chance=p * (1 - q))]
    title = with_verb(unit.name, "moves", "move") + (f" (reaction test +{threat})" if threat is not None
                                                     else " into mines")
    return Preview(title=title, dice=f"d{s.die()} must beat {s.leadership + threat}" if threat is not None
                   else "2 chits per element, drawn without replacement from 119", outcomes=tuple(outcomes),
                   notes=tuple(notes))


def mine_effect(unit: DSUnit | str, result: str) -> tuple[UnitEffect, ...]:
    """What a vehicle's mine draw does to `unit` (or the unit of that id), from `mines.vehicle_odds`'s results
    (knocked out, immobilised, no effect, each but the first with systems down where a T is drawn)."""
    if result == "knocked out":
        return (element_lost(unit, vehicle=True),)
    status = ((IMMOBILISED,) if result.startswith("immobilised") else ()) + (
        (SYSTEMS_DOWN,) if result.endswith("systems down") else ())
    return (UnitEffect(unit=unit if isinstance(unit, str) else unit.id, status=status),) if status else ()


def clear_preview(state: DSState, unit: DSUnit, at: Hex) -> Preview | None:
    m = next((m for m in state.mines if m.at == at), None)
    if m is None or not mines.engineers(unit, m):
        return None
    n = mines.engineers(unit, m)
    p = mines.clear_chance(n)
    return Preview(title=f"{with_verb(unit.name, 'clears', 'clear')} the minefield at {at}",
                   dice=f"d{mines.clear_die(n)} ({count(n, 'engineer team')}) needing {mines.CLEAR_NEED}+",
                   outcomes=(Outcome(label="cleared", chance=p), Outcome(label="not cleared", chance=1 - p)))


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
    return Preview(title=f"{with_verb(unit.name, 'fires', 'fire')} at the building at {at}",
                   dice=f"close band against a d4, armour {armour}",
                   outcomes=(Outcome(label="the building falls (a ruin)", chance=1 - stands),
                             Outcome(label="it still stands", chance=stands)))


def for_action(state: DSState, action: Action) -> Preview | None:
    """The preview of any action that has one."""
    unit = state.units.get(action.unit_id or "")
    if isinstance(action, A.Fire) and unit and unit.stats.aboard:
        from rules.rulesets.dirtside import transport
        target = state.unit_at(Hex(*action.at))
        if transport.fire_problem(state, unit, target):
            return None
        return Preview(title=f"{with_verb(unit.name, 'fires', 'fire')} from the APC at {target.name}",
                       dice="no dice: always ineffective",
                       outcomes=(Outcome(chance=Fraction(1), units=(UnitEffect(unit=target.id, status=(sp.UNDER_FIRE,)),),
                                         event=f"{target.name} {EFFECTS}, nothing else"),))
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
        return Preview(title=with_verb(unit.name, "rallies", "rally"),
                       dice=f"d{unit.stats.die()} must beat {command.rally_need(state, unit)}",
                       outcomes=(Outcome(chance=p, units=(UnitEffect(unit=unit.id, status=(RALLIED,)),), event=EFFECTS),
                                 Outcome(label="no change", chance=1 - p)))
    if isinstance(action, A.Repair) and unit:
        from rules.rulesets.dirtside import engineers
        p = engineers.repair_chance()
        fixed = (UnitEffect(unit=action.target, status=(REPAIRED,)),) if action.target in state.units else ()
        return Preview(title=with_verb(unit.name, 'repairs', 'repair'), dice=f"d6 needing {engineers.REPAIR_NEED}+",
                       outcomes=(drawn(p, fixed, EFFECTS, "repaired"), Outcome(label="not repaired", chance=1 - p)))
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
