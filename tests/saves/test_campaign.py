"""Campaign files: battles in order, results, and the rule set's table carried from one battle into the next."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.core import GameResult
from saves.campaign import Campaign, carried, load_campaign, record_battle, save_campaign
from saves.errors import SaveError
from saves.schema import VERSION
from saves.store import load_game, verify
from tests.toy_ruleset import ToyCampaign
from tui import cli


def campaign(**extra) -> Campaign:
    data = {"ruleset": "toy", "name": "border-war", "title": "The Border War",
            "battles": ["toy-skirmish", "toy-skirmish"],
            "carry": {"survivors": ["a1"], "points": {"a": 3, "b": 1}}} | extra
    return Campaign.model_validate(data)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


HEAD = 'format = "hexwar"\nversion = 2\nkind = "campaign"\nruleset = "toy"\nname = "c"\nbattles = ["toy-skirmish"]\n'


def test_a_campaign_saves_and_loads_unchanged(tmp_path):
    c = campaign()
    path = save_campaign(c, tmp_path / "war.toml")
    data = tomllib.loads(path.read_text("utf-8"))
    assert (data["format"], data["version"], data["kind"], data["ruleset_version"]) == ("hexwar", VERSION, "campaign", 1)
    assert data["carry"] == {"survivors": ["a1"], "points": {"a": 3, "b": 1}}
    assert load_campaign(path) == c
    assert c.next_battle == "toy-skirmish"


def test_saving_again_is_atomic_and_keeps_the_previous_file(tmp_path):
    path = save_campaign(campaign(), tmp_path / "war.toml")
    first = path.read_bytes()
    save_campaign(campaign(title="Renamed"), path)
    assert path.with_name("war.toml.bak").read_bytes() == first
    assert load_campaign(path).title == "Renamed"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_carried_table_is_checked_by_the_rule_sets_campaign_model(tmp_path):
    path = write(tmp_path / "bad.toml", HEAD + '[carry]\nsurvivors = ["a1"]\npoints = { a = "three" }\n')
    with pytest.raises(SaveError) as caught:
        load_campaign(path)
    assert str(caught.value) == f"{path}: carry.points.a: expected an integer, got 'three'"


def test_a_misspelt_carried_key_is_named_with_a_close_match(tmp_path):
    path = write(tmp_path / "bad.toml", HEAD + "[carry]\nrepair = 2\n")
    with pytest.raises(SaveError) as caught:
        load_campaign(path)
    assert caught.value.path == "carry.repair"
    assert "did you mean 'repairs'?" in str(caught.value)


def test_an_unknown_battle_is_named_with_the_known_scenarios(tmp_path):
    path = write(tmp_path / "bad.toml", HEAD.replace('["toy-skirmish"]', '["toy-skirmish", "hill-fight"]'))
    with pytest.raises(SaveError) as caught:
        load_campaign(path)
    assert str(caught.value) == f"{path}: battles[1]: no toy scenario 'hill-fight' (known: toy-skirmish)"


def test_results_must_follow_the_battles_in_order(tmp_path):
    path = write(tmp_path / "bad.toml", HEAD + '[[results]]\nbattle = "farm"\nwinner = "a"\n')
    with pytest.raises(SaveError, match=r"results\[0\].battle: expected 'toy-skirmish' \(battle 1\), got 'farm'"):
        load_campaign(path)


def test_a_rule_set_without_a_campaign_model_has_no_campaigns(tmp_path):
    path = write(tmp_path / "quad.toml", HEAD.replace('"toy"', '"quad"').replace("toy-skirmish", "teaching"))
    with pytest.raises(SaveError, match="ruleset: the quad rules have no campaigns"):
        load_campaign(path)


def test_a_campaign_for_a_newer_version_of_its_rules_is_refused(tmp_path):
    path = write(tmp_path / "new.toml", HEAD + "ruleset_version = 5\n")
    with pytest.raises(SaveError, match="ruleset_version: written for a newer version of the toy rules: version 5"):
        load_campaign(path)


def test_a_battle_ends_and_its_carried_table_goes_into_the_next():
    c = campaign()
    after = record_battle(c, GameResult(winner="a", reason="the enemy is eliminated", turn=4),
                          ToyCampaign(survivors=["a1", "a2"], points={"a": 5}, repairs=1))
    assert [r.winner for r in after.results] == ["a"] and after.next_battle == "toy-skirmish"
    assert carried(after) == ToyCampaign(survivors=["a1", "a2"], points={"a": 5}, repairs=1)
    last = record_battle(after, GameResult(winner=None, reason="turn limit", turn=8), carried(after))
    assert last.next_battle is None and last.results[1].winner is None
    with pytest.raises(ValueError, match="already fought"):
        record_battle(last, GameResult(winner="b", reason="x"), {})


def test_verify_accepts_a_campaign(tmp_path, capsys):
    path = save_campaign(record_battle(campaign(), GameResult(winner="b", reason="r"), {"points": {"b": 2}}),
                         tmp_path / "war.toml")
    report = verify(path)
    assert report.ok and "toy campaign 'border-war', 2 battles, 1 fought, next 'toy-skirmish'" in report.message
    assert cli.main(["verify", str(path)]) == 0
    assert "campaign" in capsys.readouterr().out


def test_verify_reports_a_bad_campaign_in_one_line(tmp_path, capsys):
    path = write(tmp_path / "bad.toml", HEAD + "[carry]\nrepairs = -1\n")
    assert not verify(path).ok
    assert cli.main(["verify", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "carry.repairs" in err


def test_a_campaign_is_not_a_saved_game(tmp_path):
    path = save_campaign(campaign(), tmp_path / "war.toml")
    with pytest.raises(SaveError, match="kind: is a campaign, not a scenario or a saved game"):
        load_game(path)
