"""The computer at a hosted game's seats: `hexwar serve --new RULESET --ai SIDE[:LEVEL]`.

A player over SSH meets the same opponent, at the same levels, as at their own
keyboard: the host runs an `Autopilot` (rules/ai/autoplay.py) for the game's
computer sides, recorded in its file like any save's (`[game.players]`), so a
restarted host plays them again. After every change the host wakes the game's
computer; it thinks off the event loop (a decision may take a second) and plays
through its own seat, so it acts only for its own sides, as a player does.

While it thinks, the game's players' requests that change the game wait
(`HostedGame.turn_lock`): the search reads the game while it runs, and an
action applied under it would be read half-way. A player's move that was meant
for the position before the computer's is then refused by the rules, as any
stale move is.
"""

from __future__ import annotations

import asyncio
import logging

PAUSE = 0.6
"""Seconds between the computer's actions, so the players see each one arrive."""

log = logging.getLogger(__name__)


class HostComputers:
    """The computers of a host's games: one task per game, running while one of them is due."""

    def __init__(self, push, pause: float = PAUSE) -> None:
        self._push = push
        self.pause = pause
        self._running: dict[str, asyncio.Task] = {}

    def wake(self, game) -> None:
        """Let `game`'s computer play if one of its sides is due (a no-op while it already plays)."""
        if game.pilot is None or game.name in self._running:
            return
        if game.pilot.due() is None:
            return
        task = asyncio.get_running_loop().create_task(self._play(game))
        self._running[game.name] = task
        task.add_done_callback(lambda _t, name=game.name: self._running.pop(name, None))

    async def _play(self, game) -> None:
        while game.pilot.due() is not None:
            await asyncio.sleep(self.pause)
            async with game.turn_lock:
                if game.pilot.due() is None:
                    return
                try:
                    action = await asyncio.to_thread(game.pilot.think)
                except Exception:  # noqa: BLE001 - a computer that fails leaves its side waiting, the host serves on
                    log.exception("the computer of %s could not decide", game.name)
                    return
                if action is None:  # it lets a reaction go (asked once per position)
                    continue
                done = game.pilot.play(action)
            if not done.ok:
                log.warning("the computer's action in %s was refused: %s", game.name, done.reason)
                return
            self._push(game)

    async def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)
        self._running.clear()
