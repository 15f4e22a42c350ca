"""Every choice of a long list reachable by keys at 80x24, each with its odds (issue 24 item 3)."""

from __future__ import annotations

import re

from rules.hexgrid import Hex
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.tui.conftest import toy_service
from tui.app import HexwarApp
from tui.flow import Flow
from tui.seating import Seating

TARGET = Hex(-1, 11)
"""Where the MG team de3 has ten ways to fire (weapons and rates of fire) in this position."""


def hedgerow() -> GameService:
    g = GameService.new(load_scenario("hedgerow", "dhr"), seed=27)
    for text in ("draw us", "drop us unit=us5 at=3,11", "move us unit=us5 path=[4,10]", "move us unit=us5 path=[3,9]"):
        assert g.apply(text).ok
    return g


async def open_the_choice(pilot, app) -> list:
    screen = app.screen
    screen.select_unit("de3")
    await pilot.press("f")
    screen.map.cursor = TARGET
    await pilot.press("enter")
    await pilot.pause()
    return screen.flow.choices


async def test_pgdn_brings_the_last_of_ten_choices_into_sight_and_its_letter_takes_it():
    app = HexwarApp({"new": hedgerow(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        choices = await open_the_choice(pilot, app)
        assert len(choices) == 10
        palette = app.screen.palette.text.plain
        seen = re.search(r"PgDn/PgUp more \(1-(\d) of 10\)", palette)
        assert seen, palette
        per_page = int(seen.group(1))
        rows = palette.splitlines()[1:1 + per_page]
        assert [row[0] for row in rows] == list("abcdefg"[:per_page])
        assert all("% " in row.split(" | ")[0] for row in rows), rows  # each choice with its odds
        assert not any(line.startswith("j ") for line in palette.splitlines())
        await pilot.press("pagedown")
        await pilot.pause()
        palette = app.screen.palette.text.plain
        assert f"({per_page + 1}-10 of 10)" in palette
        (row,) = [line for line in palette.splitlines() if line.startswith("j ")]
        assert "% " in row.split(" | ")[0] and "x6 (-2)" in row, row  # its odds, then which fire it is
        await pilot.press("pageup")
        await pilot.pause()
        assert f"(1-{per_page} of 10)" in app.screen.palette.text.plain
        await pilot.press("pagedown", "j")
        await pilot.pause()
        assert app.screen.pending == choices[-1]


async def test_every_palette_row_fits_the_width_at_80x24():
    app = HexwarApp({"new": hedgerow(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_choice(pilot, app)
        palette = app.screen.palette
        width = palette.size.width
        choice_rows = [line for line in palette.text.plain.splitlines() if " | " in line]
        assert choice_rows and all(len(line) <= width for line in choice_rows)
        wrapped = len(palette.body.wrap(app.console, width)) + 1
        assert wrapped <= palette.rows == 9  # nothing cut: the keys' row stays in sight


def test_more_choices_than_letters_come_in_sets_that_start_again_at_a():
    service = toy_service()
    seating = Seating(service, solo=True)
    flow = Flow(seating.for_screen(), others=seating.seat, letters="abc")
    actions = [f"action {n}" for n in range(7)]
    flow.offer(actions)
    assert flow.visible_choices(2) == [("a", "action 0"), ("b", "action 1")]
    flow.page(1, 2)
    assert flow.visible_choices(2) == [("c", "action 2")]  # the end of the letter set
    flow.page(1, 2)
    assert flow.visible_choices(2) == [("a", "action 3"), ("b", "action 4")]
    flow.page(1, 2)
    flow.page(1, 2)
    assert flow.visible_choices(2) == [("a", "action 6")]
    assert flow.page(1, 2).say.startswith("The last choices")
    flow.page(-1, 2)
    assert flow.visible_choices(2)[-1] == ("c", "action 5")


async def test_i_lists_every_choice_with_all_its_odds():
    app = HexwarApp({"new": hedgerow(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        choices = await open_the_choice(pilot, app)
        await pilot.press("I")
        await pilot.pause()
        shown = app.screen.text.plain
        assert shown.count("Rolls: ") == len(choices) == 10
        assert f"j {app.screen.app.screen_stack[-2].describe(choices[-1])}" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.choices == choices  # still choosing
