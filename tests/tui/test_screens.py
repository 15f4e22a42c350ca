"""Pilot tests of the screens around the game: title, new game, save and load, errors, palette."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import toy_service
from tui.app import HexwarApp


def name(app) -> str:
    return type(app.screen).__name__


async def test_title_new_game_form_starts_a_toy_game_with_the_seed_shown():
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert name(app) == "TitleScreen"
        app.new_game("toy")
        await pilot.pause()
        assert name(app) == "NewGameScreen"
        form = app.screen
        seed = form.query_one("#seed")
        seed.value = "4242"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert name(app) == "GameScreen"
        service = app.screen.service
        assert service.state.seed == 4242
        assert service.state.ruleset == "toy"
        assert app.focused is app.screen.map


async def test_the_title_menu_answers_its_letter_keys():
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert name(app) == "NewGameScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert name(app) == "TitleScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert name(app) == "HelpScreen"
        await pilot.press("escape")
        await pilot.press("c")  # nothing autosaved yet: an error dialog, not a crash
        await pilot.pause()
        assert name(app) == "ErrorDialog"


async def test_save_with_ctrl_s_then_load_it_back(tmp_path):
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "enter", "p")
        assert len(service.history) == 2
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert name(app) == "SaveDialog"
        await pilot.press("enter")
        await pilot.pause()
        assert name(app) == "GameScreen"
        assert app.screen.message.startswith("Saved to"), app.screen.message
        path = Path(app.screen.message.removeprefix("Saved to ").strip())
        assert path.is_file()
        app.load_save(path)
        await pilot.pause()
        loaded = app.screen.service
        assert loaded is not service
        assert [a.text() for a in loaded.log] == [a.text() for a in service.log]


async def test_a_bad_save_opens_an_error_dialog(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml [[[")
    app = HexwarApp({"load": bad}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert name(app) == "ErrorDialog"
        assert "bad.toml" in app.screen.message
        await pilot.press("enter")
        await pilot.pause()
        assert name(app) == "TitleScreen"
    assert bad.read_text() == "this is = = not toml [[["


async def test_the_command_palette_offers_the_legal_actions():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        actions = app.screen.palette_actions()
        assert any(a.kind == "pass" for _, a in actions)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"pass a")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert name(app) == "GameScreen"
        assert service.log and service.log[-1].kind == "pass"


async def test_autosave_after_each_action_and_resume_from_the_title(tmp_path):
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        if service.store is None:
            return  # saves not installed
        await pilot.press("n", "m", "6", "enter", "enter")
        assert service.store.latest() is not None
    app = HexwarApp(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert name(app) == "GameScreen"
        assert len(app.screen.service.history) == 1
