"""Every bundled scenario loads, and its map legend draws terrain with symbols, never letters.

Units are drawn on the map as letters (upper case for one side, lower case for the other), so
a terrain letter next to a unit letter cannot be told apart (QA: the DHR tower's crops `c` beside
the Cave troll `c`). Terrain that is the same in two scenarios is drawn the same way.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from saves.scenarios import list_scenarios, load_scenario

ROOT = Path(__file__).resolve().parents[2] / "saves" / "scenarios"

TEST_ONLY = {"toy"}
"""Rule sets registered only inside the tests; their scenarios (tests/scenarios/) are not shown to players."""

SCENARIOS = [s for s in list_scenarios() if s.ruleset not in TEST_ONLY]
FILES = sorted(ROOT.glob("*/*.toml"))
"""Every scenario the package ships (none of a test-only rule set: tests/saves/test_scenarios.py)."""


def _legend(path: Path) -> dict[str, str]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["board"]["legend"]


def test_every_bundled_file_is_listed():
    listed = {(Path(s.source).parent.name, Path(s.source).name) for s in SCENARIOS}
    assert {(p.parent.name, p.name) for p in FILES} <= listed
    assert len(FILES) >= 6


@pytest.mark.parametrize("info", SCENARIOS, ids=lambda s: f"{s.ruleset}-{s.name}")
def test_every_listed_scenario_loads(info):
    assert not info.error, info.error
    setup = load_scenario(info.name, info.ruleset)
    assert setup.units and setup.board.width > 0
    assert setup.board.glyphs, "the board keeps its legend for drawing"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_no_legend_uses_a_letter_or_a_digit(path):
    for ch, tid in _legend(path).items():
        assert len(ch) == 1 and ch.isascii() and ch.isprintable() and not ch.isspace(), (tid, ch)
        assert not ch.isalnum(), f"{path.name}: terrain {tid!r} is drawn as {ch!r}, which a unit or a height could be"


@pytest.mark.parametrize("info", SCENARIOS, ids=lambda s: f"{s.ruleset}-{s.name}")
def test_loaded_glyphs_are_symbols(info):
    setup = load_scenario(info.name, info.ruleset)
    assert all(not ch.isalnum() for ch in setup.board.glyphs.values()), setup.board.glyphs


def test_the_same_terrain_is_drawn_the_same_everywhere():
    """Within a rule set (each declares its own terrain and its look: the same id may differ between them)."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    for path in FILES:
        for ch, tid in _legend(path).items():
            key = (path.parent.name, tid)
            if key in seen:
                assert seen[key][0] == ch, f"{tid!r} is {seen[key][0]!r} in {seen[key][1]} but {ch!r} in {path.name}"
            else:
                seen[key] = (ch, path.name)
    # and, within one rule set, two terrains never share a character
    for ruleset in {p.parent.name for p in FILES}:
        by_char: dict[str, str] = {}
        for path in (p for p in FILES if p.parent.name == ruleset):
            for ch, tid in _legend(path).items():
                assert by_char.setdefault(ch, tid) == tid, f"{ruleset}: {ch!r} is both {by_char[ch]!r} and {tid!r}"


@pytest.mark.parametrize("info", SCENARIOS, ids=lambda s: f"{s.ruleset}-{s.name}")
def test_titles_leave_the_teaching_mark_to_the_screens(info):
    """`hexwar list` and the new-game screen add "(teaching)" themselves (QA: it was printed twice)."""
    assert "teaching" not in info.title.lower()
