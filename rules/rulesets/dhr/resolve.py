"""DHR procedures for the game master's quick resolver (rules/resolver.py): fire, melee, morale, area effect and
fire at armoured vehicles (the optional rules)."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Preview
from rules.dice import Dice
from rules.resolver import Input, Procedure
from rules.words import count
from rules.rulesets.dhr import armour_odds, hex_odds
from rules.rulesets.dhr import odds as dhr_odds
from rules.rulesets.dhr.procedures import base
from rules.rulesets.dhr.procedures.combatants import Combatant, Firer
from rules.rulesets.dhr.procedures.fire import range_penalty, resolve_fire
from rules.rulesets.dhr.procedures.melee import resolve_melee
from rules.rulesets.dhr.procedures.morale import morale_check, morale_target
from rules.rulesets.dhr.procedures.area import resolve_area_attack
from rules.rulesets.dhr.procedures.vehicles import resolve_vehicle_fire
from rules.rulesets.dhr import preview as dhr_preview

TARGET = (
    Input("target_figures", "figures in the target unit", 10, 1, 50),
    Input("target_rating", "the target's Rating", 3, 1, 5),
    Input("terrain_dv", "the target's terrain DV (its save; in a melee, the hex it holds or wall it is behind)", 0, 0, 6),
    Input("armour_dv", "the target's armour DV", 0, 0, 6),
    Input("medic", "a Medic with the target (optional rule)", False),
)
SAME = -1
"""`morale_dv` left at -1: the target's morale DV is its terrain save's."""
FIRE = (
    Input("figures", "figures firing", 10, 1, 50),
    Input("rating", "the firers' Rating", 3, 1, 5),
    Input("distance", "range in hexes", 2, 0, 40),
    Input("weapon_range", "the weapon's range band in hexes (0: rifles, no band)", 0, 0, 40),
    Input("rof", "dice per figure (the Rate of Fire slots used, summed)", 1, 1, 10),
    Input("slots", "Rate of Fire slots used (each after the first: -1)", 1, 1, 5),
    Input("modifier", "other modifiers to the firing number", 0, -6, 6),
    *TARGET,
    Input("morale_dv", "the DV the target holds for morale when not its save's (fired on across woods into "
          "the open: 0; -1: the same)", SAME, -1, 6, help="DHR-A07 save along the line, DHR-A11 morale"),
)


def _target(v: dict) -> Combatant:
    """The target; its `terrain_dv` is the DV its morale check adds (the hex it holds or the wall it is behind)."""
    dv = v["terrain_dv"] if v.get("morale_dv", SAME) == SAME else v["morale_dv"]
    return Combatant(v["target_figures"], v["target_rating"], terrain_dv=dv, armour_dv=v["armour_dv"],
                     medic=v["medic"])


def _firer(v: dict) -> Firer:
    """The firers, their dice per figure spread over the slots used (each slot at least one die)."""
    if v["rof"] < v["slots"]:
        raise ValueError(f"rof: {v['slots']} slots need at least {v['slots']} dice per figure, got {v['rof']}")
    per = (v["rof"] // v["slots"],) * v["slots"]
    per = per[:-1] + (per[-1] + v["rof"] - sum(per),)
    return Firer(v["figures"], v["rating"], weapon_range=v["weapon_range"], rof=per)


def fire_odds(v: dict) -> Preview:
    odds = dhr_odds.fire_odds(_firer(v), _target(v), distance=v["distance"], save_dv=v["terrain_dv"],
                              slots=v["slots"], modifier=v["modifier"])
    if not odds.possible:
        return Preview(title="Fire", notes=("the firing number is 0 or less: the shot cannot be taken",))
    return Preview(title="Fire", dice=odds.dice, outcomes=tuple(odds.outcomes("target")))


def _target_lines(casualties: int, morale) -> list[str]:
    """What a roll did to its target: the figures lost, then its morale test if it took one."""
    lines = [f"the target loses {count(casualties, 'figure')}"]
    if morale is not None:
        lines.append("the target holds" if morale.passed else f"the target fails morale: retreats {count(morale.retreat, 'hex')}")
    return lines


def fire_roll(v: dict, dice: Dice) -> list[str]:
    r = resolve_fire(_firer(v), _target(v), dice, distance=v["distance"], save_dv=v["terrain_dv"],
                     slots=v["slots"], modifier=v["modifier"])
    return _target_lines(r.casualties, r.morale)


MELEE = (
    Input("figures", "attacking figures", 10, 1, 50),
    Input("rating", "the attackers' Rating", 3, 1, 5),
    Input("attacker_modifier", "modifier to the attackers' number", 0, -6, 6),
    Input("defender_modifier", "modifier to the defenders' number", 0, -6, 6),
    *TARGET,
    Input("attacker_dv", "the DV of the hex the attackers strike from (their morale only: no save)", 0, 0, 6),
)


def _melee_sides(v: dict) -> tuple[Combatant, Combatant]:
    """The attacker's `terrain_dv` is the hex it attacks from: its morale adds it, its saves never do (Morale)."""
    return Combatant(v["figures"], v["rating"], terrain_dv=v["attacker_dv"]), _target(v)


