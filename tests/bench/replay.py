"""Replay figures for `make bench` (issue 29): stepping one action and jumping to action N of a long game.

Bars from the issue: a step (one action forward or back) under 50 ms, a jump to
action N of a 1,000-action game under 300 ms. Each real rule set's largest
bundled scenario and the toy are played at random to 1,000 actions (or the
game's end), saved and loaded (so the replay starts from what a load keeps),
then measured on `rules.replay.Replay`: the engine's part of the screen's step
(the widgets' part is the game screen's redraw, measured in the terminal section).
The played game stays alive beside the loaded one, as under a replay opened from
the game-over screen, and the heap is frozen as the replay screen freezes it.
Medians, and the slowest step with the bar beside it: single steps of 150-800 ms
(garbage-collector pauses) once hid behind medians of 1 ms.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from rules.replay import Replay, freeze_heap, thaw_heap
from tests.bench.engine import LONG_GAME, _largest, _line, _long_game, _ms, _register_toy

STEP_BAR_MS = 50.0
GOTO_BAR_MS = 300.0
STEPS_ON_SCREEN = 60
"""Steps each way on the screen (each waits for the frame): enough for a full collection to fall in."""


def bench_replay(label: str, setup) -> None:
    from saves.store import load_game, save_game

    game = _long_game(setup, LONG_GAME)  # kept alive, as the game-over screen keeps it under a replay
    with tempfile.TemporaryDirectory() as tmp:
        loaded = load_game(save_game(game, Path(tmp) / "game.toml"))
    n = len(loaded.history)
    note = f"({n} actions{'' if n >= LONG_GAME else ', the game ended there'})"
    rng = random.Random(3)
    freeze_heap()  # as the replay screen does when it opens
    try:
        jumps, forward, back = [], [], []
        for _ in range(7):  # a fresh replay each time: nothing cached yet but what the load kept
            replay = Replay(loaded)
            target = rng.randrange(n + 1)
            t0 = time.perf_counter()
            replay.goto(target)
            jumps.append(time.perf_counter() - t0)
        for times, by in ((back, -1), (forward, 1)):  # every step over the whole log, each way from a fresh replay
            replay = Replay(loaded)
            replay.goto(n if by < 0 else 0)  # the end and the opening are the load's own: nothing else cached
            for _ in range(n):
                t0 = time.perf_counter()
                replay.step(by)
                times.append(time.perf_counter() - t0)
        turn_keys = []
        for _ in range(7):  # a fresh replay each time: the turn key's spans are not walked yet
            replay = Replay(loaded)
            replay.goto(rng.randrange(n + 1))
            t0 = time.perf_counter()
            replay.next_turn() if rng.random() < 0.5 else replay.previous_turn()
            turn_keys.append(time.perf_counter() - t0)
    finally:
        thaw_heap()
    _line(f"replay: goto action N, {label}", _ms(statistics.median(jumps)), GOTO_BAR_MS,
          f"{note}, worst {_ms(max(jumps)):.1f} ms")
    _line(f"replay: step back one action, {label}", _ms(statistics.median(back)), STEP_BAR_MS)
    _line(f"replay: step forward one action, {label}", _ms(statistics.median(forward)), STEP_BAR_MS)
    _line(f"replay: SLOWEST step of {len(back) + len(forward)}, {label}", _ms(max(back + forward)), STEP_BAR_MS,
          "(every position, back from the end and forward from the opening)")
    _line(f"replay: a turn key (next or previous), {label}", _ms(statistics.median(turn_keys)), GOTO_BAR_MS,
          f"(worst {_ms(max(turn_keys)):.1f} ms)")


def bench_screen(label: str, setup) -> None:
    """The replay screen's step: the key's handler (position, view, map, roster, card, dice log, status), in
    this thread's CPU time (what the step costs, whatever else the machine runs); painting follows."""
    import asyncio

    from saves.store import load_game, save_game
    from tui.app import HexwarApp
    from tui.screens.replay import ReplayScreen

    game = _long_game(setup, LONG_GAME)
    with tempfile.TemporaryDirectory() as tmp:
        loaded = load_game(save_game(game, Path(tmp) / "game.toml"))
    figures: dict[str, list[float]] = {"back": [], "forward": []}

    async def steps() -> None:
        app = HexwarApp({"screen": lambda: ReplayScreen(loaded, referee=True)}, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            for name, by in (("back", -1), ("forward", 1)):
                for _ in range(STEPS_ON_SCREEN):
                    t0 = time.thread_time()
                    screen.action_step(by)
                    figures[name].append(time.thread_time() - t0)
                    await pilot.pause()

    asyncio.run(steps())  # autosave off: nothing is written
    for name, times in figures.items():
        _line(f"replay screen: step {name} at 80x24, {label}", _ms(statistics.median(times)), STEP_BAR_MS,
              "(CPU time)")
    slowest = max(figures["back"] + figures["forward"])
    _line(f"replay screen: SLOWEST step of {2 * STEPS_ON_SCREEN}, {label}", _ms(slowest), STEP_BAR_MS, "(CPU time)")


def run() -> None:
    print("replay (medians; bars from issue 29)")
    _register_toy()
    from tests.conftest import toy_setup

    for label, setup in [*_largest(), ("toy 20x20", toy_setup(width=20, height=20))]:
        bench_replay(label, setup)
    for label, setup in _largest():
        bench_screen(label, setup)


if __name__ == "__main__":
    run()
