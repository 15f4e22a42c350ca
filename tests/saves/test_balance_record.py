"""The measured balance: docs/balance.md's rows, the shipped data file, and `hexwar balance --out` writing both."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.ai.balance import Report, wilson
from rules.ai.match import Played
from saves.balance_record import balance_line, data_file, read_balance, update_data_file, update_markdown
from saves.scenarios import list_scenarios, load_scenario
from tests.conftest import toy_setup
from tui.cli import main


def _report(outcomes: list[tuple[str | None, int, int]]) -> Report:
    """A report of made-up toy games: (winner, actions, turns) each."""
    setup = toy_setup()
    games = [Played(seed=40 + n, winner=w, reason="", actions=a, turns=t, survivors={})
             for n, (w, a, t) in enumerate(outcomes)]
    return Report(setup, games)


def test_a_sides_score_counts_half_the_draws_with_its_wilson_interval():
    report = _report([("a", 30, 3), ("a", 20, 2), ("b", 10, 1), (None, 40, 4)])
    summary = report.summary()
    a, b = summary["sides"]
    assert (a["wins"], a["score"]) == (2, 0.625) and (b["wins"], b["score"]) == (1, 0.375)
    assert (a["low"], a["high"]) == wilson(2.5, 4)
    assert summary["draws"] == 1 and summary["games"] == 4 and summary["seed"] == 40
    assert summary["turns"] == 2.5 and summary["actions_per_turn"] == 10.0
    assert "actions a turn" in report.text() and "Side A 62% (" in report.text()


def test_the_markdown_table_gets_one_row_per_scenario_replaced_by_a_new_run(tmp_path):
    page = tmp_path / "balance.md"
    update_markdown(page, _report([("a", 30, 3)] * 3).summary())
    first = page.read_text()
    assert first.startswith("# Scenario balance")
    assert "| toy/toy-skirmish | 3 | 40-42 | Side A 100% (44%-100%), Side B 0% (0%-56%) | 0 | 3.0 | 10.0 |" in first
    other = _report([("b", 8, 2)]).summary() | {"ruleset": "dhr", "scenario": "farm"}
    update_markdown(page, other)
    update_markdown(page, _report([("b", 8, 2), (None, 8, 2)]).summary())
    rows = [line for line in page.read_text().splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [r.split("|")[1].strip() for r in rows] == ["dhr/farm", "toy/toy-skirmish"]
    assert "| toy/toy-skirmish | 2 | 40-41 | Side A 25%" in rows[1] and "| 1 | 2.0 | 4.0 |" in rows[1]


def test_text_around_the_table_is_kept(tmp_path):
    page = tmp_path / "balance.md"
    page.write_text("# Notes\n\nBefore.\n")
    update_markdown(page, _report([("a", 30, 3)]).summary())
    page.write_text(page.read_text() + "\nAfter the table.\n")
    update_markdown(page, _report([("b", 30, 3)]).summary())
    text = page.read_text()
    assert text.startswith("# Notes\n\nBefore.\n") and text.rstrip().endswith("After the table.")
    assert text.count("| toy/toy-skirmish |") == 1 and "Side B 100%" in text


def test_the_data_file_keeps_other_entries_and_gives_the_new_game_line(tmp_path):
    data = tmp_path / "balance.toml"
    update_data_file(data, _report([("a", 30, 3), ("b", 30, 3), ("a", 30, 3), (None, 9, 3)]).summary())
    update_data_file(data, _report([("b", 5, 1)]).summary() | {"ruleset": "dhr", "scenario": "farm"})
    assert set(tomllib.loads(data.read_text())) == {"toy", "dhr"}
    assert balance_line("toy", "toy-skirmish", data) == "computer vs computer, 4 games: Side A 62%, Side B 38%"
    assert balance_line("dhr", "farm", data) == "computer vs computer, 1 games: Side A 0%, Side B 100%"
    assert balance_line("dhr", "tower", data) == ""


@pytest.mark.parametrize("text", ["not = [toml", "toy = 3", "[toy.toy-skirmish]\ngames = 'x'\nsides = 2"])
def test_a_broken_data_file_shows_no_balance_rather_than_an_error(tmp_path, text):
    data = tmp_path / "balance.toml"
    data.write_text(text)
    assert balance_line("toy", "toy-skirmish", data) == ""
    assert balance_line("toy", "toy-skirmish", tmp_path / "missing.toml") == ""


def test_the_shipped_data_file_names_bundled_scenarios_and_their_sides():
    """Every entry of saves/scenarios/balance.toml is a bundled scenario, with its sides in order."""
    shipped = read_balance()
    bundled = {(i.ruleset, i.name) for i in list_scenarios()}
    for ruleset, entries in shipped.items():
        for name, entry in entries.items():
            assert (ruleset, name) in bundled, f"{ruleset}/{name}"
            setup = load_scenario(name, ruleset)
            assert [s["id"] for s in entry["sides"]] == [s.id for s in setup.sides]
            assert sum(s["wins"] for s in entry["sides"]) + entry["draws"] == entry["games"]
            assert balance_line(ruleset, name).startswith(f"computer vs computer, {entry['games']} games: ")
    assert Path(str(data_file())).name == "balance.toml"


@pytest.mark.slow
def test_hexwar_balance_out_writes_the_markdown_row_and_the_data_file(tmp_path, capsys):
    from saves.scenarios import _bundled_bytes

    data, _ = _bundled_bytes("toy-skirmish", "toy")
    scenario = tmp_path / "short.toml"
    scenario.write_bytes(data.replace(b"teaching = true", b"teaching = true\nmax_turns = 3"))
    page, record, table = tmp_path / "balance.md", tmp_path / "balance.toml", tmp_path / "balance.csv"
    args = ["balance", str(scenario), "--games", "2", "--jobs", "1", "--seed", "9"]
    assert main(args + ["--out", str(page), "--out", str(record), "--out", str(table)]) == 0
    assert "actions a turn" in capsys.readouterr().out
    assert "| toy/toy-skirmish | 2 | 9-10 | Side A " in page.read_text()
    assert balance_line("toy", "toy-skirmish", record).startswith("computer vs computer, 2 games: Side A ")
    assert table.read_text().startswith("row,id,name,side,games")
