"""The games behind a row of docs/ai.md's tables, one by one: which were lost and how, and any one of them replayed.

    python -m tests.bench.games list RULESET/SCENARIO --pairing normal:random [--games 60] [--seed 3000] [--jobs 2]
    python -m tests.bench.games trace RULESET/SCENARIO --pairing normal:random --side SIDE --seed N

`list` plays the row's games (the same jobs as `python -m tests.bench.ai --tables`: the measured player takes the
sides in turn, seeds from `--seed` on) and prints one line a game: seed, the measured player's side, won / lost /
drawn, turns, actions, and how it ended in the rules' words; `--lost` prints only the games not won. `trace` plays
one of them again, action by action (the measured player's marked `*`), each with the events it made. Every game is
a pure function of its job, so the trace is the game the list counted. Each stop wrote these two scripts again in
its notes (lost with the notes); they live here now.
"""

from __future__ import annotations

import argparse
import sys

from rules.ai.match import play_game, seeded_players
from rules.ai.tables import Job, jobs_for, kinds_of, run
from tests.bench.ai import scenarios


def _setup(only: str):
    found = list(scenarios(only))
    if len(found) != 1 or "/" not in only:
        raise SystemExit(f"name one scenario as RULESET/SCENARIO (got {only!r}: {len(found)} scenarios)")
    return found[0]


def _pairing(text: str) -> tuple[str, str]:
    player, sep, against = text.partition(":")
    if not sep:
        raise SystemExit(f"--pairing is PLAYER:OPPONENT, as normal:random (got {text!r})")
    return player, against


def listing(only: str, pairing: tuple[str, str], games: int, seed: int, jobs: int, lost: bool, out=sys.stdout) -> int:
    """Play the row's games and print one line a game; returns how many the measured player won."""
    outcomes = run(jobs_for([_setup(only)], games, (pairing,), seed), workers=jobs)
    won = 0
    for o in sorted(outcomes, key=lambda o: o.job.seed):
        end = "ERROR" if o.won is None and not o.draw else "drawn" if o.draw else "won" if o.won else "lost"
        won += bool(o.won)
        if lost and end == "won":
            continue
        print(f"{o.job.seed} {o.job.side} {end} turns={o.turns} actions={o.actions} {o.error or o.reason}", file=out)
    print(f"{pairing[0]} against {pairing[1]}: won {won} of {len(outcomes)}", file=out)
    return won


def trace(only: str, pairing: tuple[str, str], side: str, seed: int, out=sys.stdout) -> str | None:
    """Play one game of the row again and print every action with its events; returns the winner."""
    rid, name, setup = _setup(only)
    if side not in {s.id for s in setup.sides}:
        raise SystemExit(f"no side {side!r} in {only}: {', '.join(s.id for s in setup.sides)}")
    job = Job(rid, name, setup, pairing[0], pairing[1], side, seed)

    def watch(action, events) -> None:
        print(f"{'*' if action.side == side else ' '} {action.side}: {action.text()}", file=out)
        for e in events:
            print(f"      {e.text()}", file=out)

    played = play_game(setup, seed, seeded_players(kinds_of(job), seed), watch=watch)
    print(f"winner: {played.winner or 'none (a draw)'}: {played.reason}", file=out)
    return played.winner


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.games", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for command in ("list", "trace"):
        p = sub.add_parser(command)
        p.add_argument("scenario", help="RULESET/SCENARIO")
        p.add_argument("--pairing", default="normal:random", help="PLAYER:OPPONENT (default normal:random)")
        p.add_argument("--seed", type=int, default=3000)
        if command == "list":
            p.add_argument("--games", type=int, default=20)
            p.add_argument("--jobs", type=int, default=2)
            p.add_argument("--lost", action="store_true", help="only the games not won")
        else:
            p.add_argument("--side", required=True)
    args = parser.parse_args(argv)
    pairing = _pairing(args.pairing)
    if args.command == "list":
        listing(args.scenario, pairing, args.games, args.seed, args.jobs, args.lost)
    else:
        trace(args.scenario, pairing, args.side, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
