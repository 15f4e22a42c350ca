"""How the map looks: its component classes and default TCSS, and its style keys as Rich styles.

`MapStyles` turns a style key (component class names, `hex_render.StyleKey`) into the Rich style
the map draws with, once per style change. With colour, the map's own colours are left to the
terminal (`sgr.on_terminal_default`: a run costs no colour codes) and a glyph on a highlight of
its own hue takes a contrasting colour (`sgr.legible`). Without colour (NO_COLOR, a monochrome
terminal) only attributes remain: each highlight gets its own, chosen for what the terminal can
show (TERM: a vt100 or the Linux console has no italic or dim), and the legend says which is which.
"""

from __future__ import annotations

import os

from rich.style import Style

from rules.core import STYLES
from tui.widgets.hex_model import FLAG_CLASSES
from tui.widgets.hex_render import SIDE_CLASSES, StyleKey
from tui.widgets.sgr import legible, on_terminal_default, terminal_attributes

HEX_MAP_CLASSES = {
    "hex-map--cursor", "hex-map--outline", "hex-map--edge", "hex-map--elevation", "hex-map--feature",
    "hex-map--terrain", "hex-map--legend", "hex-map--marker",
    *(name for _, name in FLAG_CLASSES),
    *SIDE_CLASSES,
    *(f"hex-map--terrain-{style}" for style in STYLES),
}
"""`HexMap.COMPONENT_CLASSES`: every style the map draws with; TCSS may restyle any of them."""

HEX_MAP_CSS = """
HexMap {
    background: $surface;
    color: $text;
    scrollbar-size: 0 0;
}
HexMap > .hex-map--cursor { text-style: reverse bold; }
HexMap > .hex-map--outline { color: $text-muted; }
HexMap > .hex-map--edge { color: $warning; text-style: bold; }
HexMap > .hex-map--elevation { color: $secondary; }
HexMap > .hex-map--feature { color: $warning; }
HexMap > .hex-map--terrain { color: $text; }
HexMap > .hex-map--terrain-forest { color: $success; }
HexMap > .hex-map--terrain-water { color: $primary; }
HexMap > .hex-map--terrain-hill, HexMap > .hex-map--terrain-rough { color: $secondary; }
HexMap > .hex-map--terrain-building { color: $warning; }
HexMap > .hex-map--side-0 { color: $error; text-style: bold; }
HexMap > .hex-map--side-1 { color: $accent; text-style: bold; }
HexMap > .hex-map--side-2 { color: $success; text-style: bold; }
HexMap > .hex-map--side-3 { color: $warning; text-style: bold; }
HexMap > .hex-map--side-4 { color: $secondary; text-style: bold; }
HexMap > .hex-map--side-5 { color: $primary; text-style: bold; }
HexMap > .hex-map--side-6 { color: $foreground; text-style: bold; }
HexMap > .hex-map--side-7 { color: $text-muted; text-style: bold; }
/* Drawn at full strength: Textual's partial component styles drop a background's alpha (the
   percentages are ignored); `legible` (tui/widgets/sgr.py) keeps a glyph of the same hue readable. */
HexMap > .hex-map--reach { background: $success 25%; text-style: underline; }  /* a mark without colour too */
HexMap > .hex-map--los { background: $primary 25%; }
HexMap > .hex-map--los-edge { background: $primary 15%; text-style: italic; }
HexMap > .hex-map--path { background: $accent 35%; text-style: underline; }
HexMap > .hex-map--target { background: $error 35%; text-style: bold underline; }
HexMap > .hex-map--selected { background: $warning 40%; text-style: bold underline; }
HexMap > .hex-map--legend { background: $panel; color: $text; }
HexMap > .hex-map--marker { color: $warning; text-style: bold; }
"""
"""`HexMap.DEFAULT_CSS`: the map's default looks (the app's TCSS and themes restyle them)."""

_CURSOR_KEY = ("\0cursor",)
"""Where the cursor's overlay style is kept among the map's styles (no component class has this name)."""


