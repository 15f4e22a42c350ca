"""The balance report: computer against computer over many seeds, in parallel, with confidence intervals.

Games run in worker processes (concurrent.futures), or on a Dask distributed
cluster when an address is given (the optional `cluster` extra). Every game is
a pure function of (scenario, game seed): the computers' own randomness is
seeded from the game seed too, so a report can be reproduced exactly.
"""

from __future__ import annotations

import csv
import math
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from rules.ai.match import Played, play_game, seeded_players
from rules.core import Setup

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


PLAYERS = ("computer", "random", "greedy")
"""Who plays every side of a balance run: the computer at its default level (the balance figures), or a
yardstick (random against random: the actions a turn a computer's game is held against, issue 25)."""


def one_game(setup: Setup, seed: int, registrations: tuple = (), players: str = "computer") -> Played:
    """One game with `players` on every side (runs in a worker; `registrations` re-register test rule sets)."""
    from rules import registry

    for entry in registrations:
        registry.register(*entry)
    kinds = {s.id: players for s in setup.sides}
    return play_game(setup, seed, seeded_players(kinds, seed))


@dataclass
class Report:
    setup: Setup
    games: list[Played]
    players: str = "computer"

    def rows(self) -> list[dict]:
        """The table: one row per side (wins), one for draws, one per unit (survival)."""
        n = len(self.games)
        out = []
        for side in self.setup.sides:
            wins = sum(1 for g in self.games if g.winner == side.id)
            low, high = wilson(wins, n)
            out.append({"row": "side", "id": side.id, "name": side.name, "side": side.id, "games": n,
                        "count": wins, "rate": wins / n if n else 0.0, "low": low, "high": high})
        draws = sum(1 for g in self.games if g.winner is None)
        low, high = wilson(draws, n)
        out.append({"row": "draw", "id": "", "name": "draws", "side": "", "games": n, "count": draws,
                    "rate": draws / n if n else 0.0, "low": low, "high": high})
        for unit in self.setup.units:
            alive = sum(1 for g in self.games if g.survivors.get(unit.id))
            low, high = wilson(alive, n)
            out.append({"row": "unit", "id": unit.id, "name": unit.name, "side": unit.side, "games": n,
                        "count": alive, "rate": alive / n if n else 0.0, "low": low, "high": high})
        return out

    def summary(self) -> dict:
        """Each side's score (wins + half the draws) with its Wilson 95% interval, the draws, the average
        length in turns and the actions per turn: what docs/balance.md and the new-game screen show."""
        n = len(self.games)
        draws = sum(1 for g in self.games if g.winner is None)
        sides = []
        for side in self.setup.sides:
            wins = sum(1 for g in self.games if g.winner == side.id)
            low, high = wilson(wins + draws / 2, n)  # Wilson's formula takes the half draws as they are
            sides.append({"id": side.id, "name": side.name or side.id, "wins": wins,
                          "score": (wins + draws / 2) / n if n else 0.0, "low": low, "high": high})
        turns = sum(g.turns for g in self.games)
        return {"ruleset": self.setup.ruleset, "scenario": self.setup.name, "games": n,
                "seed": self.games[0].seed if self.games else 0, "sides": sides, "draws": draws,
                "turns": turns / n if n else 0.0,
                "actions_per_turn": actions_per_turn(self.games)}

    def text(self) -> str:
        n = len(self.games)
        rows = self.rows()
        lines = [f"{self.setup.title or self.setup.name} ({self.setup.ruleset}): {n} games, "
                 f"{self.players} against {self.players}", ""]
        lines.append(f"{'':28} {'wins':>5} {'rate':>7}   95% interval")
        for r in rows:
            if r["row"] in ("side", "draw"):
                lines.append(f"{r['name'][:28]:28} {r['count']:>5} {r['rate']:>7.1%}   {r['low']:.1%} - {r['high']:.1%}")
        if n:
            summary = self.summary()
            lines.append("")
            lines.append(f"average game length: {sum(g.actions for g in self.games) / n:.1f} actions, "
                         f"{summary['turns']:.1f} turns, {summary['actions_per_turn']:.1f} actions a turn")
            lines.append("score (wins + half the draws): " + ", ".join(
                f"{s['name']} {s['score']:.0%} ({s['low']:.0%}-{s['high']:.0%})" for s in summary["sides"]))
        lines += ["", "how the games ended:"]
        lines += [f"{count:>5}  {reason}" for reason, count in self.endings()]
        lines += ["", f"{'unit survival':28} {'side':>10} {'rate':>7}"]
        for r in rows:
            if r["row"] == "unit":
                lines.append(f"{r['name'][:28]:28} {r['side'][:10]:>10} {r['rate']:>7.1%}")
        return "\n".join(lines)

    def endings(self) -> list[tuple[str, int]]:
        """Each way a game ended (the victory check's reason), most frequent first: what a designer
        changes when one side wins too often (a hold too easy to take, a wipe-out too quick)."""
        counts: dict[str, int] = {}
        for game in self.games:
            way = game.reason.split(";")[0]  # Hundred Wars adds each game's damage after a ';': the way is before
            counts[way] = counts.get(way, 0) + 1
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))

    def write_csv(self, path) -> None:
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=["row", "id", "name", "side", "games", "count", "rate", "low", "high"])
            writer.writeheader()
            writer.writerows(self.rows())


def actions_per_turn(games: list[Played]) -> float:
    """Actions over turns of all `games`: a computer that dithers (steals and releases, pivots round) shows here."""
    return sum(g.actions for g in games) / max(1, sum(g.turns for g in games))


def progress_line(out=None) -> Callable[[int, int], None]:
    """A progress bar on one line of `out` (default stderr), redrawn in place."""

    def show(done: int, total: int) -> None:
        stream = out or sys.stderr
        width = 30
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        stream.write(f"\rbalance [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
        stream.flush()

    return show


def run(setup: Setup, games: int, jobs: int = 1, first_seed: int = 1, cluster: str | None = None,
        progress: Callable[[int, int], None] | None = None, registrations: tuple = (),
        players: str = "computer") -> Report:
    """Play `games` games (seeds first_seed, first_seed+1, ...) in `jobs` processes or on a Dask cluster,
    `players` (PLAYERS) on every side."""
    seeds = list(range(first_seed, first_seed + games))
    results: list[Played] = []

    def collect(found: Iterable[Played]) -> None:
        for played in found:
            results.append(played)
            if progress is not None:
                progress(len(results), games)

    if cluster is not None:
        collect(_on_cluster(cluster, setup, seeds, registrations, players))
    elif jobs <= 1:
        collect(one_game(setup, s, registrations, players) for s in seeds)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(one_game, setup, s, registrations, players) for s in seeds]
            collect(f.result() for f in as_completed(futures))
    results.sort(key=lambda p: p.seed)
    return Report(setup, results, players)


def _on_cluster(address: str, setup: Setup, seeds: list[int], registrations: tuple,
                players: str = "computer") -> Iterable[Played]:
    """The same games sent to the Dask distributed scheduler at `address` (pip install 'hexwar[cluster]')."""
    try:
        from distributed import Client, as_completed as done_in_turn
    except ImportError:
        raise RuntimeError("--cluster needs Dask distributed: pip install 'hexwar[cluster]'") from None
    with Client(address) as client:
        futures = client.map(one_game, [setup] * len(seeds), seeds, [registrations] * len(seeds),
                             [players] * len(seeds), pure=False)
        for future in done_in_turn(futures):
            yield future.result()
