"""Issue 9: keys typed faster than the screens open, and a monkey that types bursts of random keys."""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from rules import registry
from rules.service import GameService
from saves.scenarios import default_scenario, load_scenario
from tests.tui.conftest import toy_service
from tests.tui.keyburst import burst, random_bursts
from tui.app import HexwarApp


def stack(app) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


async def typed_at_once(keys, service=None) -> HexwarApp:
    start = {"new": service, "hide": False} if service is not None else None
    app = HexwarApp(start, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, keys)
        await pilot.pause()  # idle first: a test that ends while a screen mounts races Textual's teardown
        await pilot.pause(0.1)
        assert app._exception is None, repr(app._exception)
        assert app.is_running
        app.seen = stack(app)  # type: ignore[attr-defined]
    return app


async def test_page_down_right_after_ctrl_p_does_not_crash_the_palette():
    app = await typed_at_once(["ctrl+p", "pagedown", "pagedown", "pageup"])
    assert app.seen[-1] == "SafePalette"
    app = await typed_at_once(["ctrl+p", "pagedown"], toy_service())
    assert app.seen[-1] == "SafePalette"


async def test_two_enters_after_ctrl_p_on_the_title_run_one_command_and_pop_nothing_else():
    app = await typed_at_once(["ctrl+p", "enter", "enter"])
    # Enters that land while the palette is still opening may be lost; none may close the title under it.
    assert app.seen[0] == "TitleScreen" and len(app.seen) <= 2


async def test_two_enters_after_ctrl_p_in_a_game_keep_the_game_screen():
    service = toy_service()
    app = await typed_at_once(["ctrl+p", "enter", "enter"], service)
    assert "GameScreen" in app.seen
    assert len(service.history) <= 1  # the picked command ran once at most


async def test_escapes_and_reopening_the_palette_in_one_burst_are_safe():
    app = await typed_at_once(["ctrl+p", "escape", "escape", "ctrl+p", "x", "escape", "enter"])
    assert app.seen[0] == "TitleScreen" and app.seen.count("SafePalette") <= 1


async def test_the_app_reports_status_1_after_an_internal_error(tmp_path):
    from tui.app import HexwarApp, exit_status

    app = HexwarApp(catch_errors=True, autosave=False)
    with pytest.raises(ZeroDivisionError):  # run_test hands the app's error on
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.call_later(lambda: 1 / 0)
            await pilot.pause(0.1)
    assert exit_status(app) == 1
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
    assert exit_status(app) == 0


def teaching(ruleset: str, seed: int) -> GameService:
    info = default_scenario(ruleset)
    return GameService.new(load_scenario(info.name, ruleset), seed)


MONKEY_SCALE = float(os.environ.get("HEXWAR_MONKEY_SCALE", "1"))
"""Multiplies the monkey's key counts (the issue's 10,000-key run: HEXWAR_MONKEY_SCALE=12.5)."""


async def monkey(app: HexwarApp, seed: int, keys: int) -> None:
    """Random key bursts at random short intervals; no internal error, the app still runs. Quitting is disarmed."""
    rng = random.Random(seed)
    quits = []
    async with app.run_test(size=(80, 24)) as pilot:
        real_exit = app.exit
        app.exit = lambda *a, **k: quits.append(a)  # type: ignore[method-assign]
        await pilot.pause()
        for n, keys_now in enumerate(random_bursts(rng, int(keys * MONKEY_SCALE))):
            burst(app, keys_now)
            # Sometimes the next burst comes before this one is handled, sometimes after the app is idle.
            await asyncio.sleep(rng.choice((0, 0.002, 0.01, 0.03)))
            if n % 8 == 7:
                await pilot.pause()
            assert app._exception is None, f"{app._exception!r} after {keys_now} on {stack(app)}"
            assert app.is_running and type(app.screen_stack[0]).__name__ == "TitleScreen"
        await pilot.pause()
        assert app._exception is None, repr(app._exception)
        app.exit = real_exit  # type: ignore[method-assign]


@pytest.mark.slow
async def test_a_monkey_typing_bursts_on_the_title_screen():
    await monkey(HexwarApp(autosave=True), seed=1, keys=400)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", [e.id for e in registry.entries() if e.id != "toy"])
async def test_a_monkey_typing_bursts_in_each_teaching_scenario(ruleset):
    app = HexwarApp({"new": teaching(ruleset, 3), "hide": True}, autosave=True)  # autosaves, locks, saves too
    await monkey(app, seed=len(ruleset), keys=800)


async def test_two_enters_on_a_dialog_choose_once_and_close_only_the_dialog():
    app = await typed_at_once(["r", "enter", "enter"])
    # An Enter that lands while the dialog is still opening has no option to pick: it may be lost, never doubled.
    assert app.seen[0] == "TitleScreen" and app.seen[-1] in ("RulesReferenceScreen", "ChoiceDialog")
    assert len(app.seen) == 2


async def test_ctrl_p_with_a_palette_under_another_screen_opens_no_second_palette():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        app.show_help(app.screen_stack[1])  # a screen pushed over the palette, as type-ahead can
        await pilot.pause()
        burst(app, ["ctrl+p"])
        await pilot.pause()
        assert app._exception is None and stack(app).count("SafePalette") == 1
        await pilot.press("escape")  # the help screen
        await pilot.pause()
        await pilot.press("escape")  # the palette, on top again
        await pilot.pause()
        assert stack(app) == ["TitleScreen", "GameScreen"]


async def test_the_palette_reopens_right_after_it_closed_while_a_provider_is_still_busy(monkeypatch):
    from tui.commands import LegalActions

    async def slow_shutdown(self):  # a provider still busy: the closed palette is removed late
        await asyncio.sleep(0.3)

    monkeypatch.setattr(LegalActions, "_shutdown", slow_shutdown)
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        burst(app, ["escape"])
        await asyncio.sleep(0.05)  # closed, not yet removed
        burst(app, ["ctrl+p"])
        await pilot.pause(0.5)
        assert app._exception is None, repr(app._exception)
        assert stack(app) == ["TitleScreen", "GameScreen", "SafePalette"]


async def test_page_keys_on_a_list_not_yet_laid_out_do_not_crash():
    """The 10,000-key monkey: PageUp on the new-game screen's open Select before its list was laid out
    ended the app with KeyError: 0 (Textual's OptionList._move_page, as in the palette); every list of ours."""
    from textual.widgets import OptionList, Select
    from textual.widgets._select import SelectOverlay
    from tui.dialogs.choice import ChoiceDialog

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        select = app.screen.query_one("#ruleset", Select)
        overlay = select.query_one(SelectOverlay)
        overlay._index_to_line.clear()  # as before the first layout
        overlay.highlighted = 0
        overlay.action_page_down()
        overlay._index_to_line.clear()
        overlay.action_page_up()
        assert overlay.highlighted == 0
        app.push_screen(ChoiceDialog("Pick", [("a", "A"), ("b", "B")]))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        options._index_to_line.clear()
        options.highlighted = 0
        options.action_page_down()
        assert options.highlighted == 1
