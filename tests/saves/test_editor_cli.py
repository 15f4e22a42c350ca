"""`hexwar edit [SCENARIO]`: what it opens (a file, a bundled scenario as a copy, a new file, a blank
map) and the one-line errors for a bad size, rule set or name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui import cli


def test_a_blank_map_of_a_rule_set_and_size(opened):
    assert cli.main(["edit", "--ruleset", "dhr", "--size", "9x7"]) == 0
    session = opened[0]["edit"]
    assert (session.draft.ruleset, session.draft.width, session.draft.height, session.path) == ("dhr", 9, 7, None)


def test_a_blank_map_without_a_rule_set_is_of_the_registrys_first(opened):
    """The default is the registry's first line (rules/registry.py `default`), not a rule set named in saves."""
    from rules import registry

    assert cli.main(["edit"]) == 0
    assert opened[0]["edit"].draft.ruleset == registry.default() == "quad"  # quad's line comes first


def test_a_bundled_scenario_is_edited_as_a_copy(opened):
    assert cli.main(["edit", "village", "--ruleset", "skirmish"]) == 0
    session = opened[0]["edit"]
    assert session.draft.name == "village" and session.path is None and len(session.draft.units) == 17


def test_a_file_is_edited_in_place_and_a_new_path_starts_blank(opened, tmp_path):
    source = Path(__file__).resolve().parents[2] / "saves" / "scenarios" / "quad" / "teaching.toml"
    mine = tmp_path / "fort.toml"
    mine.write_bytes(source.read_bytes())
    assert cli.main(["edit", str(mine)]) == 0
    assert opened[0]["edit"].path == mine and not opened[0]["edit"].dirty
    assert cli.main(["edit", str(tmp_path / "Big-Map.toml"), "--ruleset", "hundred_wars"]) == 0
    session = opened[1]["edit"]
    assert session.path == tmp_path / "Big-Map.toml" and session.draft.name == "big-map"


@pytest.mark.parametrize("argv, words", [
    (["edit", "--size", "12by8"], "--size: expected WIDTHxHEIGHT"),
    (["edit", "--size", "500x8"], "the map must be 1 to 200 hexes each way"),
    (["edit", "--ruleset", "chess"], "chess"),
    (["edit", "no-such-scenario"], "no scenario file or bundled scenario 'no-such-scenario'"),
])
def test_bad_arguments_are_one_line_and_exit_2(opened, capsys, argv, words):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and not opened
