"""The replay screen keeps the garbage collector off the heap it was opened over (rules.replay.freeze_heap)."""

from __future__ import annotations

import gc

from tests.tui.conftest import finished_toy_service
from tui.app import HexwarApp


async def test_the_heap_is_frozen_while_a_replay_is_open_and_given_back_when_it_closes():
    from tui.screens.replay import ReplayScreen

    service = finished_toy_service()
    gc.unfreeze()  # whatever an earlier test left frozen (tui/lean_start.py after a first frame)
    app = HexwarApp({"screen": lambda: ReplayScreen(service)}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert gc.get_freeze_count() > 0  # the game it replays, among all else alive when it opened
        app.push_screen(ReplayScreen(service))
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        assert gc.get_freeze_count() > 0  # one replay closed, one still open
    assert gc.get_freeze_count() == 0  # none open: the collector sees it all again (cycles among it freed)


async def test_what_a_step_keeps_is_out_of_the_next_full_collections_walk():
    """A full collection walked every position, map line and dice-log line kept since the replay opened: the
    slowest steps of the replay screen (25-50 ms on hundred_wars/mars-expedition). Each step now settles: its
    own garbage freed, what it keeps frozen."""
    from tui.screens.replay import ReplayScreen

    service = finished_toy_service()
    gc.unfreeze()
    app = HexwarApp({"screen": lambda: ReplayScreen(service)}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.action_goto(0)
        screen.action_step(1)  # the position after action 1: worked out in this step
        await pilot.pause()
        tracked = {id(o) for o in gc.get_objects()}  # what a full collection walks (frozen objects are not)
        assert id(screen.replay.shown.state) not in tracked
        assert id(screen.replay.shown.state.units) not in tracked
    assert gc.get_freeze_count() == 0
