"""Activation rolls, falling, and the clean-up phase rolls (text #3, #4, #5A, #5-ish)."""

from __future__ import annotations

from typing import Literal

from rules.dice import Dice
from rules.rulesets.skirmish.procedures.roll import BASE_TN, Check, roll_check, tn_line

Status = Literal["carry on", "still downed", "dead"]


def activation_modifiers(*, near_leader: bool = False, alone: bool = False,
                         suppressed: bool = False) -> list[tuple[str, int]]:
    """Text #3 options (leader within 6", out of sight of all friends) and suppression's +2 (SKIRM-A03, A07)."""
    mods: list[tuple[str, int]] = []
    if near_leader:
        mods.append(("leader within 6\"", -1))
    if alone:
        mods.append(("out of sight of all friends", 1))
    if suppressed:
        mods.append(("suppressed", 2))
    return mods


def activation_roll(dice: Dice, skill: int, tn: int, *, side: str | None = None, unit: str | None = None,
                    mods: list[tuple[str, int]] = ()) -> Check:
    """'Each model must roll a dice (activation roll) to activate': Combat Skill + d10 (SKIRM-A07); `mods` are
    the TN's modifiers, shown in the dice log."""
    return roll_check(dice, skill, tn, "activation", side=side, unit=unit, rule="#3", modifiers=(tn_line(mods, "#3"),))


def downed_status(face: int) -> Status:
    """'123 = carry on ... 4567 = still downed ... 890 = you’re dead': a plain table look-up (SKIRM-A28)."""
    if face <= 3:
        return "carry on"
    if face <= 7:
        return "still downed"
    return "dead"


def roll_downed(dice: Dice, *, side: str | None = None, unit: str | None = None) -> Status:
    (face,) = dice.roll(1, 10, "downed status", side=side, unit=unit, rule="#5A", zero_is_ten=True,
                        outcome=lambda fs: downed_status(fs[0]))
    return downed_status(face)


def falling(dice: Dice, agility: int, saves: int, *, side: str | None = None, unit: str | None = None) -> str:
    """Falling saves (text #4): each failed save downs; failing by 5 or more or a natural 1 kills (SKIRM-A14);
    a second downed result kills (SKIRM-A12). Returns 'none', 'downed' or 'dead'."""
    downs = 0
    for _ in range(saves):
        c = roll_check(dice, agility, BASE_TN, "falling save", side=side, unit=unit, rule="#4")
        if c.passed:
            continue
        if c.face == 1 or c.margin <= -5:
            return "dead"
        downs += 1
        if downs >= 2:
            return "dead"
    return "downed" if downs else "none"


def morale_due(lost_points: int, total_points: int) -> bool:
    """'Once half the force points is downed or dead': lost >= total / 2 (SKIRM-A23)."""
    return total_points > 0 and 2 * lost_points >= total_points


def roll_off(dice: Dice, skills: dict[str, int], *, limit: int = 40) -> str:
    """'Leaders roll off with d10. The highest roll that succeeds has the initiative' (text #3; SKIRM-A07).

    Each side's leader rolls Skill + d10 vs TN 10; the best margin among successes wins; a tie or no success is
    rolled again (this project's reading). After `limit` rounds the first side listed wins, so play never stalls.
    """
    for _ in range(limit):
        checks = {s: roll_check(dice, k, BASE_TN, "leader roll-off", side=s, rule="#3") for s, k in skills.items()}
        good = {s: c.margin for s, c in checks.items() if c.passed}
        if good:
            top = max(good.values())
            winners = [s for s, m in good.items() if m == top]
            if len(winners) == 1:
                return winners[0]
    return next(iter(skills))
