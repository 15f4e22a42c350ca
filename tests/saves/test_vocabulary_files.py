"""Files speak each rule set's own vocabulary: its side fields and victory kinds, checked with field paths."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from rules import registry
from rules.core import Setup, SideSetup, UnitSetup, VictoryCondition
from rules.service import GameService
from saves.errors import SaveError
from saves.scenarios import load_scenario
from saves.schema import Document, SideEntry, UnitEntry, VictoryEntry
from saves.store import load_game, save_game


def bundled(ruleset: str, name: str) -> str:
    return (resources.files("saves") / "scenarios" / ruleset / f"{name}.toml").read_text("utf-8")


def edited(tmp_path: Path, ruleset: str, name: str, old: str, new: str) -> Path:
    text = bundled(ruleset, name)
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refusal(path: Path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        load_scenario(path)
    return caught.value


def test_the_file_schema_is_the_core_models_drawn_the_files_way():
    """Every field of the core's Setup is a field of the file; the entries are the core's models."""
    assert set(Setup.model_fields) <= set(Document.model_fields)
    assert issubclass(Document, Setup)
    assert issubclass(SideEntry, SideSetup) and issubclass(UnitEntry, UnitSetup) and issubclass(VictoryEntry, VictoryCondition)
    assert set(SideSetup.model_fields) == {"id", "name"}


def test_a_misspelt_side_field_is_named_with_the_rule_sets_close_match(tmp_path):
    err = refusal(edited(tmp_path, "quad", "teaching", "leader = 1", "leadr = 1"))
    assert err.path == "sides[0].leadr"
    assert "is not a side field of quad; did you mean 'leader'?" in str(err)


def test_a_side_field_of_another_rule_set_is_refused(tmp_path):
    err = refusal(edited(tmp_path, "quad", "teaching", "leader = 1", "pips = 3"))
    assert err.path == "sides[0].pips"
    assert str(err).endswith("sides[0].pips: is not a side field of quad (known: leader)")


def test_a_side_field_of_the_wrong_type_names_the_path(tmp_path):
    err = refusal(edited(tmp_path, "quad", "teaching", "leader = 1", 'leader = "two"'))
    assert str(err).endswith("sides[0].leader: expected an integer, got 'two'")


def test_an_unknown_victory_kind_names_the_known_ones(tmp_path):
    err = refusal(edited(tmp_path, "dhr", "tower", 'kind = "casualties"', 'kind = "exit"'))
    assert err.path.startswith("victory[") and err.path.endswith("].kind")
    assert "'exit' is not a victory kind of dhr (known: eliminate, casualties, hold, turn_limit)" in str(err)


def test_side_fields_reach_the_rule_set_and_survive_a_save(tmp_path):
    quad = GameService.new(load_scenario("river-battle", "quad"), seed=3)
    assert [s.leader for s in quad.state.sides] == [2, 1]
    dhr = GameService.new(load_scenario("tower", "dhr"), seed=3)
    assert [s.players for s in dhr.state.sides] == [["Elspeth"], ["Grusk"]]
    for game in (quad, dhr):
        again = load_game(save_game(game, tmp_path / f"{game.ruleset.id}.toml"))
        assert again.state == game.state and again.setup.sides == game.setup.sides


def test_a_setup_built_in_code_carries_the_rule_sets_side_fields():
    side = SideSetup(id="red", name="Red", leader=3)
    assert side.fields == {"leader": 3}
    assert registry.get("quad").side_model.model_validate({"id": "red", "name": "Red", **side.fields}).leader == 3
