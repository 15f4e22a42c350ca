"""Type-to-find for the quick resolver: a few letters pick a rule set and a procedure.

Each word typed must begin a word of the entry (its rule set's id or name, the
procedure's id or title), so "dh fi" finds DHR's fire and "hu po" A Hundred
Wars' repair pool. Entries whose ids the words begin come first, so the first
match is the one meant; the order is otherwise the catalogue's. No rule logic:
this only sorts names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.resolver import Procedure

WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def _score(query: list[str], ids: list[str], other: list[str]) -> int | None:
    """2 per query word that begins an id word, 1 per one that begins another word; None: no match."""
    total = 0
    for q in query:
        if any(w.startswith(q) for w in ids):
            total += 2
        elif any(w.startswith(q) for w in other):
            total += 1
        else:
            return None
    return total


def find(entries: Sequence[tuple[str, str, Procedure]], query: str) -> list[int]:
    """Indexes into `entries` (rule set id, rule set name, procedure) that match `query`, best first."""
    words = _words(query)
    if not words:
        return list(range(len(entries)))
    scored = []
    for i, (rid, name, proc) in enumerate(entries):
        ids = [*_words(rid.replace("_", " ")), rid, proc.id]
        score = _score(words, ids, [*_words(name), *_words(proc.title)])
        if score is not None:
            scored.append((-score, i))
    return [i for _, i in sorted(scored)]
