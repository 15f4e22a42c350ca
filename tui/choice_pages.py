"""A long choice by letter, paged: the palette shows a window of it and PgDn / PgUp move it (issue 24 item 3).

Letters name a set of up to len(letters) choices at a time (`flow.choice_base` is the set's first, lettered
`a`); the palette has room for `rows` of them, from `flow.choice_first`. Textual-free, like tui/flow.py.
"""

from __future__ import annotations


def visible(flow, rows: int) -> list[tuple[str, object]]:
    """(letter, action) of the choices in sight, `rows` at most."""
    if not flow.choices:
        return []
    end = min(flow.choice_first + max(rows, 1), flow.choice_base + len(flow.letters), len(flow.choices))
    return [(flow.letters[i - flow.choice_base], flow.choices[i]) for i in range(flow.choice_first, end)]


def page(flow, step: int, rows: int) -> str:
    """Move the window by `rows` (forward when `step` > 0); past a letter set's end, to the next set (its
    letters start again at a). Answers the status line's message ('' when it moved)."""
    if not flow.choices:
        return "Nothing to page: PgDn / PgUp scroll a list of choices"
    rows = max(rows, 1)
    n = len(flow.letters)
    set_end = min(flow.choice_base + n, len(flow.choices))
    if step > 0:
        if flow.choice_first + rows < set_end:
            flow.choice_first += rows
        elif set_end < len(flow.choices):
            flow.choice_base = flow.choice_first = set_end
        else:
            return "The last choices are in sight (PgUp: back)"
    elif flow.choice_first > flow.choice_base:
        flow.choice_first = max(flow.choice_base, flow.choice_first - rows)
    elif flow.choice_base > 0:
        flow.choice_base -= n
        flow.choice_first = max(flow.choice_base, min(flow.choice_base + n, len(flow.choices)) - rows)
    else:
        return "The first choices are in sight (PgDn: more)"
    return ""
