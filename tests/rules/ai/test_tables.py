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
