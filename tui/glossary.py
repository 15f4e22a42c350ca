"""What the short tokens on screen mean ("8f*!", "x4 (-1)", "saves on 4/0"), from the rule set's own glossary.

A rule set declares `glossary` (rules/contract.py): token -> meaning, where '#' in a token stands
for a number and in the meaning for that same number ("#f": "# figures"). The
UI explains the tokens where they appear (unit card, palette) and lists them
all in the legend (l) and the help (?). Textual-free.
"""

from __future__ import annotations

import re

COUNT = ("(# options)", "ways the action can be taken now")
"""The palette's own token, beside an action kind's key."""


def glossary(ruleset) -> dict[str, str]:
    """The rule set's `glossary` (none without a rule set)."""
    return dict(ruleset.glossary) if ruleset is not None else {}


def _pattern(token: str) -> re.Pattern:
    """The token as a pattern ('#': a number); a token that starts or ends with a letter matches only
    as a whole word there ("ow" for overwatch, never inside "now")."""
    parts = [re.escape(p) for p in token.split("#")]
    start = r"\b" if token[:1].isalpha() else ""
    end = r"\b" if token[-1:].isalpha() else ""
    return re.compile(start + r"(\d+)".join(parts) + end)


def explain(text: str, words: dict[str, str], *, marks: bool = False) -> list[str]:
    """'token: meaning' for each glossary token in `text`, in the order they appear.

    With `marks`, `text` is a unit's marks ("8f*!"), read token by token from the start;
    otherwise tokens are found anywhere in running text (single characters are skipped
    there: a '+' or '!' in a sentence is punctuation).
    """
    found: list[tuple[int, str]] = []
    patterns = [(_pattern(token), meaning) for token, meaning in words.items()]
    if marks:
        at = 0
        while at < len(text):
            for pattern, meaning in patterns:
                m = pattern.match(text, at)
                if m and m.end() > at:
                    found.append((at, _fill(m, meaning)))
                    at = m.end()
                    break
            else:
                at += 1
        return [line for _, line in found]
    for (pattern, meaning), token in zip(patterns, words):
        if len(token) < 2:
            continue
        for m in pattern.finditer(text):
            found.append((m.start(), _fill(m, meaning)))
    return [line for _, line in sorted(found)]


def explain_generic(texts: list[str], words: dict[str, str]) -> list[str]:
    """'token: meaning' once for each glossary token (with its '#') found in any of `texts`."""
    out = []
    for token, meaning in words.items():
        if len(token) > 1 and any(_pattern(token).search(t) for t in texts):
            out.append(f"{token}: {meaning}")
    return out


def _fill(m: re.Match, meaning: str) -> str:
    numbers = iter(m.groups())
    filled = re.sub("#", lambda _: next(numbers, "#"), meaning)
    return f"{m.group(0)}: {filled}"


def lines(ruleset) -> list[str]:
    """Every token of the rule set and the palette, quoted, for the legend: a roster mark such
    as DHR's '!' is not the map's '!' (a feature), and the quotes say which is which."""
    words = glossary(ruleset)
    return [f"'{token}' {meaning}" for token, meaning in [*words.items(), COUNT]]
