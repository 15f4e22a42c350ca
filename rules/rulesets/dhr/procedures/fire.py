"""Firing: range bands, rate of fire, the firing roll, a shot from the roll to morale, and a
machine gun's line and traversing fire. The saves and casualties are in saves.py, the firer and
the target as the procedures see them in combatants.py.

The order of an attack (Firing, Terrain Saves, Armor Saves, Morale):
possible hits (d6 per firer x RoF dice, equal or under the modified Rating)
-> terrain saves (d6 equal or under the highest DV along the line of sight)
-> armour saves (d6 equal or under the armour DV against that attack type)
-> Medic (optional: a 1 negates a casualty) -> casualties removed -> morale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.dice import Dice
from rules.hexgrid import Hex
from rules.modifiers import Term, line, total
from rules.rulesets.dhr.procedures.base import R_FIRE, R_LINE_FIRE, R_RANGE, R_ROF, count_under, roll_under
from rules.rulesets.dhr.procedures.combatants import Combatant, Firer
from rules.rulesets.dhr.procedures.morale import MoraleResult
from rules.rulesets.dhr.procedures.saves import Damage, after_attack_morale, resolve_hits
from rules.words import count

# --- Range and rate of fire ------------------------------------------------------------


def range_penalty(distance: int, weapon_range: int) -> int:
    """-1 per full range value beyond the first: ceil(distance / range) - 1 (Range; DHR-A03).

    Range 6: 0 at 1-6 hexes, 1 at 7-12, 2 at 13-18. A weapon range of 0 (melee,
    or no range given) and distance 0 give no penalty.
    """
    if weapon_range <= 0 or distance <= 0:
        return 0
    return math.ceil(distance / weapon_range) - 1


def parse_rof(text: str | int | Sequence[int]) -> tuple[int, ...]:
    """Read a Rate of Fire: "3|3|2|2|2" -> (3, 3, 2, 2, 2); an int n -> (n,)."""
    if isinstance(text, int):
        return (text,)
    if isinstance(text, str):
        slots = tuple(int(part) for part in text.replace(" ", "").split("|") if part)
    else:
        slots = tuple(int(x) for x in text)
    if not slots or any(s < 1 for s in slots):
        raise ValueError(f"a rate of fire needs slots of 1 or more: {text!r}")
    return slots


def rof_text(rof: Sequence[int]) -> str:
    """(3, 3, 2, 2, 2) -> "3|3|2|2|2"."""
    return "|".join(str(s) for s in rof)


def rof_dice(rof: Sequence[int], slots: int = 1) -> tuple[int, int]:
    """(dice per firer, penalty) for using the first `slots` slots (Rate of Fire; DHR-A08).

    Slots are used whole and from the left: dice = their sum, penalty = slots - 1
    (returned as a positive number to subtract). RoF 1|1|1 with 3 slots: (3, 2).
    """
    if not 1 <= slots <= len(rof):
        raise ValueError(f"RoF {rof_text(rof)} has {count(len(rof), 'slot')}, not {slots}")
    return sum(rof[:slots]), slots - 1


def split_rof(total_dice: int, slots: int) -> tuple[int, ...]:
    """Fill `slots` slots evenly with `total_dice`, the remainder to the leftmost (DHR-A09).

    12 dice in 5 slots -> 3|3|2|2|2 (the MG 42 of Rate of Fire).
    """
    if slots < 1 or total_dice < slots:
        raise ValueError(f"cannot split {total_dice} dice into {count(slots, 'slot')}")
    base, extra = divmod(total_dice, slots)
    return tuple(base + (1 if i < extra else 0) for i in range(slots))


def rof_from_cyclic(rounds_per_minute: int, slots: int) -> tuple[int, ...]:
    """The guideline for automatic weapons: cyclic rate / 100 dice, split over `slots` (DHR-A09)."""
    return split_rof(rounds_per_minute // 100, slots)


def fire_terms(rating: int, distance: int = 0, weapon_range: int = 0, slots: int = 1,
               modifier: int = 0) -> tuple[Term, ...]:
    """The firing number's parts: Rating, the range penalty, the RoF penalty, other modifiers (Firing)."""
    bands = range_penalty(distance, weapon_range)
    return (Term(rating, "Rating", base=True),
            Term(-bands, f"range ({distance} hexes at range {weapon_range})", R_RANGE),
            Term(-(slots - 1), f"{slots} RoF slots", R_ROF),
            Term(modifier, "other modifiers", R_FIRE))


