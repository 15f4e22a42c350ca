"""Dirtside procedures for the game master's quick resolver (rules/resolver.py): direct fire with chits, the
close-assault tests, confidence and reaction tests, die-type contests, SAM / AAM duels, air defence fire,
artillery, calls for fire and minefields. Odds come from the functions the game's previews use."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.dice import Dice
from rules.outcomes import EFFECTS
from rules.resolver import Input, Procedure
from rules.rulesets.dirtside import air, command, mines, morale, odds
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import fire as fp
from rules.rulesets.dirtside import preview as pv
from rules.rulesets.dirtside import shooting_preview, support_preview
from rules.rulesets.dirtside import vtol
from rules.rulesets.dirtside.ladder import LADDER, QUALITY_DIE, SYSTEM_DIE
from rules.words import count

TARGET, FIRER = "target", "firer"
"""The roles a procedure's effects name (it has no units): the words are made from them as in a game."""

QUALITIES = ("basic", "enhanced", "superior")
TROOPS = ("green", "regular", "veteran")
DICE = tuple(str(d) for d in LADDER)

FIRE = (
    Input("weapon", "weapon type", "HKP", choices=("RFAC", "HVC", "HKP", "MDC", "HEL", "DFFG", "SLAM")),
    Input("cls", "weapon class", 3, 1, 5),
    Input("distance", "range in hexes (inches)", 10, 0, 60),
    Input("fc", "fire control", "superior", choices=QUALITIES),
    Input("barrels", "barrels of the mount (each rolls against one target roll)", 1, 1, 5),
    Input("fast", "the firer moves more than half its BMF this activation (die one type down)", False),
    Input("damaged_firer", "the firer is damaged (every band one longer)", False),
    Input("obscured", "the target is behind its smoke dischargers (one band longer)", False),
    Input("signature", "the target's size class (+1 for a walker)", 3, 1, 7),
    Input("stealth", "the target's stealth levels", 0, 0, 3),
    Input("active_ads", "the target has its ADS / SAM radar on (signature + 1, no stealth)", False),
    Input("cover", "the target's best secondary die", "none",
          choices=("none", "turret_down", "hull_down", "dug_in", "evading", "soft_cover", "pop_up")),
    Input("armour", "armour of the facing hit (front; sides, rear and top one less)", 3, 0, 8),
    Input("armour_kind", "armour", "plain", choices=("plain", "ablative", "reactive")),
    Input("hel_band", "the HEL's single band (option)", "medium", choices=("medium", "close")),
)
TEST = (
    Input("quality", "the unit's quality (d6 / d8 / d10)", "regular", choices=TROOPS),
    Input("leadership", "the leader's rating (1 best)", 2, 1, 3),
    Input("threat", "threat level (highest that applies)", 1, 0, 4),
    Input("kind", "confidence test (drops levels) or reaction test (acts or not)", "confidence",
          choices=("confidence", "reaction")),
    Input("bonus", "added to the roll (house close-assault bonus +1 / +2)", 0, 0, 2),
)
ASSAULT = (
    Input("quality", "attacker's quality", "regular", choices=TROOPS),
    Input("leadership", "attacker's leadership", 2, 1, 3),
    Input("confidence", "attacker's confidence (threat CO +0, ST +1, SH +3)", "CO", choices=("CO", "ST", "SH")),
    Input("bonus", "house bonus: +2 all vehicles against no vehicles, +1 bigger armour and guns", 0, 0, 2),
    Input("d_quality", "defender's quality", "regular", choices=TROOPS),
    Input("d_leadership", "defender's leadership", 2, 1, 3),
    Input("powered", "the attackers include powered infantry (defender tests +3, else +2)", False),
)
CONTEST = (
    Input("active", "the active die (firer, guidance, ADS...)", "8", choices=DICE),
    Input("passive", "the passive die", "8", choices=DICE),
    Input("second", "a second passive die (0: none; the higher counts, DS2-A14)", "0", choices=("0",) + DICE),
    Input("bonus", "added to the active roll", 0, 0, 4),
)
MISSILE = (
    Input("quality", "SAM quality / AAM guidance (d6 / d8 / d10)", "basic", choices=QUALITIES),
    Input("ecm", "the craft's ECM (d4 none, d6, d8, d10)", "none", choices=("none",) + QUALITIES),
    Input("pilot", "the pilot's command marker (green d6, blue d8, orange d10)", "regular", choices=TROOPS),
    Input("evades", "the craft evades (adds its marker die)", False),
    Input("decoys", "the craft drops decoys (adds a d4; with evading, one type above the marker)", False),
)
AIR_DEFENCE = (
    Input("ads", "an ADS of this quality (or LAD below)", "basic", choices=QUALITIES + ("lad",)),
    Input("lad", "LAD weapons firing (d6, one type up per extra weapon; 2 chits)", 1, 1, 4),
    Input("pilot", "the pilot's command marker", "regular", choices=TROOPS),
    Input("nerve", "the pilot's leadership (1 steps the die up, 3 down)", 2, 1, 3),
    Input("ecm", "the craft's ECM (a second die)", "none", choices=("none",) + QUALITIES),
    Input("armour", "the craft's armour", 2, 0, 8),
)
ARTILLERY = (
    Input("battery", "battery class", "medium", choices=("light", "medium", "heavy")),
    Input("munition", "munition", "HEF", choices=("HEF", "MAK")),
    Input("target", "the element", "infantry", choices=("infantry", "vehicle")),
    Input("guns", "guns in a converged sheaf (one draw each)", 2, 1, 6),
    Input("dug_in", "the element is dug in", False),
    Input("armour", "a vehicle's front armour (top is one less)", 3, 0, 8),
    Input("kill", "an infantry element's kill number (militia 3, line 4, powered 5)", 4, 3, 5),
)
CALL = (
    Input("observer", "a specialised observer or a commando calls (d12)", False),
    Input("leadership", "else the leader's rating (1: d10, 2: d8, 3: d6)", 2, 1, 3),
    Input("off_table", "the battery is off the table (needs 6, else 4)", True),
)
MINES = (
    Input("target", "the element entering the field", "vehicle", choices=("vehicle", "infantry")),
    Input("armour", "a vehicle's front armour (bottom is two less)", 3, 0, 8),
    Input("full_armour", "a low VTOL hit by jumping mines (its full armour)", False),
    Input("kill", "an infantry element's kill number", 4, 3, 5),
)


