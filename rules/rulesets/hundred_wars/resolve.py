"""A Hundred Wars procedures for the game master's quick resolver (rules/resolver.py): every roll of the text."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.dice import Dice
from rules.odds import convolve, die, mapped
from rules.resolver import Input, Procedure
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import roll_preview as pv
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import combat as cp
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.procedures import orders as op
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.words import count

LEVELS = ter.LEVELS
KINDS = ("direct", "indirect", "homing")


def _level(name: str, label: str) -> Input:
    return Input(name, label, "easy", choices=LEVELS, help="the terrain's rolled level (AHW-A05)")


# --- a shot: Range, then Fire v Armour ---------------------------------------------------------

SHOT = (
    Input("distance", "distance to the target in cm", 25, 0, 200),
    Input("weapon_range", "the weapon's Range in cm (a target beyond it cannot be chosen, AHW-A09)", 60, 0, 200),
    Input("fire", "the weapon's Fire factor (after any ADS cut)", 30, 0, 100),
    Input("armour", "the target's Armour factor", 20, 0, 100),
    Input("kind", "direct, indirect (spotter) or homing fire", "direct", choices=KINDS),
    _level("terrain", "the worst terrain on the line of fire (the target's piece included)"),
    Input("arc", "where the shot strikes: front, flank (1/2 Armour) or rear (1/4), AHW-A31", "front",
          choices=("front", "flank", "rear")),
    Input("all_round", "the target bought All Round Armour", False),
    Input("rear_armour", "the target has the bulk of its armour at the rear", False),
    Input("firer_level", "the firer's level (+1 if Large): sky 1..3, surface 0, depths -1..-3", 0, -3, 4),
    Input("target_level", "the target's level (+1 if Large)", 0, -3, 4),
    Input("underground", "the target is tunnelling underground (only Homing weapons reach it)", False),
    Input("top_armour", "the target bought Top Armour", False),
    Input("mine_proof", "the target is Mine Proof", False),
    Input("hex_cm", "the scenario's hex size in cm (AHW-A27)", 5, 1, 50),
)


def _shot(v: dict) -> tuple[str, fp.Level, int, bool]:
    """(why the shot cannot be made or '', the terrain level, the Armour met, doubled by elevation)."""
    lf, lt = v["firer_level"], v["target_level"]
    why = ""
    if v["distance"] > v["weapon_range"]:
        why = f"the target is {v['distance']} cm away, beyond the Range of {v['weapon_range']} cm (AHW-A09)"
    why = why or fp.elevation_refusal(lf, lt, v["kind"], v["fire"], target_underground=v["underground"] and lt < 0)
    level = fp.elevation_level(lf, lt, v["terrain"])
    armour = fp.armour_against(v["armour"], v["arc"], all_round=v["all_round"], rear_bulk=v["rear_armour"])
    double = fp.doubles_damage(from_above=fp.from_above(lf, lt), from_below=fp.from_below(lf, lt),
                               top_armour=v["top_armour"], mine_proof=v["mine_proof"])
    return why, level, armour, double


def shot_odds(v: dict) -> Preview:
    why, level, armour, double = _shot(v)
    if why:
        return Preview(title="Fire", notes=(why,))
    dist = odds.attack(v["distance"], v["hex_cm"], level, v["fire"], armour, kind=v["kind"], double=double,
                       good_doubles=v["kind"] == "indirect" and not v["top_armour"])
    return Preview(title="Fire", dice=pv.SHOT_DICE, outcomes=pv.shot_outcomes(dist),
                   notes=(f"Armour met: {armour}; terrain for the shot: {ter.LEVEL_WORDS[level]}"
                          + ("; damage doubled by elevation" if double else ""),))


def shot_roll(v: dict, dice: Dice) -> list[str]:
    why, level, armour, double = _shot(v)
    if why:
        return [why]
    rr = fp.range_roll(v["distance"], v["hex_cm"], level, dice, kind=v["kind"])
    if not rr.effective:
        return [f"not sighted: the Range roll scores {rr.score} cm of {v['distance']}"]
    double = double or fp.doubles_damage(indirect_good_hit=rr.good and v["kind"] == "indirect",
                                         top_armour=v["top_armour"])
    r = fp.fire_roll(v["fire"], armour, dice, good=rr.good, level=level, kind=v["kind"], double=double)
    lines = [("a Good Hit" if rr.good else "on target") + f": the Range roll scores {rr.score} cm of {v['distance']}"]
    if r.destroyed:
        lines.append(f"destroyed: Fire {r.fire_score} is double Armour {r.armour_score} or more")
    elif r.hit:
        lines.append(f"{r.damage} damage (Fire {r.fire_score} v Armour {r.armour_score}); "
                     f"the {fp.allocator(r.damage)} allocates it (AHW-A13)")
    else:
        lines.append(f"no effect: Fire {r.fire_score} does not beat Armour {r.armour_score}")
    return lines


# --- close combat -----------------------------------------------------------------------------

CQB = tuple(Input(f"{s}{i}", f"CQB of the {'first' if s == 'a' else 'second'} side's unit {i} (0: none)",
                  20 if i == 1 else 0, 0 if i > 1 else 1, 100) for s in "ab" for i in (1, 2, 3)) + (
    Input("a_weak", "the first side was contacted where its armour is weakest (or from above or below)", False),
    Input("b_weak", "the second side was contacted where its armour is weakest", False),
)


def _cqb(v: dict) -> tuple[list[int], list[int]]:
    return [v[f"a{i}"] for i in (1, 2, 3) if v[f"a{i}"]], [v[f"b{i}"] for i in (1, 2, 3) if v[f"b{i}"]]


def cqb_odds(v: dict) -> Preview:
    a, b = _cqb(v)
    c = odds.cqb(a, b, weak_spot=(v["a_weak"], v["b_weak"]))
    return Preview(title="Close combat", dice=pv.CQB_DICE, outcomes=pv.cqb_outcomes(c, ("the first side", "the second side")))


def cqb_roll(v: dict, dice: Dice) -> list[str]:
    a, b = _cqb(v)
    r = cp.close_combat([(f"a{i}", f) for i, f in enumerate(a, 1)], [(f"b{i}", f) for i, f in enumerate(b, 1)], dice,
                        weak_spot=(v["a_weak"], v["b_weak"]))
    if r.loser is None:
        return [f"a tie at {r.totals[0]}: no damage (AHW-A17)"]
    who = ("the first side", "the second side")
    return [f"totals {r.totals[0]} v {r.totals[1]}: {who[r.loser]} takes {r.damage} damage"]


# --- movement ---------------------------------------------------------------------------------

MOVE = (
    Input("move", "the Move factor in cm (the group's lowest)", 10, 0, 100),
    Input("hexes", "hexes to the Move counter", 4, 1, 40),
    _level("start", "the terrain the unit starts in"),
    _level("path", "the terrain of every hex entered"),
    Input("changes_level", "climbing or diving one level (half Move)", False),
    Input("hex_cm", "the scenario's hex size in cm (AHW-A27)", 5, 1, 50),
)


def move_odds(v: dict) -> Preview:
    steps = odds.walk(v["move"], v["start"], [v["path"]] * v["hexes"], v["hex_cm"], changes_level=v["changes_level"])
    reach = sum((p for n, p in steps.items() if n >= v["hexes"]), Fraction(0))
    return Preview(title="Movement", dice=pv.MOVE_DICE, outcomes=pv.walk_outcomes(steps, v["hex_cm"]),
                   notes=(f"reaches its counter: {float(reach) * 100:.1f}%",))


def move_roll(v: dict, dice: Dice) -> list[str]:
    roll = mp.roll_move(dice, factor=v["move"], level=v["path"])
    w = mp.walk(roll, v["move"], v["start"], [v["path"]] * v["hexes"], v["hex_cm"], changes_level=v["changes_level"])
    return [f"moves {count(w.steps, 'hex')} ({w.cm} cm)" + (" and stops: the terrain holds it" if w.blocked else "")]


SPACE = (
    Input("speed", "the speed now in cm", 0, 0, 1000),
    Input("move", "the Move factor in cm", 20, 0, 100),
    Input("accelerate", "speed up (no: slow down)", True),
)


def _space(v: dict, f: int) -> int:
    return mp.space_speed(v["speed"], f, v["move"], v["accelerate"])


def space_odds(v: dict) -> Preview:
    dist = mapped(die(100), lambda f: _space(v, f))
    return Preview(title="Space movement", dice="1d100 speed change",
                   outcomes=tuple(Outcome(label=f"speed {s} cm", chance=p) for s, p in sorted(dist.items())))


def space_roll(v: dict, dice: Dice) -> list[str]:
    (roll,) = dice.roll(1, 100, "space speed", rule=mp.R_SPACE)
    return [f"speed {_space(v, roll)} cm: the unit moves that far"]


# --- orders, terrain, specialities ------------------------------------------------------------

ORDERS = (Input("orders", "the commander's Orders factor", 5, 1, 10),)


def orders_odds(v: dict) -> Preview:
    return Preview(title="Orders roll", dice="1d10", outcomes=tuple(
        Outcome(label=f"{count(n, 'pip')}", chance=p) for n, p in sorted(odds.pips(v["orders"]).items())))


def orders_roll(v: dict, dice: Dice) -> list[str]:
    return [f"{count(op.roll_pips(v['orders'], dice).pips, 'pip')}"]


TERRAIN = (Input("table", "the terrain table", "ground", choices=tuple(ter.TABLES)),)


def _terrain_words(table: str, lvl: str) -> str:
    return ter.LEVEL_WORDS[lvl] + (f" ({ter.TABLES[table][lvl]})" if lvl != "impassable" else " at this time and place")


def terrain_odds(v: dict) -> Preview:
    return Preview(title="Terrain roll", dice="1d10", outcomes=tuple(
        Outcome(label=_terrain_words(v["table"], lvl), chance=p) for lvl, p in odds.terrain().items()))


def terrain_roll(v: dict, dice: Dice) -> list[str]:
    (face,) = dice.roll(1, 10, f"terrain ({v['table']})", rule="Terrain; AHW-A01", zero_is_ten=True)
    return [_terrain_words(v["table"], ter.mode_roll(face))]


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


PROCEDURES = (
    Procedure("fire", "Fire: Range roll, then Fire v Armour", f"{fp.R_RANGE}; {fp.R_FIRE}", SHOT, shot_odds, shot_roll),
    Procedure("cqb", "Close combat", cp.R_CQB, CQB, cqb_odds, cqb_roll),
    Procedure("move", "Movement roll", mp.R_MOVE, MOVE, move_odds, move_roll),
    Procedure("space", "Space movement (speed change)", mp.R_SPACE, SPACE, space_odds, space_roll),
    Procedure("orders", "Orders roll (pips)", op.R_ORDERS, ORDERS, orders_odds, orders_roll),
    Procedure("terrain", "Terrain roll", "Terrain; AHW-A01, AHW-A05", TERRAIN, terrain_odds, terrain_roll),
    Procedure("ecm", "ECM contest", sp.R_ECM, CONTEST, contest_odds, contest_roll),
    Procedure("ads", "ADS interception", sp.R_ADS, ADS, ads_odds, ads_roll),
    Procedure("repair", "Field repairs", sp.R_REPAIR, REPAIR, repair_odds, repair_roll),
    Procedure("teleport", "Teleport roll", sp.R_TELEPORT, TELEPORT, teleport_odds, teleport_roll),
    Procedure("hijack", "ECM: hijack a teleporter", sp.R_ECM, HIJACK, hijack_odds, hijack_roll),
    Procedure("disrupt", "ECM: disrupt a teleporter", sp.R_ECM, TELEPORTER_ECM, disrupt_odds, disrupt_roll),
    Procedure("ram", "Ram attack", cp.R_RAM, RAM, ram_odds, ram_roll),
    Procedure("suicide", "Suicide attack", cp.R_RAM, SUICIDE, suicide_odds, suicide_roll),
    Procedure("scuttle", "Scuttling a stranded unit", "Captures", SCUTTLE, scuttle_odds, scuttle_roll),
    Procedure("bonus", "Repair bonus (one damaged unit)", "Repair Bonus", BONUS, bonus_odds, bonus_roll),
    Procedure("pool", "Repair pool (the loser 1d100, others 2d100)", "Repair Bonus; AHW-A24", POOL, pool_odds,
              pool_roll),
)
