"""The strength and level tables of docs/ai.md: many seeded games in parallel processes (or on a Dask cluster).

Strength: the computer at a level against the random and the greedy yardsticks,
taking each side in turn. Levels: hard against normal and normal against easy,
the stronger level taking each side in turn. Every game is a pure function of
its job (scenario, players, seed): the players' own randomness is seeded from
the game seed, so a table can be reproduced exactly. `make bench-ai` runs it
(tests/bench/ai.py --tables) and writes the tables between markers in docs/ai.md.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from rules.ai.balance import wilson
from rules.ai.match import play_game, seeded_players
from rules.core import Setup

PAIRINGS = (("normal", "random"), ("normal", "greedy"), ("hard", "normal"), ("normal", "easy"))
"""(the player measured, its opponent): a level name is the computer at that level, else a yardstick."""
START, END = "<!-- bench-ai:start -->", "<!-- bench-ai:end -->"
"""The markers around the tables in docs/ai.md (the text between them is replaced)."""


@dataclass(frozen=True)
class Job:
    ruleset: str
    scenario: str
    setup: Setup
    player: str
    """The player measured: a level (easy, normal, hard)."""
    against: str
    """Its opponent on every other side: a level or 'random' / 'greedy'."""
    side: str
    seed: int


@dataclass
class Outcome:
    job: Job
    won: bool | None
    """None: the rules broke the game (an offered action refused); `error` says how."""
    draw: bool = False
    actions: int = 0
    turns: int = 0
    times: list[float] = field(default_factory=list)
    error: str = ""
    reason: str = ""
    """How the game ended, in the rules' words."""


def _kind(name: str) -> str:
    return name if name in ("random", "greedy") else f"computer:{name}"


def kinds_of(job: Job) -> dict[str, str]:
    """Each side's player in `job`'s game: the measured player at its side, its opponent at every other."""
    return {s.id: _kind(job.player if s.id == job.side else job.against) for s in job.setup.sides}


def jobs_for(scenarios: Iterable[tuple[str, str, Setup]], games: int, pairings=PAIRINGS,
             first_seed: int = 3000) -> list[Job]:
    """`games` games of every pairing on every scenario, the measured player taking the sides in turn."""
    out = []
    for rid, name, setup in scenarios:
        sides = [s.id for s in setup.sides]
        for player, against in pairings:
            for g in range(games):
                out.append(Job(rid, name, setup, player, against, sides[g % len(sides)], first_seed + g))
    return out


def play(job: Job, registrations: tuple = ()) -> Outcome:
    """One game of `job` (runs in a worker; `registrations` re-register test rule sets there)."""
    from rules import registry

    for entry in registrations:
        registry.register(*entry)
    try:
        played = play_game(job.setup, job.seed, seeded_players(kinds_of(job), job.seed), timed=True,
                           clock=time.process_time)
    except Exception as exc:  # noqa: BLE001 - a rules bug: reported in the table, not counted as a result
        return Outcome(job, None, error=f"{type(exc).__name__}: {exc}")
    return Outcome(job, played.winner == job.side, played.winner is None, played.actions, played.turns,
                   played.think[job.side], reason=played.reason)


def run(jobs: list[Job], workers: int = 1, cluster: str | None = None, registrations: tuple = (),
        progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """Play every job in `workers` processes (or on the Dask scheduler at `cluster`), in the jobs' order."""
    found: list[Outcome] = []

    def collect(outcomes: Iterable[Outcome]) -> None:
        for o in outcomes:
            found.append(o)
            if progress is not None:
                progress(len(found), len(jobs))

    if cluster is not None:
        collect(_on_cluster(cluster, jobs, registrations))
    elif workers <= 1:
        collect(play(j, registrations) for j in jobs)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play, j, registrations) for j in jobs]
            collect(f.result() for f in as_completed(futures))
    return sorted(found, key=lambda o: (o.job.ruleset, o.job.scenario, o.job.player, o.job.against, o.job.seed))


def _on_cluster(address: str, jobs: list[Job], registrations: tuple) -> Iterable[Outcome]:
    try:
        from distributed import Client, as_completed as done_in_turn
    except ImportError:
        raise RuntimeError("--cluster needs Dask distributed: pip install 'hexwar[cluster]'") from None
    with Client(address) as client:
        futures = client.map(play, jobs, [registrations] * len(jobs), pure=False)
        for future in done_in_turn(futures):
            yield future.result()


def _rows(outcomes: list[Outcome]) -> dict[tuple, list[Outcome]]:
    rows: dict[tuple, list[Outcome]] = {}
    for o in outcomes:
        j = o.job
        rows.setdefault((j.ruleset, j.scenario, j.player, j.against), []).append(o)
    return rows


def table(outcomes: list[Outcome], levels: bool) -> str:
    """A markdown table: the strength rows (against a yardstick) or the level rows (level against level)."""
    head = ("| rule set | scenario | measured | against | games | won | score | 95% interval | by side (won/played) "
            "| draws | actions a turn | median / slowest decision (CPU) |")
    lines = [head, "|" + "---|" * 12]
    for (rid, name, player, against), got in sorted(_rows(outcomes).items()):
        if (against not in ("random", "greedy")) != levels:
            continue
        done = [o for o in got if o.won is not None]
        n = len(done)
        won = sum(o.won for o in done)
        draws = sum(o.draw for o in done)
        score = (won + draws / 2) / n if n else 0.0
        low, high = wilson(won + draws / 2, n)  # the interval of the score, as docs/balance.md's
        sides: dict[str, list[int]] = {}
        for o in done:
            s = sides.setdefault(o.job.side, [0, 0])
            s[0] += o.won
            s[1] += 1
        by_side = ", ".join(f"{s} {w}/{p}" for s, (w, p) in sorted(sides.items()))
        turns = sum(o.turns for o in done)
        per_turn = sum(o.actions for o in done) / turns if turns else 0.0
        times = [t for o in done for t in o.times]
        speed = f"{1000 * statistics.median(times):.0f} / {1000 * max(times):.0f} ms" if times else "-"
        broken = len(got) - n
        lines.append(f"| {rid} | {name} | {player} | {against} | {n}{f' (+{broken} broken)' if broken else ''} "
                     f"| {won} | {score:.0%} | {low:.0%} - {high:.0%} | {by_side} | {draws} | {per_turn:.1f} "
                     f"| {speed} |")
    return "\n".join(lines)


def report(outcomes: list[Outcome], games: int, first_seed: int, note: str = "") -> str:
    """The text between the markers: how it was made, then the strength and the level tables."""
    return "\n".join([
        START,
        f"Written by `make bench-ai` ({games} games a row, each side half, seeds {first_seed} on; "
        f"score = won + half the draws; the interval is Wilson's 95% on the score){note}.",
        "",
        "**Strength** (the computer at the default level against the yardsticks):",
        "",
        table(outcomes, levels=False),
        "",
        "**Levels** (the first level against the second, taking each side in turn):",
        "",
        table(outcomes, levels=True),
        END,
    ])


def write(path, text: str) -> None:
    """Put `text` (markers included) in place of the marked part of the file at `path`, else at its end."""
    from pathlib import Path

    p = Path(path)
    old = p.read_text(encoding="utf-8") if p.exists() else ""
    if START in old and END in old:
        new = old[: old.index(START)] + text + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + ("\n\n" if old else "") + "## Strength and level tables (make bench-ai)\n\n" + text + "\n"
    p.write_text(new, encoding="utf-8")