def shot(v: dict) -> fp.Shot:
    cover = frozenset() if v["cover"] == "none" else frozenset({v["cover"]})
    return fp.Shot(v["weapon"], v["cls"], v["distance"], fc=v["fc"], barrels=v["barrels"], fast=v["fast"],
                   damaged_firer=v["damaged_firer"], obscured=v["obscured"], signature=v["signature"],
                   stealth=v["stealth"], active_ads=v["active_ads"], secondary=cover, armour=v["armour"],
                   armour_kind=v["armour_kind"], hel_band=v["hel_band"])


def fire_odds(v: dict) -> Preview:
    s = shot(v)
    if s.dice()[0] is None:
        return Preview(title="Direct fire", notes=("out of reach (or a Basic fire control at long range after a fast "
                                                   "move): no shot",))
    label = f"{v['weapon']}/{v['cls']}"
    outcomes, note = shooting_preview.shot_outcomes(s, label, target=TARGET, firer=FIRER)
    return Preview(title="Direct fire", dice="per barrel against one target roll; each hit draws chits from 119",
                   outcomes=tuple(outcomes), notes=(note,))


def fire_roll(v: dict, dice: Dice) -> list[str]:
    r = fp.direct_fire(shot(v), dice)
    if r.firer_die is None:
        return ["no shot: out of reach"]
    lines = [f"target rolls {', '.join(map(str, r.target_rolls))}; firer d{r.firer_die} rolls "
             f"{', '.join(map(str, r.firer_rolls))}: {count(r.hits, 'hit')}"]
    lines += [f"chits {' '.join(d)}: {res.words()}" for d, res in zip(r.draws, r.results)]
    return lines


