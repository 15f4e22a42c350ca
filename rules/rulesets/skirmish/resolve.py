"""Skirmish procedures for the game master's quick resolver (rules/resolver.py): a check, a shot, a fight, a climb
or jump, the clean-up roll."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.dice import Dice
from rules.resolver import Input, Procedure
from rules.rulesets.skirmish import climbs, odds
from rules.rulesets.skirmish.preview import fate_outcomes
from rules.rulesets.skirmish.procedures.cleanup import downed_status, roll_downed
from rules.rulesets.skirmish.procedures.cqc import Fighter, melee_on_one
from rules.rulesets.skirmish.procedures.roll import roll_check
from rules.rulesets.skirmish.procedures.shooting import Shot, attack_on_one

CHECK_INPUTS = (
    Input("stat", "the stat rolled (Skill, Willpower, Shooting, Agility...)", 5, 0, 10),
    Input("tn", "the target number after modifiers (10; a bonus lowers it, a penalty raises it)", 10, 1, 30),
)
SHOT_INPUTS = (
    Input("shooting", "the shooter's Shooting", 5, 0, 10),
    Input("tn", "to-hit TN after modifiers (10 +2 long range, +2 hard cover, +2 suppressive...)", 10, 1, 30),
    Input("shots", "hit rolls at this model (2/1 fire: 2 at effective range)", 1, 1, 4),
    Input("reroll", "a miss may be re-rolled (scope, aimed fire)", False),
    Input("damage", "the weapon's Damage", 5, 0, 12),
    Input("defence", "the target's wound TN (Defence + armour, -2 for an aimed shot at the damage)", 10, 1, 30),
    Input("willpower", "the target's Willpower (a non-damaging hit: Will check)", 5, 0, 10),
    Input("downed", "the target is already downed", False),
    Input("area", "the target stands in a sprayed area (Will check even when missed)", False),
)
FIGHT_INPUTS = (
    Input("a_cqc", "attacker's CQC", 5, 0, 10),
    Input("a_tn", "attacker's TN (weapon +0/+1/+2 or -1, rear -2, uphill +1, suppressed +2)", 10, 1, 30),
    Input("a_dice", "attacker's dice (1 + allies in contact)", 1, 1, 4),
    Input("a_damage", "attacker's wound Damage (Physique + melee bonus, or pistol/SMG damage)", 5, 0, 12),
    Input("a_melee", "the attacker uses a melee weapon (a critical kills)", True),
    Input("a_defence", "the attacker's own wound TN (Defence + armour), should it lose", 10, 1, 30),
    Input("a_willpower", "the attacker's Willpower", 5, 0, 10),
    Input("d_cqc", "defender's CQC", 5, 0, 10),
    Input("d_tn", "defender's TN", 12, 1, 30),
    Input("d_dice", "defender's dice", 1, 1, 4),
    Input("d_damage", "defender's wound Damage", 4, 0, 12),
    Input("d_melee", "the defender uses a melee weapon", False),
    Input("d_defence", "the defender's wound TN (Defence + armour)", 10, 1, 30),
    Input("d_willpower", "the defender's Willpower", 5, 0, 10),
)


def check_odds(v: dict) -> Preview:
    p = odds.activation_odds(v["stat"], v["tn"])
    return Preview(title="Check", dice=f"{v['stat']} + d10 vs TN {v['tn']} (natural 0 passes, natural 1 fails)",
                   outcomes=(Outcome(label="passes", chance=p), Outcome(label="fails", chance=1 - p)))


def check_roll(v: dict, dice: Dice) -> list[str]:
    return [roll_check(dice, v["stat"], v["tn"], "check").words()]


def _shots(v: dict) -> list[Shot]:
    return [Shot(stat=v["shooting"], tn=v["tn"], reroll=v["reroll"], damage=v["damage"],
                 wound_tn=v["defence"])] * v["shots"]


def shot_odds(v: dict) -> Preview:
    dist = odds.attack_odds(_shots(v), v["downed"], v["willpower"], in_zone=v["area"])
    return Preview(title="Shooting", dice="hit rolls, then d10 + Damage per hit (a critical hit: twice)",
                   outcomes=tuple(fate_outcomes("the target", dist)))


def shot_roll(v: dict, dice: Dice) -> list[str]:
    fate, suppressed = attack_on_one(dice, _shots(v), v["downed"], v["willpower"], in_zone=v["area"])
    return [f"the target: {fate}" + (", suppressed" if suppressed else "")]


def _fighters(v: dict) -> tuple[Fighter, Fighter]:
    """Each fighter with its own wound TN and Willpower (table.fighter: the loser's are the ones that count)."""
    return (Fighter(cqc=v["a_cqc"], tn=v["a_tn"], dice=v["a_dice"], damage=v["a_damage"], melee=v["a_melee"],
                    wound_tn=v["a_defence"], willpower=v["a_willpower"]),
            Fighter(cqc=v["d_cqc"], tn=v["d_tn"], dice=v["d_dice"], damage=v["d_damage"], melee=v["d_melee"],
                    wound_tn=v["d_defence"], willpower=v["d_willpower"]))


def fight_odds(v: dict) -> Preview:
    out: dict[str, Fraction] = {}
    for (w, f, sup), p in odds.melee_odds(*_fighters(v)).items():
        label = "nobody wins" if w is None else f"the {'attacker' if w == 'active' else 'defender'} wins; " \
            f"the loser {f}" + (", suppressed" if sup else "")
        out[label] = out.get(label, Fraction(0)) + p
    return Preview(title="Close quarters combat", dice="contested CQC rolls (best die of each), the winner's wound",
                   outcomes=tuple(Outcome(label=k, chance=c) for k, c in out.items()))


def fight_roll(v: dict, dice: Dice) -> list[str]:
    w, f, sup = melee_on_one(dice, *_fighters(v))
    if w is None:
        return ["nobody wins: the two stay in contact"]
    return [f"the {'attacker' if w == 'active' else 'defender'} wins; the loser {f}" + (", suppressed" if sup else "")]


def downed_odds(v: dict) -> Preview:
    counts: dict[str, int] = {}
    for face in range(1, 11):
        counts[downed_status(face)] = counts.get(downed_status(face), 0) + 1
    return Preview(title="Clean-up roll of a downed model", dice="d10: 1-3, 4-7, 8-0",
                   outcomes=tuple(Outcome(label=k, chance=Fraction(n, 10)) for k, n in counts.items()))


def downed_roll(v: dict, dice: Dice) -> list[str]:
    return [roll_downed(dice)]


CLIMB = (
    Input("agility", "the model's Agility", 5, 0, 10),
    Input("kind", "a climb, a jump over a gap, or a jump down", "climb", choices=("climb", "jump", "drop")),
    Input("n", "levels climbed, the gap in inches, or the falling saves of the jump down", 1, 0, 10),
    Input("slippery", "a slippery surface (a failed climb may fall)", False),
)


def _climb_words(result: str, kind: str) -> str:
    """`climbs.take`'s result in words (the move's preview says where; the resolver has no map)."""
    if result == "on":
        return "goes on"
    if result == "stops":
        return f"stops ({climbs.WHY[kind]})"
    if result.startswith("falls"):
        return result
    return f"{result} ({climbs.WHY[kind]})"


def climb_odds(v: dict) -> Preview:
    dist = climbs.test_odds(v["agility"], v["kind"], v["n"], v["slippery"])
    return Preview(title="Climb, jump or jump down", dice=f"Agility {v['agility']} + d10 vs TN 10 for each test",
                   outcomes=tuple(Outcome(label=_climb_words(r, v["kind"]), chance=p)
                                  for r, p in sorted(dist.items(), key=lambda kv: -kv[1])))


def climb_roll(v: dict, dice: Dice) -> list[str]:
    return [_climb_words(climbs.take(dice, v["agility"], v["kind"], v["n"], v["slippery"]), v["kind"])]


PROCEDURES = (
    Procedure("check", "A stat check (stat + d10 vs TN)", "#2; SKIRM-A01, A02, A11", CHECK_INPUTS, check_odds,
              check_roll),
    Procedure("shot", "Shooting at one model", "#5, #5A; SKIRM-A12, A13", SHOT_INPUTS, shot_odds, shot_roll),
    Procedure("fight", "Close quarters combat", "#5B; SKIRM-A05, A06", FIGHT_INPUTS, fight_odds, fight_roll),
    Procedure("climb", "A climb, a gap jump or a jump down", "#4 'Climb & Jump', 'Falling'", CLIMB, climb_odds,
              climb_roll),
    Procedure("downed", "Clean-up roll of a downed model", "#5A; SKIRM-A28",
              (Input("models", "downed models rolled for", 1, 1, 1),), downed_odds, downed_roll),
)
