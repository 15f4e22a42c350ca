"""Narrow screen updates: write only the dirty cells of a line, not the line from the widget's edge.

Why this module exists
----------------------
Textual composes a partial update (`textual._compositor.ChopsUpdate`) from
"chops": the pieces of each screen line between widget edges. When a widget
refreshes a small region, Textual 8.2.8 crops the chop on the right at the end
of the dirty span but *not on the left*: it re-sends the line from the widget's
left edge (`render_segments`, which carries a "TODO: crop to x extents"). On the
game screen the map starts at column 0, so moving the cursor to column 60
re-sends 60 cells, each with its colour codes: 510-560 bytes for a two-cell
change, where the bar is 150 bytes (docs/perf.md has the figures).

`install()` replaces `ChopsUpdate.render_segments` with the same loop that also
crops on the left, so an update writes the dirty span and nothing else. It stays
consistent with Textual's own repaint because it is Textual's repaint: the
strips are the ones the compositor rendered (front to back, overlays and
screens above included), only cut at the span's start as well as its end. The
one trap is a double-width character cut in half at the span's start: writing
its right half alone would break the glyph on the terminal, so such a span
starts one cell earlier (whole characters only).

Since issue 16 it does three more things, all in the same place and under the same guard:
the writes go through `sgr.Writer` (only the moves and colour codes that change something) and
`shadow.Shadow` (only the cells the terminal does not show yet), for partial updates and for
whole-screen ones (`LayoutUpdate.render_segments`, which Textual writes when a screen is pushed
or popped); and a dialog's fully transparent backdrop is no longer restyled by
`Screen.post_render` (which filled the map's terminal-default colours with the dialog's).
A partial update renders only the widgets under one of its dirty regions
(`Compositor.render_partial_update` and `_get_renders`): Textual rendered every widget under
the bounding box of all of them, so a cursor move (a map cell and the status line) rendered
the whole side panel again for strips that are never written. Upstream fix: `_get_renders`
should test each widget against the dirty regions, not against their union's bounding box, and
render each only on the rows those cover. After a frame, Textual parks the hidden terminal
cursor (`ESC[1;1H`) whatever is focused: only a text input uses that position, so the park is
left out otherwise (`_park_control`).

It is a patch of a private class, so it is guarded: it applies only to the
Textual version it was written against (`SUPPORTED`, the exact pin in pyproject.toml) and only
once; anywhere else it does nothing and Textual's own behaviour (more bytes, same picture)
remains, and `TEXTUAL_VERSION_PROBLEM`, worked out at import, says why: the test
tests/tui/test_textual_pin.py fails with it. Why the patch is kept rather than the public path
(Textual's own writer: 274 B a cursor move, 14-23 KB a dialog, against bars of 60 B and 2 KB) is
measured in docs/perf.md (`python -m tests.bench.public_api`). Setting the environment variable
`HEXWAR_WIDE_UPDATES=1` keeps Textual's writer too: an escape hatch should a terminal ever disagree, and the
"before" of the terminal bench. Headless runs and snapshots never call `render_segments`, so tests
see the same screens either way; tests/tui/test_hex_map.py checks on a VT
emulator that the patched output paints the same screen as Textual's.
"""

from __future__ import annotations

import os

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console

from tui.widgets import sgr
from tui.widgets.sgr import Writer
from tui.widgets.shadow import SHADOW

PINNED = "8.2.8"
"""The Textual version this module's patches were written against (pyproject.toml pins it exactly)."""
SUPPORTED = (PINNED,)
"""Textual versions whose `ChopsUpdate.render_segments` this module knows."""


def version_problem(version: str | None) -> str | None:
    """None when the patches know Textual `version`, else a message saying what to do."""
    if version in SUPPORTED:
        return None
    return (f"hexwar's terminal writer (tui/widgets/hex_update.py, sgr.py, shadow.py) replaces private "
            f"methods of Textual {PINNED}'s compositor, but Textual {version} is installed: it stays off, "
            f"and a cursor move writes about 8 times the bytes (docs/perf.md). Install textual=={PINNED} "
            f"(pyproject.toml pins it), or port the patch to {version}, check it with "
            f"`python -m tests.bench.public_api`, and add {version} to hex_update.SUPPORTED and the pin.")


