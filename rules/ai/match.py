"""Playing one whole game between players, each deciding through its own seat."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.actions import Action
from rules.core import Setup
from rules.events import Event
from rules.service import GameService

MAX_ACTIONS = 4000
"""A game still running after this many actions is stopped and counted as a draw."""


class RefusedAction(RuntimeError):
    """A player chose an action the rules refused: a bug of the player or of the rules."""


@dataclass
class Played:
    """What one game gave: the winner, its length, who survived, and how long each decision took."""

    seed: int
    winner: str | None
    reason: str
    actions: int
    turns: int
    survivors: dict[str, bool]
    """Unit id -> not destroyed at the end (one still under a blind, off the table or to come has survived)."""
    think: dict[str, list[float]] = field(default_factory=dict)
    """Side -> seconds each of its decisions took (for the speed figures)."""


def play_game(setup: Setup, seed: int, players: dict, options: dict | None = None,
              max_actions: int = MAX_ACTIONS, timed: bool = False, clock=time.perf_counter,
              watch: Callable[[Action, list[Event]], None] | None = None) -> Played:
    """Play `setup` with game seed `seed`; `players` maps each side id to a player.

    Each turn of the loop first offers the sides that may react their chance
    (a player answers None to let play go on), then the deciding side decides.
    With `timed`, each decision is timed by `clock` (wall time; `time.process_time`
    counts only this process's work, the fair figure on a machine shared with others).
    `watch` is told each action applied and the events it made (tests/bench/games.py traces a game with it).
    """
    game = GameService.new(setup, seed=seed, options=options)
    table = game.seat(None)  # the referee's: who decides (reactions included), and the end
    seats = {s: game.seat(s) for s in table.view().side_ids()}
    think: dict[str, list[float]] = {s: [] for s in seats}
    while table.result is None and table.action_count < max_actions:
        decision = table.decision()
        action = None
        for side in decision.reactors:
            start = clock() if timed else 0.0
            action = players[side].react(seats[side])
            if timed:
                think[side].append(clock() - start)
            if action is not None:
                break
        if action is None:
            side = decision.side
            start = clock() if timed else 0.0
            action = players[side].choose(seats[side])
            if timed:
                think[side].append(clock() - start)
        done = seats[action.side].apply(action)
        if not done.ok:
            raise RefusedAction(f"{action.side} played {action.text()}: refused: {done.reason}")
        if watch is not None:  # the referee's seat sees every event of the action just applied
            watch(action, table.events(since=table.action_count - 1))
    result, end = table.result, table.view()
    return Played(
        seed=seed,
        winner=result.winner if result else None,
        reason=result.reason if result else f"stopped after {max_actions} actions",
        actions=table.action_count,
        turns=end.turn,
        survivors={uid: not u.eliminated for uid, u in end.units.items()},
        think=think,
    )


def seeded_players(kinds: dict[str, str], seed: int) -> dict:
    """Players by kind for each side, each with its own seeded randomness (never the game's dice)."""
    from rules.ai.players import make_player

    return {side: make_player(kind, random.Random(f"{kind}:{side}:{seed}")) for side, kind in kinds.items()}
