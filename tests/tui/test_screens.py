"""Pilot tests of the screens around the game: title, new game, save and load, errors, palette."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import finished_toy_service, toy_service
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


async def test_the_new_game_form_leaves_the_seed_blank_and_starts_with_a_secret_one():
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game("toy")
        await pilot.pause()
        seed = app.screen.query_one("#seed")
        assert seed.value == ""  # nothing on screen to work the dice out from
        # what a blank seed means is read whole at 80 columns (it was cut to "secret (a")
        assert seed.content_region.width >= len(seed.placeholder)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert name(app) == "GameScreen"
        assert app.screen.service.state.seed.bit_length() > 128


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
        assert app.screen.message.startswith("Saved as "), app.screen.message
        from tui.dialogs import files

        path = files.saves_dir() / app.screen.message.removeprefix("Saved as ").strip()
        assert path.is_file()
        app.load_save(path)
        await pilot.pause()
        assert name(app) == "PassKeyboardScreen"  # a game that goes on: its secrets wait for Enter
        await pilot.press("enter")
        await pilot.pause()
        loaded = app.screen.service
        assert loaded is not service
        assert [a.text() for a in loaded.log] == [a.text() for a in service.log]


async def test_the_save_dialog_refuses_folders_in_the_name(tmp_path):
    from tui.dialogs.save import name_problem

    assert name_problem("evil/x") and name_problem("..") and name_problem("a\\b") and name_problem("../x")
    assert name_problem("river-turn3.toml") == ""
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        field = app.screen.query_one("#save-name")
        field.value = "[bold red]evil[/] x/../y"
        await pilot.press("enter")
        await pilot.pause()
        assert name(app) == "SaveDialog"  # refused: the dialog stays, with the reason
        assert "cannot hold" in str(app.screen.query_one("#save-error").render())


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
        assert name(app) == "PassKeyboardScreen"
        await pilot.press("enter")
        await pilot.pause()
        assert name(app) == "GameScreen"
        assert len(app.screen.service.history) == 1


async def test_rules_reference_and_unit_detail_open_and_close():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert name(app) == "RulesReferenceScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert name(app) == "GameScreen"
        await pilot.press("I")  # the cursor starts on a unit that can act
        await pilot.pause()
        assert name(app) == "UnitDetailScreen"
        assert "Strength: 2" in app.screen.text.plain and "Terrain: Open" in app.screen.text.plain
        await pilot.press("escape")
        await pilot.pause()
        assert name(app) == "GameScreen"


async def test_a_narrow_terminal_hides_the_side_panel_until_f2():
    app = HexwarApp({"new": toy_service(), "hide": False}, autosave=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#side-panel")
        assert not panel.display or panel.region.width == 0
        await pilot.press("f2")
        await pilot.pause()
        assert panel.display and panel.region.width > 0
        await pilot.press("n", "m", "6", "enter", "enter")
        assert len(app.screen.service.history) == 1


async def test_from_game_over_back_to_the_title():
    service = finished_toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert name(app) == "GameOverScreen"
        await pilot.press("escape")  # look at the final position
        await pilot.pause()
        assert name(app) == "GameScreen"
        await pilot.press("G")
        await pilot.pause()
        assert name(app) == "GameOverScreen"
        await pilot.press("t")
        await pilot.pause()
        assert name(app) == "TitleScreen"


async def test_the_load_dialog_lists_bundled_scenarios_and_opens_one_in_the_form():
    from tui.dialogs import files

    if not files.scenarios():
        return  # saves not installed
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert name(app) == "LoadDialog"
        options = app.screen.query_one("#load-list")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("Bundled scenarios" in label for label in labels)
        await pilot.press("down", "enter")  # the first scenario (the header is disabled)
        await pilot.pause()
        assert name(app) == "NewGameScreen"
        assert app.screen.setup is not None


async def test_the_title_menu_answers_the_mouse_too():
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#title-menu", offset=(5, 1))  # the first line, inside the border
        await pilot.pause()
        assert name(app) == "NewGameScreen"


async def test_the_game_log_is_there_at_any_time():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "enter", "G")
        await pilot.pause()
        assert name(app) == "GameLogScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert name(app) == "GameScreen"


async def test_escape_closes_the_load_and_the_replay_dialogs():
    """Escape cancels either file dialog (the load dialog's cancel had slipped under a function and did nothing)."""
    from tui.dialogs.load import LoadDialog
    from tui.dialogs.replay_pick import ReplayPickDialog

    for dialog in (LoadDialog, ReplayPickDialog):
        app = HexwarApp(autosave=False)
        answers = []
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(dialog(), answers.append)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert name(app) == "TitleScreen" and answers == [None], dialog.__name__
