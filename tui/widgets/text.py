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
