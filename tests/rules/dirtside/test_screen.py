"""Pilot test of the game screen, keys only: a cruise missile launched in turn 1 lands in turn 2."""

from __future__ import annotations

import asyncio

from rules.hexgrid import from_offset
from rules.service import GameService
from saves.scenarios import load_scenario
from tui.app import HexwarApp

VILLAGE = from_offset(12, 4)


def test_a_cruise_missile_launched_with_keys_lands_the_next_turn(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    asyncio.run(_play())


async def _play() -> None:
    service = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=11)
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen

        async def key(k: str) -> None:
            await pilot.press(k)
            await pilot.pause()

        async def aim(kind_key: str) -> None:
            await key("escape")
            await key(kind_key)
            screen.map.cursor = VILLAGE  # the cursor keys would walk it there; put it there directly
            await key("enter")
            if screen.choices is not None:
                await key("a")
            if screen.pending is not None:
                await key("enter")

        assert service.decision().side == "federal"
        await aim("x")
        assert [f.launched for f in service.state.flights] == [1]
        assert any("lands turn 2" in line for line in service.seat("federal").side_lines("federal"))
        assert "cruise-missile target chit cm1" in screen.map.describe(VILLAGE)  # its chit marked on the map
        while service.state.turn == 1:
            before = len(service.history)
            await key("escape")
            await key("d")
            assert len(service.history) > before, screen.message
        assert service.decision().side == "federal" and service.state.flights
        await aim("y")
        assert service.state.flights == []
        assert "target chit" not in screen.map.describe(VILLAGE)
        assert any("cruise missile cm1 flies in" in e.text() for e in service.history[-1].events)
