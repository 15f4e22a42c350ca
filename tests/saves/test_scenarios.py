"""Bundled scenarios: listed cheaply, loaded by name or path, unknown names answered with the known ones."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import pytest

from rules import registry
from saves.errors import SaveError
from saves.scenarios import UnknownScenario, default_scenario, list_scenarios, load_scenario
from tests.conftest import TOY_SCENARIO, toy_setup


def test_the_toy_scenario_is_listed_with_its_title():
    infos = list_scenarios("toy")
    assert [(i.name, i.title, i.teaching) for i in infos] == [("toy-skirmish", "Toy Skirmish", True)]
    assert infos[0].units == 4 and not infos[0].error


def test_the_toy_scenario_lives_beside_the_toy_rule_set_and_the_package_ships_none():
    """The toy is registered only by the tests: `hexwar verify` on a scenario of it refused it (issue 28)."""
    assert list_scenarios("toy")[0].source == str(TOY_SCENARIO)
    assert load_scenario("toy-skirmish", "toy").title == "Toy Skirmish"
    shipped = {f.name for f in (resources.files("saves") / "scenarios").iterdir() if f.is_dir()}
    packaged = {e.id for e in registry.entries() if registry.module_of(e.id).startswith("rules.")}
    assert shipped and shipped <= packaged, shipped - packaged
    from saves.editor.session import session_for  # `hexwar edit toy-skirmish` finds the file there too

    edited = session_for("toy-skirmish", "toy")
    assert (edited.draft.ruleset, edited.draft.name, edited.path) == ("toy", "toy-skirmish", None)


def test_hexwar_list_without_the_tests_names_no_toy():
    code = "from tui.cli import main; main(['list'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
    assert "quad" in out and "toy" not in out.lower()


def test_listing_everything_covers_every_registered_rule_set_with_scenarios():
    rulesets = {i.ruleset for i in list_scenarios()}
    assert "toy" in rulesets
    assert rulesets <= {e.id for e in registry.entries()}


def test_listing_imports_no_rule_set():
    before = set(sys.modules)
    list_scenarios()
    assert not [m for m in set(sys.modules) - before if m.startswith("rules.rulesets.")]


def test_a_scenario_loads_by_name_and_matches_the_code_built_one():
    setup = load_scenario("toy-skirmish", "toy")
    code = toy_setup()
    assert setup.board.terrain == code.board.terrain and setup.board.width == code.board.width
    assert setup.board.glyphs == {"open": ".", "forest": "F"}
    assert setup.units == code.units and setup.sides == code.sides
    assert setup.title == "Toy Skirmish" and setup.victory[0].kind == "eliminate"


def test_a_scenario_loads_by_name_without_the_rule_set():
    assert load_scenario("toy-skirmish").ruleset == "toy"


def test_a_scenario_loads_by_path(tmp_path):

    data = TOY_SCENARIO.read_bytes()
    path = tmp_path / "mine.toml"
    path.write_bytes(data)
    assert load_scenario(path).name == "toy-skirmish"
    assert load_scenario(str(path), "toy").name == "toy-skirmish"


def test_an_unknown_scenario_lists_the_known_ones():
    with pytest.raises(UnknownScenario) as caught:
        load_scenario("nope", "toy")
    assert str(caught.value) == "unknown scenario 'nope' for toy (known: toy-skirmish)"


def test_a_name_several_rule_sets_share_is_named_with_its_rule_set(tmp_path, monkeypatch):
    """`hexwar balance teaching` asked to name the rule set, but 'quad/teaching' was read as a file's path."""
    with pytest.raises(UnknownScenario, match=r"several rule sets \(.*quad.*\): name the rule set, as \w+/teaching"):
        load_scenario("teaching")
    assert load_scenario("quad/teaching").ruleset == "quad"
    assert load_scenario("skirmish/teaching").ruleset == "skirmish"
    with pytest.raises(UnknownScenario, match="unknown scenario 'nope' for quad"):
        load_scenario("quad/nope")
    monkeypatch.chdir(tmp_path)  # a file at that relative path is still a file
    (tmp_path / "quad").mkdir()
    (tmp_path / "quad" / "teaching").write_bytes(b"not a scenario")
    with pytest.raises(SaveError):
        load_scenario("quad/teaching")


def test_a_scenario_of_another_rule_set_is_refused(tmp_path):

    path = tmp_path / "s.toml"
    path.write_bytes(TOY_SCENARIO.read_bytes())
    with pytest.raises(SaveError, match="this scenario is for 'toy', not quad"):
        load_scenario(path, "quad")


def test_an_unknown_rule_set_is_named():
    with pytest.raises(registry.UnknownRuleset, match="unknown rule set 'chess'"):
        list_scenarios("chess")


def test_the_default_scenario_is_the_teaching_one():
    assert default_scenario("toy").name == "toy-skirmish"


@pytest.mark.parametrize("info", [i for i in list_scenarios() if i.ruleset != "toy"], ids=lambda i: f"{i.ruleset}/{i.name}")
def test_every_bundled_scenario_loads_and_sets_up(info):
    assert not info.error, info.error
    setup = load_scenario(info.name, info.ruleset)
    assert setup.title and setup.sides and setup.units
    assert setup.board.glyphs, "the board keeps its legend for drawing"


def test_a_scenario_the_rule_set_rejects_names_the_file(tmp_path):

    text = TOY_SCENARIO.read_text()
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("stats = { speed = 3 }", "stats = { speed = 30 }"))
    with pytest.raises(SaveError) as caught:
        load_scenario(path)
    assert caught.value.path == "units[1].stats.speed"
    assert "at most 6" in str(caught.value)


def test_an_unknown_option_gets_a_close_match(tmp_path):

    text = TOY_SCENARIO.read_text()
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("need = 4", "neeed = 4"))
    with pytest.raises(SaveError, match="options.neeed: is not an option of toy; did you mean 'need'"):
        load_scenario(path)
    path.write_text(text.replace("need = 4", 'need = "four"'))
    with pytest.raises(SaveError, match="options.need: expected an integer"):
        load_scenario(path)
