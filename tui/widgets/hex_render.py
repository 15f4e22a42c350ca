"""The text lines of the map: the characters of each line of a `MapModel`, in runs of one style.

`compose_line` gives the characters of one text line with a style key per run. Style keys are
tuples of COMPONENT_CLASSES names, so TCSS restyles terrain, sides and highlights; the characters
alone keep the map readable without colour (two sides by letter case, three to eight by a letter
each, marks for features). The model is `hex_model.MapModel`, the letters `hex_glyphs`, the
legend `hex_legend`.

Nothing here knows the rules: it only draws what the state and the rule set's
`unit_marks` say.
"""

from __future__ import annotations

from rules.core import STYLES
from tui.widgets.hex_layout import OUTLINED, HexLayout
from tui.widgets.hex_model import FLAG_CLASSES, MapModel

SIDE_CLASSES = tuple(f"hex-map--side-{n}" for n in range(8))
"""The style of each side's units (by the side's index, eight at most)."""
MARKER = "hex-map--marker"
"""The style of a rule set's marker on a hex with no unit (`HexMark`)."""

OUTLINE = "hex-map--outline"
EDGE = "hex-map--edge"
ELEVATION = "hex-map--elevation"
FEATURE = "hex-map--feature"
TERRAIN = "hex-map--terrain"

StyleKey = tuple[str, ...]
"""Component class names whose styles are combined for one run of cells (empty: the widget's own)."""


def terrain_class(style: str) -> str:
    """The component class of a terrain style (`TerrainInfo.style`; an unknown one draws plain)."""
    return f"{TERRAIN}-{style}" if style in STYLES and style != "plain" else TERRAIN


def _runs(chars: list[str], keys: list[StyleKey]) -> list[tuple[str, StyleKey]]:
    """Merge neighbouring cells of the same style into runs."""
    runs: list[tuple[str, StyleKey]] = []
    start = 0
    for i in range(1, len(chars) + 1):
        if i == len(chars) or keys[i] != keys[start]:
            runs.append(("".join(chars[start:i]), keys[start]))
            start = i
    return runs


def interior_keys(model: MapModel, col: int, row: int) -> tuple[StyleKey, StyleKey, StyleKey]:
    """Style keys of a hex's terrain cell, glyph cell and mark cell.

    All three are the same on purpose: a hex's interior is one run of one style
    (the side's colour over the terrain, plus highlights), so repainting it for
    a cursor move costs one colour sequence, not three.
    """
    ground = model.ground[row][col]
    base: StyleKey = (terrain_class(ground.style),)
    flags = model.flags.get((col, row), 0)
    overlay = tuple(name for bit, name in FLAG_CLASSES if flags & bit)
    occupant = model.units.get((col, row))
    if occupant is not None:
        base += (SIDE_CLASSES[occupant.side % len(SIDE_CLASSES)],)
    key = base + overlay
    return key, key, key


def compose_line(layout: HexLayout, model: MapModel, y: int) -> list[tuple[str, StyleKey]]:
    """The characters of text line `y` of the map, in runs of one style key each."""
    width = layout.width
    chars = [" "] * width
    keys: list[StyleKey] = [()] * width
    if layout.zoom == OUTLINED:
        if y % 2:
            _outlined_interior(layout, model, (y - 1) // 2, chars, keys)
        else:
            _outlined_boundary(layout, model, y // 2, chars, keys)
    else:
        _compact(layout, model, y, chars, keys)
    return _runs(chars, keys)


def _compact(layout: HexLayout, model: MapModel, row: int, chars: list[str], keys: list[StyleKey]) -> None:
    if not 0 <= row < model.rows:
        return
    for col in range(model.columns):
        x = layout.cell(col, row).x
        ground = model.ground[row][col]
        occupant = model.units.get((col, row))
        terrain_key, glyph_key, _ = interior_keys(model, col, row)
        chars[x] = occupant.glyph if occupant else ground.glyph
        keys[x] = glyph_key
        marker = model.marker(col, row)
        if marker:  # a marker stands in for the terrain's glyph (the status line still names the terrain)
            chars[x], keys[x] = marker, glyph_key + (MARKER,)
        edge = model.edge(col, row, "E")
        # Open ground on a height shows the height in its own cell ("1 i", not ".1i", where the
        # digit would read as part of the unit to its right); other terrain shows it after the
        # glyph, and a unit hides it (the status line and the outlined zoom still tell it).
        plain_height = occupant is None and not marker and ground.brow and ground.plain
        if plain_height:
            chars[x] = _digit(ground.elevation)
        if edge:
            chars[x + 1], keys[x + 1] = edge, (EDGE,)
        elif ground.brow and not plain_height and occupant is None:
            chars[x + 1], keys[x + 1] = _digit(ground.elevation), (terrain_class(ground.style), ELEVATION)
        elif ground.feature:
            chars[x + 1], keys[x + 1] = ground.feature, (terrain_class(ground.style), FEATURE)
        else:
            chars[x + 1], keys[x + 1] = " ", (terrain_class(ground.style),)


def _digit(n: int) -> str:
    return str(n) if 0 <= n <= 9 else "^"


def _put_side(model: MapModel, col: int, row: int, direction: str, plain: str, x: int,
              chars: list[str], keys: list[StyleKey]) -> None:
    if not 0 <= x < len(chars):
        return
    mark = model.edge(col, row, direction)
    if mark:
        chars[x], keys[x] = mark, (EDGE,)
    elif chars[x] == " " or keys[x] == (OUTLINE,):
        chars[x], keys[x] = plain, (OUTLINE,)


def _outlined_interior(layout: HexLayout, model: MapModel, row: int, chars: list[str], keys: list[StyleKey]) -> None:
    for col in range(model.columns):
        x = layout.cell(col, row).x
        ground = model.ground[row][col]
        occupant = model.units.get((col, row))
        k_terrain, k_glyph, k_mark = interior_keys(model, col, row)
        marker = model.marker(col, row)
        if occupant:
            chars[x:x + 3] = [ground.glyph, occupant.glyph, occupant.mark]
        else:
            chars[x:x + 3] = [" ", ground.glyph, marker or " "]
        keys[x:x + 3] = [k_terrain, k_glyph, k_mark + ((MARKER,) if marker else ())]
        _put_side(model, col, row, "W", "|", x - 1, chars, keys)
        _put_side(model, col, row, "E", "|", x + 3, chars, keys)


def _outlined_boundary(layout: HexLayout, model: MapModel, r: int, chars: list[str], keys: list[StyleKey]) -> None:
    above, below = r - 1, r
    if 0 <= above < model.rows:
        for col in range(model.columns):
            x = layout.cell(col, above).x
            _put_side(model, col, above, "SW", "\\", x, chars, keys)
            feature = model.ground[above][col].feature
            if feature:
                chars[x + 1], keys[x + 1] = feature, (FEATURE,)
            _put_side(model, col, above, "SE", "/", x + 2, chars, keys)
    if 0 <= below < model.rows:
        for col in range(model.columns):
            x = layout.cell(col, below).x
            _put_side(model, col, below, "NW", "/", x, chars, keys)
            elevation = model.ground[below][col].elevation
            if elevation > 0:
                chars[x + 1], keys[x + 1] = _digit(elevation), (ELEVATION,)
            _put_side(model, col, below, "NE", "\\", x + 2, chars, keys)
