"""Firing: the Range roll with terrain and Good Hits, Fire against Armour, damage and who allocates it (text: "Firing")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.dice import Dice
from rules.modifiers import Term, line
from rules.rulesets.hundred_wars.terrain import DIVISOR, LEVEL_WORDS, Level, divide, easier

R_RANGE = "Firing; AHW-A08, AHW-A10"
R_FIRE = "Causing Damage; AHW-A11, AHW-A12"
Kind = Literal["direct", "indirect", "homing"]
Arc = Literal["front", "flank", "rear"]


def range_level(level: Level, kind: Kind) -> Level:
    """Terrain for the Range roll: Indirect ignores Hard; Homing ignores Hard and reduces V.Hard (to Hard)."""
    if kind == "indirect" and level == "hard":
        return "easy"
    if kind == "homing" and level in ("hard", "very_hard"):
        return easier(level)
    return level


def damage_divisor_level(level: Level, kind: Kind) -> Level:
    """Terrain for damage: Hard /2 (ignored by Indirect and Homing); V.Hard /10 (/2 for Homing) (AHW-A16, A28)."""
    if level == "hard" and kind in ("indirect", "homing"):
        return "easy"
    if level == "very_hard" and kind == "homing":
        return "hard"
    return level


def range_score(roll: int, level: Level) -> int:
    """The Range roll doubled (2-200), then /2 or /10 for terrain, rounded up once (AHW-A08); 0 if impassable."""
    return divide(2 * roll, level) or 0


def good_hit(score: int, distance_cm: int, hex_cm: int) -> bool:
    """A Range roll that 'touches the target': it ends inside the target's hex (AHW-A10)."""
    return distance_cm <= score < distance_cm + hex_cm


@dataclass(frozen=True)
class RangeResult:
    roll: int
    score: int
    effective: bool
    """The doubled, terrain-cut roll reaches the target: fire is placed effectively."""
    good: bool


def range_outcome(roll: int, distance_cm: int, hex_cm: int, level: Level, kind: Kind = "direct") -> RangeResult:
    score = range_score(roll, range_level(level, kind))
    effective = score >= distance_cm
    return RangeResult(roll, score, effective, effective and good_hit(score, distance_cm, hex_cm))


def range_roll(distance_cm: int, hex_cm: int, level: Level, dice: Dice, *, kind: Kind = "direct",
               side: str | None = None, unit: str | None = None, purpose: str = "range") -> RangeResult:
    """Roll 1d100 for Range: the target is sighted if the doubled roll is not less than the distance."""
    def said(f):
        r = range_outcome(f[0], distance_cm, hex_cm, level, kind)
        return ("good hit" if r.good else "on target" if r.effective else "not sighted") + f" ({r.score} cm of {distance_cm})"

    (roll,) = dice.roll(1, 100, purpose, side=side, unit=unit, rule=R_RANGE, outcome=said)
    return range_outcome(roll, distance_cm, hex_cm, level, kind)


def armour_against(armour: int, arc: Arc, *, all_round: bool = False, rear_bulk: bool = False) -> int:
    """Flank half, rear a quarter, rounded up, unless Armour <= 10 or All Round Armour (AHW-A31).

    With the bulk of the armour at the rear, front and rear swap.
    """
    if all_round or armour <= 10:
        return armour
    if rear_bulk and arc != "flank":
        arc = "rear" if arc == "front" else "front"
    if arc == "flank":
        return math.ceil(armour / 2)
    if arc == "rear":
        return math.ceil(armour / 4)
    return armour


def armour_modifiers(armour: int, arc: Arc, *, all_round: bool = False, rear_bulk: bool = False) -> tuple[str, ...]:
    """The Armour factor `armour_against` gives, explained for the odds and the dice log ('' when unchanged)."""
    effective = armour_against(armour, arc, all_round=all_round, rear_bulk=rear_bulk)
    why = "halved" if effective == math.ceil(armour / 2) and armour > 1 else "a quarter"
    text = line("Armour factor", (Term(armour, "Armour", base=True),
                                  Term(effective - armour, f"{arc} arc: {why}", "AHW-A31")))
    return (text,) if text else ()


def range_modifiers(distance_cm: int, level: Level, kind: Kind = "direct") -> tuple[str, ...]:
    """How terrain cuts the Range score (`range_score`), for the odds ('' in Easy terrain)."""
    cut = range_level(level, kind)
    if cut in ("easy", "impassable"):
        return ()
    return (f"Range score: 1d100 x2, then /{DIVISOR[cut]} for {LEVEL_WORDS[cut]} terrain on the line ({R_RANGE}); "
            f"it must reach {distance_cm} cm",)


def doubles_damage(*, indirect_good_hit: bool = False, from_above: bool = False, from_below: bool = False,
                   top_armour: bool = False, mine_proof: bool = False) -> bool:
    """Indirect Good Hits and hits from two elevations higher double unless Top Armour; attacks from below unless Mine Proof."""
    return ((indirect_good_hit or from_above) and not top_armour) or (from_below and not mine_proof)


@dataclass(frozen=True)
class FireResult:
    fire_roll: int
    armour_roll: int
    fire_score: int
    armour_score: int
    hit: bool
    """The Fire roll beat the Armour roll."""
    destroyed: bool
    """The Fire roll was double the Armour roll (or more, AHW-A12)."""
    damage: int
    """Damage after terrain and doubling (0 on a miss)."""


def score_of_fire(roll: int, fire: int, good: bool) -> int:
    """The Fire roll's score, capped by the factor (doubled by a Good Hit): the dice log and the damage use it."""
    return min(roll, fire * 2 if good else fire)


