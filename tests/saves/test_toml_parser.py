"""Saves and scenarios are read by tomllib's own parser compiled (tomli): loading a long game is a bar."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from saves import files
from saves.errors import SaveError

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "saves" / "scenarios").glob("*/*.toml"))


def test_files_are_parsed_by_the_compiled_parser(monkeypatch):
    """tomllib parses a 100 KB save in about 3x the time (docs/perf.md); the fast one must be the one used."""
    import tomli

    assert files.toml_parser is tomli
    assert tomli.__file__.endswith(".so"), "tomli installed without its compiled (mypyc) module"
    seen = []
    monkeypatch.setattr(files.toml_parser, "loads", lambda text: seen.append(text) or {"format": "hexwar"})
    assert files.parse_toml(b'format = "hexwar"\n', "x.toml") == {"format": "hexwar"}
    assert seen == ['format = "hexwar"\n']


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_scenario_reads_as_tomllib_reads_it(path):
    text = path.read_text(encoding="utf-8")
    assert files.toml_parser.loads(text) == tomllib.loads(text)


@pytest.mark.parametrize("text", [
    'a = 1\na = 2\n',  # a key twice
    'a = {b = 1,\n c = 2}\n',  # a newline in an inline table: TOML 1.1, not 1.0
    'a = "\\e"\n',  # the \e escape: TOML 1.1, not 1.0
    't = 12:30\n',  # a time without seconds: TOML 1.1, not 1.0
])
def test_what_tomllib_refuses_is_refused_with_its_line(text):
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    with pytest.raises(SaveError, match=r"not valid TOML: .*\(column \d+\)"):
        files.parse_toml(text.encode(), "x.toml")
