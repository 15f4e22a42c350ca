"""Format versions: newer files refused, older ones migrated one step at a time, v1 kept forever."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from saves import migrations
from saves.errors import SaveError
from rules import registry
from saves.migrations import STEPS, check_envelope, migrate
from saves.schema import VERSION, validate_document
from saves.resume import position_seed
from saves.store import load_game, save_game, verify

FIXTURES = Path(__file__).parent / "fixtures"


def v1() -> dict:
    return tomllib.loads((FIXTURES / "v1" / "toy-game.toml").read_text())


V1_SAVES = sorted(p.name for p in (FIXTURES / "v1").glob("*.toml") if not p.name.startswith("toy"))


def test_the_frozen_v1_toy_save_still_loads_and_verifies():
    """Old files are kept forever: each frozen version must load with today's code."""
    report = verify(FIXTURES / "v1" / "toy-game.toml")
    assert report.ok, report.message
    game = load_game(FIXTURES / "v1" / "toy-game.toml")
    assert game.result is not None and game.result.winner == "a"


@pytest.mark.parametrize("name", V1_SAVES)
def test_a_frozen_v1_save_replays_and_verifies(name):
    """Saves of QUAD and DHR games written by hexwar before rule sets had versions (main at
    0ad389d) replay to the state their snapshot holds, in every field today's state still has."""
    report = verify(FIXTURES / "v1" / name)
    assert report.ok and "the snapshot matches" in report.message, report.message
    assert report.actions >= 30


def test_the_frozen_quad_save_resumes_at_the_defenders_block_choice():
    game = load_game(FIXTURES / "v1" / "quad-teaching-block.toml")
    decision = game.decision()
    assert decision.side == "kingdom" and "block" in decision.prompt.lower()
    assert {a.kind for a in game.legal_actions()} == {"block"}
    assert game.state.sides[0].leader == 1 and not hasattr(game.state.sides[0], "players")
    assert game.state.options["reshuffle_step"] is False and len(game.history) == 56


def older_save(tmp_path: Path, name: str, edit) -> Path:
    """A frozen v1 save with `edit` applied to its text (head, snapshot) -> text."""
    head, snapshot = (FIXTURES / "v1" / name).read_text().split("[snapshot]", 1)
    path = tmp_path / name
    path.write_text(edit(head, "[snapshot]" + snapshot), encoding="utf-8")
    return path


def turn_plus(n: int):
    def edit(head: str, snapshot: str) -> str:
        turn = int(snapshot.split("\nturn = ", 1)[1].split("\n", 1)[0])
        return head + snapshot.replace(f"\nturn = {turn}\n", f"\nturn = {turn + n}\n", 1)
    return edit


def test_an_older_save_whose_replay_differs_from_its_snapshot_says_so_and_resumes_there(tmp_path):
    """For an older save the recorded position wins (today's rules may play the log differently);
    the report names the first field where the replay and the file disagree."""
    path = older_save(tmp_path, "quad-river-battle.toml", turn_plus(3))
    report = verify(path)
    assert report.ok and "resumed from its snapshot" in report.message and "snapshot.turn" in report.message
    game = load_game(path)
    assert game.state.turn == report.turn and not game.history
    assert game.state.seed == position_seed(77, 40)


def test_an_older_save_whose_log_is_refused_resumes_from_its_snapshot(tmp_path):
    path = older_save(tmp_path, "dhr-tower.toml",
                      lambda head, snap: head.replace('"draw ', '"end ', 1) + snap)
    report = verify(path)
    assert report.ok and "resumed from its snapshot" in report.message and "is refused on replay" in report.message


def test_a_resumed_game_plays_on_saves_its_start_and_reloads_exactly(tmp_path):
    game = load_game(older_save(tmp_path, "quad-river-battle.toml", turn_plus(1)))
    game.apply(game.legal_actions()[0], autosave=False)
    path = save_game(game, tmp_path / "on.toml")
    data = tomllib.loads(path.read_text("utf-8"))
    assert data["start"]["seed"] == position_seed(77, 40) and len(data["game"]["actions"]) == 1
    again = load_game(path)
    assert again.state == game.state and again.initial == game.initial and len(again.history) == 1
    report = verify(path)
    assert report.ok and "the snapshot matches" in report.message
    head, snapshot = path.read_text("utf-8").split("[snapshot]", 1)
    turn = game.state.turn
    path.write_text(head + "[snapshot]" + snapshot.replace(f"\nturn = {turn}\n", f"\nturn = {turn + 1}\n", 1))
    report = verify(path)
    assert not report.ok and "snapshot.turn" in report.message  # a current save is compared exactly