def score_of_armour(roll: int, armour: int) -> int:
    """The Armour roll's score, capped by the factor: the dice log and the damage use it."""
    return min(roll, armour)


def fire_outcome(fire_roll: int, armour_roll: int, fire: int, armour: int, *, good: bool = False,
                 level: Level = "easy", kind: Kind = "direct", double: bool = False) -> FireResult:
    """Fire and Armour rolls are capped by their factors; a Good Hit doubles the Fire factor (AHW-A11).

    Damage = Fire - Armour, divided for the target's terrain (rounded up) and
    doubled for hits from above, below or an indirect Good Hit.
    """
    fire_score, armour_score = score_of_fire(fire_roll, fire, good), score_of_armour(armour_roll, armour)
    hit, destroyed, damage = scores_outcome(fire_score, armour_score, damage_divisor_level(level, kind), double)
    return FireResult(fire_roll, armour_roll, fire_score, armour_score, hit, destroyed, damage)


def scores_outcome(fire_score: int, armour_score: int, divisor_level: Level, double: bool) -> tuple[bool, bool, int]:
    """(hit, destroyed, damage) of two capped scores: the whole decision of `fire_outcome`, which the odds
    (odds._fire) ask for every pair of scores without building a FireResult each time."""
    if fire_score <= armour_score:
        return False, False, 0
    if fire_score >= 2 * armour_score:
        return True, True, 0
    damage = divide(fire_score - armour_score, divisor_level) or 0
    return True, False, damage * 2 if double else damage


def fire_roll(fire: int, armour: int, dice: Dice, *, good: bool = False, level: Level = "easy",
              kind: Kind = "direct", double: bool = False, side: str | None = None,
              unit: str | None = None, target_side: str | None = None, target: str | None = None) -> FireResult:
    """Roll 1d100 Fire for the firer, then 1d100 Armour for the target."""
    f = fire_die(fire, good, dice, side=side, unit=unit)
    a = armour_die(armour, dice, side=target_side, unit=target)
    return fire_outcome(f, a, fire, armour, good=good, level=level, kind=kind, double=double)


def fire_die(fire: int, good: bool, dice: Dice, purpose: str = "fire", *, side: str | None = None,
             unit: str | None = None) -> int:
    """The firer's 1d100 Fire roll (its own function: a psionic pip may re-roll it alone)."""
    (f,) = dice.roll(1, 100, purpose, side=side, unit=unit, rule=R_FIRE,
                     outcome=lambda x: f"scores {score_of_fire(x[0], fire, good)} (Fire {fire}{' x2 good hit' if good else ''})")
    return f


def armour_die(armour: int, dice: Dice, purpose: str = "armour", *, side: str | None = None,
               unit: str | None = None, modifiers: tuple[str, ...] = ()) -> int:
    """The target's 1d100 Armour roll (`modifiers`: where the factor came from, for the dice log)."""
    (a,) = dice.roll(1, 100, purpose, side=side, unit=unit, rule=R_FIRE, modifiers=modifiers,
                     outcome=lambda x: f"scores {score_of_armour(x[0], armour)} (Armour {armour})")
    return a


def allocator(damage: int) -> Literal["target", "firer"]:
    """Even damage: the target's commander allocates; odd: the firing player (AHW-A13)."""
    return "target" if damage % 2 == 0 else "firer"


# --- target choice ------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    id: str
    distance: int
    in_contact: bool = False
    firing_at_me: bool = False
    engaging_friends: bool = False


def priority_targets(candidates: Sequence[Candidate]) -> list[str]:
    """'Units will fire based on the following priorities' (text: "Target Choice").

    1st enemy in contact, 2nd enemy firing at self, 3rd enemy engaging friends,
    4th the closest unengaged visible enemy. The first class with anyone in it
    is the choice (several at the same distance are all closest).
    """
    for test in (lambda c: c.in_contact, lambda c: c.firing_at_me, lambda c: c.engaging_friends):
        chosen = [c.id for c in candidates if test(c)]
        if chosen:
            return chosen
    if not candidates:
        return []
    near = min(c.distance for c in candidates)
    return [c.id for c in candidates if c.distance == near]


# --- elevations -------------------------------------------------------------------


def shot_levels(firer_level: int, target_level: int, firer_large: bool = False, target_large: bool = False) -> tuple[int, int]:
    """'Units designated as large are considered to be one elevation higher for shooting and shooting at.'"""
    return firer_level + (1 if firer_large else 0), target_level + (1 if target_large else 0)


def elevation_refusal(firer: int, target: int, kind: Kind, fire: int, *, target_underground: bool = False) -> str:
    """Why the shot cannot be made for elevation ('' when it can) (text: "Effects of Terrain"; AHW-A33).

    Firing underground requires Homing weapons; firing from the surface to two
    levels deeper or more requires Homing weapons or a Fire factor over 60.
    """
    if target_underground and kind != "homing":
        return "firing underground requires Homing weapons"
    if firer >= 0 and target <= firer - 2 and kind != "homing" and fire <= 60:
        return "firing two levels deeper requires Homing weapons or a Fire factor over 60"
    return ""


def elevation_level(firer: int, target: int, level: Level) -> Level:
    """'Firing two levels higher counts as V. Hard terrain' (the worse of that and the terrain)."""
    if target >= firer + 2 and level in ("easy", "hard"):
        return "very_hard"
    return level


def from_above(firer: int, target: int) -> bool:
    """Hits from two elevations higher do double damage (unless Top Armour)."""
    return firer >= target + 2


def from_below(firer: int, target: int) -> bool:
    """Attacks from below (such as mines) on a surface or lower target do double damage (unless Mine Proof)."""
    return firer < target <= 0
