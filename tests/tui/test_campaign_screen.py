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
from tui.screens.pass_keyboard import PassKeyboardScreen

SEED = 12


async def test_battle_one_ends_and_battle_two_starts_with_the_carried_forces(tmp_path, monkeypatch):
    # The battle's seed decides the between-battle rolls (the pool, and so what may be bought): fixed, or the
    # test would pass or fail by the seed the screen draws.
    monkeypatch.setattr("tui.screens.campaign.new_seed", lambda: random.Random(SEED).randrange(1, 1_000_000))
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
        await pilot.press("ctrl+g")  # who plays each side: both people, as offered
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
        await pilot.press("t")  # the game-over screen's "title" comes back to the campaign: first, the keyboard
        await pilot.pause()     # goes to the side that chooses first
        assert isinstance(app.screen, PassKeyboardScreen) and app.screen.side_name == "red"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        state = str(screen.query_one("#campaign-state", Static).render())
        assert "1 of 2 battles fought" in state and "blue: its choices are its own" in state
        assert {s.side for s in screen.steps} == {"red"}
        bought = False
        for side in ("red", "blue"):  # each side in turn buys a new unit if its pool affords one, then finishes
            if side == "blue":
                await pilot.press("b")  # blue has not chosen yet: no battle
                await pilot.pause()
                assert app.screen is screen and "First every side" in str(screen.query_one("#message", Static).render())
                await choose(pilot, screen, "finished: pass the keyboard to blue")
                assert isinstance(app.screen, PassKeyboardScreen) and app.screen.side_name == "blue"
                await pilot.press("enter")
                await pilot.pause()
                assert {s.side for s in screen.steps} == {"blue"}
                assert "red: its choices are its own" in str(screen.query_one("#campaign-state", Static).render())
            steps = [s.label for s in screen.steps]
            buy = next((i for i, s in enumerate(steps) if s.startswith("buy a new")), None)
            if buy is None or bought:
                continue
            rows = screen.query_one("#steps", OptionList)
            for _ in range(buy - (rows.highlighted or 0)):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert "Done:" in str(screen.query_one("#message", Static).render())
            bought = True
        assert bought  # the seeded pools afford one new unit
        carried = cp.Campaign.model_validate(play.load(path).carry)
        forces = {u.id: u for f in carried.forces.values() for u in f}
        await choose(pilot, screen, "finished: every side has chosen")
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        second = app.screen
        assert isinstance(second, CampaignGameScreen) and second.service is not service
        units = {u.id: u for u in second.service.state.units.values() if not u.blind}
        assert set(units) == set(forces)
        for uid, u in forces.items():
            assert units[uid].stats == u.stats


def between_battles(tmp_path, **carry):
    """The bundled campaign copied to tmp_path with battle one recorded (red won) and this carried table."""
    import shutil

    from rules.core import GameResult
    from rules.service import GameService
    from saves.campaign import record_battle

    path = tmp_path / "ford.toml"
    shutil.copyfile(dict(play.bundled_campaigns())["hundred_wars/ford"], path)
    war = play.load(path)
    c = cp.start(GameService.new(play.battle_setup(war), seed=1).state)
    c = c.model_copy(update={"battles": 1, "winner": "red", "seed": 7, **carry})
    play.save(record_battle(war, GameResult(winner="red", reason="test"), c), path)
    return path


async def open_at(app, pilot, path, side: str = "red") -> CampaignScreen:
    """The campaign screen opened between battles, the keyboard passed on until `side` chooses."""
    screen = CampaignScreen(path)
    app.push_screen(screen)
    await pilot.pause()
    while True:
        assert isinstance(app.screen, PassKeyboardScreen)
        name = app.screen.side_name
        await pilot.press("enter")
        await pilot.pause()
        if name == side:
            return screen
        await choose(pilot, screen, "finished: pass the keyboard")


