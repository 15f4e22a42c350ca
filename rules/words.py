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


_TITLES = frozenset("prefect captain lord lady sir lt sgt sergeant mage general king queen prince duke".split())
"""A name that opens with one of these is one person's, whatever it ends with ("Prefect Vos")."""


def plural_name(name: str) -> bool:
    """Whether a unit's name is plural, so that a verb after it is too ("Grenadiers have gone").

    Plural: two joined by " & " or " and " ("Captain Ash & staff"), or a head (the part before " of ", a copy's
    number or bracket dropped) whose last word ends in "men" ("Longbowmen") or in "s" but not "ss", "us" or "is"
    ("Grenadiers", "Men-at-arms of York", "Lancastrian archers (2)"). Else singular: "1st Squad", "Light Horse",
    "Orc warband (2)", "Great Dragon Battery 10", "Lord Clifford"; so is a name that opens with a title ("Prefect
    Vos") and one whose rank follows a dash ("Tilas of Lars - Prime Sword": the rank is the head).
    """
    if " & " in name or " and " in name:
        return True
    words = name.split()
    if words and words[0].lower().rstrip(".") in _TITLES:
        return False
    head = _NUMBERED.sub("", name.split(" - ")[-1].split(" of ")[0].strip())
    last = head.split()[-1].lower() if head.split() else ""
    return last.endswith("men") or (last.endswith("s") and not last.endswith(("ss", "us", "is")))


def agree(name: str, singular: str, plural: str) -> str:
    """The verb after `name` in its number: agree("Grenadiers", "has", "have") -> "have", agree("1st Squad",
    "activates", "activate") -> "activates". Write it after the name: f"{u.name} {agree(u.name, 'is', 'are')} ..."."""
    return plural if plural_name(name) else singular


def with_verb(name: str, singular: str, plural: str) -> str:
    """`name` and the verb after it in its number: with_verb("The Rebels", "draws", "draw") -> "The Rebels draw"."""
    return f"{name} {agree(name, singular, plural)}"
