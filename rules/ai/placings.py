"""No turning on the spot: the placings of its units a player has stood in this turn.

Rules with free actions (Skirmish's pivots, a step back and forth) let a player whose
choices all score alike go round for ever: the computer pivoted one model 4,000 times,
and the greedy yardstick, which breaks its ties at random, did the same. Both remember
where their units have stood this turn and pass over an action that brings a placing back.
"""

from __future__ import annotations

import random

from rules.actions import Action
from rules.ai.simulate import attempt, guessed
from rules.core import GameState


def placing(state: GameState) -> str:
    """Where every unit stands and how it is (facing, strength...): a turn's positions told apart."""
    return repr(sorted((uid, u.model_dump_json()) for uid, u in state.units.items()))


class Placings:
    """The placings one player's side has stood in during the current turn."""

    def __init__(self) -> None:
        self.turn: int | None = None
        self.seen: set[str] = set()

    def note(self, view: GameState) -> None:
        """Remember where the units stand now (a new turn forgets the last one's)."""
        if view.turn != self.turn:
            self.turn, self.seen = view.turn, set()
        self.seen.add(placing(view))

    def first_fresh(self, ruleset, view: GameState, side: str, ranked: list[Action],
                    rng: random.Random) -> Action | None:
        """The first of `ranked` that does not bring back a placing already stood in, or None. An action that
        leaves every unit as it is (an end, a draw, a release) moves the game on and always counts as fresh;
        so does one that rolls dice or that the rules refuse on the copy. Each is tried on one guess of what
        `side` cannot see (from a generator seeded by the placing: `rng` only throws the dice) and compared as
        `side` sees it after."""
        now = placing(view)
        world = guessed(ruleset, view, side, random.Random(now))
        for a in ranked:
            tried = attempt(ruleset, world, a, rng)
            after = now if tried.failed else placing(ruleset.view(tried.state, side))
            if tried.failed or tried.rolled or after == now or after not in self.seen:
                return a
        return None
