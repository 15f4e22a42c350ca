"""Issue 24 item 1: a save records who plays each side (a person, or the computer and its level)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.service import GameService
from saves import players
from saves.errors import SaveError
from saves.files import parse_document, read_bytes
from saves.scenarios import load_scenario
from saves.store import load_game, render_save, save_game, verify

V2 = Path(__file__).parent / "fixtures" / "v2" / "quad-teaching.toml"


def toy_game() -> GameService:
    game = GameService.new(load_scenario("toy-skirmish", "toy"), seed=9)
    for _ in range(3):
        game.apply(game.legal_actions()[-1])
    return game


def test_the_computers_sides_and_levels_are_written_in_words_and_read_back(tmp_path):
    game = toy_game()
    players.record(game, {"b": "hard"})
    text = render_save(game).decode()
    assert '[game.players.a]\nplayer = "person"\n' in text
    assert '[game.players.b]\nplayer = "computer"\nlevel = "hard"\n' in text
    loaded = load_game(save_game(game, tmp_path / "g.toml"))
    assert players.computers(loaded) == {"b": "hard"}


def test_a_game_without_a_computer_writes_every_side_as_a_person():
    game = toy_game()
    players.record(game, [])
    text = render_save(game).decode()
    assert text.count('player = "person"') == 2 and "computer" not in text
    assert players.computers(game) == {}


def test_sides_named_without_a_level_play_at_normal():
    game = toy_game()
    assert players.record(game, ["b"]) == {"b": "normal"}


def test_a_frozen_version_2_save_loads_with_every_side_a_person_and_its_replay_still_checked_exactly():
    """Old files are kept forever. Version 3 only adds `[game.players]`: the step leaves the rules' part
    alone, so the snapshot is still compared field for field (not leniently, as for older rules)."""
    assert 'version = 2' in V2.read_text() and "players" not in V2.read_text()
    doc = parse_document(read_bytes(V2), V2)
    assert doc.version == 3 and not doc.migrated
    assert {side: entry.player for side, entry in doc.game.players.items()} == {"kingdom": "person", "rebels": "person"}
    report = verify(V2)
    assert report.ok and "the snapshot matches" in report.message, report.message
    assert players.computers(load_game(V2)) == {}


def test_an_edited_version_2_save_is_still_refused(tmp_path):
    path = tmp_path / "edited.toml"
    path.write_text(V2.read_text().replace('"release rebels",', '"release kingdom",', 1))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert "game.actions[9]" in str(caught.value)


@pytest.mark.parametrize("table, words", [
    ('[game.players.z]\nplayer = "computer"\n', "game.players.z: expected one of the sides ['a', 'b']"),
    ('[game.players.b]\nplayer = "computer"\nlevel = "genius"\n', "game.players.b.level"),
    ('[game.players.b]\nplayer = "robot"\n', "game.players.b.player"),
])
def test_a_bad_players_table_is_refused_with_its_field(tmp_path, table, words):
    game = toy_game()
    text = render_save(game).decode().replace("\n[snapshot]", "\n" + table + "\n[snapshot]", 1)
    text = text.replace('[game.players.b]\nplayer = "person"\n', "", 1)
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert words in str(caught.value)


def test_a_level_is_read_in_any_case_and_a_wrong_one_names_the_levels():
    assert players.level_of(" Hard ") == "hard"
    with pytest.raises(ValueError, match=r"--ai: unknown computer level 'genius' \(levels: easy, normal, hard\)"):
        players.level_of("genius", "--ai")
