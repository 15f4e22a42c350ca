"""The map's legend: what each glyph, mark, height and letter on this board means, and its box.

`legend_lines` lists them (terrain, hex and hexside features, heights, markers, the rule set's
glossary, the sides' letters); the widget draws them in a box over the map's top right corner,
wrapped to the room there (`legend_box`).
"""

from __future__ import annotations

from tui.widgets.hex_glyphs import printable, side_tags
from tui.widgets.hex_model import MapModel


def legend_lines(model: MapModel | None, state, ruleset) -> list[str]:
    """The legend: each terrain glyph, feature and hexside mark on this board, heights, and the sides' letters."""
    if model is None:
        return []
    lines = []
    seen: dict[str, str] = {}
    for row in model.ground:
        for g in row:
            seen.setdefault(g.terrain, g.glyph)
    info = ruleset.terrain if ruleset is not None else {}

    def label(tid: str) -> str:
        t = info.get(tid)
        return printable(t.label if t else tid)

    for tid, glyph in sorted(seen.items(), key=lambda kv: kv[1]):
        t = info.get(tid)
        effects = printable(t.effects) if t and t.effects else ""
        lines.append(f"{glyph} {label(tid)}" + (f": {effects}" if effects else ""))
    features = sorted({(g.feature, g.features[0]) for row in model.ground for g in row if g.feature})
    lines.extend(f"{mark} {label(fid)} (hex feature)" for mark, fid in features)
    edges = sorted({(model.mark(e.feature), e.feature) for e in model.board.edges})
    lines.extend(f"{mark} {label(fid)} (hexside)" for mark, fid in edges)
    if any(g.elevation for row in model.ground for g in row):
        lines.append("1-9 height where it rises")
    declared = ruleset.hex_mark_symbols if ruleset is not None else {}
    listed = {line.split(" ", 1)[0] for line in lines}  # a minefield marker already listed as the hex feature
    shown = sorted({mark for found in model.markers.values() for mark, _ in found} - listed)
    lines.extend(f"{mark} {printable(declared.get(mark) or next((t.label for t in info.values() if t.mark == mark), 'marker'))}"
                 f" (marker)" for mark in shown)
    from tui.glossary import lines as glossary_lines

    lines.extend(glossary_lines(ruleset))  # the roster's and the palette's tokens
    tags = side_tags(state.sides)
    for i, side in enumerate(state.sides):
        letters = tags.get(side.id) or ("a-z" if i % 2 else "A-Z")
        lines.append(f"{letters} {printable(side.name or side.id)}")
    return lines


def legend_inner(legend: list[str], width: int) -> int:
    """The width of the legend box's text on a map `width` cells wide (its border takes 4 more)."""
    return min(max((len(line) for line in legend), default=0), max(0, width - 4))


def wrap_legend(legend: list[str], inner: int) -> list[str]:
    """The legend's lines wrapped to `inner` cells (continuations indented)."""
    import textwrap

    lines: list[str] = []
    for line in legend:
        lines.extend(textwrap.wrap(line, inner, subsequent_indent="  ") or [""] if inner > 2 else [line[:inner]])
    return lines


def legend_box_row(wrapped: list[str], inner: int, y: int) -> str | None:
    """Row `y` of the legend's box (a title border, the lines, a border), or None below it."""
    if y >= len(wrapped) + 2 or inner <= 0:
        return None
    if y == 0:
        return ("+- Legend " + "-" * inner)[: inner + 3] + "+"
    if y == len(wrapped) + 1:
        return "+" + "-" * (inner + 2) + "+"
    return "| " + wrapped[y - 1][:inner].ljust(inner) + " |"
