"""Broken, hostile and oversized files give one clear message (file, field path, expectation) and stay untouched."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from saves.errors import SaveError
from saves.scenarios import load_scenario
from saves.schema import MAX_FILE_BYTES
from saves.store import load_game, verify

BAD = Path(__file__).parent / "fixtures" / "bad"

# file -> (field path, words the message must hold, parser line or None)
EXPECTED = {
    "invalid-toml.toml": ("", "not valid TOML", 3),
    "wrong-types.toml": ("units[1].at", "expected a list", None),
    "wrong-stat-type.toml": ("units[1].stats.strength", "expected an integer, got 'high'", None),
    "missing-keys.toml": ("sides", "is missing", None),
    "unknown-ruleset.toml": ("ruleset", "unknown rule set 'chess' (known:", None),
    "oversized-map.toml": ("board.rows", "at most 200", None),
    "future-version.toml": ("version", "written by a newer hexwar: version 7, this one reads up to 3", None),
    "not-hexwar.toml": ("format", "not a hexwar file", None),
    "misspelt-key.toml": ("untis", "did you mean 'units'?", None),
    "unit-off-map.toml": ("units[1].at", "[50, 1] is off the 8x4 map", None),
    "unknown-map-character.toml": ("board.rows[2]", "column 3: 'X' is not in the legend", None),
    "unknown-terrain.toml": ("board.legend.F", "unknown terrain 'lava' for toy", None),
    "binary-garbage.toml": ("", "not a text file", None),
    "empty.toml": ("", "the file is empty", None),
    "deeply-nested.toml": ("", "nested too deeply", None),
}


def digest(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def test_every_bad_fixture_has_an_expectation():
    names = {p.name for p in BAD.iterdir()} - {"hostile-names.toml"}
    assert names == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_bad_scenario_file_gives_one_line_naming_the_file_the_field_and_the_expectation(name):
    path = BAD / name
    before = digest(path)
    field, words, line = EXPECTED[name]
    with pytest.raises(SaveError) as caught:
        load_scenario(path)
    err = caught.value
    message = str(err)
    assert message.startswith(str(path) + ": ")
    assert err.path == field
    assert words in message
    assert err.line == line
    if field:
        assert f": {field}: " in message
    assert "\n" not in message and "\x1b" not in message
    assert "Traceback" not in message
    assert digest(path) == before


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_loading_or_verifying_a_bad_file_as_a_save_is_refused_and_leaves_it_untouched(name):
    path = BAD / name
    before = digest(path)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert str(caught.value).startswith(str(path))
    report = verify(path)
    assert not report.ok and report.message.startswith(str(path))
    assert digest(path) == before
    assert not path.with_name(path.name + ".bak").exists()


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.write(b'format = "hexwar"\n')
        f.write(b"# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    before = digest(path)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert "too large" in str(caught.value) and str(MAX_FILE_BYTES)[:1] in str(caught.value)
    assert digest(path) == before


def test_a_missing_file_and_a_folder_are_named_clearly(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "nope.toml")
    with pytest.raises(SaveError, match="is a folder"):
        load_game(tmp_path)


def test_rich_markup_and_escape_sequences_in_names_load_and_stay_literal():
    path = BAD / "hostile-names.toml"
    before = digest(path)
    setup = load_scenario(path)
    assert setup.title == "[bold red]Not bold[/bold red] \x1b[2J\x1b[31mstill literal"
    assert setup.description.startswith("[link=https://example.com]click[/link] \x1b]0;pwned\x07")
    assert setup.sides[0].name == "[reverse]Side A[/]"
    assert setup.sides[0].players == ["\x1b[31mAnna\x1b[0m", "Ben [i]"]
    assert setup.sides[1].name == "Side B \x9b31m"
    assert setup.units[0].name == "[blink]Lancers[/blink]"
    assert setup.units[0].kind == "\x1b[5mcavalry"
    assert setup.units[1].name == "Xray \r\n overwrite"
    assert digest(path) == before


def test_hostile_names_survive_a_save_and_load_unchanged(tmp_path):
    from rules.service import GameService
    from saves.store import save_game

    setup = load_scenario(BAD / "hostile-names.toml")
    game = GameService.new(setup, seed=3)
    path = save_game(game, tmp_path / "hostile.toml")
    again = load_game(path)
    assert again.state == game.state
    assert again.setup.title == setup.title


def test_an_error_about_a_hostile_value_escapes_it(tmp_path):
    path = tmp_path / "evil.toml"
    text = (BAD / "unknown-ruleset.toml").read_text().replace('"chess"', '"\\u001b[2Jevil"')
    path.write_text(text)
    with pytest.raises(SaveError) as caught:
        load_scenario(path)
    assert "\x1b" not in str(caught.value)
    assert "\\x1b[2Jevil" in str(caught.value)


def test_a_save_whose_action_log_holds_nonsense_names_the_action(tmp_path):
    from saves.store import save_game
    from rules.service import GameService

    game = GameService.new(load_scenario("toy-skirmish", "toy"), seed=1)
    game.apply(game.legal_actions()[1])
    path = save_game(game, tmp_path / "g.toml")
    text = path.read_text()
    first = text.split("actions = [", 1)[1].split('"')[1]
    path.write_text(text.replace(first, "fly a to=moon"))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert caught.value.path == "game.actions[0]"
    assert "not an action of toy" in str(caught.value)


def test_copies_of_bad_files_elsewhere_are_untouched_too(tmp_path):
    for name in EXPECTED:
        shutil.copy(BAD / name, tmp_path / name)
        with pytest.raises(SaveError):
            load_game(tmp_path / name)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(EXPECTED)