def test_odds(v: dict) -> Preview:
    die, need = QUALITY_DIE[v["quality"]], v["leadership"] + v["threat"]
    dist = odds.test_outcomes(die, v["leadership"], v["threat"], v["bonus"])
    if v["kind"] == "reaction":
        p = dist.get(0, Fraction(0))
        outcomes = (Outcome(label="passes: carries out the action", chance=p), Outcome(label="fails", chance=1 - p))
    else:
        outcomes = tuple(Outcome(label="holds" if k == 0 else f"drops {k} level{'s' if k > 1 else ''}", chance=p)
                         for k, p in sorted(dist.items()))
    return Preview(title=f"{v['kind'].capitalize()} test", dice=f"d{die} must beat {need}"
                   + (f" (+{v['bonus']})" if v["bonus"] else ""), outcomes=outcomes)


def test_roll(v: dict, dice: Dice) -> list[str]:
    die = QUALITY_DIE[v["quality"]]
    if v["kind"] == "reaction":
        r = morale.reaction_test(die, v["leadership"], v["threat"], dice, bonus=v["bonus"])
        return [f"rolls {r.roll}: {'passes' if r.passed else 'fails'}"]
    r = morale.TestResult(dice.roll(1, die, "confidence test", need=v["leadership"] + v["threat"] - v["bonus"],
                                    test=">", rule="§3.1")[0], v["leadership"] + v["threat"], v["bonus"])
    return [f"rolls {r.roll}: " + ("holds" if r.passed else f"drops {r.drops} level{'s' if r.drops > 1 else ''}")]


def assault_odds(v: dict) -> Preview:
    threat = morale.ASSAULT_ATTACKER[v["confidence"]]
    return Preview(title="Close assault: the threat test and the defender's first test",
                   dice=f"d{QUALITY_DIE[v['quality']]} must beat {v['leadership'] + threat}, then the defender",
                   outcomes=pv.assault_outcomes(QUALITY_DIE[v["quality"]], v["leadership"], threat, v["bonus"],
                                                QUALITY_DIE[v["d_quality"]], v["d_leadership"],
                                                3 if v["powered"] else 2))


def assault_roll(v: dict, dice: Dice) -> list[str]:
    threat = morale.ASSAULT_ATTACKER[v["confidence"]]
    r = morale.reaction_test(QUALITY_DIE[v["quality"]], v["leadership"], threat, dice, bonus=v["bonus"],
                             why="threat test")
    if not r.passed:
        return [f"threat test rolls {r.roll}: fails, no assault"]
    d = morale.reaction_test(QUALITY_DIE[v["d_quality"]], v["d_leadership"], 3 if v["powered"] else 2, dice,
                             why="defender's test")
    return [f"threat test rolls {r.roll}: the assault goes in",
            f"defender rolls {d.roll}: " + ("stands: combat rounds" if d.passed else "gives way at once")]


def _passive(v: dict) -> tuple[int, ...]:
    return (int(v["passive"]),) + ((int(v["second"]),) if v["second"] != "0" else ())


def contest_odds(v: dict) -> Preview:
    p = odds.contest(int(v["active"]), _passive(v), v["bonus"])
    return Preview(title="Die-type contest", dice=f"d{v['active']} against " + " / ".join(f"d{d}" for d in _passive(v)),
                   outcomes=(Outcome(label="hit (strictly higher)", chance=p), Outcome(label="miss (ties miss)", chance=1 - p)))


def contest_roll(v: dict, dice: Dice) -> list[str]:
    a = dice.roll(1, int(v["active"]), "active die")[0] + v["bonus"]
    b = [dice.roll(1, d, "passive die")[0] for d in _passive(v)]
    return [f"{a} against {max(b)}: {'hit' if a > max(b) else 'miss'}"]


