"""Issue 24 item 15: carried units that break a scenario's limits are refused when the campaign is loaded
(with their path, no raw pydantic text); an army list of an unknown rule set is a SaveError."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.service import GameService
from saves import campaign_play as play
from saves.armies import load_army
from saves.campaign import campaign_document
from saves.errors import SaveError
from saves.files import dump_toml
from tests.rules.hundred_wars.test_play import policy
from tui import cli

FORD = Path(play.__file__).parent / "campaigns" / "hundred_wars" / "ford.toml"


@pytest.fixture(scope="module")
def between_battles():
    """The bundled campaign after its first battle (a forced short game): its data, as written."""
    war = play.load(FORD)
    service = GameService.new(play.battle_setup(war), 12)
    rng = random.Random(3)
    while service.result is None:
        assert service.apply(policy(service, rng)).ok
    return campaign_document(play.finish_battle(war, service))


def broken(data: dict, tmp_path: Path, **unit) -> Path:
    carry = dict(data["carry"])
    forces = {side: [dict(u) for u in units] for side, units in carry["forces"].items()}
    side = next(s for s, units in forces.items() if units)
    forces[side][0].update(unit)
    path = tmp_path / "war.toml"
    path.write_text(dump_toml(data | {"carry": carry | {"forces": forces}}))
    return path, side


@pytest.mark.parametrize("unit, field", [({"id": "bad id"}, "id"), ({"name": "N" * 201}, "name")])
def test_a_carried_unit_beyond_a_scenarios_limits_is_refused_at_load(between_battles, tmp_path, unit, field, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    path, side = broken(between_battles, tmp_path, **unit)
    with pytest.raises(SaveError) as caught:
        play.load(path)
    assert f"carry.forces.{side}[0].{field}:" in str(caught.value)
    assert cli.main(["campaign", str(path), "--show"]) == 2
    err = capsys.readouterr().err
    assert f"carry.forces.{side}[0].{field}" in err and "pydantic" not in err and "validation error" not in err


def test_the_unbroken_campaign_still_loads(between_battles, tmp_path):
    path = tmp_path / "war.toml"
    path.write_text(dump_toml(between_battles))
    assert play.load(path).results


def test_an_army_of_an_unknown_rule_set_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="unknown rule set 'nope'"):
        load_army("colonial", "nope")
    army = Path(play.__file__).parent / "armies" / "dirtside" / "federal.toml"
    path = tmp_path / "army.toml"
    path.write_text(army.read_text().replace('ruleset = "dirtside"', 'ruleset = "nope"'))
    with pytest.raises(SaveError, match="ruleset: unknown rule set 'nope'"):
        load_army(path)