def melee_odds(v: dict) -> Preview:
    a, d = _melee_sides(v)
    odds = dhr_odds.melee_odds(a, d, attacker_modifier=v["attacker_modifier"], defender_modifier=v["defender_modifier"])
    return Preview(title="Melee", dice=f"attacker {odds.defender.dice}; defender {odds.attacker.dice}",
                   outcomes=tuple(odds.outcomes()))


def melee_roll(v: dict, dice: Dice) -> list[str]:
    a, d = _melee_sides(v)
    r = resolve_melee(a, d, dice, attacker_modifier=v["attacker_modifier"], defender_modifier=v["defender_modifier"])
    return [f"the defender loses {count(r.defender_damage.casualties, 'figure')}, the attacker "
            f"{count(r.attacker_damage.casualties, 'figure')}",
            f"the defender retreats {count(r.defender_retreat, 'hex')}" if r.defender_retreat else "the defender holds"]


MORALE = (
    Input("rating", "the unit's Rating (or a higher attached Leader's)", 3, 1, 5),
    Input("terrain_dv", "the DV of the terrain it holds", 0, 0, 6),
    Input("casualties", "casualties just taken", 0, 0, 50),
)


def morale_odds(v: dict) -> Preview:
    target = morale_target(v["rating"], v["terrain_dv"], v["casualties"])
    dist = dhr_odds.morale_distribution(target)
    outcomes = [("holds" if r == 0 else f"retreats {count(r, 'hex')}", p) for r, p in sorted(dist.items())]
    from rules.core import Outcome

    dice = "no roll: a sure pass" if target >= 6 else f"1d6 needing {target} or less"
    return Preview(title="Morale", dice=dice, outcomes=tuple(Outcome(label=l, chance=p) for l, p in outcomes))


def morale_roll(v: dict, dice: Dice) -> list[str]:
    r = morale_check(v["rating"], v["terrain_dv"], v["casualties"], dice)
    return ["holds" + (" (no roll: 6 or more)" if r.face is None else "") if r.passed else f"fails: retreats {count(r.retreat, 'hex')}"]


AREA = (
    Input("rating", "the attackers' Rating (a battery's or pilot's for a strike)", 3, 1, 5),
    Input("distance", "range in hexes", 2, 0, 40),
    Input("weapon_range", "the weapon's range band in hexes", 6, 0, 40),
    Input("touch", "a melee blow or touch: it lands without a roll", False),
    Input("modifier", "other modifiers to the number to land", 0, -6, 6),
    Input("light", "a light charge: n in 6 to catch each figure (0: a full charge)", 0, 0, 5),
    Input("untenable", "flame or gas: no armour save, no DV to morale", False),
    Input("target_figures", "figures in the hex", 10, 1, 50),
    Input("target_rating", "their Rating", 3, 1, 5),
    Input("terrain_dv", "the hex's DV (every figure's save)", 0, 0, 6),
    Input("armour_dv", "their armour DV", 0, 0, 6),
    Input("medic", "a Medic with them (optional rule)", False),
)


def _area(v: dict) -> tuple[list[Combatant], dict]:
    """The unit in the hex, as attacks.area_targets makes it, and the attack's terms (attacks._area_on_hex)."""
    dv = 0 if v["untenable"] else v["terrain_dv"]
    unit = Combatant(v["target_figures"], v["target_rating"], terrain_dv=dv, armour_dv=v["armour_dv"],
                     medic=v["medic"], untenable=v["untenable"])
    return [unit], dict(distance=v["distance"], weapon_range=v["weapon_range"], melee=v["touch"],
                        modifier=v["modifier"], light=v["light"] or None, armour=not v["untenable"],
                        save_dv=v["terrain_dv"])