def _installed_textual_version() -> str | None:
    """Textual's version, from the name of its install's `textual-X.Y.Z.dist-info` folder when
    there is exactly one. `textual.__version__` imports `importlib.metadata` (with `email`,
    `zipfile`, `csv`): 48-67 ms at load 10 on this machine against 0.1-0.2 ms, paid in the game
    screen's first frame (tui/lean_start.py keeps it out of pydantic's start-up for the same
    reason). Anything else asks `textual.__version__`."""
    import textual

    prefix, suffix = "textual-", ".dist-info"
    try:
        with os.scandir(os.path.dirname(os.path.dirname(textual.__file__ or ""))) as entries:
            found = [e.name[len(prefix):-len(suffix)] for e in entries
                     if e.name.startswith(prefix) and e.name.endswith(suffix)]
    except OSError:
        found = []
    found = [v for v in found if v[:1].isdigit()]  # not an old-style "textual-serve-1.0.dist-info"
    if len(found) == 1:
        return found[0]
    return getattr(textual, "__version__", None)


TEXTUAL_VERSION_PROBLEM = version_problem(_installed_textual_version())
"""Why the patches cannot apply to the installed Textual (None: they can), worked out at import."""

WIDE_UPDATES_VARIABLE = "HEXWAR_WIDE_UPDATES"
"""Set (non-empty) to keep Textual's own update writer."""

_installed = False
_textual_render_segments = None
_textual_layout = None
"""Textual's own `ChopsUpdate.render_segments`, kept for the tests and the bench's "before"."""


def installed() -> bool:
    """True once the narrow updates are in place."""
    return _installed


def textual_render_segments():
    """Textual's own writer (the one `install` replaced, or the one in place if it did not)."""
    from textual._compositor import ChopsUpdate

    return _textual_render_segments or ChopsUpdate.render_segments


def textual_layout_segments():
    """Textual's own whole-screen writer (`LayoutUpdate.render_segments`)."""
    from textual._compositor import LayoutUpdate

    return _textual_layout or LayoutUpdate.render_segments


def _whole_cell_start(strip, start: int) -> int:
    """`start`, or one cell earlier if `start` falls inside a double-width character."""
    pos = 0
    for segment in strip:
        text = segment.text
        seg_end = pos + cell_len(text)
        if seg_end <= start:
            pos = seg_end
            continue
        for char in text:
            width = get_character_cell_size(char)
            if pos + width > start:
                return pos
            pos += width
        break
    return start


def _render_segments(self, console: Console) -> str:
    """`ChopsUpdate.render_segments`, cropping each chop to its span on both sides, and writing
    only the cells the terminal does not show yet (`shadow.Shadow`), with only the cursor moves
    and colour codes that change something (`sgr.Writer`)."""
    width = _screen_width(self)
    chops = self.chops
    chop_ends = self.chop_ends
    SHADOW._fit(console, width, len(chops))
    writer = Writer(console._color_system, width)

    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None:
                continue
            if x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                SHADOW.put(writer, y, x, SHADOW.cells(writer, [strip]))
                continue
            start = 0
            if x < x1:
                start = _whole_cell_start(strip, x1 - x)
            strip = strip.crop(start, min(end, x2) - x)
            SHADOW.put(writer, y, x + start, SHADOW.cells(writer, [strip]))

    return writer.finish()


def _render_layout(self, console: Console) -> str:
    """`LayoutUpdate.render_segments` (a whole screen): only the cells that changed."""
    return SHADOW.layout(self, console)


def _screen_width(update) -> int:
    """The screen's width: the furthest end of any chop (a write that reaches it leaves the
    terminal's cursor waiting to wrap)."""
    return max((max(ends) for ends in update.chop_ends if ends), default=0)


def _post_render_see_through(self, renderable, base_style):
    """`Screen.post_render`, but a dialog's transparent backdrop (Textual's `BackgroundScreen`
    with an alpha of 0) is left as it is: Textual styles it with the dialog screen's own colours,
    which fills in every colour the screen beneath leaves to the terminal (the map's), so
    opening a dialog rewrote the whole map in other codes and closing it rewrote it back."""
    from textual.renderables.background_screen import BackgroundScreen

    if isinstance(renderable, BackgroundScreen) and renderable.color.a == 0:
        return renderable
    return _textual_post_render(self, renderable, base_style)


_textual_post_render = None


