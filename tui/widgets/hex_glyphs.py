"""Which character each unit, status and rule-set mark shows on the map, as plain text.

A unit is one letter (its kind's, in its side's case; a tag letter each with more than two sides),
a status one character, a stack "+": the map, the roster and the legend take them from here, so
they agree. Text from files or rule sets is made printable first (never a raw control character).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len

from rules.hexgrid import to_offset

STACK_MARK = "+"
"""The mark of a hex holding more than one unit."""


def printable(text: object) -> str:
    """The text with control characters shown as text (an escape becomes '^[') and never sent raw."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if code == 0x1B:
            out.append("^[")
        elif code < 32 or code == 0x7F or 0x80 <= code < 0xA0:
            out.append("?")
        else:
            out.append(ch)
    return "".join(out)


def one_char(text: str, default: str = "?") -> str:
    """A single printable, single-width character for a glyph (files may hold anything)."""
    for ch in text:
        if ch.isprintable() and not ch.isspace() and cell_len(ch) == 1 and ord(ch) < 128:
            return ch
    return default


def unit_glyph(kind: str, name: str, id: str, side_index: int, tag: str = "") -> str:
    """The unit's letter. Two sides: its kind's letter, upper case for the first side and lower
    case for the second. Three to eight sides: its side's own tag letter (`side_tags`), since
    letter case tells only two sides apart without colour."""
    if tag:
        return tag
    letter = "U"
    for source in (kind, name, id):
        found = next((ch for ch in source if ch.isascii() and ch.isalnum()), None)
        if found:
            letter = found
            break
    return letter.lower() if side_index % 2 else letter.upper()


def side_tags(sides) -> dict[str, str]:
    """Each side's own capital letter on the map when there are more than two sides: the first
    letter of its name (then of its id, then any) that no side before it took. Empty for two."""
    if len(sides) <= 2:
        return {}
    taken: set[str] = set()
    out = {}
    for side in sides:
        pool = f"{side.name}{side.id}ABCDEFGHIJKLMNOPQRSTUVWXYZ".upper()
        tag = next(ch for ch in pool if "A" <= ch <= "Z" and ch not in taken)
        taken.add(tag)
        out[side.id] = tag
    return out


def glyphs(state) -> dict[str, str]:
    """Every unit's letter on the map (the roster shows the same letter beside the unit)."""
    sides = [s.id for s in state.sides]
    tags = side_tags(state.sides)
    return {
        u.id: unit_glyph(u.kind, u.name, u.id, sides.index(u.side) if u.side in sides else 0, tags.get(u.side, ""))
        for u in state.units.values()
    }


def mark_char(marks: str) -> str:
    """The one character of `unit_marks` the outlined map has room for: its last digit, else its first character."""
    marks = printable(marks).strip()
    digits = [ch for ch in marks if ch.isdigit()]
    if digits:
        return digits[-1]
    return one_char(marks, " ") if marks else " "


class Occupant(NamedTuple):
    """The unit drawn in a hex (the first by id when several share it)."""

    glyph: str
    side: int
    mark: str
    """One status character, or ' '."""
    unit_id: str = ""
    count: int = 1



def occupants(state, ruleset) -> dict[tuple[int, int], Occupant]:
    """The unit drawn in each hex of a state (or a view), with its side's letter case and status mark."""
    sides = [s.id for s in state.sides]
    tags = side_tags(state.sides)
    out: dict[tuple[int, int], Occupant] = {}
    board = state.board
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        if not unit.on_map or not board.in_bounds(unit.at):
            continue
        key = to_offset(unit.at)
        if key in out:
            out[key] = out[key]._replace(mark=STACK_MARK, count=out[key].count + 1)
            continue
        side = sides.index(unit.side) if unit.side in sides else 0
        try:
            marks = ruleset.unit_marks(state, unit_id) if ruleset is not None else ""
        except Exception:  # a view may hide what the marks need; the map still draws the unit
            marks = ""
        glyph = unit_glyph(unit.kind, unit.name, unit.id, side, tags.get(unit.side, ""))
        out[key] = Occupant(glyph, side, mark_char(marks or ""), unit_id)
    return out
