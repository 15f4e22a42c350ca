"""Where a roll's numbers come from: each modifier with its value and the rule that gives it.

A procedure that adds modifiers builds them as `Term`s and sums the same terms it
shows, so the odds preview and the dice log cite exactly the values the rule used
("+2 charge (Combat)"), never a second calculation kept beside the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One part of a number: a base value or a modifier, with why and where the rule says so."""

    value: int
    why: str
    """In the rule text's words: 'charge', 'higher ground', 'range 2 bands'."""
    rule: str = ""
    """The rule text's section or a NOTES decision id; '' when the base value is a stat."""
    base: bool = False
    """The starting value (a stat), shown without a sign."""

    def text(self) -> str:
        where = f" ({self.rule})" if self.rule else ""
        if self.base:
            return f"{self.value} {self.why}{where}"
        return f"{self.value:+d} {self.why}{where}"


def total(terms: Iterable[Term]) -> int:
    """The number the terms make: what the rule uses."""
    return sum(t.value for t in terms)


def words(terms: Iterable[Term]) -> tuple[str, ...]:
    """Each term that counts, in words: the base always, a modifier only when it is not 0."""
    return tuple(t.text() for t in terms if t.base or t.value)


def line(label: str, terms: Iterable[Term]) -> str:
    """'attack dice: 3 Attack + 2 charge (Combat) = 5', or '' when there is no modifier to explain."""
    shown = [t for t in terms if t.base or t.value]
    if not any(not t.base for t in shown):
        return ""
    parts = []
    for i, t in enumerate(shown):
        where = f" ({t.rule})" if t.rule else ""
        sign = "" if i == 0 else (" + " if t.value >= 0 else " - ")
        value = t.value if i == 0 else abs(t.value)
        parts.append(f"{sign}{value} {t.why}{where}")
    return f"{label}: {''.join(parts)} = {total(shown)}"