def _render_partial_update(self):
    """`Compositor.render_partial_update`, rendering only the widgets under a dirty region.

    Textual renders every widget under the bounding box of all the dirty regions, whole: a
    cursor move (a map cell, and the status line at the bottom) rendered the whole side panel
    too, ~13 widgets, for strips `_render_segments` never writes (it writes the dirty spans only,
    and only a widget under a dirty region can show there)."""
    from textual.geometry import Region

    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    from textual._compositor import ChopsUpdate

    crop = Region.from_union(update_regions).intersection(self.size.region)
    spans = list(self._regions_to_spans(update_regions))
    is_rendered_line = {y for y, _, _ in spans}.__contains__
    self._hexwar_dirty = tuple(update_regions)
    try:
        chops = self._render_chops(crop, is_rendered_line)
    finally:
        self._hexwar_dirty = ()
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def _get_renders(self, crop=None):
    """`Compositor._get_renders`: during a partial update, only the widgets whose visible part
    overlaps one of the dirty regions (not their bounding box), and only on the rows of those."""
    dirty = getattr(self, "_hexwar_dirty", ())
    if not dirty:
        yield from _textual_get_renders(self, crop)
        return
    for widget, (region, clip) in list(self.visible_widgets.items()):
        shown = region.intersection(clip)
        if not shown.area:
            continue
        for band in _row_bands(shown, dirty):
            yield region, band, widget.render_lines(band.translate(-region.offset))


def _row_bands(shown, dirty):
    """The rows of `shown` that dirty regions overlap, as full-width bands (merged where they touch).

    A widget is rendered only on those rows: the screen and the containers behind the map and the
    status line were rendered whole, 19-24 rows, for the two rows a cursor move writes. A band keeps
    the widget's full width, so its strips still divide at the compositor's cuts; rows outside every
    band are never written (`_render_segments` writes the dirty spans only)."""
    from textual.geometry import Region

    spans = sorted((d.y, d.bottom) for d in dirty if shown.overlaps(d))
    merged: list[list[int]] = []
    for top, bottom in spans:
        if merged and top <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], bottom)
        else:
            merged.append([top, bottom])
    for top, bottom in merged:
        band = shown.intersection(Region(shown.x, top, shown.width, bottom - top))
        if band.area:
            yield band


_textual_partial_update = None
_textual_get_renders = None


def _park_control():
    """Rich's `Control` for `textual.app`, whose only `move_to` is `App._display`'s park: after
    every frame Textual moves the (hidden) terminal cursor to `App.cursor_position`, 6 bytes,
    10% of a cursor move's bar. Only a text input uses that position (an input method's window
    follows it: `Input` and `TextArea` set it, and have `cursor_screen_offset`); with anything
    else focused the park is left out and the cursor stays where the frame's last write left it.
    Upstream fix: `App._display` should park only when the position is used or has changed."""
    from rich.control import Control
    from textual._context import active_app

    class ParkOnlyForInput(Control):
        @classmethod
        def move_to(cls, x: int, y: int) -> Control:
            app = active_app.get(None)
            focused = getattr(app, "focused", None) if app is not None else None
            if app is None or hasattr(focused, "cursor_screen_offset"):
                return Control.move_to(x, y)
            return Control()

    return ParkOnlyForInput


def install() -> bool:
    """Make partial screen updates write only their dirty spans (idempotent).

    Returns True when the narrow updates are in place, False on a Textual
    version this module does not know (nothing is changed then).
    """
    global _installed, _textual_render_segments, _textual_layout, _textual_post_render
    if _installed:
        return True
    if os.environ.get(WIDE_UPDATES_VARIABLE):
        return False
    from textual._compositor import ChopsUpdate, LayoutUpdate

    if version_problem(_installed_textual_version()) is not None:
        return False
    if not callable(getattr(ChopsUpdate, "render_segments", None)):
        return False
    _textual_render_segments = ChopsUpdate.render_segments
    ChopsUpdate.render_segments = _render_segments  # type: ignore[method-assign]
    sgr.erase_colours()
    _textual_layout = LayoutUpdate.render_segments
    LayoutUpdate.render_segments = _render_layout  # type: ignore[method-assign]
    from textual.screen import Screen

    _textual_post_render = Screen.post_render
    Screen.post_render = _post_render_see_through  # type: ignore[method-assign]
    from textual._compositor import Compositor

    global _textual_partial_update, _textual_get_renders
    _textual_partial_update = Compositor.render_partial_update
    _textual_get_renders = Compositor._get_renders
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
    Compositor._get_renders = _get_renders  # type: ignore[method-assign]
    import textual.app

    textual.app.Control = _park_control()  # type: ignore[misc]
    _installed = True
    return True

