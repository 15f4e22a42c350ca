"""Scenario -> save -> load -> replay gives back the very same game, for every rule set."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import registry
from rules.board import Board, EdgeFeature, HexFeature
from rules.hexgrid import from_offset
from rules.service import GameService
from saves.files import parse_document
from saves.scenarios import list_scenarios, load_scenario
from saves.schema_setup import document_from_setup, setup_from_document
from saves.snapshots import snapshot_of
from saves.store import load_game, render_save, same_game, save_game
from saves.files import dump_toml as dumps
from tests.conftest import toy_setup


def play(game: GameService, steps: int, rng: random.Random) -> GameService:
    """Random legal play: the deciding side, or now and then a side that may react."""
    for _ in range(steps):
        if game.result is not None:
            break
        d = game.decision()
        side = rng.choice([d.side, *d.reactors]) if d.reactors else d.side
        actions = game.legal_actions(side) or game.legal_actions()
        if not actions:
            break
        assert game.apply(rng.choice(actions), autosave=False).ok
    return game


def test_a_toy_game_saved_and_loaded_is_the_same_game(tmp_path):
    game = play(GameService.new(toy_setup(), seed=42), 40, random.Random(1))
    path = save_game(game, tmp_path / "game.toml")
    again = load_game(path)
    assert again.state == game.state
    assert again.log == game.log
    assert again.initial == game.initial
    assert [e.text() for e in again.events] == [e.text() for e in game.events]


def test_a_loaded_game_plays_on_with_the_same_dice(tmp_path):
    game = play(GameService.new(toy_setup(), seed=5), 10, random.Random(2))
    again = load_game(save_game(game, tmp_path / "g.toml"))
    rng_a, rng_b = random.Random(9), random.Random(9)
    play(game, 30, rng_a)
    play(again, 30, rng_b)
    assert again.state == game.state


def test_a_scenario_file_round_trips_through_setup():
    setup = load_scenario("toy-skirmish", "toy")
    text = dumps(document_from_setup(setup))
    again, problems = setup_from_document(parse_document(text.encode(), "x.toml"))
    assert problems == []
    assert again == setup


def test_a_board_with_heights_features_and_hexside_features_round_trips():
    w, h = 8, 6
    terrain = tuple("open" if (c + r) % 3 else "forest" for r in range(h) for c in range(w))
    board = Board(
        width=w, height=h, terrain=terrain,
        elevation=tuple((c * r) % 12 - 1 for r in range(h) for c in range(w)),
        features=(HexFeature(at=from_offset(0, 1), feature="road"), HexFeature(at=from_offset(1, 1), feature="road")),
        edges=(EdgeFeature(at=from_offset(2, 2), side="NE", feature="wall"),),
        glyphs={"open": ".", "forest": "F"},
    )
    setup = toy_setup().model_copy(update={"board": board})
    doc = parse_document(dumps(document_from_setup(setup)).encode(), "b.toml")
    again, problems = setup_from_document(doc)
    assert problems == [] and again.board == board


def test_a_board_without_glyphs_gets_a_legend_that_draws_every_terrain_and_loads_without_glyphs():
    board = Board.flat(8, 6, "marsh")
    setup = toy_setup().model_copy(update={"board": board})
    doc = document_from_setup(setup)
    assert doc["board"]["legend"] == {"M": "marsh"}
    assert doc["board"]["rows"][0] == "MMMMMMMM"
    assert doc["board"]["legend_made_up"] == ["marsh"]
    again, _ = setup_from_document(parse_document(dumps(doc).encode(), "m.toml"))
    assert again.board == board and again.board.glyphs == {}


def test_a_board_with_some_glyphs_keeps_exactly_those():
    board = toy_setup().board.model_copy(update={"glyphs": {"forest": "T"}})
    doc = document_from_setup(toy_setup().model_copy(update={"board": board}))
    assert doc["board"]["legend"] == {"T": "forest", "O": "open"}  # the toy declares no glyph for open
    again, _ = setup_from_document(parse_document(dumps(doc).encode(), "m.toml"))
    assert again.board.glyphs == {"forest": "T"}


def test_the_save_file_is_valid_toml_whose_snapshot_is_the_state():
    game = play(GameService.new(toy_setup(), seed=8), 12, random.Random(3))
    data = tomllib.loads(render_save(game).decode())
    assert data["kind"] == "save" and data["game"]["seed"] == 8
    assert data["game"]["actions"] == [a.text() for a in game.log]
    assert data["snapshot"] == snapshot_of(game.state)
    assert "board" not in data["snapshot"]


def test_a_game_not_made_by_new_still_saves_from_its_opening_state(tmp_path):
    first = GameService.new(toy_setup(), seed=4)
    play(first, 8, random.Random(4))
    rebuilt = GameService.replay(first.ruleset, first.initial, first.log)
    assert rebuilt.setup is None
    again = load_game(save_game(rebuilt, tmp_path / "r.toml"))
    assert same_game(again.state, first.state)


def bundled() -> list[tuple[str, str]]:
    return [(i.ruleset, i.name) for i in list_scenarios() if i.ruleset != "toy" and not i.error]


@pytest.mark.parametrize("ruleset,name", bundled())
def test_every_bundled_scenario_round_trips_after_random_play(tmp_path, ruleset, name):
    setup = load_scenario(name, ruleset)
    game = play(GameService.new(setup, seed=77), 60, random.Random(name))
    again = load_game(save_game(game, tmp_path / "g.toml"))
    assert again.state == game.state
    assert again.log == game.log


@pytest.mark.parametrize("ruleset", ["quad", "dhr"])
def test_the_real_rule_sets_have_bundled_scenarios_that_load(ruleset):
    infos = list_scenarios(ruleset)
    assert infos, f"{ruleset} has no bundled scenario"
    for info in infos:
        assert not info.error, info.error
        assert load_scenario(info.name, ruleset).ruleset == ruleset


def _rulesets_with_scenarios() -> list[str]:
    ids = ["toy"] + sorted({r for r, _ in bundled()})
    return ids


@pytest.mark.parametrize("ruleset", _rulesets_with_scenarios())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), choices=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_any_state_reached_by_random_legal_play_is_reproduced_by_save_and_load(tmp_path, ruleset, seed, choices, steps):
    if ruleset == "toy":
        setup = toy_setup()
    else:
        setup = load_scenario(min(n for r, n in bundled() if r == ruleset), ruleset)
    game = play(GameService.new(setup, seed=seed), steps, random.Random(choices))
    path = tmp_path / f"{ruleset}-{seed}.toml"
    again = load_game(save_game(game, path))
    assert again.state == game.state
    assert again.log == game.log


def test_undo_then_save_saves_the_shorter_game(tmp_path):
    game = play(GameService.new(toy_setup(), seed=6), 6, random.Random(6))
    game.undo()
    again = load_game(save_game(game, tmp_path / "u.toml"))
    assert again.state == game.state and len(again.log) == 5


def test_a_board_built_in_code_is_drawn_with_the_rule_sets_declared_glyphs():
    """The save schema knows no terrain: a board without characters takes the rule set's glyphs."""
    from rules import registry
    from saves.scenarios import load_scenario

    setup = load_scenario("farm", "dhr")
    board = setup.board.model_copy(update={"glyphs": {}})
    doc = document_from_setup(setup.model_copy(update={"board": board}))
    terrain = registry.get("dhr").terrain
    assert doc["board"]["legend"] == {terrain[tid].glyph: tid for tid in set(board.terrain)}
    again, _ = setup_from_document(parse_document(dumps(doc).encode(), "farm.toml"))
    assert again.board == board