def test_the_frozen_dhr_save_keeps_its_optional_rules_on():
    game = load_game(FIXTURES / "v1" / "dhr-hedgerow-optional.toml")
    options = game.state.options
    assert options["chip_draw"] == "type" and options["challenge"] == "hedge"
    assert all(options[o] for o in ("area_effect", "vehicles", "damage_table", "special_figures", "crew_served"))
    assert not hasattr(game.state.sides[0], "leader")


def test_a_v1_save_is_migrated_through_the_format_and_its_rule_sets_steps():
    data = tomllib.loads((FIXTURES / "v1" / "quad-teaching-block.toml").read_text())
    assert "ruleset_version" not in data and all("players" in s for s in data["snapshot"]["sides"])
    out = migrate(data, "old.toml")
    assert out.steps == ("format 1 -> 2", "format 2 -> 3", "quad 1 -> 2")
    assert out["version"] == VERSION and out["ruleset_version"] == 2
    assert [sorted(s) for s in out["snapshot"]["sides"]] == [["id", "leader", "name"]] * 2
    doc = validate_document(out, "old.toml")
    assert doc.migrated


def test_every_version_below_the_current_one_has_a_step():
    assert all(v in STEPS for v in range(1, VERSION))


def test_every_registered_rule_set_has_a_step_below_its_version():
    for entry in registry.entries():
        version = registry.get(entry.id).version
        assert all(v in registry.get(entry.id).migrations for v in range(1, version)), entry.id


def test_a_current_file_passes_through_unchanged(tmp_path):
    game = load_game(FIXTURES / "v1" / "quad-teaching-block.toml")
    data = tomllib.loads(save_game(game, tmp_path / "now.toml").read_text())
    out = migrate(dict(data), "f.toml")
    assert out == data and out.steps == ()
    assert load_game(tmp_path / "now.toml").state == game.state


def test_a_file_for_a_newer_version_of_its_rule_set_is_refused_with_both_versions():
    data = migrate(v1(), "f.toml") | {"ruleset_version": 9}
    with pytest.raises(SaveError) as caught:
        migrate(data, "new.toml")
    assert str(caught.value) == (
        "new.toml: ruleset_version: written for a newer version of the toy rules: version 9, this hexwar has version 1"
    )


def test_a_rule_sets_steps_run_one_at_a_time_after_the_formats():
    seen = []

    def bump(data):
        seen.append((data["version"], data["ruleset_version"]))
        return data | {"ruleset_version": data["ruleset_version"] + 1}

    out = migrate(v1(), "old.toml", ruleset_target=3, ruleset_steps={"toy": {1: bump, 2: bump}})
    assert seen == [(VERSION, 1), (VERSION, 2)]
    assert out.steps == ("format 1 -> 2", "format 2 -> 3", "toy 1 -> 2", "toy 2 -> 3")


def test_a_missing_rule_set_step_is_a_clear_error():
    with pytest.raises(SaveError, match="ruleset_version: no migration of toy files from version 1 to 2"):
        migrate(v1(), "old.toml", ruleset_target=2, ruleset_steps={})


def test_a_rule_set_step_that_forgets_its_version_is_caught():
    with pytest.raises(SaveError, match="did not give version 2"):
        migrate(v1(), "old.toml", ruleset_target=2, ruleset_steps={"toy": {1: lambda d: d}})


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


def test_a_rule_sets_own_migrations_run_through_its_contract(monkeypatch):
    """A rule set's steps are its `RULESET.migrations` (rules/contract.py): saves find them there, not by name."""
    toy = registry.get("toy")
    ran = []

    def toy_1_to_2(data: dict) -> dict:
        ran.append(data["ruleset_version"])
        return data | {"ruleset_version": 2}

    monkeypatch.setattr(toy, "version", 2)
    monkeypatch.setattr(toy, "migrations", {1: toy_1_to_2})
    out = migrate(v1(), "old.toml")
    assert ran == [1] and out["ruleset_version"] == 2 and out.steps[-1] == "toy 1 -> 2"
