"""A Hundred Wars procedures for the game master's quick resolver (rules/resolver.py): every roll of the text."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.dice import Dice
from rules.odds import die, mapped
from rules.resolver import Input, Procedure
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import roll_preview as pv
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import combat as cp
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.procedures import orders as op
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.resolve_specials import (
    ADS, BONUS, CONTEST, HIJACK, POOL, RAM, REPAIR, SCUTTLE, SUICIDE, TELEPORT, TELEPORTER_ECM, ads_odds, ads_roll,
    bonus_odds, bonus_roll, contest_odds, contest_roll, disrupt_odds, disrupt_roll, hijack_odds, hijack_roll,
    pool_odds, pool_roll, ram_odds, ram_roll, repair_odds, repair_roll, scuttle_odds, scuttle_roll, suicide_odds,
    suicide_roll, teleport_odds, teleport_roll,
)
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


# --- orders and terrain (the specialities, rams and after the battle: resolve_specials.py) -----

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
