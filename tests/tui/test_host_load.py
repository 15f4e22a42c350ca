"""A host under load (issue 26 item 13): 20 games at once, two scripted players each on the host's
socket, every action answered and pushed, nothing lost, within a time bound."""

from __future__ import annotations

import random
import threading
import time

import pytest

from rules.service import GameService
from saves.scenarios import load_scenario
from tests.tui.test_host import Running

GAMES = 20
ACTIONS = 20
"""Actions per game (or fewer, when the game ends first)."""
BOUND = 120.0
"""Seconds for all of them, on a loaded 2-CPU machine (about 10 s alone)."""


def play(running: Running, name: str, seed: int, sent: dict[str, list[str]], errors: list[str]) -> None:
    codes = running.host.codes(name)
    service = running.host.games[name].service
    seats = {side: running.seat(codes[side]) for side in service.state.side_ids()}
    rng = random.Random(seed)
    try:
        while len(sent[name]) < ACTIONS and service.result is None:
            side = service.decision().side
            seat = seats[side]
            deadline = time.monotonic() + 20
            while seat.action_count < len(sent[name]):  # its screen has the last push
                if time.monotonic() > deadline:
                    errors.append(f"{name}: {side} never got push {len(sent[name])}")
                    return
                time.sleep(0.005)
            action = rng.choice(seat.legal_actions())
            done = seat.apply(action)
            if not done.ok:
                errors.append(f"{name}: {action.text()} refused: {done.reason}")
                return
            sent[name].append(action.text())
        deadline = time.monotonic() + 20
        while any(s.action_count != len(sent[name]) for s in seats.values()):  # every seat has the last push
            if time.monotonic() > deadline:
                errors.append(f"{name}: a seat never got the last push")
                return
            time.sleep(0.01)
    except Exception as exc:  # noqa: BLE001 - reported by the test
        errors.append(f"{name}: {type(exc).__name__}: {exc}")


@pytest.mark.slow
def test_twenty_games_at_once_lose_nothing(tmp_path):
    running = Running(tmp_path / "host")  # the default request rate per connection
    try:
        names = [running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=n), f"g{n}").name
                 for n in range(GAMES)]
        sent: dict[str, list[str]] = {name: [] for name in names}
        errors: list[str] = []
        start = time.monotonic()
        threads = [threading.Thread(target=play, args=(running, name, n, sent, errors)) for n, name in enumerate(names)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(BOUND)
        took = time.monotonic() - start
        assert not errors, errors
        assert all(not t.is_alive() for t in threads) and took < BOUND, f"took {took:.1f} s"
        for name in names:
            log = [a.text() for a in running.host.games[name].service.log]
            assert log == sent[name], f"{name}: an action was lost, doubled or changed"
        print(f"{GAMES} games, {sum(map(len, sent.values()))} actions in {took:.1f} s")
    finally:
        running.stop()
