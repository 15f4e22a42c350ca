"""Format versions: newer files refused, older ones migrated one step at a time, v1 kept forever."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from saves import migrations
from saves.errors import SaveError
from saves.migrations import STEPS, check_envelope, migrate
from saves.schema import VERSION
from saves.store import load_game, verify

FIXTURES = Path(__file__).parent / "fixtures"


def v1() -> dict:
    return tomllib.loads((FIXTURES / "v1" / "toy-game.toml").read_text())


def test_the_frozen_v1_save_still_loads_and_verifies():
    """Old files are kept forever: each frozen version must load with today's code."""
    report = verify(FIXTURES / "v1" / "toy-game.toml")
    assert report.ok, report.message
    game = load_game(FIXTURES / "v1" / "toy-game.toml")
    assert game.result is not None and game.result.winner == "a"


def test_every_version_below_the_current_one_has_a_step():
    assert all(v in STEPS for v in range(1, VERSION))


def test_a_current_file_passes_through_unchanged():
    data = v1()
    assert migrate(dict(data), "f.toml") == data


def test_a_file_from_a_newer_hexwar_is_refused_with_both_versions():
    data = v1() | {"version": 7}
    with pytest.raises(SaveError) as caught:
        migrate(data, "new.toml")
    assert str(caught.value) == f"new.toml: version: written by a newer hexwar: version 7, this one reads up to {VERSION}"


@pytest.mark.parametrize("version,words", [(0, "expected a version from 1"), ("1", "expected an integer"), (True, "expected an integer")])
def test_a_nonsense_version_is_named(version, words):
    with pytest.raises(SaveError, match=words):
        check_envelope({"format": "hexwar", "version": version}, "f.toml")


def test_a_missing_format_or_version_is_named():
    with pytest.raises(SaveError, match="format: is missing"):
        check_envelope({"version": 1}, "f.toml")
    with pytest.raises(SaveError, match="version: is missing"):
        check_envelope({"format": "hexwar"}, "f.toml")


def fake_v1_to_v2(data: dict) -> dict:
    """A test-only step: version 2 renames `[game].app_version` to `written_by`."""
    game = dict(data["game"])
    game["written_by"] = game.pop("app_version", "")
    return data | {"version": 2, "game": game}


def fake_v2_to_v3(data: dict) -> dict:
    return data | {"version": 3, "v3": True}


def test_an_old_file_is_migrated_one_step_at_a_time():
    seen = []

    def spy(fn):
        def step(data):
            seen.append(data["version"])
            return fn(data)

        return step

    out = migrate(v1(), "old.toml", target=3, steps={1: spy(fake_v1_to_v2), 2: spy(fake_v2_to_v3)})
    assert seen == [1, 2]
    assert out["version"] == 3 and out["v3"] is True
    assert "written_by" in out["game"] and "app_version" not in out["game"]


def test_a_missing_step_is_a_clear_error():
    with pytest.raises(SaveError, match="no migration from version 2 to 3"):
        migrate(v1(), "old.toml", target=3, steps={1: fake_v1_to_v2})


def test_a_step_that_fails_is_reported_not_raised():
    def broken(data):
        raise KeyError("board")

    with pytest.raises(SaveError, match="cannot migrate version 1 to 2"):
        migrate(v1(), "old.toml", target=2, steps={1: broken})


def test_a_step_that_forgets_to_raise_the_version_is_caught():
    with pytest.raises(SaveError, match="did not give version 2"):
        migrate(v1(), "old.toml", target=2, steps={1: lambda d: d})


def test_registering_a_step_puts_it_in_the_registry(monkeypatch):
    monkeypatch.setattr(migrations, "STEPS", {})
    migrations.step(1)(fake_v1_to_v2)
    assert migrations.STEPS == {1: fake_v1_to_v2}
    assert migrate(v1(), "x.toml", target=2)["game"]["written_by"]
