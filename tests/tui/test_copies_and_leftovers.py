"""Issue 24 item 16: a read-only copy of a game says "not autosaved" on the status line; the temporary files of
saves a killed hexwar left are removed at start, in the saves and the autosaves folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rules.service import GameService
from saves.autosave import AutosaveStore
from saves.locks import Holder
from saves.scenarios import load_scenario
from tui.app import HexwarApp


def data() -> Path:
    return Path(os.environ["HEXWAR_DATA_DIR"])


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


async def test_a_read_only_copy_says_not_autosaved_on_the_status_line():
    store = AutosaveStore(data())
    game = GameService.new(load_scenario("toy-skirmish", "toy"), 9, store=store)
    game.apply(game.legal_actions()[-1])
    store.release()
    copy = AutosaveStore(data()).open_read_only(store.path, Holder(pid=dead_pid(), host="elsewhere"))
    app = HexwarApp({"new": copy, "hide": False}, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        assert "NOT AUTOSAVED" in app.screen.status.text, app.screen.status.text


async def test_temporary_files_left_by_a_killed_save_are_removed_at_start():
    pid = dead_pid()
    left = []
    for folder in (data() / "saves", data() / "autosaves", data() / "saves" / "campaigns"):
        folder.mkdir(parents=True, exist_ok=True)
        left.append(folder / f".game.toml.{pid}.abc123.tmp")
        left[-1].write_text("half a save")
    mine = data() / "saves" / "keep.toml"
    mine.write_text("a save")
    app = HexwarApp(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert [p for p in left if p.exists()] == [] and mine.exists()
