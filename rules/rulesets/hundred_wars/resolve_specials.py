"""A Hundred Wars procedures for the quick resolver (rules/resolver.py): the specialities (ECM, ADS, field
repairs, teleporters), ram and suicide attacks, and after the battle (captures, the repair bonus); resolve.py
lists them with the others."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.dice import Dice
from rules.odds import convolve, die, mapped
from rules.resolver import Input
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import roll_preview as pv
from rules.rulesets.hundred_wars.procedures import combat as cp
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.words import count


# --- specialities: ECM, ADS, field repairs, teleporters ---------------------------------------

CONTEST = (
    Input("mine", "your ECM (or ADS) factor", 6, 1, 10),
    Input("theirs", "the enemy's ECM (or ADS) factor to beat (0: none)", 0, 0, 10),
)


def _contest_dist(v: dict) -> dict[int | None, Fraction]:
    """The difference won (None: failed) over both d10s (AHW-A23)."""
    out: dict[int | None, Fraction] = {}
    theirs = range(1, 11) if v["theirs"] else (None,)
    for m in range(1, 11):
        for t in theirs:
            c = sp.contest(v["mine"], m, v["theirs"], t)
            p = Fraction(1, 10) * (Fraction(1, 10) if t is not None else 1)
            key = c.difference if c.success else None
            out[key] = out.get(key, Fraction(0)) + p
    return out


def contest_odds(v: dict) -> Preview:
    dist = _contest_dist(v)
    return Preview(title="ECM contest", dice="1d10 each", outcomes=tuple(
        Outcome(label="fails" if d is None else f"succeeds by {d}", chance=p)
        for d, p in sorted(dist.items(), key=lambda kv: -1 if kv[0] is None else kv[0])),
        notes=("jam: then 1d10 pips off the commander, not below 2; against an ADS: the ADS loses the difference",))


def contest_roll(v: dict, dice: Dice) -> list[str]:
    c = sp.ecm_contest(v["mine"], v["theirs"], dice)
    return [f"succeeds by {c.difference}" if c.success else "fails"]


ADS = (
    Input("fire", "the incoming Fire factor", 50, 0, 100),
    Input("ads", "the ADS factor (less any ECM cut this turn)", 5, 1, 10),
    Input("ecm", "the firer's ECM factor in range of the ADS (0: none)", 0, 0, 10),
)


def ads_odds(v: dict) -> Preview:
    if not sp.ads_applies(v["fire"]):
        return Preview(title="ADS interception", notes=(f"Fire {v['fire']} is not above {sp.ADS_THRESHOLD}: no interception",))
    cuts = odds.ads_cut(v["ads"], v["ecm"])
    return Preview(title="ADS interception", dice="1d10 ADS (and 1d10 ECM)", outcomes=tuple(
        Outcome(label=f"Fire {max(v['fire'] - c, 0)}", chance=p) for c, p in sorted(cuts.items())))


def ads_roll(v: dict, dice: Dice) -> list[str]:
    if not sp.ads_applies(v["fire"]):
        return [f"Fire {v['fire']} is not above {sp.ADS_THRESHOLD}: no interception"]
    (roll,) = dice.roll(1, 10, "ADS", need=v["ads"], test="<=", rule=sp.R_ADS)
    ecm = sp.ecm_roll(v["ecm"], dice, "ECM against ADS") if v["ecm"] else None
    cut = sp.ads_reduction(v["ads"], roll, v["ecm"], ecm)
    return [f"Fire {max(v['fire'] - cut, 0)}: cut by {cut}"]


REPAIR = (Input("repairs", "the Field Repairs factor", 5, 1, 10),)


def repair_odds(v: dict) -> Preview:
    dist = mapped(die(10), lambda f: sp.field_repair(v["repairs"], f))
    labels: dict[str, Fraction] = {}
    for r, p in dist.items():
        label = ("1 point repaired" if r.repaired else "no repair") + ("; no further repairs on that factor" if r.locked else "")
        labels[label] = labels.get(label, Fraction(0)) + p
    return Preview(title="Field repairs", dice="1d10", outcomes=tuple(Outcome(label=k, chance=p) for k, p in labels.items()))


def repair_roll(v: dict, dice: Dice) -> list[str]:
    r = sp.roll_repair(v["repairs"], dice)
    return [("1 point repaired" if r.repaired else "no repair") + ("; no further repairs on that factor" if r.locked else "")]


TELEPORT = (Input("units", "units to send (the buffers' included)", 3, 1, 10),)


def teleport_odds(v: dict) -> Preview:
    dist = mapped(die(10), lambda f: min(f, v["units"]))
    return Preview(title="Teleport", dice="1d10", outcomes=tuple(
        Outcome(label=f"{n} materialise, {v['units'] - n} wait in the buffers", chance=p) for n, p in sorted(dist.items())))


def teleport_roll(v: dict, dice: Dice) -> list[str]:
    (roll,) = dice.roll(1, 10, "teleport", rule=sp.R_TELEPORT)
    plan = sp.transport([str(i) for i in range(v["units"])], [], roll, 10)
    return [f"{len(plan.sent)} materialise, {len(plan.buffered)} wait in the buffers"]


ECM_FAILS = "the ECM fails (or is beaten)"


TELEPORTER_ECM = (
    Input("mine", "your ECM factor", 6, 1, 10),
    Input("theirs", "the teleporter side's best ECM factor in range of your ECM unit (0: none)", 0, 0, 10),
)


HIJACK = (*TELEPORTER_ECM, Input("units", "units in the enemy teleporter's buffers", 3, 1, 10))


def _ecm_then(v: dict, effect: dict) -> tuple[Outcome, ...]:
    dist = odds.after_ecm(odds.contest_chance(v["mine"], v["theirs"]), effect)
    return tuple(Outcome(label=ECM_FAILS if k == "failed" else k, chance=p) for k, p in dist.items())


def hijack_odds(v: dict) -> Preview:
    n = v["units"]
    return Preview(title="ECM: hijack a teleporter", dice="1d10 ECM (and 1d10 enemy ECM), then 1d10",
                   outcomes=_ecm_then(v, mapped(die(10), lambda f: f"{count(min(f, n), 'unit')} materialised")),
                   notes=("the units materialise beside the teleporter; the rest stay in its buffers",))


def hijack_roll(v: dict, dice: Dice) -> list[str]:
    if not sp.ecm_contest(v["mine"], v["theirs"], dice, "ECM: hijack a teleporter").success:
        return [ECM_FAILS]
    (roll,) = dice.roll(1, 10, "units materialised (hijack)", rule=sp.R_ECM)
    out = min(roll, v["units"])
    return [f"{count(out, 'unit')} materialised: {v['units'] - out} stay in the buffers"]


def disrupt_odds(v: dict) -> Preview:
    return Preview(title="ECM: disrupt a teleporter", dice="1d10 ECM (and 1d10 enemy ECM), then 1d10",
                   outcomes=_ecm_then(v, mapped(die(10), lambda f: f"{count(f, 'unit')} kept this turn")),
                   notes=("the unit about to be dematerialised is the first kept",))


def disrupt_roll(v: dict, dice: Dice) -> list[str]:
    if not sp.ecm_contest(v["mine"], v["theirs"], dice, "ECM: disrupt a teleporter").success:
        return [ECM_FAILS]
    (roll,) = dice.roll(1, 10, "units kept from dematerialising", rule=sp.R_ECM)
    return [f"{count(roll, 'unit')} kept this turn"]


# --- ram and suicide attacks ------------------------------------------------------------------

RAM = (
    Input("attacker_armour", "the rammer's Armour factor", 40, 0, 100),
    Input("target_armour", "the target's Armour factor", 20, 0, 100),
)


def ram_odds(v: dict) -> Preview:
    to_attacker, to_target = cp.ram(v["attacker_armour"], v["target_armour"])
    return Preview(title="Ram", dice="no roll: the Armour factors are pure damage", outcomes=(
        Outcome(label=f"the target takes {to_target}, the rammer {to_attacker}", chance=Fraction(1)),))


def ram_roll(v: dict, dice: Dice) -> list[str]:
    to_attacker, to_target = cp.ram(v["attacker_armour"], v["target_armour"])
    return [f"the target takes {to_target}, the rammer {to_attacker}"]


SUICIDE = (
    Input("speed", "the attacker's movement toward the target in cm", 30, 0, 200),
    Input("toward", "the target's movement toward the attacker in cm (away: negative)", 0, -200, 200),
    Input("armour", "the target's Armour factor", 20, 0, 100),
)


def suicide_odds(v: dict) -> Preview:
    fire = cp.closing_speed(v["speed"], v["toward"])
    return Preview(title="Suicide attack", dice="1d100 Fire (the closing speed) v 1d100 Armour",
                   outcomes=pv.shot_outcomes(odds.fire(fire, v["armour"])), notes=(f"Fire factor {fire} (the combined speed); the attacker "
                                                           "self-destructs",))


def suicide_roll(v: dict, dice: Dice) -> list[str]:
    fire = cp.closing_speed(v["speed"], v["toward"])
    r = fp.fire_roll(fire, v["armour"], dice)
    if r.destroyed:
        return [f"destroyed: Fire {r.fire_score} v Armour {r.armour_score}"]
    if r.hit:
        return [f"{r.damage} damage: Fire {r.fire_score} v Armour {r.armour_score}"]
    return [f"no effect: Fire {r.fire_score} v Armour {r.armour_score}"]


# --- after the battle: captures and the repair bonus -------------------------------------------

SCUTTLE = (
    Input("fire", "the stranded unit's own Fire factor", 30, 0, 100),
    Input("armour", "its Armour factor", 10, 0, 100),
)


def scuttle_odds(v: dict) -> Preview:
    dist = mapped(die(100), lambda f: sp.scuttle(f, v["fire"], v["armour"]))
    return Preview(title="Scuttling a stranded unit", dice="1d100", outcomes=(
        Outcome(label="destroyed", chance=dist.get(True, Fraction(0))),
        Outcome(label="left to be captured", chance=dist.get(False, Fraction(0)))))


def scuttle_roll(v: dict, dice: Dice) -> list[str]:
    (roll,) = dice.roll(1, 100, "scuttle", rule="Captures")
    return ["destroyed" if sp.scuttle(roll, v["fire"], v["armour"]) else "left to be captured"]


BONUS = (Input("damage", "the unit's damage points", 30, 1, 1000),)


def bonus_odds(v: dict) -> Preview:
    dist = mapped(die(100), lambda f: min(f, v["damage"]))
    return Preview(title="Repair bonus", dice="1d100", outcomes=tuple(
        Outcome(label=f"{count(n, 'point')} restored", chance=p) for n, p in sorted(dist.items())))


def bonus_roll(v: dict, dice: Dice) -> list[str]:
    (roll,) = dice.roll(1, 100, "repair bonus", rule="Repair Bonus")
    return [f"{count(min(roll, v['damage']), 'point')} restored"]


POOL = (Input("loser", "the side that received the most damage (1d100; the others 2d100)", False),)


def pool_odds(v: dict) -> Preview:
    dist = die(100) if v["loser"] else convolve(die(100), die(100))
    return Preview(title="Repair pool", dice="1d100" if v["loser"] else "2d100", outcomes=tuple(
        Outcome(label=f"{n} points", chance=p) for n, p in sorted(dist.items())),
        notes=("each full 100 also buys +1 to one factor of one unit (AHW-A24)",))


def pool_roll(v: dict, dice: Dice) -> list[str]:
    return [f"{sum(dice.roll(1 if v['loser'] else 2, 100, 'repair pool', rule='Repair Bonus; AHW-A24'))} points"]