def missile_odds(v: dict) -> Preview:
    defence = air.evasion_dice(v["ecm"], v["pilot"], v["evades"], v["decoys"])
    p = odds.contest(SYSTEM_DIE[v["quality"]], defence)
    return Preview(title="SAM / AAM duel", dice=f"d{SYSTEM_DIE[v['quality']]} against " + " / ".join(f"d{d}" for d in defence),
                   outcomes=(Outcome(label="hit: the craft is destroyed", chance=p), Outcome(label="missed", chance=1 - p)))


def missile_roll(v: dict, dice: Dice) -> list[str]:
    r = air.sam_or_aam(v["quality"], v["ecm"], v["pilot"], v["evades"], v["decoys"], dice)
    return [f"missile {r.attack_roll} against {max(r.defence_rolls)}: " + ("destroyed" if r.hit else "missed")]


def _pilot(v: dict) -> tuple[int, ...]:
    return (air.pilot_die(v["pilot"], v["nerve"]),) + ((SYSTEM_DIE[v["ecm"]],) if v["ecm"] != "none" else ())


def _defence(v: dict) -> tuple[int, int]:
    if v["ads"] == "lad":
        return air.lad_die(v["lad"]), 2
    return SYSTEM_DIE[v["ads"]], air.ADS_CHITS[v["ads"]]


def air_defence_odds(v: dict) -> Preview:
    die, chits = _defence(v)
    dist = vtol.zad_odds(die, _pilot(v), v["armour"], chits)
    return Preview(title="Air defence fire (after a passed reaction test)",
                   dice=f"d{die} against " + " / ".join(f"d{d}" for d in _pilot(v)) + f"; a hit draws {chits} chits",
                   outcomes=tuple(Outcome(label=k, chance=p) for k, p in dist.items() if p))


def air_defence_roll(v: dict, dice: Dice) -> list[str]:
    die, chits = _defence(v)
    r = air.air_defence_fire(die, chits, _pilot(v), v["armour"], dice)
    return [f"{r.ads_roll} against {max(r.aircraft_rolls)}: {r.outcome}" + (f" (chits {' '.join(r.draw)})" if r.draw else "")]


def artillery_odds(v: dict) -> Preview:
    return Preview(title=f"{v['battery'].capitalize()} {v['munition']} on one {v['target']} element (converged)",
                   dice=f"{art.element_chits(v['battery'], v['target'])} chits per gun, each draw on its own",
                   outcomes=support_preview.artillery_outcomes(v["battery"], v["munition"], v["target"], v["guns"], v["dug_in"],
                                                  v["armour"], v["kill"], unit=TARGET))


def artillery_roll(v: dict, dice: Dice) -> list[str]:
    hit = art.bombard_element(v["battery"], v["munition"], v["target"], v["guns"], dice, dug_in=v["dug_in"],
                              armour=v["armour"], kill=v["kill"])
    if v["target"] != "vehicle":
        return [f"chits {' '.join(d)}" for d in hit.draws] + ["killed" if hit.killed else "unhurt"]
    return [f"chits {' '.join(d)}: {r.words()}" for d, r in zip(hit.draws, hit.vehicle)]


def call_odds(v: dict) -> Preview:
    die, need = art.call_die(v["observer"], v["leadership"]), art.call_need(v["off_table"])
    p = Fraction(max(0, die - need + 1), die)
    return Preview(title="Call for fire", dice=f"d{die} needing {need}+",
                   outcomes=(Outcome(label="mission placed", chance=p), Outcome(label="no contact", chance=1 - p)))


def call_roll(v: dict, dice: Dice) -> list[str]:
    ok = art.call_fire(v["observer"], v["leadership"], v["off_table"], dice)
    return ["mission placed" if ok else "no contact"]


def mines_odds(v: dict) -> Preview:
    if v["target"] == "infantry":
        p = mines.infantry_odds(v["kill"])
        outcomes = (Outcome(chance=p, units=(shooting_preview.element_lost(TARGET, vehicle=False),)),
                    Outcome(label="unhurt", chance=1 - p))
    else:
        armour = v["armour"] if v["full_armour"] else max(0, v["armour"] - 2)
        outcomes = tuple(shooting_preview.drawn(p, pv.mine_effect(TARGET, k), EFFECTS, k)
                         for k, p in mines.vehicle_odds(armour).items())
    return Preview(title="An element enters a minefield", dice="2 chits from 119", outcomes=outcomes)


