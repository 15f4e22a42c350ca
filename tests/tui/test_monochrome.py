"""Without colour (NO_COLOR, or a monochrome TERM) the map still tells sides, range, targets, the
selection, the path, the line of sight, the cursor and unit marks apart (issue 16, item 2)."""

from __future__ import annotations

import pytest
from rich.style import Style

from rules.hexgrid import from_offset, line, to_offset
from tests.tui.test_hex_map import MapHost, screen_text
from tui.widgets.hex_glyphs import glyphs
from tui.app import HexwarApp, monochrome, without_colour_on_mono_terms
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_map import HexMap, mono_looks

ATTRS = ("bold", "dim", "italic", "underline", "reverse", "strike")


def attrs(style: Style) -> tuple[bool, ...]:
    return tuple(bool(getattr(style, name)) for name in ATTRS)


def style_at(hex_map: HexMap, h, zoom: int = COMPACT) -> Style:
    layout = HexLayout(zoom, 8, 6)
    cell = layout.cell(*to_offset(h))
    x = cell.x + (1 if zoom == OUTLINED else 0)  # the unit's letter
    return list(hex_map.render_line(cell.y).crop(x, x + 1))[0].style


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "vt100"}, {"TERM": "xterm-mono"}, {"TERM": "linux"}])
async def test_every_highlight_has_its_own_attributes_and_no_colour(monkeypatch, env):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    a, b = from_offset(1, 1), from_offset(5, 3)  # a unit of each side
    reach, path, plain_hex, cursor = from_offset(2, 4), from_offset(3, 4), from_offset(6, 5), from_offset(0, 5)
    app = MapHost(cursor=cursor)
    without_colour_on_mono_terms(app)  # as HexwarApp does (tested below)
    assert app.no_color
    async with app.run_test(size=(40, 10)) as pilot:
        hex_map = app.query_one(HexMap)
        los = [h for step in line(a, from_offset(1, 5)) for h in step.hexes if h != a]
        hex_map.set_highlights(reach={reach}, targets={b}, path=[path], los=line(a, from_offset(1, 5)), selected=a)
        await pilot.pause()
        shown = {
            "plain": style_at(hex_map, plain_hex), "reach": style_at(hex_map, reach),
            "path": style_at(hex_map, path), "target": style_at(hex_map, b),
            "selected": style_at(hex_map, a), "los": style_at(hex_map, los[-1]),
            "cursor": style_at(hex_map, cursor),
        }
        for name, style in shown.items():
            assert style.color is None and style.bgcolor is None, name
        looks = {name: attrs(style) for name, style in shown.items()}
        assert len(set(looks.values())) == len(looks), looks
        if env.get("TERM") in ("vt100", "xterm-mono", "linux"):  # no italic, no dim there
            for name, style in shown.items():
                assert not style.italic and not style.dim, name
            assert shown["los"].reverse
        text = screen_text(app)
        letters = glyphs(app.service.state)
        first, second = letters["a1"], letters["b1"]
        assert first.isupper() and second.islower() and first in text and second in text  # sides by case
        hex_map.show_legend = True
        await pilot.pause()
        assert "+- Legend" in screen_text(app)
        legend = mono_looks()[1]
        assert hex_map._legend[-len(legend):] == list(legend)  # the legend names each look


async def test_unit_marks_show_in_the_outlined_zoom_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MapHost(zoom=OUTLINED)
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        unit = app.service.state.units["a1"]
        layout = HexLayout(OUTLINED, 8, 6)
        cell = layout.cell(*to_offset(unit.at))
        row = app.query_one(HexMap).render_line(cell.y).text
        assert row[cell.x + 2] == str(unit.stats.strength)[-1]  # the toy's mark, S<strength>


@pytest.mark.parametrize("env,mono", [
    ({"NO_COLOR": ""}, True), ({"NO_COLOR": "1", "TERM": "xterm-256color"}, True),
    ({"TERM": "vt100"}, True), ({"TERM": "xterm-mono"}, True), ({"TERM": "linux"}, True),
    ({"TERM": "xterm-256color"}, False), ({"TERM": "vt100", "TEXTUAL_COLOR_SYSTEM": "standard"}, False),
])
def test_monochrome_is_no_color_or_a_monochrome_term(env, mono):
    assert monochrome(env) is mono


async def test_the_app_draws_without_colour_on_a_monochrome_term(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "vt100")
    app = HexwarApp(autosave=False)
    assert app.no_color and any(type(f).__name__ in ("Monochrome", "NoColor") for f in app._filters)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert not HexwarApp(autosave=False).no_color
