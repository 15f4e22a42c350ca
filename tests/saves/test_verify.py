"""`verify` accepts a saved game and rejects a tampered one, naming what differs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rules.dice import LEGACY
from rules.service import GameService
from saves.errors import SaveError
from saves.scenarios import load_scenario
from saves.store import load_game, save_game, verify
from saves.files import dump_toml as dumps
from tests.conftest import TOY_SCENARIO

V1 = Path(__file__).parent / "fixtures" / "v1" / "toy-game.toml"


@pytest.fixture
def saved(tmp_path) -> Path:
    """A finished toy game with attacks, braces and rolled dice."""
    data = tomllib.loads(V1.read_text())
    # the fixture's log was played with the dice of before keyed dice: replay it with those
    game = GameService.new(load_scenario("toy-skirmish", "toy"), seed=data["game"]["seed"], dice=LEGACY)
    for text in data["game"]["actions"]:
        assert game.apply(text).ok
    return save_game(game, tmp_path / "game.toml")


def edit(path: Path, change) -> None:
    data = tomllib.loads(path.read_text())
    change(data)
    path.write_text(dumps(data))


def test_verify_accepts_a_saved_game(saved):
    report = verify(saved)
    assert report.ok, report.message
    assert report.ruleset == "toy" and report.actions == 21
    assert "the snapshot matches" in report.message and "game over" in report.message


def test_verify_rejects_an_edited_action(saved):
    def change(d):
        i = next(i for i, a in enumerate(d["game"]["actions"]) if a.startswith("move"))
        d["game"]["actions"][i] = re.sub(r"path=\[[^]]*\]", "path=[0,0]", d["game"]["actions"][i])

    edit(saved, change)
    report = verify(saved)
    assert not report.ok
    assert report.error.path.startswith("game.actions[")
    assert "refused on replay" in report.message


def test_verify_rejects_an_edited_snapshot(saved):
    edit(saved, lambda d: d["snapshot"]["units"]["a1"]["stats"].update(strength=9))
    report = verify(saved)
    assert not report.ok
    assert report.error.path == "snapshot.units.a1.stats.strength"
    assert "the replay of the action log gives 2, the file says 9" in report.message


def test_verify_rejects_a_removed_action(saved):
    edit(saved, lambda d: d["game"]["actions"].pop())
    assert not verify(saved).ok


def test_verify_rejects_another_seed_even_when_the_snapshot_seed_is_changed_too(saved):
    """Only the dice differ: the replay's rolls no longer give the saved outcome."""

    def change(d):
        d["game"]["seed"] += 1
        d["snapshot"]["seed"] += 1

    edit(saved, change)
    report = verify(saved)
    assert not report.ok
    assert report.error.path.startswith(("snapshot.", "game.actions["))
    assert "seed" not in report.error.path


def test_verify_rejects_a_changed_option(saved):
    edit(saved, lambda d: d["game"]["options"].update(need=6))
    assert not verify(saved).ok


def test_verify_rejects_a_moved_unit_in_the_scenario(saved):
    edit(saved, lambda d: d["units"][0].update(at=[0, 0]))
    assert not verify(saved).ok


def test_a_tampered_save_cannot_be_loaded_either(saved):
    edit(saved, lambda d: d["snapshot"].update(turn=99))
    with pytest.raises(SaveError, match=r"snapshot\.turn"):
        load_game(saved)


def test_verify_of_a_scenario_checks_it_as_a_scenario():
    """Issue 15: `verify` accepts scenarios (tests/saves/test_verify_scenario.py has the mistakes)."""
    report = verify(TOY_SCENARIO)
    assert report.ok and "ok: toy scenario 'toy-skirmish'" in report.message


def test_verify_leaves_the_file_alone(saved):
    before = saved.read_bytes(), saved.stat().st_mtime_ns
    verify(saved)
    assert (saved.read_bytes(), saved.stat().st_mtime_ns) == before


# --- issue 9, item 6: everything that decides the game, the board included ---------------


def test_verify_rejects_an_edited_legend(saved):
    edit(saved, lambda d: d["board"]["legend"].update({"F": "open"}))  # the wood is gone
    report = verify(saved)
    assert not report.ok
    assert report.error.path == "snapshot.board_digest"
    assert "map" in report.message and "edited" in report.message


def test_verify_rejects_an_edited_map_row(saved):
    def change(d):
        d["board"]["rows"][5] = "F" + d["board"]["rows"][5][1:]

    edit(saved, change)
    assert not verify(saved).ok


def test_verify_rejects_edited_sides_victory_and_turn_limit(saved):
    for change in (
        lambda d: d["sides"][0].update(name="Someone else"),
        lambda d: d.update(max_turns=(d.get("max_turns") or 10) + 5),
        lambda d: d["options"].update(need=5),
    ):
        edit(saved, change)
        assert not verify(saved).ok
        edit(saved, lambda d: None)


def test_a_glyph_of_the_map_is_display_only(saved):
    edit(saved, lambda d: d["board"].setdefault("glyphs", {}).update(forest="%"))
    report = verify(saved)
    assert report.ok or report.error.path != "snapshot.board_digest"


def test_a_save_from_before_the_board_check_still_verifies_and_says_what_was_not_checked():
    report = verify(V1)
    assert report.ok, report.message
    assert "the board is not checked" in report.message
