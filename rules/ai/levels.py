"""The computer's levels: easy, normal and hard differ by how much it searches, never by what it may know.

A level is a search budget (rules/ai/computer.py): how many tries of an action a
decision may spend, how many guesses of the hidden things it plays on, how many
of its best actions get the look-ahead and how many of the other side's answers
that tries. Easy searches about a quarter as much as normal, on one guess, and
does not look ahead (one finalist: its first round decides); hard two to three
times as much. Every level reads the same seat (the same view, the same exact
odds); none adds random blunders. The work is counted in tries, so the same
seed gives the same choice at a level on any machine.
"""

from __future__ import annotations

import random

from rules.ai.computer import Computer
from rules.levels import DEFAULT, LEVELS, check_level  # noqa: F401 - the names, re-exported

BUDGETS: dict[str, dict[str, int]] = {
    "easy": {"budget": 40, "extra_tries": 6, "worlds": 1, "replies": 0, "finalists": 1, "answers": 4, "width": 12},
    "normal": {},  # Computer's own defaults
    "hard": {"budget": 1000, "extra_tries": 70, "worlds": 4, "replies": 2, "finalists": 4, "answers": 24,
             "line_tries": 4},
}
"""Each level's search, as keyword arguments of `Computer`."""


def computer_for(level: str | None, rng: random.Random) -> Computer:
    """A computer of `level` (None: the default, normal) with its own randomness `rng`."""
    name = check_level(level or DEFAULT)
    player = Computer(rng, **BUDGETS[name])
    player.level = name
    return player
