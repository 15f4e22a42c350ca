"""The campaign screen: battle one of the bundled campaign ends, its result is recorded in the campaign file, a
between-battle step is taken, and battle two starts with the carried forces."""

from __future__ import annotations

import random

from textual.widgets import OptionList, Static

from rules.rulesets.hundred_wars import campaign as cp
from saves import campaign_play as play
from tests.rules.hundred_wars.test_play import policy
from tui.app import HexwarApp
from tui.screens.campaign import CampaignGameScreen, CampaignScreen


async def test_battle_one_ends_and_battle_two_starts_with_the_carried_forces(tmp_path):
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")  # the title's campaign entry
        await pilot.pause()
        await pilot.press("enter")  # the bundled campaign (a fresh copy in the data folder)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        path = screen.path
        assert path.name == "ford.toml" and path.exists()
        assert "0 of 2 battles fought" in str(screen.query_one("#campaign-state", Static).render())
        await pilot.press("b")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, CampaignGameScreen)
        service = battle.service
        rng = random.Random(3)
        while service.result is None:  # the battle played out through the service (a forced short game)
            assert service.apply(policy(service, rng)).ok
        battle.show_game_over()
        await pilot.pause()
        war = play.load(path)
        assert len(war.results) == 1 and war.results[0].winner == service.result.winner
        await pilot.press("t")  # the game-over screen's "title" comes back to the campaign
        await pilot.pause()
        assert app.screen is screen
        assert "1 of 2 battles fought" in str(screen.query_one("#campaign-state", Static).render())
        steps = [s.label for s in screen.steps]
        buy = next(i for i, s in enumerate(steps) if s.startswith("buy a new"))
        rows = screen.query_one("#steps", OptionList)
        for _ in range(buy - (rows.highlighted or 0)):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert "Done:" in str(screen.query_one("#message", Static).render())
        carried = cp.Campaign.model_validate(play.load(path).carry)
        forces = {u.id: u for f in carried.forces.values() for u in f}
        await pilot.press("b")
        await pilot.pause()
        second = app.screen
        assert isinstance(second, CampaignGameScreen) and second.service is not service
        units = {u.id: u for u in second.service.state.units.values() if not u.blind}
        assert set(units) == set(forces)
        for uid, u in forces.items():
            assert units[uid].stats == u.stats
