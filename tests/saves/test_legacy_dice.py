"""Keyed dice and old saves: a save written before keyed dice (no `[game] dice`) replays with the old
derivation, exactly; a new game's 128-bit seed and derivation go through a save and back."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from rules.dice import KEYED, LEGACY
from rules.service import GameService
from saves.errors import SaveError
from saves.files import dump_toml
from saves.scenarios import load_scenario
from saves.store import load_game, save_game, verify

V2 = Path(__file__).parent / "fixtures" / "v2"
OLD = sorted(V2.glob("*-legacy-dice.toml"))
"""Written by the hexwar before keyed dice (QUAD: deck orders and rolls; Hundred Wars: blinds dealt from the seed)."""


def test_the_fixtures_are_there():
    assert {p.name for p in OLD} == {"quad-river-battle-legacy-dice.toml", "hundred-wars-first-blinds-legacy-dice.toml"}


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_a_save_from_before_keyed_dice_replays_with_its_own_dice(path):
    assert "dice" not in tomllib.loads(path.read_text())["game"]
    report = verify(path)
    assert report.ok and "the snapshot matches" in report.message and "resumed" not in report.message, report.message
    game = load_game(path)
    assert game.state.dice == LEGACY and len(game.history) == report.actions


def test_the_same_old_log_with_keyed_dice_does_not_replay():
    """The control: the derivation is what makes the old log replay (QUAD: the first roll differs)."""
    data = tomllib.loads((V2 / "quad-river-battle-legacy-dice.toml").read_text())
    data["game"]["dice"] = KEYED
    with pytest.raises(SaveError, match="refused on replay|differs|gives"):
        from saves.store import game_from_document
        from saves.schema import validate_document

        game_from_document(validate_document(data, "keyed.toml"), "keyed.toml")


def test_an_old_game_saved_again_keeps_its_dice(tmp_path):
    game = load_game(OLD[0])
    again = save_game(game, tmp_path / "again.toml")
    assert tomllib.loads(again.read_text())["game"]["dice"] == LEGACY
    assert verify(again).ok and load_game(again).state.dice == LEGACY


def play(game: GameService, n: int, rng: random.Random) -> None:
    from tests.rules.test_conformance import actors

    for _ in range(n):
        if game.result is not None:
            break
        side = rng.choice(actors(game))
        legal = [a for a in game.legal_actions(side) if a.kind != "agree_end"]
        if legal:
            assert game.apply(rng.choice(legal)).ok


def test_a_new_games_seed_and_dice_go_through_a_save(tmp_path):
    from rules.dice import new_seed

    seed = new_seed()
    game = GameService.new(load_scenario("first-blinds", "hundred_wars"), seed)
    play(game, 40, random.Random(3))
    path = save_game(game, tmp_path / "new.toml")
    table = tomllib.loads(path.read_text())["game"]
    assert table["dice"] == KEYED and table["seed"] == str(seed)  # beyond TOML's integers: its digits
    report = verify(path)
    assert report.ok and "the snapshot matches" in report.message, report.message
    back = load_game(path)
    assert back.state.seed == seed and back.state.dice == KEYED and back.state == game.state


def test_an_unknown_derivation_or_a_bad_seed_is_refused_in_words(tmp_path):
    game = GameService.new(load_scenario("teaching", "quad"), 5)
    path = save_game(game, tmp_path / "g.toml")
    for field, value, words in (("dice", 3, "game.dice"), ("seed", "12x", "game.seed"), ("seed", "9" * 80, "game.seed")):
        data = tomllib.loads(path.read_text())
        data["game"][field] = value
        path.write_text(dump_toml(data))
        report = verify(path)
        assert not report.ok and words in report.message, report.message
