"""Helpers that turn game data into literal Rich text (names from files are never markup)."""

from __future__ import annotations

from rich.text import Text

from rules.hexgrid import Hex

_CONTROL = {i: None for i in range(32) if i not in (9, 10)} | {0x7F: None}
_CONTROL.update({i: None for i in range(0x80, 0xA0)})


def clean(text: object) -> str:
    """The text with terminal control characters removed (escape sequences show as text)."""
    s = str(text)
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in s):
        s = s.replace("\x1b", "^[").translate(_CONTROL)
    return s


def lit(text: object, style: str = "") -> Text:
    """A literal Text: Rich markup in it is shown as typed, control characters are defused."""
    return Text(clean(text), style=style, end="")


def hex_label(h: Hex | None) -> str:
    """A hex as players read it: offset column,row as in the scenario files."""
    if h is None:
        return "off map"
    return str(h)  # Hex's own text form is col,row


def side_name(state, side_id: str | None) -> str:
    if side_id is None:
        return "nobody"
    try:
        return clean(state.side(side_id).name) or side_id
    except KeyError:
        return side_id


SIDE_FIELDS = ("side", "to_side", "from_side", "winner", "loser")
"""Event fields that hold a side id (replaced by the side's name in event lines)."""


def event_line(event, state) -> str:
    """An event's text with unit and side ids replaced by their names (as typed, control characters defused).

    Unit ids anywhere; a side id only where the event holds one, or as the first word
    of a message ("kingdom draws 1 card(s)"): a side id such as "us" or "a" could be
    an ordinary word elsewhere.
    """
    if getattr(event, "kind", "") == "game_over":
        # The reason is the scenario's own words: a side id in it ("The rebels still hold out") is a word, not
        # a name to put in ("The The Rebels still hold out").
        who = f"{side_name(state, event.winner)} won" if event.winner else "a draw"
        return f"game over: {who} ({clean(event.reason)})"
    names = {u.id: clean(u.name) for u in state.units.values()}
    for field in SIDE_FIELDS:
        value = getattr(event, field, None)
        if isinstance(value, str) and value not in names:
            names[value] = side_name(state, value)
    words = event.text().split(" ")
    sides = {s.id for s in state.sides}
    # A message, or a roll ("red: set-up 1d10 [1]", "r1: orders 1d10 [4]"), starts with who it is about.
    first = words[0].removesuffix(":")
    if getattr(event, "kind", "") in ("message", "rolled") and len(first) > 1 and first in sides:
        names[first] = side_name(state, first)
    head = names[first] + words[0][len(first):] if first in names else words[0]
    return " ".join([head, *(names.get(w, w) for w in words[1:])])


def fitted_width(text, least: int = 36, most: int = 50) -> int:
    """A dialog's width for `text` (a str or rich Text): its longest line, the border and padding.
    A dialog no wider than its text writes fewer cells when it opens and when it closes."""
    from rich.cells import cell_len

    plain = getattr(text, "plain", text)
    longest = max((cell_len(line) for line in str(plain).splitlines()), default=0)
    return max(least, min(most, longest + 6))