async def choose(pilot, screen, label_start: str) -> None:
    rows = screen.query_one("#steps", OptionList)
    i = next(i for i, s in enumerate(screen.steps) if s.label.startswith(label_start))
    rows.highlighted = i
    await pilot.press("enter")
    await pilot.pause()


async def test_a_point_is_added_to_a_chosen_factor_from_the_campaign_screen(tmp_path):
    path = between_battles(tmp_path, pools={"red": 230, "blue": 40})
    r1 = cp.Campaign.model_validate(play.load(path).carry).unit("red", "r1")
    fire = r1.stats.weapons[0].fire
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_at(app, pilot, path, "red")
        await choose(pilot, screen, f"add 1 point to a factor of {r1.name}")
        assert r1.bought.orders  # the company's commander: its Orders may grow too
        assert [s.label.split(":")[0] for s in screen.steps] == [
            f"add 1 to Armour of {r1.name}", f"add 1 to Fire 1 of {r1.name}", f"add 1 to Move (ground) of {r1.name}",
            f"add 1 to Orders of {r1.name}", f"add 1 to CQB of {r1.name}"]
        await pilot.press("escape")  # back to every step, nothing spent
        await pilot.pause()
        assert app.screen is screen and screen.opened is None
        await choose(pilot, screen, f"add 1 point to a factor of {r1.name}")
        await choose(pilot, screen, f"add 1 to Fire 1 of {r1.name}")
        assert "Done:" in str(screen.query_one("#message", Static).render())
        after = cp.Campaign.model_validate(play.load(path).carry)
        assert after.unit("red", "r1").stats.weapons[0].fire == fire + 1
        assert after.unit("red", "r1").bought.weapons[0].fire == fire + 1 and after.pools["red"] == 130
        await choose(pilot, screen, f"add 1 point to a factor of {r1.name}")
        await choose(pilot, screen, f"add 1 to Fire 1 of {r1.name}")  # 130 left: one more
        assert cp.Campaign.model_validate(play.load(path).carry).pools["red"] == 30
        assert not any(s.label.startswith("add 1 point") and s.side == "red" for s in screen.steps)
        await choose(pilot, screen, "finished: pass the keyboard to blue")
        await pilot.press("enter")
        await pilot.pause()
        assert {s.side for s in screen.steps} == {"blue"}
        assert not any(s.label.startswith("add 1 point") for s in screen.steps)  # blue's pool: 40
        await choose(pilot, screen, "finished: every side has chosen")
        assert screen.steps == []


async def test_the_loser_scuttles_a_stranded_unit_from_the_campaign_screen(tmp_path):
    stuck = cp.Stranded(id="b1", side="blue", name="Blue gun", fire=50, armour=10)
    path = between_battles(tmp_path, stranded=[stuck])
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_at(app, pilot, path, "blue")
        step = next(s for s in screen.steps if s.label.startswith("scuttle stranded Blue gun"))
        assert step.side == "blue" and "(39% to destroy it; one attempt)" in step.label  # 11-49 of 1d100
        assert "stranded (may be scuttled): Blue gun (blue)" in str(screen.query_one("#campaign-state", Static).render())
        dice = play.scuttle_dice(cp.Campaign.model_validate(play.load(path).carry), "b1")
        roll = dice.roll(1, 100, "scuttle", side="blue", unit="b1")[0]  # the roll's own keyed stream (rules/dice.py)
        await choose(pilot, screen, "scuttle stranded Blue gun")
        after = cp.Campaign.model_validate(play.load(path).carry)
        gone = 10 < roll < 50
        assert ("b1" in {u.id for u in after.destroyed.get("blue", [])}) is gone
        assert ("b1" in {u.id for u in after.forces["blue"]}) is not gone
        assert after.stranded == [] and after.scuttled == [
            f"Blue gun: 1d100 = {roll} (under Fire 50, over Armour 10): {'scuttled' if gone else 'not scuttled'}"]
        assert not any(s.label.startswith("scuttle") for s in screen.steps)  # one attempt
        assert f"1d100 = {roll}" in str(screen.query_one("#campaign-state", Static).render())
