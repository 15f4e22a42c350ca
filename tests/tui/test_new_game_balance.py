"""The new-game screen shows a scenario's measured balance beside its description."""

from __future__ import annotations

from saves.balance_record import balance_line, update_data_file
from tests.tui.test_snapshots import toy_scenarios
from tests.conftest import toy_setup
from tui.app import HexwarApp


def _about(app) -> str:
    return str(app.screen.query_one("#scenario-about").render())


async def test_a_measured_scenario_shows_its_balance_and_an_unmeasured_one_none(tmp_path):
    from rules.ai.balance import Report
    from rules.ai.match import Played
    from tui.screens.new_game import NewGameScreen

    games = [Played(seed=n, winner=w, reason="", actions=9, turns=3, survivors={}) for n, w in enumerate("aab")]
    data = tmp_path / "balance.toml"
    update_data_file(data, Report(toy_setup(), games).summary())
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(NewGameScreen("toy", seed=1, scenario_source=toy_scenarios, loader=lambda e: toy_setup(),
                                            balance=lambda r, s: balance_line(r, s, data)))
        await pilot.pause()
        assert "Balance: computer vs computer, 3 games: Side A 67%, Side B 33%" in _about(app)
        await app.push_screen(NewGameScreen("toy", seed=1, scenario_source=toy_scenarios, loader=lambda e: toy_setup(),
                                            balance=lambda r, s: balance_line(r, s, tmp_path / "none.toml")))
        await pilot.pause()
        assert "Balance:" not in _about(app) and _about(app)


async def test_the_bundled_scenarios_show_the_shipped_figures():
    """The real screen reads saves/scenarios/balance.toml: a measured bundled scenario shows its line."""
    from saves.balance_record import read_balance

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.new_game("dhr")
        await pilot.pause()
        form = app.screen
        line = balance_line("dhr", form.scenario_name)
        assert bool(line) == (form.scenario_name in read_balance().get("dhr", {}))
        if line:
            assert f"Balance: {line}" in _about(app)
