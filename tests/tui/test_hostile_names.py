"""Names from files are shown literally: Rich markup and terminal escapes never take effect."""

from __future__ import annotations

import html

from rules.service import GameService
from tests.conftest import toy_setup
from tui.app import HexwarApp
from tui.widgets.text import clean

HOSTILE = "[bold red]Evil[/] \x1b[31mred\x1b]0;pwned\x07 [link=http://x]y[/link]"


def hostile_game() -> GameService:
    setup = toy_setup()
    units = [u.model_copy(update={"name": HOSTILE}) if u.id == "a1" else u for u in setup.units]
    sides = [s.model_copy(update={"name": "[i]Side[/i] A"}) if s.id == "a" else s for s in setup.sides]
    return GameService.new(setup.model_copy(update={"units": units, "sides": sides}), 3)


async def test_a_hostile_unit_name_renders_literally():
    service = hostile_game()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")  # selects a1: roster, card, palette and status all show its name
        await pilot.pause()
        screen = app.screen
        assert "[bold red]Evil[/]" in screen.query_one("Roster").text.plain
        assert "[i]Side[/i] A" in screen.query_one("Roster").text.plain
        assert "[bold red]Evil[/]" in screen.palette.text.plain
        shot = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        assert "[bold red]Evil[/]" in shot
        assert "[link=http://x]y[/link]" in shot
        assert "\x1b" not in shot and "\x07" not in shot
        await pilot.press("I")
        await pilot.pause()
        shot = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        assert "[bold red]Evil[/]" in shot


def test_clean_defuses_control_characters():
    assert clean("a\x1b[31mb\x07") == "a^[[31mb"
    assert clean("[b]x[/b]") == "[b]x[/b]"
