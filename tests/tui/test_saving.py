"""Issue 9 in the UI: honest autosave messages, unfinished games on the title, locks, overwrites, scenario files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from saves.autosave import AutosaveStore, list_autosaves
from saves.scenarios import load_scenario
from saves.store import save_game
from tests.conftest import toy_setup
from tests.tui.conftest import toy_service
from tui.app import HexwarApp

ROOT = Path(__file__).resolve().parents[2]
ONE_MOVE = ("n", "m", "6", "enter", "enter")
"""In the toy game: select the next unit, aim a move, pick the sixth hex, confirm."""


def top(app) -> str:
    return type(app.screen).__name__


def data() -> Path:
    return Path(os.environ["HEXWAR_DATA_DIR"])


def unfinished(actions: int, seed: int = 7) -> Path:
    from rules.service import GameService

    store = AutosaveStore(data())
    game = GameService.new(toy_setup(), seed, store=store)
    for _ in range(actions):
        assert game.apply(game.legal_actions()[0]).ok
    store.release()
    return store.path


def texts(screen) -> str:
    return " ".join(str(w.render()) for w in screen.query("Static"))


async def test_a_failed_autosave_is_shown_at_once_and_the_quit_dialog_says_so(monkeypatch, tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(blocker / "data"))  # its parent is a plain file
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert "Nothing is autosaved yet" in texts(app.screen)  # no action: nothing to claim
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*ONE_MOVE)
        await pilot.pause()
        assert len(service.history) == 1
        notes = [n for n in app._notifications]
        assert notes and notes[-1].title == "Autosave failed" and notes[-1].severity == "error"
        await pilot.press("q")
        await pilot.pause()
        assert "FAILED" in texts(app.screen) and "is autosaved" not in texts(app.screen)
        await pilot.press("n")
    assert "FAILED" in app._autosave_line() or app._autosave_line() == ""


async def test_a_failed_autosave_stays_on_the_status_line_until_a_save_succeeds(monkeypatch, tmp_path):
    """Issue 9 item 2: not only a toast: the status line says so at once, through later messages and
    actions, and the warning goes when an autosave works again (it keeps trying after every action)."""
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(blocker / "data"))  # its parent is a plain file
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        status = game.query_one("#status")
        assert "AUTOSAVE FAILED" not in status._fields["message"]  # nothing tried yet
        await pilot.press(*ONE_MOVE)
        await pilot.pause()
        assert len(service.history) == 1 and service.store.last_error is not None
        assert status._fields["message"].startswith("AUTOSAVE FAILED")
        game.say("Something else happened")
        assert status._fields["message"].startswith("AUTOSAVE FAILED") and "Something else" in status._fields["message"]
        await pilot.press(*ONE_MOVE)  # still failing: still shown
        await pilot.pause()
        assert len(service.history) == 2 and status._fields["message"].startswith("AUTOSAVE FAILED")
        await pilot.press("q")
        await pilot.pause()
        assert "FAILED" in texts(app.screen)
        await pilot.press("n")
        await pilot.pause()
        blocker.unlink()  # the disk is fixed: the next action's autosave works
        await pilot.press(*ONE_MOVE)
        await pilot.pause()
        assert len(service.history) == 3 and service.store.last_error is None and service.store.saved
        assert "AUTOSAVE FAILED" not in status._fields["message"]


async def test_the_quit_dialog_names_the_autosave_once_written():
    service = toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*ONE_MOVE)
        await pilot.press("q")
        await pilot.pause()
        assert f"autosaved as {service.store.path.name}" in texts(app.screen)
        assert "autosaved as" in app._autosave_line()


async def test_the_title_lists_every_unfinished_game_to_resume_or_abandon():
    older = unfinished(1)
    newer = unfinished(2, seed=8)
    assert older != newer
    app = HexwarApp(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Resume a game (2 unfinished)" in str(app.screen.query_one("#title-menu").render())
        await pilot.press("c")
        await pilot.pause()
        assert top(app) == "ResumeDialog" and len(app.screen.games) == 2
        await pilot.press("down", "d")  # the second (older) one
        await pilot.pause()
        assert top(app) == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause(0.2)
        assert [g.path for g in list_autosaves()] == [newer] and not older.exists()
        assert top(app) == "ResumeDialog" and len(app.screen.games) == 1  # back to the list
        await pilot.press("escape", "c")  # one game left: 'c' resumes it at once
        await pilot.pause()
        await pilot.press("enter")  # the pass-the-keyboard screen
        await pilot.pause()
        assert top(app) == "GameScreen" and len(app.screen.service.history) == 2
        assert app.screen.service.store.path == newer  # it goes on writing its own file


async def test_a_game_open_in_another_process_offers_a_copy_that_is_not_autosaved():
    path = unfinished(2)
    code = (
        "from rules import registry; registry.register('toy', 'Toy', 'tests.toy_ruleset'); import sys; "
        f"from saves.autosave import AutosaveStore; AutosaveStore().load({str(path)!r}); "
        "print('ready', flush=True); sys.stdin.read()"
    )
    other = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, cwd=ROOT)
    try:
        assert other.stdout.readline().strip() == "ready"
        app = HexwarApp(autosave=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("c")
            await pilot.pause()
            if top(app) == "ResumeDialog":
                await pilot.press("enter")
                await pilot.pause()
            assert top(app) == "ConfirmDialog"
            assert f"process {other.pid}" in texts(app.screen)
            await pilot.press("y")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert top(app) == "GameScreen"
            before, game = path.read_bytes(), app.screen.service
            await pilot.press(*ONE_MOVE)
            assert len(game.history) == 3 and path.read_bytes() == before
            assert "not autosaved" in game.store.status() and "process" in game.store.status()
    finally:
        other.stdin.close()
        other.wait()


async def test_the_save_dialog_asks_before_overwriting_and_suggests_a_free_name():
    service = toy_service()
    folder = data() / "saves"
    folder.mkdir(parents=True)
    taken = folder / f"{service.state.scenario}-turn{service.state.turn}.toml"
    save_game(toy_service(seed=99), taken)
    other = taken.read_bytes()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        name = app.screen.query_one("#save-name").value
        assert name != taken.name and name.endswith("-2.toml")  # another game's file is not the default
        app.screen.query_one("#save-name").value = taken.name
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ConfirmDialog" and "Overwrite" in texts(app.screen)
        await pilot.press("n")
        await pilot.pause()
        assert top(app) == "SaveDialog" and taken.read_bytes() == other
        await pilot.press("enter", "y")
        await pilot.pause(0.2)
        assert top(app) == "GameScreen" and taken.read_bytes() != other


async def test_a_scenario_file_in_the_load_dialog_opens_the_new_game_form_with_it(tmp_path):
    from saves.files import dump_toml
    from saves.schema_setup import document_from_setup

    setup = load_scenario("toy-skirmish", "toy")
    path = tmp_path / "my-scenario.toml"
    path.write_text(dump_toml(document_from_setup(setup, kind="scenario")))
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#load-path").value = str(path)
        app.screen.query_one("#load-path").focus()
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert top(app) == "NewGameScreen"
        assert app.screen.scenario_name == str(path)
        await pilot.press("ctrl+g")
        await pilot.pause(0.3)
        assert top(app) in ("GameScreen", "PassKeyboardScreen")


async def test_the_f4_choice_is_kept_in_the_save_and_restored_on_load(tmp_path):
    """Issue 9 item 15: F4 (solo play: no pass-the-keyboard screen) is written as `[game] solo` and a loaded
    game starts with it; a save without the field loads with the app's default, as before."""
    from saves.store import load_game, render_save

    service = toy_service()
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if type(app.screen).__name__ != "GameScreen":
            await pilot.press("enter")  # the pass screen of the first side
            await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.hide_between is False
    assert "solo = true" in render_save(service).decode()
    path = save_game(service, tmp_path / "solo.toml")
    assert load_game(path).prefs == {"solo": True}
    app = HexwarApp({"load": str(path)}, autosave=False)  # the app's default is the pass screen
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen" and app.screen.hide_between is False
        await pilot.press("f4")  # back on: kept as such
        await pilot.pause()
        assert app.screen.hide_between is True
        path = save_game(app.screen.service, tmp_path / "shared.toml")
    assert load_game(path).prefs == {"solo": False}
    plain = save_game(toy_service(), tmp_path / "plain.toml")
    assert "solo" not in plain.read_text() and load_game(plain).prefs == {}
    app = HexwarApp({"load": str(plain)}, autosave=False, hide_between=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.hide_between is False  # as today: the app's default
