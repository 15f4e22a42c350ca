"""The objective on the game screen (issue 24 item 2): a key, the command palette, the rules
reference, the first screen of a new game and the status line, with how far each side is."""

from __future__ import annotations

from rules.service import GameService
from saves.scenarios import load_scenario
from tui.app import HexwarApp


def quad_teaching() -> GameService:
    return GameService.new(load_scenario("quad/teaching"), seed=3)


async def test_a_new_game_opens_on_the_objective_and_the_turn_limit_at_80x24():
    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        palette = screen.palette.text.plain
        assert "Objective:" in palette and "holds the fort at the end of turn 8" in palette
        assert "8 turns left" in palette
        assert screen.status.text.startswith(" Turn 1/8 ")


async def test_the_status_line_names_the_objective_when_the_message_leaves_room():
    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.say("")
        await pilot.pause()
        assert "hold 10,1: 8 turns left" in app.screen.status.text


async def test_o_shows_every_condition_with_how_far_each_side_is():
    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("O")
        await pilot.pause()
        shown = app.screen.text.plain
        assert "Victory for The Kingdom:" in shown and "Victory for The Rebels:" in shown
        assert "not held now; 8 turns left (turn 1 of 8)" in shown
        assert "destroy 4 more units" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "GameScreen"


async def test_the_command_palette_finds_the_objective_by_victory_and_by_objective():
    from tui.commands import ScreenCommands

    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for word in ("victory", "objective"):
            labels = [k.label for k, _ in ScreenCommands(screen)._commands()
                      if word in k.label.lower()]
            assert labels == ["Objective: victory conditions"], word


async def test_the_rules_reference_starts_with_this_scenarios_objective():
    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        text = app.screen.before
        assert text.startswith("## This scenario's objective")
        assert "holds the fort at the end of turn 8" in text and "8 turns left" in text


async def test_the_objective_comes_before_a_message_cut_anyway():
    app = HexwarApp({"new": quad_teaching(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.say("The Rebels roll-off for the first activation [2]: rolls 2; turn 1: activation")
        await pilot.pause()
        status = app.screen.status.text
        assert "| hold 10,1: 8 turns left" in status, status  # then what room is left of the message
        app.screen.say("Lancers moved")  # a message that fits stays whole (the objective after it if it fits)
        await pilot.pause()
        assert "| Lancers moved " in app.screen.status.text
