"""The balance report: Wilson intervals, the table, and `hexwar balance` end to end."""

from __future__ import annotations

import csv
import importlib.util

import pytest

from rules.ai.balance import run, wilson
from tests.conftest import toy_setup
from tui.cli import main

SHORT = 6
"""Turns of the toy games here: two computers may manoeuvre for long, and these tests are about the report."""


def test_wilson_interval_matches_the_formula_at_known_points():
    low, high = wilson(8, 10)
    assert round(low, 4) == 0.4902 and round(high, 4) == 0.9433
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_report_counts_every_game_once_and_is_reproducible():
    setup = toy_setup(max_turns=SHORT)
    first = run(setup, games=3, jobs=1, first_seed=5)
    again = run(setup, games=3, jobs=1, first_seed=5)
    assert [g.seed for g in first.games] == [5, 6, 7]
    assert [(g.winner, g.actions) for g in first.games] == [(g.winner, g.actions) for g in again.games]
    rows = first.rows()
    assert sum(r["count"] for r in rows if r["row"] in ("side", "draw")) == 3
    assert {r["id"] for r in rows if r["row"] == "unit"} == {u.id for u in setup.units}
    endings = first.endings()
    assert sum(count for _, count in endings) == 3
    assert {reason for reason, _ in endings} == {g.reason.split(";")[0] for g in first.games}
    assert all(f"{count:>5}  {reason}" in first.text() for reason, count in endings)


@pytest.mark.slow
def test_hexwar_balance_prints_the_table_and_writes_csv(tmp_path, capsys):
    from saves.scenarios import _bundled_bytes

    data, _ = _bundled_bytes("toy-skirmish", "toy")
    scenario = tmp_path / "short.toml"
    scenario.write_bytes(data.replace(b"teaching = true", f"teaching = true\nmax_turns = {SHORT}".encode()))
    out = tmp_path / "balance.csv"
    assert main(["balance", str(scenario), "--games", "4", "--jobs", "2", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "95% interval" in captured.out and "Side A" in captured.out and "Side B" in captured.out
    assert "average game length" in captured.out and "Alpha" in captured.out
    assert "4/4 games" in captured.err
    rows = list(csv.DictReader(out.open()))
    assert sum(int(r["count"]) for r in rows if r["row"] in ("side", "draw")) == 4
    assert all(r["games"] == "4" for r in rows)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="dask distributed is not installed")
def test_the_same_games_on_a_dask_cluster_give_the_same_report():
    from distributed import LocalCluster

    setup = toy_setup(max_turns=SHORT)
    registrations = (("toy", "Toy rules (tests only)", "tests.toy_ruleset"),)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        remote = run(setup, games=4, cluster=cluster.scheduler_address, first_seed=2, registrations=registrations)
    local = run(setup, games=4, jobs=1, first_seed=2)
    assert [(g.seed, g.winner, g.actions) for g in remote.games] == [(g.seed, g.winner, g.actions) for g in local.games]


def test_a_unit_still_under_a_blind_or_off_the_table_has_survived():
    """Survival is 'not destroyed': a Hundred Wars unit never revealed (no place on the map) survived."""
    import random

    from rules.ai.match import play_game
    from rules.ai.players import RandomPlayer
    from saves.scenarios import load_scenario

    setup = load_scenario("first-blinds", "hundred_wars")
    rng = random.Random(3)
    played = play_game(setup, seed=3, players={s.id: RandomPlayer(rng) for s in setup.sides}, max_actions=12)
    assert played.winner is None and played.actions == 12  # stopped early: every unit is off the map or hidden
    real = [u.id for u in setup.units]
    assert real and all(played.survivors[uid] for uid in real), played.survivors


def test_random_against_random_is_the_yardstick_for_actions_a_turn(tmp_path, capsys):
    """Issue 25: a computer game is held against a random one's actions a turn; `--players random` plays it,
    and refuses to write the computer's balance records with it."""
    setup = toy_setup(max_turns=SHORT)
    report = run(setup, games=2, jobs=1, first_seed=5, players="random")
    assert report.players == "random" and "random against random" in report.text()
    assert report.summary()["actions_per_turn"] > 0
    computer = run(setup, games=2, jobs=1, first_seed=5)
    assert [g.actions for g in report.games] != [g.actions for g in computer.games]
    assert main(["balance", "toy-skirmish", "--games", "1", "--players", "random",
                 "--out", str(tmp_path / "balance.md")]) == 2
    assert "use a CSV name with --players" in capsys.readouterr().err
