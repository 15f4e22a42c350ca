"""The game screen's message line after another side's action keeps that side's secrets (Dirtside's launch)."""

from __future__ import annotations

from rules.actions import parse_action
from rules.rulesets.dirtside import RULESET
from rules.service import GameService
from tui.app import HexwarApp

from tests.rules.dirtside.helpers import at, launcher, setup, tank, unit


async def test_the_message_line_after_the_launch_keeps_the_secret_from_the_other_player():
    game = GameService.new(setup([unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(missiles=("nuke",)),
                                  unit("rt", "red", at(10, 4), [tank("Red 1")], facing=4)]), seed=1)
    assert game.decision().side == "blue"
    launch = parse_action(RULESET.action_adapter, "launch blue unit=site at=10,4 warhead=nuke")
    app = HexwarApp({"new": game, "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        screen.apply(launch)
        await pilot.pause()
        assert "nuke" in screen.message or "10,4" in screen.message  # blue still sees its own words
        await pilot.press("enter")  # the pass screen: red sits down
        await pilot.pause()
        assert screen.seat.side == "red"
        # The target chit is public (on 10,4 here); which chit is real, and the warhead, are blue's.
        assert "launch" in screen.message
        assert "nuke" not in screen.message and "real target" not in screen.message
