"""Computer-player figures: strength against the random and greedy players, and decision time.

`python -m tests.bench.ai [--games N] [--jobs J] [--only RULESET[/SCENARIO]]` plays, on every
bundled scenario of every registered rule set, N seeded games against each
yardstick player, the computer taking each side in turn, and prints the win
rates (with Wilson 95% intervals) and the median and slowest decision. N is
also read from the environment (`HEXWAR_AI_GAMES=200 make bench` for the
issue's full count); `make bench` runs it with a small N; docs/ai.md holds the
figures of a larger run. A game the rules break (an action they offered and
then refused, by either player) is counted as an error, not as a result, and
listed. Benchmarks print; they never fail.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from rules import registry
from rules.ai.balance import wilson
from rules.ai.match import play_game, seeded_players

MEDIAN_BAR_MS = 200.0
SLOWEST_BAR_MS = 2000.0


def scenarios(only: str | None = None):
    from saves.scenarios import list_scenarios, load_scenario

    import tests.conftest  # noqa: F401 - registers the toy rule set

    for entry in registry.entries():
        if only and entry.id != only.split("/")[0]:
            continue
        for info in list_scenarios(entry.id):
            if not info.error and (not only or "/" not in only or info.name == only.split("/", 1)[1]):
                yield entry.id, info.name, load_scenario(info.name, ruleset=entry.id)


def one(rid: str, name: str, setup, opponent: str, game: int, cpu: bool = False, side: str | None = None,
        first_seed: int = 1000) -> tuple:
    """Game `game` (seed first_seed + game): the computer takes `side`, else the sides in turn (game % their
    number); returns (rid, name, opponent, me, won, draw, times, actions)."""
    import tests.conftest  # noqa: F401 - a worker registers the toy rule set too

    sides = [s.id for s in setup.sides]
    me = side or sides[game % len(sides)]
    kinds = {s: ("computer" if s == me else opponent) for s in sides}
    seed = first_seed + game
    try:
        import time

        clock = time.process_time if cpu else time.perf_counter
        played = play_game(setup, seed, seeded_players(kinds, seed), timed=True, clock=clock)
    except Exception as exc:  # noqa: BLE001 - a rules bug (an offered action refused): reported, not counted
        return rid, name, opponent, me, None, f"{type(exc).__name__}: {exc}", [], 0
    return rid, name, opponent, me, played.winner == me, played.winner is None, played.think[me], played.actions


def run(games: int | None = None, jobs: int = 2, only: str | None = None, opponents=("random", "greedy"),
        cpu: bool = False, side: str | None = None, first_seed: int = 1000) -> list[dict]:
    if games is None:  # `make bench`: a small count unless the environment asks for more
        games = int(os.environ.get("HEXWAR_AI_GAMES", "2"))
    chosen = list(scenarios(only))
    if side is not None:
        chosen = [c for c in chosen if side in {s.id for s in c[2].sides}]
        if not chosen:
            raise SystemExit(f"no scenario{' of ' + only if only else ''} has a side {side!r}")
    jobs_list = [(rid, name, setup, opp, g) for rid, name, setup in chosen for opp in opponents
                 for g in range(games)]
    results: dict[tuple, dict] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(one, *j, cpu, side, first_seed) for j in jobs_list]
        for n, f in enumerate(as_completed(futures), 1):
            rid, name, opp, me, won, draw, times, actions = f.result()
            row = results.setdefault((rid, name, opp), {"ruleset": rid, "scenario": name, "opponent": opp,
                                                        "games": 0, "wins": 0, "draws": 0, "times": [],
                                                        "by_side": {}, "actions": 0, "errors": []})
            if won is None:
                row["errors"].append(f"computer={me}: {draw}")
                print(f"game {rid} {name} {opp} computer={me} error: {draw}", flush=True)
                continue
            row["games"] += 1
            row["wins"] += won
            row["draws"] += draw
            row["times"] += times
            row["actions"] += actions
            side = row["by_side"].setdefault(me, [0, 0])
            side[0] += won
            side[1] += 1
            print(f"game {rid} {name} {opp} computer={me} won={int(won)} draw={int(draw)} actions={actions} "
                  f"median_ms={1000 * statistics.median(times) if times else 0:.0f} "
                  f"slowest_ms={1000 * max(times) if times else 0:.0f}", flush=True)
            print(f"\rai bench: {n}/{len(jobs_list)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = [results[k] for k in sorted(results)]
    print(f"{'rule set':8} {'scenario':14} {'against':8} {'games':>5} {'won':>5} {'rate':>6}  {'95% interval':15}"
          f" {'median':>8} {'slowest':>8}  by side (won/played)")
    for r in rows:
        if not r["games"]:
            print(f"{r['ruleset']:8} {r['scenario']:14} {r['opponent']:8} no game finished "
                  f"({len(r['errors'])} errors)")
            continue
        low, high = wilson(r["wins"], r["games"])
        med = 1000 * statistics.median(r["times"]) if r["times"] else 0.0
        top = 1000 * max(r["times"]) if r["times"] else 0.0
        sides = ", ".join(f"{s} {w}/{n}" for s, (w, n) in sorted(r["by_side"].items()))
        print(f"{r['ruleset']:8} {r['scenario']:14} {r['opponent']:8} {r['games']:>5} {r['wins']:>5} "
              f"{r['wins'] / r['games']:>6.0%}  {low:>5.0%} - {high:<5.0%}  {med:>6.0f}ms {top:>6.0f}ms  {sides}"
              + (f"  ({len(r['errors'])} games broken by the rules)" if r["errors"] else ""))
    for r in rows:
        for e in r["errors"]:
            print(f"error: {r['ruleset']} {r['scenario']} against {r['opponent']}, {e}")
    all_times = [t for r in rows for t in r["times"]]
    if all_times:
        print(f"decision time over all games: median {1000 * statistics.median(all_times):.0f} ms "
              f"(bar {MEDIAN_BAR_MS:.0f}), slowest {1000 * max(all_times):.0f} ms (bar {SLOWEST_BAR_MS:.0f})")
    return rows


def tables(games: int, jobs: int, only: str | None, out: str | None, first_seed: int = 3000,
           cluster: str | None = None, pairings=None) -> str:
    """`make bench-ai`: the strength and level tables (rules/ai/tables.py) over every bundled scenario, written
    between their markers in `out` (docs/ai.md) when given; returns the text."""
    from rules.ai import tables as t

    chosen = [c for c in scenarios(only) if only or c[0] != "toy"]  # the tests' toy only when asked for
    todo = t.jobs_for(chosen, games, pairings or t.PAIRINGS, first_seed)
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        print(f"\rbench-ai: {done}/{total} games, {time.monotonic() - started:.0f} s", end="", file=sys.stderr,
              flush=True)

    outcomes = t.run(todo, jobs, cluster, registrations=_toy_registration(), progress=progress)
    print(file=sys.stderr)
    minutes = (time.monotonic() - started) / 60
    text = t.report(outcomes, games, first_seed,
                    f"; {len(todo)} games in {minutes:.0f} minutes of wall time, {jobs} processes")
    for o in outcomes:
        if o.won is None:
            print(f"error: {o.job.ruleset} {o.job.scenario} {o.job.player} against {o.job.against} "
                  f"seed {o.job.seed}: {o.error}", file=sys.stderr)
    if out:
        t.write(out, text)
    print(text)
    return text


def _toy_registration() -> tuple:
    """The toy rule set's registration, for worker processes (it lives in the tests)."""
    from rules import registry

    return tuple((e.id, e.name, e.module) for e in registry.entries() if e.id == "toy")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.ai")
    parser.add_argument("--games", type=int, default=int(os.environ.get("HEXWAR_AI_GAMES", "6")),
                        help="games per scenario and opponent, sides alternating (default: $HEXWAR_AI_GAMES or 6)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="one rule set id, or RULESET/SCENARIO")
    parser.add_argument("--side", help="the computer always takes this side (else the sides in turn)")
    parser.add_argument("--seed", type=int, help="the first game's seed (default 1000; with --tables 3000)")
    parser.add_argument("--against", default="random,greedy", help="opponents, comma-separated")
    parser.add_argument("--cpu", action="store_true",
                        help="time decisions in CPU seconds of the deciding process, not wall time "
                        "(the fair figure on a machine shared with other work)")
    parser.add_argument("--tables", action="store_true",
                        help="the strength and level tables of docs/ai.md instead (make bench-ai)")
    parser.add_argument("--out", help="with --tables: the file whose marked tables are replaced (docs/ai.md)")
    parser.add_argument("--cluster", help="with --tables: a Dask scheduler's address to play the games on")
    parser.add_argument("--pairings", help="with --tables: PLAYER:OPPONENT,... (default: normal:random, "
                        "normal:greedy, hard:normal, normal:easy)")
    args = parser.parse_args(argv)
    if args.tables:
        pairings = tuple(tuple(p.split(":", 1)) for p in args.pairings.split(",")) if args.pairings else None
        tables(args.games, args.jobs, args.only, args.out, first_seed=3000 if args.seed is None else args.seed,
               cluster=args.cluster, pairings=pairings)
        return 0
    run(args.games, args.jobs, args.only, tuple(args.against.split(",")), args.cpu, args.side,
        1000 if args.seed is None else args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