def area_odds(v: dict) -> Preview:
    targets, terms = _area(v)
    odds = hex_odds.area_hex_odds(v["rating"], targets, **terms)[0]
    if not odds.possible:
        return Preview(title="Area effect", notes=("the number to land is 0 or less: it cannot be tried",))
    land = None if v["touch"] else v["rating"] - range_penalty(v["distance"], v["weapon_range"]) + v["modifier"]
    words = dhr_preview._area_words(land, terms["light"], v["terrain_dv"],
                                    "no armour save (flame/gas)" if v["untenable"] else "then on its armour")
    return Preview(title="Area effect", dice=words, outcomes=tuple(odds.outcomes("target")))


def area_roll(v: dict, dice: Dice) -> list[str]:
    targets, terms = _area(v)
    r = resolve_area_attack(v["rating"], targets, dice, **terms)
    if not r.hit.possible:
        return ["the number to land is 0 or less: no attack"]
    if not r.hit.hit:
        return ["it misses the hex"]
    (e,) = r.effects
    return _target_lines(e.damage.casualties, e.morale)


VEHICLE = (
    Input("figures", "figures firing the weapon", 1, 1, 50),
    Input("rating", "the firers' Rating", 3, 1, 5),
    Input("distance", "range in hexes", 4, 0, 40),
    Input("weapon_range", "the weapon's range band in hexes", 10, 0, 40),
    Input("rof", "dice per figure (the Rate of Fire slots used, summed)", 1, 1, 10),
    Input("slots", "Rate of Fire slots used (each after the first: -1)", 1, 1, 5),
    Input("modifier", "other modifiers to the firing number", 0, -6, 6),
    Input("armament", "the weapon's armament dice", 3, 1, 5),
    Input("armour", "the vehicle's armour dice", 2, 1, 5),
    Input("terrain_dv", "the terrain save along the line (DHR-A27)", 0, 0, 6),
    Input("damage_table", "the damage effect table (optional rule, DHR-A16)", False),
    Input("vehicles", "vehicles in the target unit", 1, 1, 10),
    Input("crew_rating", "the crew's Rating (after earlier crew casualties)", 3, 1, 5),
    Input("cover_dv", "the DV the vehicle holds for its crew's morale", 0, 0, 6),
    Input("immobile", "the vehicle cannot move (a failed morale: it stays)", False),
)


def vehicle_odds(v: dict) -> Preview:
    dist = armour_odds.vehicle_damage_distribution(_firer(v), v["armament"], v["armour"], distance=v["distance"],
                                                save_dv=v["terrain_dv"], slots=v["slots"], modifier=v["modifier"],
                                                damage_table=v["damage_table"])
    lines = dhr_preview.vehicle_outcomes(dist, crew=Fraction(1), vehicles=v["vehicles"], rating=v["crew_rating"],
                                         cover=v["cover_dv"], leader_rating=None, immobile_now=v["immobile"],
                                         table=v["damage_table"])
    return Preview(title="Fire at a vehicle", dice=f"{v['armament']}d6 armament against {v['armour']}d6 armour per hit",
                   outcomes=tuple(lines))


def vehicle_roll(v: dict, dice: Dice) -> list[str]:
    r = resolve_vehicle_fire(_firer(v), v["armament"], v["armour"], dice, distance=v["distance"],
                             save_dv=v["terrain_dv"], slots=v["slots"], modifier=v["modifier"],
                             damage_table=v["damage_table"])
    if not r.roll.possible:
        return ["the firing number is 0 or less: no shot"]
    d = r.damage
    lines = [("knocked out" + (": the crew bails" if d.crew_bailed else ": a wreck")) if d.killed
             else ", ".join(d.effects) or "no effect"]
    if d.killed and v["vehicles"] <= 1:
        return lines
    m = morale_check(max(1, v["crew_rating"] - d.crew_casualties), v["cover_dv"],
                     (1 if d.killed else 0) + d.crew_casualties, dice)
    lines.append("the crew holds" if m.passed else f"the crew fails morale: retreats {count(m.retreat, 'hex')}"
                 + (" (it cannot move: it stays)" if v["immobile"] else ""))
    return lines


PROCEDURES = (
    Procedure("fire", "Fire", base.R_FIRE, FIRE, fire_odds, fire_roll),
    Procedure("melee", "Melee", base.R_MELEE, MELEE, melee_odds, melee_roll),
    Procedure("morale", "Morale check", base.R_MORALE, MORALE, morale_odds, morale_roll),
    Procedure("area", "Area effect on a hex (optional rule)", base.R_AREA, AREA, area_odds, area_roll),
    Procedure("vehicle", "Fire at an armoured vehicle (optional rules)", "Armored Vehicles; DHR-A15, A16, A27",
              VEHICLE, vehicle_odds, vehicle_roll),
)
