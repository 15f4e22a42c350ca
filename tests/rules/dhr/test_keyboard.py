"""DHR in the game screen with the keyboard only: draw a chip, move, fire, end (pilot test)."""

from __future__ import annotations

import asyncio

import pytest

from saves import scenarios  # noqa: E402

from rules.service import GameService  # noqa: E402
from tui.app import HexwarApp  # noqa: E402


def test_the_farm_with_keys_only():
    asyncio.run(_play_the_farm())


async def _play_the_farm():
    service = GameService.new(scenarios.load_scenario("farm", ruleset="dhr"), seed=3)
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert [a.kind for a in service.log] == ["draw"]
        assert service.state.chip is not None
        side = service.decision().side
        assert "End activation" in app.screen.palette.text.plain
        await pilot.press("n", "m", "6", "enter", "enter")
        await pilot.pause()
        assert service.log[-1].kind == "move"
        await pilot.press("e")
        await pilot.pause()
        assert service.log[-1].kind == "end" and service.log[-1].side == side
        assert service.state.activated
