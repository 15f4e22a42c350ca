"""No turning on the spot: the placings of its units a player has stood in this turn.

Rules with free actions (Skirmish's pivots, a step back and forth) let a player whose
choices all score alike go round for ever: the computer pivoted one model 4,000 times,
and the greedy yardstick, which breaks its ties at random, did the same. Both remember
where their units have stood this turn and pass over an action that brings a placing back.

A move that rolls dice (a DHR terrain check) always leaves a new placing: the unit's movement points left
differ. So the computer also passes over a move that takes its unit back to where it stood earlier in the
turn with nothing else changed since (`steps_back`): DHR field's billmen went 7,8 -> 6,9 -> 7,8 -> 6,9 in
one activation, a terrain check each step.
"""

from __future__ import annotations

import random

from rules.actions import Action
from rules.ai.simulate import attempt, guessed
from rules.core import GameState


THROWS = 3
"""Throws of a move that rolls dice, to see whether it steps back (the computer's only)."""


def placing(state: GameState) -> str:
    """Where every unit stands and how it is (facing, strength...): a turn's positions told apart."""
    return repr(sorted(units(state).items()))


def units(state: GameState) -> dict[str, str]:
    """Each unit as it is, by id."""
    return {uid: u.model_dump_json() for uid, u in state.units.items()}


def _but(units_now: dict[str, str], state: GameState, uid: str) -> tuple:
    """The units as they are, but for `uid`, which counts only by where it stands."""
    unit = state.units.get(uid)
    return tuple(sorted((k, v) for k, v in units_now.items() if k != uid)), unit.at if unit else None


class Placings:
    """The placings one player's side has stood in during the current turn."""

    def __init__(self, steps: bool = False) -> None:
        self.turn: int | None = None
        self.seen: set[str] = set()
        self.steps = steps
        """Pass over a move that takes a unit back to a hex it stood on with nothing else changed (the computer;
        the greedy yardstick plays as it always has)."""
        self.stood: list[tuple[GameState, dict[str, str]]] = []

    def note(self, view: GameState) -> None:
        """Remember where the units stand now (a new turn forgets the last one's)."""
        if view.turn != self.turn:
            self.turn, self.seen, self.stood = view.turn, set(), []
        self.seen.add(placing(view))
        if self.steps:
            self.stood.append((view, units(view)))

    def steps_back(self, before: GameState, after: GameState, uid: str | None) -> bool:
        """Whether `after` takes unit `uid` off its hex in `before` back to a hex it stood on this turn, every
        other unit as it was then (its own movement points left may differ)."""
        if not self.steps or uid is None or uid not in after.units or uid not in before.units:
            return False
        if after.units[uid].at == before.units[uid].at:
            return False
        now = _but(units(after), after, uid)
        return any(_but(seen, view, uid) == now for view, seen in self.stood)

    def first_fresh(self, ruleset, view: GameState, side: str, ranked: list[Action],
                    rng: random.Random) -> Action | None:
        """The first of `ranked` that does not bring back a placing already stood in, or None. An action that
        leaves every unit as it is (an end, a draw, a release) moves the game on and always counts as fresh;
        so does one that the rules refuse on the copy, and one that rolls dice unless it steps a unit back
        (`steps_back`). Each is tried on one guess of what
        `side` cannot see (from a generator seeded by the placing: `rng` only throws the dice) and compared as
        `side` sees it after."""
        now = placing(view)
        world = guessed(ruleset, view, side, random.Random(now))
        for a in ranked:
            tried = attempt(ruleset, world, a, rng)
            if tried.failed:
                return a
            if tried.rolled:
                if not self._steps_back_on_dice(ruleset, view, world, side, a, tried, random.Random(now)):
                    return a
                continue
            after = placing(ruleset.view(tried.state, side))
            if after == now or after not in self.seen:
                return a
        return None

    def _steps_back_on_dice(self, ruleset, view: GameState, world: GameState, side: str, action: Action, tried,
                            rng: random.Random) -> bool:
        """Whether `action`, which rolls dice, steps its unit back in its first try or in a few more throws (a
        step back may hang on a terrain check), thrown from `rng`: not the player's own, whose dice go on as
        before."""
        if not self.steps:
            return False
        for n in range(THROWS):
            t = tried if n == 0 else attempt(ruleset, world, action, rng)
            if not t.failed and self.steps_back(view, ruleset.view(t.state, side), action.unit_id):
                return True
        return False
