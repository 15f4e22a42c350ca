"""Issue 24 item 13: `hexwar campaign --show` writes nothing; the campaign screen's `?` lists its keys and its
empty list says what to do; its next battle lets the player choose the computer's side and level."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from textual.widgets import OptionList, Select

from saves import campaign_play as play
from saves import players
from tui import cli
from tui.app import HexwarApp
from tui.screens.campaign import CampaignGameScreen, CampaignScreen


def data() -> Path:
    return Path(os.environ["HEXWAR_DATA_DIR"])


def fresh_copy(tmp_path) -> Path:
    path = tmp_path / "ford.toml"
    shutil.copyfile(dict(play.bundled_campaigns())["hundred_wars/ford"], path)
    return path


def test_show_prints_the_campaign_and_writes_nothing(capsys):
    assert cli.main(["campaign", "hundred_wars/ford", "--show"]) == 0
    out = capsys.readouterr().out
    assert "Two Battles at the Ford: 0 of 2 battles fought" in out
    assert not data().exists() or not any(data().rglob("*")), list(data().rglob("*"))


async def test_the_campaign_screen_lists_its_keys_and_says_what_to_do_when_there_is_no_step(tmp_path):
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = CampaignScreen(fresh_copy(tmp_path))
        app.push_screen(screen)
        await pilot.pause()
        rows = screen.query_one("#steps", OptionList)
        assert screen.steps == [] and rows.option_count == 1
        assert "No step to take now: b plays battle 1 (first-blinds)" in str(rows.get_option_at_index(0).prompt)
        await pilot.press("enter")  # the line is not a step: nothing happens
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = app.screen.text.plain
        assert "Keys: a campaign" in text and "Next battle" in text and "computer and its level" in text


async def test_the_next_battle_lets_the_computer_play_a_side_at_a_level(tmp_path):
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = CampaignScreen(fresh_copy(tmp_path))
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert type(dialog).__name__ == "PlayersDialog"
        level = dialog.query_one("#level-1", Select)
        assert level.disabled  # a person's side has no level
        dialog.query_one("#who-1", Select).value = "computer"
        await pilot.pause()
        assert not level.disabled
        level.value = "hard"
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = app.screen
        if not isinstance(battle, CampaignGameScreen):  # the pass screen of the person's side
            await pilot.press("enter")
            await pilot.pause()
            battle = app.screen
        assert isinstance(battle, CampaignGameScreen)
        assert battle.is_computer("blue") and not battle.is_computer("red")
        assert battle.computer_levels == {"blue": "hard"}
        assert players.computers(battle.service) == {"blue": "hard"}  # its autosave keeps who plays it