@lru_cache(maxsize=4096)
def fire_target(rating: int, distance: int = 0, weapon_range: int = 0, slots: int = 1, modifier: int = 0) -> int:
    """The firing number: Rating - range penalty - RoF penalty + other modifiers (Firing).

    The shot can be taken only when this is 1 or more (DHR-A01, DHR-A02). Remembered (a pure function of a few
    numbers): listing a unit's attacks asks it for every weapon, enemy and RoF slot, and each action lists
    them (its prompt, its check), each worded term built afresh.
    """
    return total(fire_terms(rating, distance, weapon_range, slots, modifier))


def fire_modifiers(rating: int, distance: int = 0, weapon_range: int = 0, slots: int = 1,
                   modifier: int = 0) -> tuple[str, ...]:
    """The firing number explained, for the preview and the dice log (none when it is the bare Rating)."""
    text = line("to hit (roll this or less)", fire_terms(rating, distance, weapon_range, slots, modifier))
    return (text,) if text else ()


def max_range(rating: int, weapon_range: int, slots: int = 1, modifier: int = 0) -> int:
    """The farthest distance (hexes) at which the modified target is still 1 or more (DHR-A02).

    Seasoned 3, range 6, one slot: 18 (19 hexes "cannot engage"). 0 when no shot is possible.
    """
    bands = rating - (slots - 1) + modifier  # number of range bands with a target of 1+
    return max(0, bands) * weapon_range


# --- The firing roll ---------------------------------------------------------------------


@dataclass(frozen=True)
class FireRoll:
    """The firing dice: a d6 per firer times the chosen RoF dice, equal or under `target`."""

    target: int
    dice_count: int
    faces: tuple[int, ...] = ()
    range_penalty: int = 0
    rof_penalty: int = 0
    possible: bool = True
    """False when the target is 0 or less: the shot cannot be taken (DHR-A01, DHR-A02)."""

    @property
    def possible_hits(self) -> int:
        return count_under(self.faces, self.target)


def fire_roll(
    firer: Firer,
    distance: int,
    dice: Dice,
    *,
    slots: int = 1,
    modifier: int = 0,
    dice_count: int | None = None,
    purpose: str = "fire",
    rule: str | None = None,
) -> FireRoll:
    """Roll to hit (Firing, Range, Rate of Fire). `dice_count` overrides figures x RoF dice (line fire)."""
    per_firer, rof_pen = rof_dice(firer.rof, slots)
    rng_pen = range_penalty(distance, firer.weapon_range)
    target = fire_target(firer.rating, distance, firer.weapon_range, slots, modifier)
    n = firer.figures * per_firer if dice_count is None else dice_count
    if target <= 0:
        return FireRoll(target, n, (), rng_pen, rof_pen, possible=False)
    faces = roll_under(dice, n, target, purpose, rule=rule or (R_FIRE if slots == 1 else f"{R_FIRE}; Rate of Fire; DHR-A08"),
                       side=firer.side, unit=firer.unit, word="possible hit",
                       modifiers=fire_modifiers(firer.rating, distance, firer.weapon_range, slots, modifier))
    return FireRoll(target, n, faces, rng_pen, rof_pen)


# --- A shot from the roll to morale -----------------------------------------------------


@dataclass(frozen=True)
class FireResult:
    """A shot from start to end."""

    roll: FireRoll
    damage: Damage | None = None
    """None when the shot could not be taken."""
    morale: MoraleResult | None = None

    @property
    def casualties(self) -> int:
        return self.damage.casualties if self.damage else 0

    @property
    def retreat(self) -> int:
        return self.morale.retreat if self.morale else 0


