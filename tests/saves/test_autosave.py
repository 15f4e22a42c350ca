"""Issue 9, items 2-4: an autosave per game, honest about failures, locked against a second process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rules.service import GameService
from saves import files
from saves.autosave import AutosaveStore, abandon, autosaves_dir, list_autosaves
from saves.errors import SaveError
from saves.locks import FileLock, Holder, Locked, holder_of, lock_path
from saves.store import load_game
from tests.conftest import toy_setup

ROOT = Path(__file__).resolve().parents[2]
REGISTER_TOY = "from rules import registry; registry.register('toy', 'Toy', 'tests.toy_ruleset'); "


def new_game(store=None, seed: int = 1) -> GameService:
    return GameService.new(toy_setup(), seed=seed, store=store)


def play(game: GameService, n: int) -> None:
    for _ in range(n):
        assert game.apply(game.legal_actions()[0]).ok


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_new_game_does_not_replace_an_unfinished_one(tmp_path):
    first = new_game(AutosaveStore(tmp_path))
    play(first, 2)
    second = new_game(AutosaveStore(tmp_path), seed=2)
    play(second, 1)
    assert first.store.path != second.store.path
    found = list_autosaves(tmp_path)
    assert sorted(i.actions for i in found) == [1, 2]
    assert {i.path for i in found} == {first.store.path, second.store.path}
    assert found[0].line().startswith("toy-skirmish (toy), turn")


def test_the_autosave_is_named_after_the_scenario_and_the_start_time(tmp_path):
    store = AutosaveStore(tmp_path)
    play(new_game(store), 1)
    assert store.path.name.startswith("toy-skirmish_") and store.path.parent == autosaves_dir(tmp_path)
    assert store.path.name[len("toy-skirmish_"):][:4].isdigit()  # the year


def test_a_finished_game_prunes_its_autosave_and_an_abandoned_one_goes_on_request(tmp_path):
    from tests.tui.conftest import finished_toy_service

    game = finished_toy_service()
    store = AutosaveStore(tmp_path)
    game.store = store
    game.undo()
    assert store.saved and store.path.is_file()
    game.redo()  # over again
    assert store.finished and not store.path.exists() and list_autosaves(tmp_path) == []
    other = new_game(AutosaveStore(tmp_path))
    play(other, 1)
    other.store.release()
    abandon(other.store.path)
    assert list_autosaves(tmp_path) == []


def test_a_finished_game_left_in_the_folder_is_pruned_from_the_list(tmp_path):
    from saves.store import save_game
    from tests.tui.conftest import finished_toy_service

    folder = autosaves_dir(tmp_path)
    save_game(finished_toy_service(), folder / "over.toml")
    play(new_game(AutosaveStore(tmp_path)), 1)
    assert [i.actions for i in list_autosaves(tmp_path)] == [1]
    assert not (folder / "over.toml").exists()


def test_a_failed_autosave_is_reported_at_once_and_never_claimed(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")  # the data folder's parent is a plain file
    heard = []
    store = AutosaveStore(blocker / "data")
    store.listener = lambda s: heard.append(s.last_error)
    game = new_game(store)
    assert "Nothing is autosaved yet" in store.status()  # a game with no action has no autosave
    play(game, 1)
    assert len(game.log) == 1 and isinstance(heard[-1], SaveError)
    assert not store.saved and "FAILED" in store.status() and "autosaved as" not in store.status()
    play(game, 1)
    assert len(heard) == 2  # it keeps trying
    store.folder = tmp_path / "good"
    play(game, 1)
    assert heard[-1] is None and store.saved and "autosaved as" in store.status()


def test_resuming_locks_the_file_and_a_second_process_is_told_who_has_it(tmp_path):
    store = AutosaveStore(tmp_path)
    play(new_game(store), 2)
    path = store.path
    store.release()
    holder = subprocess.Popen(
        [sys.executable, "-c", REGISTER_TOY + "import sys, time; from saves.autosave import AutosaveStore; "
         f"AutosaveStore({str(tmp_path)!r}).load({str(path)!r}); print('ready', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(Locked) as caught:
            AutosaveStore(tmp_path).load(path)
        assert caught.value.holder == Holder(holder.pid, socket.gethostname())
        assert f"process {holder.pid} on this computer" in str(caught.value)
        assert list_autosaves(tmp_path)[0].holder.pid == holder.pid
        copy = AutosaveStore(tmp_path)
        game = copy.open_read_only(path, caught.value.holder)
        before = path.read_bytes()
        play(game, 1)
        assert path.read_bytes() == before and "not autosaved" in copy.status()
        with pytest.raises(Locked):
            abandon(path)
    finally:
        holder.stdin.close()
        holder.wait()
    assert holder_of(path) is None  # released at exit
    assert len(AutosaveStore(tmp_path).load(path).log) == 2


def test_a_lock_left_by_a_killed_process_is_taken_over(tmp_path):
    path = tmp_path / "g.toml"
    lock_path(path).write_text(f'pid = {dead_pid()}\nhost = "{socket.gethostname()}"\n')
    assert holder_of(path) is None
    lock = FileLock(path).acquire()
    assert f"pid = {os.getpid()}" in lock_path(path).read_text()
    lock.release()
    assert not lock_path(path).exists()


def test_a_lock_of_another_computer_is_respected(tmp_path):
    path = tmp_path / "g.toml"
    lock_path(path).write_text('pid = 1\nhost = "elsewhere.example"\n')
    with pytest.raises(Locked, match="elsewhere.example"):
        FileLock(path).acquire()


def test_two_processes_on_one_data_folder_lose_nothing(tmp_path):
    mine = new_game(AutosaveStore(tmp_path))
    play(mine, 2)
    code = REGISTER_TOY + (
        "from rules.service import GameService; from saves.autosave import AutosaveStore; "
        "from tests.conftest import toy_setup; "
        f"g = GameService.new(toy_setup(), seed=5, store=AutosaveStore({str(tmp_path)!r})); "
        "[g.apply(g.legal_actions()[0]) for _ in range(3)]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    play(mine, 1)
    counts = sorted(i.actions for i in list_autosaves(tmp_path))
    assert counts == [3, 3]
    assert load_game(mine.store.path).state == mine.state


def test_concurrent_writes_of_one_file_use_their_own_temporary_files(tmp_path):
    path = tmp_path / "g.toml"
    errors = []

    def writer(n: int) -> None:
        for i in range(40):
            try:
                files.write_atomic(path, f"n = {n}\ni = {i}\n".encode(), durable=False)
            except Exception as exc:  # noqa: BLE001 - collected for the assertion
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml", "g.toml.bak"]


def test_temporary_files_of_killed_writers_are_removed(tmp_path):
    folder = autosaves_dir(tmp_path)
    folder.mkdir(parents=True)
    dead = folder / f".g.toml.{dead_pid()}.abcd1234.tmp"
    live = folder / f".g.toml.{os.getpid()}.efgh5678.tmp"
    dead.write_text("half")
    live.write_text("being written")
    list_autosaves(tmp_path)
    assert not dead.exists() and live.exists()
