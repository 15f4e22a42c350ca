"""`make bench-ai` in small: the strength and level tables over a few games, in worker processes, written
between their markers (the command must never rot)."""

from __future__ import annotations

from rules.ai import tables as t
from rules.ai.balance import wilson
from tests.bench import ai as bench


def test_bench_ai_writes_the_strength_and_level_tables(tmp_path, capsys):
    doc = tmp_path / "ai.md"
    doc.write_text(f"# The computer\n\nbefore\n\n{t.START}\nold tables\n{t.END}\n\nafter\n", encoding="utf-8")
    bench.tables(games=2, jobs=2, only="toy", out=str(doc))
    text = doc.read_text(encoding="utf-8")
    assert "old tables" not in text and text.startswith("# The computer") and text.rstrip().endswith("after")
    part = text[text.index(t.START): text.index(t.END)]
    for player, against in t.PAIRINGS:
        assert "| toy | " in part and f"| {player} | {against} | 2 |" in part, (player, against, part)
    assert "**Strength**" in part and "**Levels**" in part and "actions a turn" in part


def test_a_table_counts_wins_draws_and_sides():
    from tests.conftest import toy_setup

    setup = toy_setup()
    a, b = (s.id for s in setup.sides)
    job = lambda side, seed: t.Job("toy", "demo", setup, "hard", "normal", side, seed)  # noqa: E731
    outcomes = [t.Outcome(job(a, 1), True, False, 10, 2, [0.1]), t.Outcome(job(b, 2), False, True, 30, 3, [0.3]),
                t.Outcome(job(a, 3), None, error="RefusedAction: x")]
    row = t.table(outcomes, levels=True).splitlines()[2]
    assert row.startswith("| toy | demo | hard | normal | 2 (+1 broken) | 1 | 75% |")
    low, high = wilson(1.5, 2)  # the interval is the score's (a draw counts half), not the wins'
    assert f"| {low:.0%} - {high:.0%} |" in row and wilson(1, 2) != (low, high)
    assert f"{a} 1/1, {b} 0/1" in row and "| 8.0 |" in row and "300 ms" in row
    assert t.table(outcomes, levels=False).count("\n") == 1  # no strength row for a level pairing


def test_the_games_of_a_row_are_listed_and_each_traced_as_the_list_played_it(tmp_path):
    """tests/bench/games.py: a row's games one line each, and one of them replayed action by action with its
    events; the trace ends as the list said that game ended."""
    import io

    from tests.bench import games

    listed = io.StringIO()
    won = games.listing("toy/toy-skirmish", ("normal", "random"), games=2, seed=40, jobs=1, lost=False, out=listed)
    lines = listed.getvalue().splitlines()
    assert lines[-1] == f"normal against random: won {won} of 2"
    seed, side, end, *_ = lines[0].split()
    assert seed == "40" and end in ("won", "lost", "drawn")
    traced = io.StringIO()
    winner = games.trace("toy/toy-skirmish", ("normal", "random"), side, 40, out=traced)
    assert end == ("drawn" if winner is None else "won" if winner == side else "lost")
    text = traced.getvalue()
    assert f"* {side}: " in text and "\n      " in text  # the measured player's actions, and their events
    assert text.rstrip().splitlines()[-1].split(": ", 2)[-1] == lines[0].split(" ", 5)[-1]  # the same ending
