"""Shooting and damage (text #5, #5A, #6): the to-hit TN with every modifier, hit rolls, wound rolls."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.dice import Dice
from rules.rulesets.skirmish.procedures.roll import BASE_TN, Check, roll_check, tn_line, tn_of
from rules.rulesets.skirmish.weapons import WEAPONS, traits_of

Mode = Literal["single", "semi", "spray"]
Aim = Literal["none", "hit", "reroll", "damage"]
Wound = Literal["none", "downed", "dead"]
Fate = Literal["miss", "unhurt", "downed", "dead"]


@dataclass(frozen=True)
class Situation:
    """What the to-hit TN depends on, as plain values."""

    weapon: str
    distance: int
    attachments: tuple[str, ...] = ()
    moved: int = 0
    """Inches moved this activation before firing (pivoting is not moving)."""
    shots: int = 1
    spray: bool = False
    aim: Aim = "none"
    hard_cover: bool = False
    flanked: bool = False
    suppressed: bool = False
    overwatch: bool = False

    @property
    def long(self) -> bool:
        return self.distance > WEAPONS[self.weapon].effective


def hit_modifiers(s: Situation) -> list[tuple[str, int]]:
    """Every to-hit modifier of text #5 and #6, bonus = lower TN (SKIRM-A03)."""
    w = WEAPONS[s.weapon]
    traits = traits_of(w, s.attachments)
    mods: list[tuple[str, int]] = []
    if s.long:
        bipod = "bipod" in s.attachments and s.moved == 0
        mods.append(("long range (bipod)" if bipod else "long range", 1 if bipod else 2))
    if s.spray:
        mods.append(("suppressive fire", 2))  # SKIRM-A19
    if s.hard_cover:
        mods.append(("hard cover", 2))
    if s.aim == "hit":
        mods.append(("aimed shot", -1))  # SKIRM-A08
    if s.flanked:
        mods.append(("flanked", -1))
    if s.suppressed:
        mods.append(("suppressed", 2))
    if s.overwatch:
        mods.append(("overwatch", 1))
    if "assault" in traits and s.distance <= 6:
        mods.append(("assault, 6\" or less", -1))
    if "spray" in traits:
        mods.append(("shotgun spray", -2))
    if s.moved > 0 and "bulky" in traits:
        mods.append(("bulky, moved", 1))
    if s.moved > 0 and w.fire == "bolt":
        mods.append(("bolt action, moved", 1))  # SKIRM-A25: stacks with Bulky
    return mods


def may_reroll(s: Situation) -> bool:
    """A re-roll of a miss: an aimed shot choosing it, or a scope on a single shot without moving."""
    if s.aim == "reroll":
        return True
    if s.shots != 1 or s.spray or s.moved > 0:
        return False
    if "sniper_scope" in s.attachments and s.distance > 6:
        return True
    return "acog" in s.attachments and 6 < s.distance <= WEAPONS[s.weapon].effective


def damage_tn(wound_tn: int, aim: Aim) -> int:
    """The wound TN: Defence + armour, 'Aimed single shot -2TN bonus' when the aim goes to damage (SKIRM-A08)."""
    return wound_tn - (2 if aim == "damage" else 0)


@dataclass(frozen=True)
class Shot:
    """One hit roll and what its hit does."""

    stat: int
    tn: int
    reroll: bool
    damage: int
    wound_tn: int
    mods: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    """The to-hit modifiers `tn` sums, kept to show them in the odds and the dice log."""

    def modifiers(self) -> tuple[str, ...]:
        text = tn_line(self.mods, "#5")
        return (text,) if text else ()


def shot_for(stat: int, s: Situation, wound_tn: int) -> Shot:
    mods = tuple(hit_modifiers(s))
    return Shot(stat=stat, tn=tn_of(mods), reroll=may_reroll(s), mods=mods,
                damage=WEAPONS[s.weapon].damage_at(s.distance), wound_tn=damage_tn(wound_tn, s.aim))


def roll_hit(dice: Dice, shot: Shot, *, side: str | None = None, unit: str | None = None) -> Check:
    """Roll d10 + Shooting; a miss may be re-rolled once where allowed (the second roll stands)."""
    c = roll_check(dice, shot.stat, shot.tn, "to hit", side=side, unit=unit, rule="#5", modifiers=shot.modifiers())
    if not c.passed and shot.reroll:
        c = roll_check(dice, shot.stat, shot.tn, "to hit (re-roll)", side=side, unit=unit, rule="#6",
                       modifiers=shot.modifiers())
    return c


def roll_wound(dice: Dice, damage: int, wound_tn: int, *, side: str | None = None, unit: str | None = None) -> Wound:
    """'roll d10 + add the weapon’s Damage ... If it equals or exceeds, the target is “downed”. If it exceeds TN by
    5+, the target is ... dead' (text #5A); natural 0 and 1 apply (SKIRM-A11)."""
    c = roll_check(dice, damage, wound_tn, "to wound", side=side, unit=unit, rule="#5A")
    if c.critical:
        return "dead"
    return "downed" if c.passed else "none"


def fate(already_downed: bool, wounds: list[Wound], hit: bool) -> Fate:
    """What an attack's wounds add up to on one model (text #5A; SKIRM-A12, A13)."""
    if "dead" in wounds:
        return "dead"
    downs = sum(1 for w in wounds if w == "downed")
    if downs >= 2 or (downs == 1 and already_downed):
        return "dead"  # 'A second hit on a downed model (or two ‘downed’ results) kills the model outright'
    if downs == 1:
        return "downed"
    return "unhurt" if hit else "miss"


@dataclass
class TargetResult:
    """One model's part in an attack."""

    hits: int = 0
    wounds: list[Wound] = field(default_factory=list)

    def fate(self, already_downed: bool) -> Fate:
        return fate(already_downed, self.wounds, self.hits > 0)


def resolve_shot(dice: Dice, shot: Shot, into: TargetResult, *, side: str | None = None,
                 unit: str | None = None, target: str | None = None) -> Check:
    """One hit roll and its wound rolls: 'A ‘critical’ ... rolls twice for damage' (SKIRM-A13)."""
    c = roll_hit(dice, shot, side=side, unit=unit)
    if c.passed:
        into.hits += 1
        for _ in range(2 if c.critical else 1):
            into.wounds.append(roll_wound(dice, shot.damage, shot.wound_tn, side=side, unit=target))
    return c


def will_check(dice: Dice, willpower: int, *, side: str | None = None, unit: str | None = None,
               purpose: str = "Will check") -> bool:
    """Willpower + d10 vs TN 10, unmodified by suppression (SKIRM-A18). True: the model holds."""
    return roll_check(dice, willpower, BASE_TN, purpose, side=side, unit=unit, rule="#5-ish").passed


def attack_on_one(dice: Dice, shots: list[Shot], already_downed: bool, willpower: int,
                  in_zone: bool = False) -> tuple[Fate, bool]:
    """The whole effect of an attack on one model: (its fate, suppressed?). The odds are tested against this.

    'If a model takes even a non-damaging hit; or is sprayed with suppressive full-auto fire, it must make
    a Will check; if it fails it is suppressed.'
    """
    result = TargetResult()
    for shot in shots:
        resolve_shot(dice, shot, result)
    f = result.fate(already_downed)
    suppressed = False
    if not already_downed and (f == "unhurt" or (f == "miss" and in_zone)):
        suppressed = not will_check(dice, willpower)
    return f, suppressed
