"""DHR procedures for the game master's quick resolver (rules/resolver.py): fire, melee, morale."""

from __future__ import annotations

from rules.core import Preview
from rules.dice import Dice
from rules.resolver import Input, Procedure
from rules.words import count
from rules.rulesets.dhr import odds as dhr_odds
from rules.rulesets.dhr.procedures import base
from rules.rulesets.dhr.procedures.fire import Combatant, Firer, resolve_fire
from rules.rulesets.dhr.procedures.melee import resolve_melee
from rules.rulesets.dhr.procedures.morale import morale_check, morale_target

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


def fire_roll(v: dict, dice: Dice) -> list[str]:
    r = resolve_fire(_firer(v), _target(v), dice, distance=v["distance"], save_dv=v["terrain_dv"],
                     slots=v["slots"], modifier=v["modifier"])
    lines = [f"the target loses {count(r.casualties, 'figure')}"]
    if r.morale is not None:
        lines.append("the target holds" if r.morale.passed else f"the target fails morale: retreats {count(r.morale.retreat, 'hex')}")
    return lines


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


PROCEDURES = (
    Procedure("fire", "Fire", base.R_FIRE, FIRE, fire_odds, fire_roll),
    Procedure("melee", "Melee", base.R_MELEE, MELEE, melee_odds, melee_roll),
    Procedure("morale", "Morale check", base.R_MORALE, MORALE, morale_odds, morale_roll),
)
