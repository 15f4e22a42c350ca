"""Words every rule set's messages share: a count with its noun in the right number ("1 hex", "2 hexes"), a
name's possessive, and a verb that agrees with a unit's name ("Grenadiers activate", "1st Squad activates")."""

from __future__ import annotations

import re

_PLURALS = {"hex": "hexes", "six": "sixes", "casualty": "casualties", "is": "are"}


def count(n: int, word: str, plural: str | None = None) -> str:
    """`n` and `word`, plural unless n is 1: count(2, "hex") -> "2 hexes" (never "hex(es)")."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural or _PLURALS.get(word, word + 's')}"


def possessive(name: str) -> str:
    """`name` owning something: "The Kingdom's", "The Rebels'" (never "The Rebels's")."""
    return name + ("'" if name.endswith("s") else "'s")


_NUMBERED = re.compile(r"\s*(\([^()]*\)|\d+)$")
"""A copy's number after a name: "Orc warband (2)", "Infantry Co. 1"."""


def plural_name(name: str) -> bool:
    """Whether a unit's name is plural, so that a verb after it is too ("Grenadiers have gone").

    Plural: two joined by " & " or " and " ("Captain Ash & staff"), or a head (the part before " of ", a copy's
    number or bracket dropped) whose last word ends in "men" ("Longbowmen") or in "s" but not "ss", "us" or "is"
    ("Grenadiers", "Men-at-arms of York", "Lancastrian archers (2)"). Else singular: "1st Squad", "Light Horse",
    "Orc warband (2)", "Great Dragon Battery 10", "Lord Clifford". A person's name ending in "s" reads plural.
    """
    if " & " in name or " and " in name:
        return True
    head = _NUMBERED.sub("", name.split(" of ")[0].strip())
    last = head.split()[-1].lower() if head.split() else ""
    return last.endswith("men") or (last.endswith("s") and not last.endswith(("ss", "us", "is")))


def agree(name: str, singular: str, plural: str) -> str:
    """The verb after `name` in its number: agree("Grenadiers", "has", "have") -> "have", agree("1st Squad",
    "activates", "activate") -> "activates". Write it after the name: f"{u.name} {agree(u.name, 'is', 'are')} ..."."""
    return plural if plural_name(name) else singular
