"""A scenario side reads its units from an army file (`army`, `points`, `deploy`; saves/army_sides.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.hexgrid import from_offset
from rules.service import GameService
from saves.army_sides import scenario_armies, scenario_limit, with_army
from saves.errors import SaveError
from saves.scenarios import load_scenario

BLINDS = Path(__file__).parents[2] / "saves" / "scenarios" / "hundred_wars" / "first-blinds.toml"


def scenario(tmp_path, red: str) -> Path:
    """first-blinds with the red side's listed units dropped and `red` added to its side table."""
    text = re.sub(r"points = 450.*\n", "", BLINDS.read_text()).replace('id = "red"\nname = "Red Company"\n', f'id = "red"\nname = "Red Company"\n{red}\n', 1)
    head, *units = text.split("[[units]]")
    path = tmp_path / "s.toml"
    path.write_text(head + "".join("[[units]]" + u for u in units if 'side = "blue"' in u))
    return path


def test_a_side_takes_its_units_from_a_bundled_army_and_plays(tmp_path):
    setup = load_scenario(scenario(tmp_path, 'army = "martian"\npoints = 1800'))
    red = [u for u in setup.units if u.side == "red"]
    assert red[0].name == "Tilas of Lars - Prime Sword" and red[0].at is None  # under a blind (the rule set places it)
    assert len({u.id for u in setup.units}) == len(setup.units)
    assert all("army" not in s.fields and "points" not in s.fields for s in setup.sides)
    service = GameService.new(setup, 5)
    assert any(u.name.startswith("Shimmer Class Light Wings") for u in service.state.units.values())


def test_an_army_over_the_sides_points_is_refused_with_the_reason(tmp_path):
    with pytest.raises(SaveError, match=r"sides\[0\].army.*1769 points, over the side's limit of 1000 by 769"):
        load_scenario(scenario(tmp_path, 'army = "martian"\npoints = 1000'))
    with pytest.raises(SaveError, match=r"sides\[0\].deploy\[0\].*off the"):
        load_scenario(scenario(tmp_path, 'army = "martian"\ndeploy = [[99, 0]]'))
    with pytest.raises(SaveError, match="sides\\[0\\].points"):
        load_scenario(scenario(tmp_path, 'points = "many"'))


def test_deploy_places_the_units_in_order(tmp_path):
    setup = load_scenario(scenario(tmp_path, 'army = "martian"\ndeploy = [[0, 0], [1, 0]]'))
    red = [u for u in setup.units if u.side == "red"]
    assert [u.at for u in red[:3]] == [from_offset(0, 0), from_offset(1, 0), None]


def test_the_teaching_scenario_lets_each_side_take_an_army_of_450_points():
    sides = scenario_armies("first-blinds", "hundred_wars")
    assert {s: a.points for s, a in sides.items()} == {"red": 450, "blue": 450}
    assert scenario_limit("hundred_wars", "first-blinds") == 450
    setup = load_scenario("first-blinds", "hundred_wars")
    with pytest.raises(SaveError, match="over the side's limit of 450"):
        with_army(setup, sides["red"], "colonial")
