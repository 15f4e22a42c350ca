"""The bundled army files load, cost and validate; the builder adds units with a running total and a points limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.armies import add_units, army_lines, empty_army, list_armies, load_army, save_army
from saves.errors import SaveError


def test_the_bundled_lists_validate_to_their_totals_after_the_errata():
    assert list_armies("hundred_wars") == ["colonial", "martian", "samples"]
    colonial = load_army("colonial", "hundred_wars")
    assert colonial.total == 1624 and colonial.file.printed_total == 1705 and colonial.problems() == []
    martian = load_army("martian", "hundred_wars")
    assert martian.total == 1769 == martian.file.printed_total and martian.problems() == []
    assert load_army("samples", "hundred_wars").problems() == []


def test_a_wrong_total_is_reported(tmp_path):
    text = (tmp_path / "x.toml")
    text.write_text('ruleset = "hundred_wars"\nname = "x"\ntotal = 50\n[[units]]\nname = "a"\nprinted = 40\n'
                    'stats = { cqb = 20, armour = 8 }\n')
    problems = load_army(text).problems()
    assert any("printed 40" in p for p in problems) and any("total is 50" in p for p in problems)


def test_the_builder_adds_units_shows_the_running_total_and_refuses_over_the_limit(tmp_path):
    martian = load_army("martian", "hundred_wars")
    army = empty_army("hundred_wars", "raid")
    army = add_units(army, martian, "Tilas of Lars - Prime Sword", 1, limit=300)
    army = add_units(army, martian, "maldian guard blades", 2, limit=300)
    assert army.total == 93 + 118
    assert army_lines(army, 300)[-1] == "211 points of 300"
    with pytest.raises(SaveError, match="over the limit of 300 by 37"):
        add_units(army, martian, "Tribal Sith Riders", 1, limit=300)
    with pytest.raises(SaveError, match="has no unit"):
        add_units(army, martian, "Zeppelin", 1)
    path = tmp_path / "raid.toml"
    save_army(army, path)
    again = load_army(path)
    assert again.total == 211 and again.problems() == []


def test_the_army_command_builds_and_refuses(tmp_path, capsys):
    from tui.cli import main

    path = str(tmp_path / "raid.toml")
    assert main(["army", "hundred_wars", path, "--from", "martian", "--add", "Maldian Guard Blades",
                 "--count", "3", "--limit", "200"]) == 0
    assert "177 points of 200" in capsys.readouterr().out
    assert main(["army", "hundred_wars", path, "--from", "martian", "--add", "Maldian Guard Blades",
                 "--limit", "200"]) == 2
    assert "over the limit of 200 by 36" in capsys.readouterr().out
    colonial = Path(__file__).parents[3] / "saves" / "armies" / "hundred_wars" / "colonial.toml"
    assert main(["army", "hundred_wars", str(colonial), "--limit", "1500"]) == 2
    assert "1624 points is over the limit of 1500 by 124" in capsys.readouterr().out
