"""Host figures for `make bench`: bytes pushed per action per seat, and host CPU per action.

Issue 26 item 13's bar: under 4 KB per action per seat on every bundled
scenario. For each bundled scenario, a host (tui/remote/host.py) holds the game
with one connection per side and one spectator (their writers only count
bytes, and ask for every next part of a long message at once, as a client
does); random legal actions are applied and pushed as the host pushes them
after a player's action, until the game ends or ACTIONS were played. Printed:
the median and the largest line written per action per seat (the bar), the
largest total per action per seat (a long message's parts together: the log
revealed when the game ends), and the host's CPU per action (the action and
every seat's push). Benchmarks print; they never fail.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario
from tui.remote.host import SPECTATOR, Connection, Host

PUSH_BAR_BYTES = 4096
ACTIONS = 400


class CountingWriter:
    """Stands for a connection's stream: counts what the host writes to it."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def write(self, data: bytes) -> None:
        self.sizes.append(len(data))

    def is_closing(self) -> bool:
        return False


@dataclass
class Measured:
    lines: list[int] = field(default_factory=list)
    """Bytes of every line written to a seat after an action."""
    totals: list[int] = field(default_factory=list)
    """Bytes written to each seat after each action, all lines together."""
    cpu: list[float] = field(default_factory=list)
    """The host's CPU seconds per action."""


def measure(ruleset: str, scenario: str, actions: int = ACTIONS, seed: int = 1) -> Measured:
    """Bytes pushed to every seat after each action, and the host's CPU per action."""
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

        def push() -> None:
            host.push(game)
            for conn in game.connections:
                while conn.awaiting_more:  # the client asks for each next part
                    conn.more()

        push()  # the first, whole push on joining is not counted
        for writer in writers:
            writer.sizes.clear()
        rng = random.Random(seed)
        out = Measured()
        for _ in range(actions):
            if service.result is not None:
                break
            side = service.decision().side
            legal = service.legal_actions(side)
            if not legal:
                break
            start = time.process_time()
            service.apply(rng.choice(legal), autosave=False)
            push()
            out.cpu.append(time.process_time() - start)
            for writer in writers:
                out.lines += writer.sizes
                out.totals.append(sum(writer.sizes))
                writer.sizes.clear()
        return out


def run() -> None:
    print(f"Host pushes (bar: under {PUSH_BAR_BYTES} bytes per action per seat; random actions, "
          f"to the game's end or {ACTIONS})")
    for info in list_scenarios():
        if info.error:
            continue
        got = measure(info.ruleset, info.name)
        if not got.lines:
            continue
        worst = max(got.lines)
        mark = "ok" if worst < PUSH_BAR_BYTES else "OVER"
        print(f"  {info.ruleset:>12} {info.name:<24} {len(got.cpu):>3} actions: median {statistics.median(got.totals):>6.0f} B, "
              f"max {worst:>5} B a line per seat [{mark}] ({max(got.totals):>6} B in parts); "
              f"host CPU {statistics.median(got.cpu) * 1000:5.1f} ms per action")


if __name__ == "__main__":
    run()
