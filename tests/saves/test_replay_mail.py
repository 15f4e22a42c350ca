"""A replay of a chain of play-by-mail turn files (saves.mail.game_from_turns, `hexwar replay T1 T2 ...`)."""

from __future__ import annotations

import random

import pytest

from rules.service import GameService
from saves.errors import SaveError
from saves.mail import export_turn, game_from_turns, write_turn
from saves.scenarios import load_scenario
from tests.saves.test_mail import play_my_turn
from tui.replay_cli import load_for_replay


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))


def turn_files(tmp_path, turns: int = 4) -> tuple[GameService, list]:
    """One game played a side's turn at a time, a turn file written after each (as the players mail them)."""
    rng = random.Random(3)
    game = GameService.new(load_scenario("teaching", "quad"), seed=9)
    paths = []
    for k in range(turns):
        since = len(game.history)
        play_my_turn(game, rng)
        turn, _ = export_turn(game, since=since if k else None)
        paths.append(write_turn(turn, tmp_path / f"turn{k + 1}.toml"))
    return game, paths


def test_a_chain_of_turn_files_replays_the_whole_game(tmp_path):
    game, paths = turn_files(tmp_path)
    rebuilt = game_from_turns(paths)
    assert rebuilt.log == game.log and rebuilt.state == game.state
    assert load_for_replay([str(p) for p in paths]).state == game.state
    with pytest.raises(SaveError, match="missing"):
        game_from_turns([paths[0], paths[2]])  # a turn left out is refused, as on import
    with pytest.raises(SaveError, match="first turn file"):
        game_from_turns(paths[1:])