def mines_roll(v: dict, dice: Dice) -> list[str]:
    armour = v["armour"] if v["full_armour"] else max(0, v["armour"] - 2)
    hit = mines.attack_element(v["target"], armour, v["kill"], dice)
    what = hit.vehicle.words() if hit.vehicle else ("killed" if hit.killed else "unhurt")
    return [f"chits {' '.join(hit.drawn)}: {what}"]


RALLY = (
    Input("quality", "the unit's quality (d6 / d8 / d10)", "regular", choices=TROOPS),
    Input("leadership", "the unit's leadership", 2, 1, 3),
    Input("command", "the command unit's leadership", 2, 1, 3),
)


def rally_odds(v: dict) -> Preview:
    die, need = QUALITY_DIE[v["quality"]], v["leadership"] + v["command"]
    p = command.rally_odds(die, need)
    return Preview(title="Rally", dice=f"d{die} must beat {need}",
                   outcomes=(Outcome(label="up one level", chance=p), Outcome(label="no change", chance=1 - p)))


def rally_roll(v: dict, dice: Dice) -> list[str]:
    die, need = QUALITY_DIE[v["quality"]], v["leadership"] + v["command"]
    roll = dice.roll(1, die, "rally", need=need, test=">", rule="§3.3")[0]
    return [f"rolls {roll}: " + ("up one level" if roll > need else "no change")]


CLEAR = (Input("engineers", "engineer teams of the unit within 2 hexes of the marker", 1, 1, 5),)


def clear_odds(v: dict) -> Preview:
    p = mines.clear_chance(v["engineers"])
    return Preview(title="Clearing a minefield", dice=f"d{mines.clear_die(v['engineers'])} needing {mines.CLEAR_NEED}+",
                   outcomes=(Outcome(label="cleared", chance=p), Outcome(label="not cleared", chance=1 - p)))


def clear_roll(v: dict, dice: Dice) -> list[str]:
    roll = dice.roll(1, mines.clear_die(v["engineers"]), "clear mines", need=mines.CLEAR_NEED, test=">=",
                     rule="§10.1")[0]
    return [f"rolls {roll}: " + ("cleared" if roll >= mines.CLEAR_NEED else "not cleared")]


PROCEDURES = (
    Procedure("fire", "Direct fire at a vehicle, with the chit draw", "§5.1-5.7, §6.3-6.4; DS2-A14, A19", FIRE,
              fire_odds, fire_roll),
    Procedure("test", "Confidence or reaction test", "§3.1-3.2", TEST, test_odds, test_roll),
    Procedure("assault", "Close assault: threat test and the defender's test", "§8.5; house 'Close assaults', "
              "DS2-A04, A05", ASSAULT, assault_odds, assault_roll),
    Procedure("contest", "Die-type contest", "§1.1, §5.1; DS2-A14, A19", CONTEST, contest_odds, contest_roll),
    Procedure("missile", "SAM or AAM duel", "house 'Air defense systems', 'Aerospace air to air combat'; DS2-A14, A15",
              MISSILE, missile_odds, missile_roll),
    Procedure("airdefence", "ADS or LAD fire at an aircraft or high-mode VTOL", "§11.3; DS2-A16", AIR_DEFENCE,
              air_defence_odds, air_defence_roll),
    Procedure("artillery", "HEF or MAK on one element", "§9.5, §6.3", ARTILLERY, artillery_odds, artillery_roll),
    Procedure("call", "Calling for artillery fire", "§9.3; house 'Infantry commandos'", CALL, call_odds, call_roll),
    Procedure("mines", "An element entering a minefield", "§10.1", MINES, mines_odds, mines_roll),
    Procedure("rally", "Rallying a unit", "§3.3", RALLY, rally_odds, rally_roll),
    Procedure("clear", "Engineers clearing a minefield", "§10.1", CLEAR, clear_odds, clear_roll),
)
