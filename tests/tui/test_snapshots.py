"""Snapshot tests at 80x24 and 120x40 with fixed seeds (look at every SVG before updating)."""

from __future__ import annotations

import pytest

from tests.conftest import toy_setup
from tests.tui.conftest import finished_toy_service, toy_service
from tui.app import HexwarApp
from tui.dialogs.files import ScenarioEntry

SIZES = [(80, 24), (120, 40)]


def toy_scenarios(ruleset: str) -> list[ScenarioEntry]:
    return [ScenarioEntry("toy", "toy-skirmish", "Toy skirmish", "Two units a side facing each other.")]


def finished_game():
    service = toy_service()
    for unit in ("b1", "b2"):
        service.state.units[unit].eliminated = True
    service.initial = service.state.model_copy(deep=True)
    service.state.units["b1"].eliminated = False
    service.state.units["b1"].stats.strength = 1
    # b1 alone, strength 1: attack until it falls (seeded dice, so always the same game).
    return service


def game_app(service=None) -> HexwarApp:
    return HexwarApp({"new": service or toy_service(), "hide": False}, autosave=False)


def zoomed(zoom: int, *keys: str):
    """Set the map's zoom as the player's choice, then press `keys`."""

    async def run_before(pilot) -> None:
        await pilot.pause()
        hex_map = pilot.app.screen.map
        hex_map.zoom_chosen = True
        hex_map.zoom = zoom
        pilot.app.screen.fit_layout()
        await pilot.press(*keys)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
class TestScreens:
    def test_title(self, snap_compare, size):
        """The title screen with its menu."""
        assert snap_compare(HexwarApp(autosave=False), terminal_size=size)

    def test_new_game(self, snap_compare, size):
        """The new-game form for the toy rule set, seed 1234."""
        from tui.screens.new_game import NewGameScreen

        async def open_form(pilot):
            await pilot.app.push_screen(
                NewGameScreen("toy", seed=1234, scenario_source=toy_scenarios, loader=lambda e: toy_setup())
            )
            await pilot.pause()

        assert snap_compare(HexwarApp(autosave=False), terminal_size=size, run_before=open_form)

    def test_game_compact(self, snap_compare, size):
        """The game screen, a unit selected, compact map (chosen: at 120x40 the map would pick outlined)."""
        assert snap_compare(game_app(), terminal_size=size, run_before=zoomed(0, "n"))

    def test_game_outlined(self, snap_compare, size):
        """The game screen, a move being aimed, outlined map."""
        assert snap_compare(game_app(), terminal_size=size, run_before=zoomed(1, "n", "m", "6"))

    def test_help(self, snap_compare, size):
        """`?` on the game screen."""
        assert snap_compare(game_app(), terminal_size=size, press=["question_mark"])

    def test_game_over(self, snap_compare, size):
        """The game-over summary and log of a finished toy game."""
        service = finished_toy_service()
        assert snap_compare(game_app(service), terminal_size=size)


def test_objective_and_a_long_choice_list_at_80x24(snap_compare):
    """Issue 24: the objective on the status line (the turn limit, what is left to do) and a list of ten
    choices at 80x24, each with its odds, the first page in sight and the keys to page."""
    from tests.tui.test_long_choices import hedgerow, open_the_choice

    app = HexwarApp({"new": hedgerow(), "hide": False}, autosave=False)

    async def choose(pilot):
        await open_the_choice(pilot, pilot.app)

    assert snap_compare(app, terminal_size=(80, 24), run_before=choose)