MONO_FLAGS: tuple[tuple[str, Style], ...] = (
    ("hex-map--reach", Style(underline=True)),
    ("hex-map--los", Style(italic=True)),
    ("hex-map--los-edge", Style(italic=True, dim=True)),
    ("hex-map--path", Style(underline=True, italic=True)),
    ("hex-map--target", Style(bold=True, underline=True)),
    ("hex-map--selected", Style(reverse=True, underline=True)),
)
"""Without colour each highlight has its own attributes (the cursor is reverse bold). Sides lose
their bold here: their letters (case, or a tag letter each) tell them apart, so bold marks a target."""
MONO_LEGEND = (
    "underline: can move there", "italic: line of sight", "underline italic: path",
    "bold underline: target", "reverse underline: selected", "reverse bold: cursor",
)
"""The legend's lines for the attributes above (shown only without colour)."""

MONO_FLAGS_UPRIGHT: tuple[tuple[str, Style], ...] = (
    ("hex-map--reach", Style(underline=True)),
    ("hex-map--los", Style(reverse=True)),
    ("hex-map--los-edge", Style(reverse=True)),
    ("hex-map--path", Style(bold=True)),
    ("hex-map--target", Style(bold=True, underline=True)),
    ("hex-map--selected", Style(reverse=True, underline=True, bold=True)),
)
"""The same for a terminal without italic or dim (a vt100, the Linux console: terminfo has no
`sitm`): only bold, underline and reverse, which every such terminal has."""
MONO_LEGEND_UPRIGHT = (
    "underline: can move there", "reverse: line of sight", "bold: path",
    "bold underline: target", "reverse bold underline: selected", "reverse bold: cursor",
    "reverse underline: line of sight in range",
)


def mono_looks() -> tuple[tuple[tuple[str, Style], ...], tuple[str, ...]]:
    """The highlight attributes and legend lines for this terminal (TERM), without colour."""
    if {"italic", "dim"} <= terminal_attributes(os.environ.get("TERM", "")):
        return MONO_FLAGS, MONO_LEGEND
    return MONO_FLAGS_UPRIGHT, MONO_LEGEND_UPRIGHT


def without_colour(style: Style, key: StyleKey) -> Style:
    """The attributes only (NO_COLOR or a monochrome terminal): Textual would turn both colours
    to greys that may be equal, hiding a glyph (a forest in a range, a unit under the cursor).
    The terminal's own colours stay; each highlight takes its own attributes (`MONO_FLAGS`)."""
    flagged = [mono for name, mono in mono_looks()[0] if name in key]
    if not flagged:
        if any(name.startswith("hex-map--side-") or name == "hex-map--marker" for name in key):
            return Style()  # a marker's own character tells it (bold would read as a path on a vt100)
        return Style(bold=style.bold, italic=style.italic, underline=style.underline,
                     reverse=style.reverse, strike=style.strike)
    out = Style()
    for mono in flagged:
        out += mono
    return out


class MapStyles:
    """A map widget's style keys as Rich styles, each looked up once until the styles change
    (`clear`, on the widget's `notify_style_update`): a repaint draws with a few of them again and again."""

    def __init__(self, widget) -> None:
        self._widget = widget
        self._styles: dict[StyleKey, Style] = {}

    def clear(self) -> None:
        self._styles.clear()

    def __call__(self, key: StyleKey) -> Style:
        style = self._styles.get(key)
        if style is None:
            widget = self._widget
            style = widget.rich_style
            for name in key:
                style += widget.get_component_rich_style(name, partial=True)
            if getattr(widget.app, "no_color", False):
                style = without_colour(style, key)
            else:
                style = on_terminal_default(legible(style), widget.rich_style)
            self._styles[key] = style
        return style

    def base(self) -> Style:
        """The map's own colours left to the terminal (docs/perf.md: a run costs no colour codes)."""
        style = self._styles.get(())
        if style is None:
            rich_style = self._widget.rich_style
            style = self._styles[()] = on_terminal_default(rich_style, rich_style)
        return style

    def cursor(self) -> Style:
        """The cursor's overlay (reverse bold without colour): a cursor move draws it twice."""
        cursor = self._styles.get(_CURSOR_KEY)
        if cursor is None:
            cursor = self._widget.get_component_rich_style("hex-map--cursor", partial=True)
            if getattr(self._widget.app, "no_color", False):
                cursor = Style(reverse=True, bold=True)
            self._styles[_CURSOR_KEY] = cursor
        return cursor
