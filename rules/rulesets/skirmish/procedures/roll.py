"""The roll (text #2): stat + d10 against a target number, criticals, contested rolls, natural 0 and 1."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.modifiers import Term, line

BASE_TN = 10
"""'the target number “TN” (usually 10)' (text #2)."""
CRITICAL = 5
"""'a ‘critical’ if it passes by 5 or more' (SKIRM-A04)."""


@dataclass(frozen=True)
class Check:
    """One stat + d10 roll judged against its TN. The d10's 0 face is `face == 10` (SKIRM-A01)."""

    face: int
    stat: int
    tn: int

    @property
    def total(self) -> int:
        return self.stat + self.face

    @property
    def margin(self) -> int:
        return self.total - self.tn

    @property
    def passed(self) -> bool:
        """total >= TN (SKIRM-A02); 'a natural 1 always fails and a natural 0 always succeeds' (SKIRM-A11)."""
        if self.face == 1:
            return False
        if self.face == 10:
            return True
        return self.margin >= 0

    @property
    def critical(self) -> bool:
        """'a ‘critical’ if it passes by 5 or more' (SKIRM-A04)."""
        return self.passed and self.margin >= CRITICAL

    def words(self) -> str:
        # The sum counts a natural 0 as 10 (SKIRM-A01), so it is printed as 10: "4 + 10 = 14", never "4 + 0 = 14".
        face = str(self.face)
        what = "critical" if self.critical else ("passed" if self.passed else "failed")
        natural = " (natural 0)" if self.face == 10 else (" (natural 1)" if self.face == 1 else "")
        return f"{self.stat} + {face} = {self.total} vs TN {self.tn}: {what}{natural}"


def best(checks: list[Check]) -> Check:
    """The best of several dice for one fighter (extra CQC dice, text #5B): a success first, then the margin."""
    return max(checks, key=lambda c: (c.passed, c.margin))


def roll_check(dice: Dice, stat: int, tn: int, purpose: str, *, side: str | None = None,
               unit: str | None = None, rule: str = "#2", dice_count: int = 1,
               modifiers: tuple[str, ...] = ()) -> Check:
    """Roll stat + d10 (the best of `dice_count` d10) against `tn` and log it (`modifiers`: where the TN came from)."""
    faces = dice.roll(
        dice_count, 10, purpose, side=side, unit=unit, rule=rule, zero_is_ten=True,
        outcome=lambda fs: best([Check(f, stat, tn) for f in fs]).words(), modifiers=modifiers,
    )
    return best([Check(f, stat, tn) for f in faces])


@dataclass(frozen=True)
class Contest:
    """A contested roll (text #2; SKIRM-A05, A06): `active` and `other` each against their own TN."""

    active: Check
    other: Check

    @property
    def winner(self) -> str | None:
        """'active', 'other' or None when neither side succeeds (SKIRM-A06). The active player wins ties."""
        a, o = self.active, self.other
        if a.passed and o.passed:
            return "active" if a.margin >= o.margin else "other"
        if a.passed:
            return "active"
        if o.passed:
            return "other"
        return None

    @property
    def critical(self) -> bool:
        """'a ‘critical’ if it beats the opponent by 5 or more': winner's margin - loser's (SKIRM-A04)."""
        w = self.winner
        if w is None:
            return False
        win, lose = (self.active, self.other) if w == "active" else (self.other, self.active)
        return win.margin - lose.margin >= CRITICAL


def tn_of(mods: list[tuple[str, int]]) -> int:
    """The target number after modifiers: 'The target number is modified, so a negative modifier is good' (SKIRM-A03)."""
    return BASE_TN + sum(d for _, d in mods)


def tn_line(mods: list[tuple[str, int]] | tuple[tuple[str, int], ...], rule: str) -> str:
    """The TN from its modifiers, for the odds and the dice log: 'TN (#3): 10 base + 2 suppressed = 12'
    ('' with no modifier). The same list `tn_of` sums."""
    return line(f"TN ({rule})", (Term(BASE_TN, "base", base=True), *(Term(d, label) for label, d in mods)))


def mods_words(mods: list[tuple[str, int]]) -> str:
    return ", ".join(f"{label} {d:+d}" for label, d in mods if d) or "no modifiers"
