"""Close quarters combat (text #5B): the contested roll, weapon modifiers, extra dice for allies, the wound."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.dice import Dice
from rules.rulesets.skirmish.procedures.roll import Contest, roll_check, tn_line, tn_of
from rules.rulesets.skirmish.procedures.shooting import Fate, fate, roll_wound, will_check
from rules.rulesets.skirmish.weapons import MELEE, cqc_firearm_damage, cqc_firearm_modifier


@dataclass(frozen=True)
class Fighter:
    """One side of a fight as plain values."""

    cqc: int
    tn: int
    dice: int = 1
    """1 + one per ally: 'Allies add an extra +1 dice ... the main fighter just chooses the best roll'."""
    damage: int = 4
    melee: bool = False
    """Fights with a melee weapon: 'A critical success automatically kills the loser if using a melee weapon'."""
    wound_tn: int = 10
    downed: bool = False
    willpower: int = 5
    mods: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    """The TN's modifiers (`cqc_modifiers`, which `tn` sums), for the odds and the dice log."""

    def modifiers(self) -> tuple[str, ...]:
        text = tn_line(self.mods, "#5B")
        return (text,) if text else ()


def weapon_in_cqc(weapon: str, melee: str, physique: int) -> tuple[str, int, int, bool]:
    """(what it fights with, TN modifier, damage, is a melee weapon) for a model (text #5B; SKIRM-A24, A26)."""
    if melee != "none":
        m = MELEE[melee]
        return m.name, m.cqc, physique + m.bonus, True
    return weapon, cqc_firearm_modifier(weapon), cqc_firearm_damage(weapon, physique), False


def cqc_modifiers(weapon_mod: int, *, from_rear: bool = False, uphill: bool = False,
                  suppressed: bool = False) -> list[tuple[str, int]]:
    """Text #5B 'Modifiers', plus suppression ('a +2TN penalty to ... combat (shooting, CQC) rolls')."""
    mods: list[tuple[str, int]] = []
    if weapon_mod:
        mods.append(("weapon in CQC", weapon_mod))
    if from_rear:
        mods.append(("attack from rear arc", -2))
    if uphill:
        mods.append(("up stairs or slope", 1))
    if suppressed:
        mods.append(("suppressed", 2))
    return mods


def fighter_tn(weapon_mod: int, **kw: bool) -> int:
    return tn_of(cqc_modifiers(weapon_mod, **kw))


def contest(dice: Dice, active: Fighter, other: Fighter, *, sides: tuple[str | None, str | None] = (None, None),
            units: tuple[str | None, str | None] = (None, None)) -> Contest:
    """'Models make a contested roll; the highest success wins (active player wins ties)' (SKIRM-A05, A06)."""
    a = roll_check(dice, active.cqc, active.tn, "CQC (attacker)", side=sides[0], unit=units[0], rule="#5B",
                   dice_count=active.dice, modifiers=active.modifiers())
    o = roll_check(dice, other.cqc, other.tn, "CQC (defender)", side=sides[1], unit=units[1], rule="#5B",
                   dice_count=other.dice, modifiers=other.modifiers())
    return Contest(a, o)


def wound_loser(dice: Dice, c: Contest, winner: Fighter, loser: Fighter, *, side: str | None = None,
                unit: str | None = None) -> Fate:
    """The winner 'rolls to wound'; a critical with a melee weapon kills outright."""
    if c.critical and winner.melee:
        return "dead"
    w = roll_wound(dice, winner.damage, loser.wound_tn, side=side, unit=unit)
    return fate(loser.downed, [w], True)


def melee_on_one(dice: Dice, active: Fighter, other: Fighter) -> tuple[str | None, Fate, bool]:
    """A whole fight: (winner 'active'/'other'/None, the loser's fate, the loser suppressed?).

    The loser of a fight who is not hurt has taken a non-damaging hit, so it takes a Will check.
    This is the procedure the odds are tested against; the game calls the same steps.
    """
    c = contest(dice, active, other)
    w = c.winner
    if w is None:
        return None, "miss", False
    winner, loser = (active, other) if w == "active" else (other, active)
    f = wound_loser(dice, c, winner, loser)
    suppressed = f == "unhurt" and not loser.downed and not will_check(dice, loser.willpower)
    return w, f, suppressed
