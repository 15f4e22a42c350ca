"""`hexwar army` serves every rule set with costing (rules/armycost.py): dirtside force files with their design
problems, hundred_wars lists; the builder's count changes and refusals."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.armycost import costing, rulesets_with_costing
from rules.rulesets.dirtside.army import check_force
from saves.armies import add_entry, catalogue, empty_army, list_armies, load_army, refusal, save_army, set_count
from saves.errors import SaveError
from tui.cli import main

BAD = """ruleset = "dirtside"
name = "bad"
limit = 1000
[[units]]
name = "Overgunned"
stats = { elements = [{ kind = "vehicle", design = { size = 1, armour = 3, weapons = [{ type = "HKP", cls = 5 }] } }] }
[[units]]
name = "Fine"
stats = { elements = [{ kind = "infantry", team = "rifle" }] }
"""


def test_both_rule_sets_with_points_have_a_costing():
    assert rulesets_with_costing() == ["dirtside", "hundred_wars"]
    assert costing("quad") is None


def test_the_bundled_dirtside_forces_validate_and_agree_with_check_force():
    assert list_armies("dirtside") == ["federal", "rebels"]
    for name in ("federal", "rebels"):
        army = load_army(name, "dirtside")
        assert army.problems() == [] and army.total == army.file.total <= army.file.limit
        report = check_force({"limit": army.file.limit,
                              "units": [{"name": e.entry.name, "stats": e.entry.stats} for e in army.entries]})
        assert report.ok and report.total == army.total


def test_every_design_problem_is_listed_with_its_reason(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    army = load_army(path)
    problems = army.problems()
    assert any("armour 3 is above the limit of 1" in p for p in problems)
    assert any("capacity but a size 1 vehicle has 5" in p for p in problems)
    assert all(p.startswith("Overgunned") for p in problems)
    assert main(["army", "dirtside", str(path)]) == 2
    out = capsys.readouterr().out
    assert "problem: Overgunned" in out and "NOT legal" in out


def test_the_dirtside_command_checks_the_limit_and_the_rule_set(capsys):
    assert main(["army", "dirtside", "federal"]) == 0
    assert "636 points of 700" in capsys.readouterr().out
    assert main(["army", "dirtside", "federal", "--limit", "600"]) == 2
    assert "636 points is over the limit of 600 by 36" in capsys.readouterr().out
    assert main(["army", "hundred_wars", "saves/armies/dirtside/federal.toml"]) == 2
    assert "is a dirtside army, not hundred_wars" in capsys.readouterr().out


def test_counts_change_remove_and_refuse_over_the_limit(tmp_path):
    units = {e.entry.name: e for e in catalogue("dirtside")}
    assert {"Hammer Section", "Village Guard", "Lynx Troop"} <= set(units)
    army = add_entry(empty_army("dirtside", "raid"), units["Lynx Troop"], 2, limit=500)
    assert army.total == 294
    army = set_count(army, units["Lynx Troop"], 3, limit=500)
    assert army.total == 441
    with pytest.raises(SaveError, match="over the limit of 500 by 88"):
        set_count(army, units["Lynx Troop"], 4, limit=500)
    army = add_entry(army, units["Woods Patrol"], 1, limit=500)
    assert refusal(army, 500) is None and refusal(army, 450) == "486 points is over the limit of 450 by 36"
    army = set_count(army, units["Lynx Troop"], 0)
    assert [e.entry.name for e in army.entries] == ["Woods Patrol"] and army.total == 45
    save_army(army, tmp_path / "raid.toml")
    again = load_army(tmp_path / "raid.toml")
    assert again.total == 45 and again.problems() == []


def test_the_bundled_dirtside_forces_are_the_teaching_scenarios_sides_as_it_stands():
    """Each force file says it is a side of the teaching scenario: its units are that side's, stat for stat (the
    rebels' file kept two Scout Cars and two patrols after the scenario's rebalancing gave them a Lynx Troop)."""
    scenario = tomllib.loads(Path("saves/scenarios/dirtside/teaching.toml").read_text())
    for side in ("federal", "rebels"):
        army = load_army(side, "dirtside")
        placed = ("facing",)  # where a unit faces is the scenario's deployment, not the force's
        wanted = [(u["name"], {k: v for k, v in u["stats"].items() if k not in placed})
                  for u in scenario["units"] if u["side"] == side]
        assert [(e.entry.name, e.entry.stats) for e in army.entries] == wanted
        assert all(e.entry.count == 1 and e.entry.points == e.each for e in army.entries)


def test_the_campaign_command_shows_a_bundled_campaign_without_copying_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    assert main(["campaign", "hundred_wars/ford", "--show"]) == 0
    out = capsys.readouterr().out
    assert "Two Battles at the Ford: 0 of 2 battles fought" in out and "next battle: first-blinds" in out
    assert not list(tmp_path.rglob("ford.toml"))  # --show writes nothing (issue 24 item 13)
    assert main(["campaign", "nowhere", "--show"]) == 2
    assert main(["army", "quad", str(tmp_path / "q.toml"), "--edit"]) == 2
    assert "have no army costing" in capsys.readouterr().err


def test_an_unknown_list_name_lists_the_names_there_are(capsys):
    """Issue 24 item 12: the refusal showed the path tried but not the lists there are."""
    assert main(["army", "hundred_wars", "nosuch"]) == 2
    said = capsys.readouterr().out
    assert "there is no army list 'nosuch'" in said
    assert all(name in said for name in list_armies("hundred_wars"))
    assert main(["army", "hundred_wars", "mine.toml", "--from", "marshan", "--add", "X"]) == 2
    assert "martian" in capsys.readouterr().out
