"""The computer at a hosted game's seat (`hexwar serve --new RULESET --ai SIDE[:LEVEL]`), and a hint for a
remote player: the issue's "levels and hints work ... in a hosted game"."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from rules.ai.hint import hint
from rules.service import GameService
from saves import players
from saves.scenarios import load_scenario
from saves.store import load_game
from tests.tui.test_host import Running, wait_for
from tui.remote.host import SPECTATOR


def _computer_game(running: Running, name: str, levels: dict[str, str], seed: int = 9):
    service = GameService.new(load_scenario("teaching", "quad"), seed=seed)
    players.record(service, levels)
    running.host.computers.pause = 0.0
    return running.host.add_game(service, name)


def test_the_computer_plays_its_seat_and_only_its_own(tmp_path):
    running = Running(tmp_path / "host")
    try:
        game = _computer_game(running, "fort", {"rebels": "hard"})
        kingdom = running.seat(running.host.code("fort", "kingdom"))
        service = game.service
        assert kingdom.link.connected.get("rebels") == 1, "the computer's side is there for the player"
        played = 0
        while played < 8 and service.result is None:
            wait_for(lambda: service.result is not None or (
                service.decision().side == "kingdom" and kingdom.action_count == len(service.history)), 30)
            if service.result is not None:
                break
            mine = [a for a in kingdom.legal_actions() if a.side == "kingdom"]
            if kingdom.apply(mine[0]).ok:  # refused only if the computer reacted meanwhile
                played += 1
        assert played == 8 or service.result is not None
        assert "rebels" in {a.side for a in service.log}, "the computer played the Rebels' decisions"
        saved = load_game(running.host.folder / "fort.toml")
        assert players.computers(saved) == {"rebels": "hard"}, "the host's file says who plays the Rebels"
    finally:
        running.stop()


def test_a_code_for_the_computers_seat_is_refused_with_the_reason(tmp_path):
    running = Running(tmp_path / "host")
    try:
        _computer_game(running, "fort", {"rebels": "normal"})
        with pytest.raises(PermissionError, match="the computer plays The Rebels"):
            running.seat(running.host.code("fort", "rebels"))
        assert running.seat(running.host.code("fort", SPECTATOR)).side == SPECTATOR
        kingdom = running.seat(running.host.code("fort", "kingdom"))
        raw = kingdom.link._ask({"op": "act", "action": "draw rebels"})  # past the client's own check
        assert raw["ok"] is False and "this seat plays" in raw["reason"], "no acting for the computer's side"
        from tui.remote.keys import KeyRefused

        with pytest.raises(KeyRefused, match="the computer plays"):
            running.host.register_key("SHA256:" + "a" * 43, "fort", "rebels")
    finally:
        running.stop()


def test_a_restarted_host_lets_its_computer_play_on(tmp_path):
    first = Running(tmp_path / "h")
    _computer_game(first, "all", {"kingdom": "easy", "rebels": "easy"})
    first.stop()  # nobody came: no action yet
    assert len(load_game(tmp_path / "h" / "all.toml").history) == 0
    second = Running(tmp_path / "h")
    try:
        game = second.host.games["all"]
        assert game.computers == {"kingdom": "easy", "rebels": "easy"}
        wait_for(lambda: len(game.service.history) >= 3, 60)
    finally:
        second.stop()
    assert len(load_game(tmp_path / "h" / "all.toml").history) >= 3, "its actions are in the host's file"


def test_a_remote_player_gets_a_hint_from_their_own_seat(tmp_path):
    running = Running(tmp_path / "host")
    try:
        game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "fort")
        side = game.table.decision().side
        seat = running.seat(running.host.code("fort", side))
        found = hint(seat)
        assert found is not None and found.action in seat.legal_actions()
        assert found.lines()[0] == f"The computer suggests: {seat.describe(found.action)}"
        assert len(game.service.history) == 0, "a hint never plays"
    finally:
        running.stop()


def test_serve_new_with_ai_lists_the_computers_seat_and_refuses_ai_alone(tmp_path):
    env = {**os.environ, "HEXWAR_DATA_DIR": str(tmp_path / "data")}
    alone = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--dir", str(tmp_path / "h"), "--ai", "rebels"],
                           capture_output=True, text=True, env=env, timeout=60)
    assert alone.returncode != 0 and "--ai goes with --new" in alone.stderr
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--dir", str(tmp_path / "h"), "--new", "quad",
                             "--name", "g", "--ai", "The Rebels:hard", "--no-lobby"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines: list[str] = []
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if line.startswith("Players on this machine"):
                break
    finally:
        proc.terminate()
        proc.wait(10)
    text = "".join(lines)
    assert "rebels (The Rebels)" in text and "played by the computer (hard)" in text, text
    assert "kingdom (The Kingdom)" in text and "join code" in text
    assert players.computers(load_game(tmp_path / "h" / "g.toml")) == {"rebels": "hard"}


def test_a_computer_that_fails_leaves_its_side_waiting_and_the_host_serving(tmp_path, caplog):
    running = Running(tmp_path / "host")
    try:
        game = _computer_game(running, "fort", {"kingdom": "normal"})

        def broken(progress=None):
            raise RuntimeError("a bug in a hint")

        game.pilot.think = broken
        watcher = running.seat(running.host.code("fort", SPECTATOR))  # its hello wakes the computer
        wait_for(lambda: "could not decide" in caplog.text, 10)
        assert len(game.service.history) == 0
        rebels = running.seat(running.host.code("fort", "rebels"))
        assert rebels.link.connected == {"kingdom": 1, "rebels": 1, SPECTATOR: 1}
        assert watcher.action_count == 0
    finally:
        running.stop()
