"""Host figures for `make bench`: bytes pushed per action per seat, and host CPU per action.

Issue 26 item 13's bar: under 4 KB per action per seat on every bundled
scenario. For each bundled scenario, a host (tui/remote/host.py) holds the game
with one connection per side and one spectator (their writers only count
bytes); random legal actions are applied and pushed as the host pushes them
after a player's action. Printed: the median and largest push per seat, and
the host's CPU per action (the action and every seat's push). Benchmarks print;
they never fail.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario
from tui.remote.host import SPECTATOR, Connection, Host

PUSH_BAR_BYTES = 4096
ACTIONS = 30


class CountingWriter:
    """Stands for a connection's stream: counts what the host writes to it."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def write(self, data: bytes) -> None:
        self.sizes.append(len(data))

    def is_closing(self) -> bool:
        return False


def measure(ruleset: str, scenario: str, actions: int = ACTIONS, seed: int = 1) -> tuple[list[int], list[float]]:
    """Bytes of every push to every seat after each action, and the host's CPU seconds per action."""
    with tempfile.TemporaryDirectory() as folder:
        host = Host(Path(folder))
        service = GameService.new(load_scenario(scenario, ruleset), seed=seed)
        game = host.add_game(service, "bench")
        writers = []
        for side in [*service.state.side_ids(), SPECTATOR]:
            writer = CountingWriter()
            conn = Connection(writer, game, side)  # type: ignore[arg-type]
            game.connections.append(conn)
            writers.append(writer)
        host.push(game)  # the first, whole push on joining is not counted
        for writer in writers:
            writer.sizes.clear()
        rng = random.Random(seed)
        cpu: list[float] = []
        for _ in range(actions):
            if service.result is not None:
                break
            side = service.decision().side
            legal = service.legal_actions(side)
            if not legal:
                break
            start = time.process_time()
            service.apply(rng.choice(legal), autosave=False)
            host.push(game)
            cpu.append(time.process_time() - start)
        return [n for w in writers for n in w.sizes], cpu


def run() -> None:
    print(f"Host pushes (bar: under {PUSH_BAR_BYTES} bytes per action per seat; {ACTIONS} random actions)")
    for info in list_scenarios():
        if info.error:
            continue
        sizes, cpu = measure(info.ruleset, info.name)
        if not sizes:
            continue
        worst = max(sizes)
        mark = "ok" if worst < PUSH_BAR_BYTES else "OVER"
        print(f"  {info.ruleset:>12} {info.name:<24} median {statistics.median(sizes):>7.0f} B, "
              f"max {worst:>7} B per seat [{mark}]; host CPU {statistics.median(cpu) * 1000:6.1f} ms per action")


if __name__ == "__main__":
    run()
