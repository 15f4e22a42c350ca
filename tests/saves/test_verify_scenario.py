"""`hexwar verify` on scenarios: every bundled one is clean; each kind of mistake, made in a copy of
each bundled scenario, is reported with its field path, and several mistakes are all reported."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from annotated_types import Le

from rules import registry
from saves.checks import stats_model
from saves.files import dump_toml
from saves.scenarios import list_scenarios
from saves.store import verify
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2] / "saves" / "scenarios"
BUNDLED = [ROOT / i.ruleset / f"{i.name}.toml" for i in list_scenarios() if i.ruleset != "toy"]
"""Every bundled scenario of the real rule sets (the test-only toy rule set has no stats model)."""


def _ids(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _copy(tmp_path: Path, source: Path, change) -> Path:
    raw = tomllib.loads(source.read_text())
    change(raw)
    out = tmp_path / source.name
    out.write_text(dump_toml(raw))
    return out


def _placed(raw) -> int:
    """A unit placed on the map (the first one put at [0, 0] when all start off the map, as blinds do)."""
    i = next((i for i, u in enumerate(raw["units"]) if "at" in u), 0)
    raw["units"][i].setdefault("at", [0, 0])
    return i


def _free_char(raw) -> str:
    return next(c for c in "QZXJ?" if c not in raw["board"]["legend"])


def _bad_row(raw):
    ch = _free_char(raw)
    row = raw["board"]["rows"][2]
    raw["board"]["rows"][2] = row[:3] + ch + row[4:]
    return "board.rows[2]", f"column 3: '{ch}' is not in the legend"


def _off_map(raw):
    i = _placed(raw)
    raw["units"][i]["at"] = [len(raw["board"]["rows"][0]) + 3, 0]
    return f"units[{i}].at", "is off the"


def _bad_side(raw):
    raw["units"][0]["side"] = "nobody"
    return "units[0].side", "expected one of the sides"


def _bad_victory(raw):
    raw["victory"] = [*raw.get("victory", []), {"kind": "capture_the_flag"}]
    n = len(raw["victory"]) - 1
    return f"victory[{n}].kind", "'capture_the_flag' is not a victory kind of"


def _bad_option(raw):
    raw["options"] = {**raw.get("options", {}), "no_such_option": True}
    return "options.no_such_option", "is not an option of"


def _bad_terrain(raw):
    raw["board"]["legend"][_free_char(raw)] = "lava_lake"
    return None, "unknown terrain 'lava_lake'"


def _bad_sides_count(raw):
    raw["sides"] = raw["sides"][:1]
    return "sides", "too short"


def _stat_above(raw):
    rules = registry.get(raw["ruleset"])
    model = stats_model(rules)
    for name, field in model.model_fields.items():
        top = next((m.le for m in field.metadata if isinstance(m, Le)), None)
        if top is not None and isinstance(raw["units"][0]["stats"].get(name), int):
            raw["units"][0]["stats"][name] = top + 1
            return f"units[0].stats.{name}", f"{top + 1} is above the rule set's maximum (at most {top})"
    raise AssertionError(f"{raw['ruleset']}'s first unit has no bounded whole-number stat")


def _impassable(raw):
    rules = registry.get(raw["ruleset"])
    banned = [tid for tid, info in rules.terrain.items() if info.impassable and info.glyph]
    i = _placed(raw)
    ch = _free_char(raw)
    raw["board"]["legend"][ch] = banned[0]
    col, row = raw["units"][i]["at"]
    text = raw["board"]["rows"][row]
    raw["board"]["rows"][row] = text[:col] + ch + text[col + 1:]
    return f"units[{i}].at", f"'{banned[0]}' terrain, where no {raw['ruleset']} unit may stand"


MISTAKES = [_bad_row, _off_map, _bad_side, _bad_victory, _bad_option, _bad_terrain, _bad_sides_count,
            _stat_above, _impassable]


@pytest.mark.parametrize("path", BUNDLED, ids=_ids)
def test_every_bundled_scenario_verifies_clean(path):
    report = verify(path)
    assert report.ok, report.message
    assert ": ok: " in report.message and path.parent.name in report.message


def _forbids_standing(path: Path) -> bool:
    return any(i.impassable for i in registry.get(path.parent.name).terrain.values())


CASES = [(path, mistake) for path in BUNDLED for mistake in MISTAKES
         if mistake is not _impassable or _forbids_standing(path)]
"""Every mistake in a copy of every bundled scenario (a unit on terrain no unit may stand on: in the
rule sets that have such terrain; Hundred Wars and Dirtside forbid terrain only to some units)."""


@pytest.mark.parametrize("path, mistake", CASES, ids=[f"{_ids(p)}-{m.__name__.strip('_')}" for p, m in CASES])
def test_each_mistake_is_reported_with_its_path(tmp_path, path, mistake):
    found: list = []
    bad = _copy(tmp_path, path, lambda raw: found.append(mistake(raw)))
    where, words = found[0]
    report = verify(bad)
    assert not report.ok
    texts = [p.text() for p in report.error.problems]
    assert any((where is None or p.path == where) and words in p.expected for p in report.error.problems), texts


@pytest.mark.parametrize("path", BUNDLED, ids=_ids)
def test_every_problem_is_reported_at_once(tmp_path, path, capsys):
    expected: list = []

    def break_it(raw):
        for mistake in (_bad_row, _off_map, _bad_victory, _bad_option):
            expected.append(mistake(raw))

    bad = _copy(tmp_path, path, break_it)
    report = verify(bad)
    paths = [p.path for p in report.error.problems]
    for where, _ in expected:
        assert where in paths, paths
    assert main(["verify", str(bad)]) == 2
    err = capsys.readouterr().err
    for where, _ in expected:
        assert f"{bad}: {where}: " in err
    assert f"{len(paths)} problems" in err


def test_a_clean_scenario_exits_0_and_says_what_it_checked(capsys):
    assert main(["verify", str(ROOT / "quad" / "teaching.toml")]) == 0
    out = capsys.readouterr().out
    assert "ok: quad scenario 'teaching', 12x8 map, 8 units, sides kingdom, rebels" in out


def test_loading_refuses_what_verify_reports(tmp_path):
    """One piece of code serves both: a scenario `verify` faults is one `hexwar new` refuses."""
    from saves.errors import SaveError
    from saves.scenarios import load_scenario

    bad = _copy(tmp_path, ROOT / "quad" / "teaching.toml", _impassable)
    with pytest.raises(SaveError) as caught:
        load_scenario(bad)
    assert [p.text() for p in caught.value.problems] == [p.text() for p in verify(bad).error.problems]


def test_a_broken_structure_still_gets_its_map_checked(tmp_path):
    def change(raw):
        raw["units"][0]["at"] = "here"  # a type the format refuses before any other check
        _bad_row(raw)

    bad = _copy(tmp_path, ROOT / "dhr" / "farm.toml", change)
    paths = [p.path for p in verify(bad).error.problems]
    assert "units[0].at" in paths and "board.rows[2]" in paths
