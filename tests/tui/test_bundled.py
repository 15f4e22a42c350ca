"""Pilot tests on the bundled scenarios of the real rule sets: keys only, several actions each."""

from __future__ import annotations

import pytest

from rules.service import GameService
from tui.app import HexwarApp

from saves import scenarios


def bundled(ruleset: str, seed: int = 11) -> GameService:
    info = scenarios.default_scenario(ruleset)
    return GameService.new(scenarios.load_scenario(info.name, ruleset), seed)


async def play_turns(app, service, pilot, actions: int) -> None:
    """Press keys the way a player would: take the first listed kind, pick the first choice or hex, confirm."""
    screen = app.screen
    for _ in range(actions * 4):
        if len(service.history) >= actions or service.result is not None:
            return
        await pilot.pause()
        if type(app.screen).__name__ == "PassKeyboardScreen":
            await pilot.press("enter")
            continue
        legal = screen.all_legal()
        assert legal, "the deciding side has nothing to do"
        before = len(service.history)
        # Prefer a move of a unit, else the first listed action.
        moves = [a for a in legal if a.kind == "move"]
        action = moves[0] if moves else legal[0]
        if action.unit_id:
            while screen.selected != action.unit_id:
                await pilot.press("n")
        key = app.screen.ruleset.action_kinds[action.kind].key
        await pilot.press(key)
        if screen.choices is not None:
            await pilot.press("a")
        if screen.mode is not None:
            screen.map.cursor = screen.flow.aim(screen.candidates[0])
            await pilot.press("enter")
        if screen.choices is not None:  # several actions on that hex (DHR: rate of fire, weapons)
            await pilot.press("a")
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        assert len(service.history) > before, screen.message


@pytest.mark.parametrize("ruleset", ["quad", "dhr", "skirmish"])
async def test_several_actions_of_the_teaching_scenario_with_keys(ruleset):
    service = bundled(ruleset)
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_turns(app, service, pilot, 6)
        assert len(service.history) >= 6
        kinds = {a.kind for a in service.log}
        assert "move" in kinds or service.result is not None
