"""Issue 24 item 1: resuming keeps the computer opponent; `load --ai` changes who plays without forking the
autosave; a finished game leaves the resume list."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from rules.service import GameService
from saves import players
from saves.autosave import AutosaveStore, autosave_files, list_autosaves
from saves.scenarios import load_scenario
from tests.tui.conftest import toy_service
from tui import cli
from tui.app import HexwarApp


def data() -> Path:
    return Path(os.environ["HEXWAR_DATA_DIR"])


def unfinished(computers=None, actions: int = 2) -> Path:
    store = AutosaveStore(data())
    game = GameService.new(load_scenario("toy-skirmish", "toy"), 9, store=store)
    players.record(game, computers)
    for _ in range(actions):
        assert game.apply(game.legal_actions()[-1]).ok
    store.release()
    return store.path


async def wait_for(pilot, done, tries: int = 200) -> None:
    for _ in range(tries):
        await pilot.pause(0.05)
        if done():
            return
    raise AssertionError("timed out")


async def test_a_game_against_the_computer_resumes_from_the_title_with_the_computer_still_playing():
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": {"b": "hard"}}, autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        screen._pace = 2  # fast
        screen.apply(next(a for a in screen.seat.legal_actions() if a.kind == "move"))
        await wait_for(pilot, lambda: screen.seat.action_count >= 2 and not screen._thinking)
    service.store.release()
    path = service.store.path
    assert '[game.players.b]\nplayer = "computer"\nlevel = "hard"' in path.read_text()
    (game,) = list_autosaves()
    assert "the computer plays Side B (hard)" in game.line()

    app = HexwarApp(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")  # the only unfinished game: resumed at once
        await pilot.pause()
        screen = app.screen
        # One person against the computer: no pass-the-keyboard screen (nobody else to hide secrets from).
        assert type(screen).__name__ == "GameScreen"
        assert screen.is_computer("b") and not screen.is_computer("a")
        assert screen.computer_levels == {"b": "hard"}
        assert screen.service.store.path == path and len(screen.service.history) >= 2
    screen.service.store.release()


def test_new_takes_a_level_after_the_side_and_refuses_an_unknown_one(opened, capsys):
    assert cli.main(["new", "toy", "--seed", "5", "--ai", "Side B:Hard"]) == 0
    assert opened[-1]["ai"] == {"b": "hard"}
    assert cli.main(["new", "toy", "--seed", "5", "--ai", "all:easy"]) == 0
    assert opened[-1]["ai"] == {"a": "easy", "b": "easy"}
    capsys.readouterr()
    assert cli.main(["new", "toy", "--seed", "5", "--ai", "b:genius"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "hexwar: --ai b:genius: unknown computer level 'genius' (levels: easy, normal, hard)"


def test_load_of_an_autosave_follows_its_players_and_ai_changes_them_in_the_same_file(opened):
    path = unfinished({"b": "easy"})
    assert cli.main(["load", str(path)]) == 0
    assert opened[-1]["ai"] == {"b": "easy"}  # as the save recorded
    opened[-1]["service"].store.release()
    assert cli.main(["load", str(path), "--ai", "a:hard"]) == 0
    service = opened[-1]["service"]
    assert opened[-1]["ai"] == {"a": "hard"}
    assert service.store.path == path, "a second autosave of the same game"
    assert autosave_files(data()) == [path]
    text = path.read_text()  # written at once: quitting before any action keeps the change
    assert '[game.players.a]\nplayer = "computer"\nlevel = "hard"' in text and '[game.players.b]\nplayer = "person"' in text
    service.store.release()
    assert cli.main(["load", str(path), "--ai", "none"]) == 0
    assert opened[-1]["ai"] == {} and "computer" not in path.read_text().split("[game]")[1].split("[snapshot]")[0]
    opened[-1]["service"].store.release()


def test_a_game_finished_after_load_ai_leaves_the_resume_list(opened):
    path = unfinished()
    assert cli.main(["load", str(path), "--ai", "b"]) == 0
    service = opened[-1]["service"]
    for _ in range(200):
        if service.result is not None:
            break
        assert service.apply(service.legal_actions()[-1]).ok
    assert service.result is not None
    assert list_autosaves(data()) == [] and autosave_files(data()) == [] and not path.exists()


def test_plain_load_honours_the_saved_computer(opened, monkeypatch, capsys):
    path = unfinished({"b": "normal"})
    monkeypatch.setattr(sys, "stdin", io.StringIO("do 1\nquit\n"))
    assert cli.main(["--plain", "load", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The computer (Side B):" in out, out[-800:]


async def test_the_load_dialog_resumes_an_autosave_in_its_own_file_with_its_players_marked():
    from textual.widgets import Select

    path = unfinished({"b": "hard"})
    app = HexwarApp(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        app.load_save(path, ask=True)  # what the title's load dialog does with the chosen file
        await pilot.pause()
        dialog = app.screen
        assert type(dialog).__name__ == "PlayersDialog"
        assert [w.value for w in dialog.query(".who").results(Select)] == ["person", "computer"]
        assert dialog.query_one("#level-1", Select).value == "hard"
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen" and screen.computer_levels == {"b": "hard"}
        assert screen.service.store.path == path and autosave_files(data()) == [path]
    screen.service.store.release()


def test_load_of_an_autosave_open_in_another_hexwar_opens_a_copy_and_says_so(opened, capsys):
    import subprocess

    path = unfinished({"b": "normal"})
    code = ("from rules import registry; registry.register('toy', 'Toy', 'tests.toy_ruleset'); import sys; "
            f"from saves.autosave import AutosaveStore; AutosaveStore().load({str(path)!r}); "
            "print('ready', flush=True); sys.stdin.read()")
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, cwd=root)
    try:
        assert other.stdout.readline().strip() == "ready"
        before = path.read_bytes()
        assert cli.main(["load", str(path), "--ai", "a"]) == 0
        err = capsys.readouterr().err
        assert f"is open in hexwar process {other.pid}" in err and "this copy is not autosaved" in err
        service = opened[-1]["service"]
        assert service.store.read_only and opened[-1]["ai"] == {"a": "normal"}
        assert service.apply(service.legal_actions()[-1]).ok
        assert path.read_bytes() == before  # the other hexwar's file is left alone
    finally:
        other.stdin.close()
        other.wait()
