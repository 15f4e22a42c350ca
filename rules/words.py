"""Words every rule set's messages share: a count with its noun in the right number ("1 hex", "2 hexes")."""

from __future__ import annotations

_PLURALS = {"hex": "hexes", "six": "sixes", "casualty": "casualties", "is": "are"}


def count(n: int, word: str, plural: str | None = None) -> str:
    """`n` and `word`, plural unless n is 1: count(2, "hex") -> "2 hexes" (never "hex(es)")."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural or _PLURALS.get(word, word + 's')}"


def possessive(name: str) -> str:
    """`name` owning something: "The Kingdom's", "The Rebels'" (never "The Rebels's")."""
    return name + ("'" if name.endswith("s") else "'s")