def resolve_fire(
    firer: Firer,
    target: Combatant,
    dice: Dice,
    *,
    distance: int,
    save_dv: int,
    slots: int = 1,
    modifier: int = 0,
    morale: bool = True,
    dice_count: int | None = None,
    purpose: str = "fire",
    rule: str | None = None,
) -> FireResult:
    """Firing from the roll to the morale check (Firing, Terrain Saves, Armor Saves, Morale).

    `distance` in hexes; `save_dv` from `save_dv`/`line_save_dv`; `slots` RoF slots used;
    `modifier` any other firing modifier; `morale=False` leaves the check to the caller.
    """
    roll = fire_roll(firer, distance, dice, slots=slots, modifier=modifier, dice_count=dice_count,
                     purpose=purpose, rule=rule)
    if not roll.possible:
        return FireResult(roll)
    damage = resolve_hits(roll.possible_hits, target, save_dv, dice)
    check = after_attack_morale(target, damage, dice) if morale else None
    return FireResult(roll, damage, check)


# --- Machine guns: line fire and traversing fire -----------------------------------------


@dataclass(frozen=True)
class LineTarget:
    """One unit in a machine gun's line (or traversing) fire."""

    target: Combatant
    distance: int
    save_dv: int
    at: Hex | None = None


def spread_dice(total: int, figures: Sequence[int]) -> list[int]:
    """The default split of line fire: a die per figure, nearest target first, up to the dice.

    "attack all figures within an inch of it up to max dice" (Rate of Fire;
    DHR-A10). Dice left over after every figure has one go round again,
    nearest first, so no die is lost.
    """
    out = [0] * len(figures)
    left = total
    for i, n in enumerate(figures):
        take = min(n, left)
        out[i] += take
        left -= take
    i = 0
    while left > 0 and figures and any(figures):
        if figures[i % len(figures)] > 0:
            out[i % len(figures)] += 1
            left -= 1
        i += 1
    return out


@dataclass(frozen=True)
class MultiFireResult:
    """Line or traversing fire: one `FireResult` per target, in the order given."""

    dice_available: int
    allocation: tuple[int, ...]
    results: tuple[FireResult, ...]


def resolve_line_fire(
    firer: Firer,
    targets: Sequence[LineTarget],
    dice: Dice,
    *,
    slots: int = 1,
    modifier: int = 0,
    allocation: Sequence[int] | None = None,
    traverse: bool = False,
    morale: bool | Sequence[bool] = True,
) -> MultiFireResult:
    """Machine-gun fire spread over several targets (Rate of Fire; DHR-A10).

    Line fire: the targets are units in the hexes the line of sight passes
    through, nearest first. Traversing fire (`traverse=True`): every target
    must stand in the same hex. The firer's dice (figures x RoF dice of the
    slots used) are shared out by `allocation` (default `spread_dice`); each
    target is then resolved as its own shot at its own distance and save DV,
    with its own morale check (`morale`: one flag per target, or one for all; False leaves
    that target's check to the caller). Any allocation of at most the dice available is
    accepted: the player chooses (the rule set offers a few and takes any).
    """
    per_firer, _ = rof_dice(firer.rof, slots)
    available = firer.figures * per_firer
    if traverse and len({t.at for t in targets}) > 1:
        raise ValueError("traversing fire hits figures in a single hex (DHR-A10)")
    alloc = list(allocation) if allocation is not None else spread_dice(available, [t.target.figures for t in targets])
    if len(alloc) != len(targets) or any(n < 0 for n in alloc) or sum(alloc) > available:
        raise ValueError(f"allocation {alloc} does not fit {available} dice over {count(len(targets), 'target')}")
    flags = [morale] * len(targets) if isinstance(morale, bool) else list(morale)
    results = []
    for n, t, m in zip(alloc, targets, flags):
        if n == 0:
            results.append(FireResult(FireRoll(0, 0, possible=False)))
            continue
        results.append(resolve_fire(firer, t.target, dice, distance=t.distance, save_dv=t.save_dv,
                                    slots=slots, modifier=modifier, dice_count=n, morale=m,
                                    purpose="traversing fire" if traverse else "line fire", rule=R_LINE_FIRE))
    return MultiFireResult(available, tuple(alloc), tuple(results))
