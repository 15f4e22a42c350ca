"""Atomic writes with `.bak`, and the autosave the game service calls after every action."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from rules.service import GameService
from saves import files
from saves.errors import SaveError
from saves.autosave import AUTOSAVE_NAME, AutosaveStore, autosaves_dir
from saves.store import data_dir, load_game, save_game, saves_dir
from tests.conftest import toy_setup


def new_game(seed: int = 1, store=None) -> GameService:
    return GameService.new(toy_setup(), seed=seed, store=store)


def first_move(game: GameService) -> None:
    move = next(a for a in game.legal_actions() if a.kind == "move")
    assert game.apply(move).ok


def test_saving_over_a_file_keeps_the_previous_one_as_bak(tmp_path):
    game = new_game()
    path = tmp_path / "game.toml"
    save_game(game, path)
    old = path.read_bytes()
    first_move(game)
    save_game(game, path)
    bak = tmp_path / "game.toml.bak"
    assert bak.read_bytes() == old
    assert path.read_bytes() != old
    assert load_game(path).state == game.state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml", "game.toml.bak"]


def test_a_first_save_makes_no_bak_and_creates_missing_folders(tmp_path):
    path = save_game(new_game(), tmp_path / "a" / "b" / "game.toml")
    assert path.exists() and not path.with_name("game.toml.bak").exists()


def test_a_write_that_fails_midway_leaves_the_old_file_whole_and_no_temp_file(tmp_path, monkeypatch):
    game = new_game()
    path = save_game(game, tmp_path / "game.toml")
    old = path.read_bytes()
    first_move(game)

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match="cannot write: No space left on device"):
        save_game(game, path)
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]


def test_a_crash_between_write_and_rename_leaves_the_old_file(tmp_path, monkeypatch):
    game = new_game()
    path = save_game(game, tmp_path / "game.toml")
    old = path.read_bytes()
    first_move(game)
    real_replace = os.replace

    def crash(src, dst):
        if str(dst) == str(path):
            raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        save_game(game, path)
    assert path.read_bytes() == old
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_saving_into_a_read_only_folder_is_a_save_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        with pytest.raises(SaveError, match="cannot write"):
            save_game(new_game(), folder / "g.toml")
    finally:
        folder.chmod(0o700)


def test_the_file_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = save_game(new_game(), tmp_path / "g.toml")
    path.chmod(0o600)
    save_game(new_game(), path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_the_data_folder_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    assert saves_dir() == tmp_path / "saves"
    assert AutosaveStore().path.parent == tmp_path / "autosaves"


def test_every_action_undo_and_redo_autosaves(tmp_path):
    store = AutosaveStore(tmp_path)
    assert store.latest() is None
    game = new_game(store=store)
    first_move(game)
    assert store.latest().parent == autosaves_dir(tmp_path) and store.writes == 1
    assert store.latest().name.startswith("toy-skirmish_")
    assert load_game(store.latest()).state == game.state
    game.undo()
    assert load_game(store.latest()).log == []
    game.redo()
    assert load_game(store.latest()).state == game.state
    assert store.writes == 3 and store.last_error is None


def test_a_refused_action_does_not_autosave(tmp_path):
    store = AutosaveStore(tmp_path)
    game = new_game(store=store)
    assert not game.apply("move b unit=b1 path=[13,9]").ok
    assert store.writes == 0 and store.latest() is None


def test_resuming_the_autosave_gives_the_game_and_keeps_autosaving(tmp_path):
    store = AutosaveStore(tmp_path)
    game = new_game(seed=12, store=store)
    rng = random.Random(12)
    for _ in range(10):
        if game.result:
            break
        game.apply(rng.choice(game.legal_actions()))
    resumed = AutosaveStore(tmp_path).load()
    assert resumed.state == game.state
    assert isinstance(resumed.store, AutosaveStore)
    before = resumed.store.writes
    resumed.apply(resumed.legal_actions()[0])
    assert resumed.store.writes == before + 1


def test_a_failing_autosave_is_kept_for_the_ui_and_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    store = AutosaveStore(blocker)
    game = new_game(store=store)
    first_move(game)
    assert len(game.log) == 1
    assert isinstance(store.last_error, SaveError)
    assert store.latest() is None and not store.saved


def test_resuming_with_no_autosave_is_a_clear_error(tmp_path):
    with pytest.raises(SaveError, match="no autosave"):
        AutosaveStore(tmp_path).load()


def test_clear_forgets_the_autosave(tmp_path):
    store = AutosaveStore(tmp_path)
    game = new_game(store=store)
    first_move(game)
    store.clear()
    assert store.latest() is None
    store.clear()


def test_reading_never_writes(tmp_path):
    path = save_game(new_game(), tmp_path / "g.toml")
    stamp = path.stat().st_mtime_ns
    load_game(path)
    assert path.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_saves_are_small_text(tmp_path):
    game = new_game()
    path = save_game(game, tmp_path / "g.toml")
    text = path.read_text("utf-8")
    assert text.startswith('format = "hexwar"\nversion = 3\nkind = "save"\nruleset = "toy"\nruleset_version = 1\n')
    assert "[game]" in text and "[snapshot]" in text
    assert path.stat().st_size < 4000


def test_the_files_are_written_in_binary_utf8_whatever_the_locale(tmp_path):
    setup = toy_setup()
    setup.sides[0].name = "Ærø Œuvre ✓"
    game = GameService.new(setup, seed=1)
    path = save_game(game, tmp_path / "u.toml")
    assert "Ærø Œuvre ✓".encode() in path.read_bytes()
    assert load_game(path).state == game.state


def test_data_dir_without_override_is_the_platform_folder(monkeypatch):
    monkeypatch.delenv("HEXWAR_DATA_DIR", raising=False)
    assert "hexwar" in str(data_dir())


def test_the_bak_is_a_whole_copy_even_after_the_next_save(tmp_path):
    game = new_game()
    path = tmp_path / "g.toml"
    save_game(game, path)
    first_move(game)
    save_game(game, path)
    second = path.read_bytes()
    game.apply(game.legal_actions()[0])
    save_game(game, path)
    assert (tmp_path / "g.toml.bak").read_bytes() == second
    assert Path(tmp_path / "g.toml.bak").stat().st_ino != path.stat().st_ino


def test_a_damaged_autosave_falls_back_to_the_previous_one(tmp_path):
    store = AutosaveStore(tmp_path)
    game = new_game(store=store)
    first_move(game)
    one_move = game.state.model_copy(deep=True)
    game.apply(game.legal_actions()[0])
    store.path.write_bytes(b"")  # what a power cut may leave behind
    resumed = AutosaveStore(tmp_path).load()
    assert resumed.state == one_move
    assert "resumed from the previous autosave" in str(resumed.store.last_error)


def test_a_damaged_autosave_without_a_previous_one_is_a_clear_error(tmp_path):
    path = tmp_path / AUTOSAVE_NAME  # the single autosave of older versions is still resumed
    path.write_text("format = ")
    with pytest.raises(SaveError, match="not valid TOML"):
        AutosaveStore(tmp_path).load(path)


def test_the_autosave_skips_fsync_unless_asked(tmp_path, monkeypatch):
    calls = []
    real = os.fsync
    monkeypatch.setattr(files.os, "fsync", lambda fd: (calls.append(fd), real(fd)))
    game = new_game(store=AutosaveStore(tmp_path))
    first_move(game)
    assert calls == []
    game.store = AutosaveStore(tmp_path, durable=True)
    game.apply(game.legal_actions()[0])
    assert len(calls) == 2
    save_game(game, tmp_path / "explicit.toml")
    assert len(calls) == 4
