"""A scenario whose units break the design or organisation rules is refused at load, the rule named (issue 27
item 7); and air-to-air guns are offered only to a craft that has them (an RFAC/1 or HEL, not an RFAC/2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.turn import legal_actions
from saves.errors import SaveError
from saves.scenarios import load_scenario
from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit

TEACHING = Path(__file__).parents[3] / "saves" / "scenarios" / "dirtside" / "teaching.toml"


def _with_unit(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(TEACHING.read_text() + "\n" + text)
    return path


def test_a_unit_mixing_commandos_with_rifle_teams_is_refused_at_load_naming_the_rule(tmp_path):
    path = _with_unit(tmp_path, '''
[[units]]
id = "x1"
side = "federal"
name = "Mixed Raiders"
at = [2, 2]

[units.stats]
elements = [
  { name = "Seals", kind = "infantry", troop = "line", team = "commando" },
  { name = "Squad", kind = "infantry", troop = "line", team = "rifle" },
]
''')
    with pytest.raises(SaveError, match="can not mix commandos.*house rule 'Infantry commandos'"):
        load_scenario(path)


def test_an_emplacement_armoured_beyond_its_size_is_refused_at_load_naming_the_rule(tmp_path):
    path = _with_unit(tmp_path, '''
[[units]]
id = "x2"
side = "federal"
name = "Bunker"
at = [2, 2]

[units.stats]
[[units.stats.elements]]
name = "Bunker"
kind = "emplacement"
design = { size = 3, armour = 5, emplacement = true }
''')
    with pytest.raises(SaveError, match=r"armour 5 is above the limit of 4.*vehicle design, §12"):
        load_scenario(path)


def test_the_rule_set_refuses_such_a_set_up_itself():
    bad = setup([unit("m", "blue", at(2, 2), [team("Seals", kind="commando"), team()]),
                 unit("t", "red", at(9, 9), [tank()])])
    with pytest.raises(ValueError, match="breaks the design rules"):
        RULESET.setup(bad, 1, {o.id: o.default for o in RULESET.options})


def test_no_air_to_air_guns_are_offered_to_a_craft_whose_only_gun_is_an_rfac2():
    def jet(id, side, cls):
        design = {"size": 3, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "enhanced",
                  "weapons": [{"type": "RFAC", "cls": cls, "mount": "fixed"}]}
        return unit(id, side, None, [{"name": id, "kind": "aircraft", "design": design}], role="aircraft",
                    off_table=False)

    state = start(setup([jet("hawk", "blue", 2), jet("owl", "blue", 1), unit("t", "blue", at(10, 14), [tank()]),
                         jet("kite", "red", 1), unit("r", "red", at(10, 2), [tank()])]), first="blue")
    fights = {(a.unit, a.weapon) for a in legal_actions(state, "blue") if a.kind == "airfight"}
    assert ("owl", "guns") in fights and ("hawk", "guns") not in fights
