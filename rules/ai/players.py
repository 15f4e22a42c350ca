"""The two yardsticks the computer is measured against: a uniform random player and a one-move greedy one."""

from __future__ import annotations

import random
from typing import Protocol

from rules.actions import Action
from rules.ai.decisive import expected_worth
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.placings import Placings
from rules.ai.simulate import attempt, guessed


TIES_TRIED = 12
"""How many other tied actions the greedy player tries before it lets a placing come back."""


class Player(Protocol):
    """Anything that decides for a seat: `choose` when its side must act, `react` when it may."""

    name: str

    def choose(self, seat) -> Action: ...

    def react(self, seat) -> Action | None: ...


class RandomPlayer:
    """Picks uniformly among the legal actions; reacts as often as it lets play go on."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, seat) -> Action:
        return self.rng.choice(seat.legal_actions())

    def react(self, seat) -> Action | None:
        options = [None, *seat.legal_actions()]
        return self.rng.choice(options)


class GreedyPlayer:
    """Plays the action with the best immediate expected result, by the exact odds of its preview.

    An action's worth is the sum over its preview's outcomes of chance x worth
    of that outcome (the rule set's `outcome_value` hint reads the outcome's
    effects, rules/outcomes.py, never its words). Without that hint, or for an
    action with no preview, the worth is the change in material after trying it
    once with its own dice (exact for an action that rolls nothing). Ties, such
    as most moves, are broken at random: a greedy player looks no further than
    this one action.
    """

    name = "greedy"

    def __init__(self, rng: random.Random, samples: int = 8) -> None:
        self.rng = rng
        self.samples = samples
        self.placings = Placings()
        """Where its units have stood this turn: a tie is never broken towards one of those placings."""

    def _worth(self, seat, action: Action, ev: Evaluator, value_of, world) -> float:
        """`world`: one guess of what the side cannot see (simulate.guessed), to try the action on."""
        if value_of is not None:
            preview = seat.preview(action)
            if preview is not None and preview.outcomes:
                return expected_worth(preview, value_of, world, action, seat.side)
        base = ev.material(world, seat.side, assets=False)
        worths = []
        for _ in range(self.samples):
            tried = attempt(seat.ruleset, world, action, self.rng)
            worths.append(ev.material(tried.state, seat.side, assets=False) - base)
            if not tried.rolled:
                break
        return sum(worths) / len(worths)

    def _guess(self, seat):
        """One guess of what its side cannot see, from a generator seeded by (not drawn from) the player's own: its
        dice draw as before."""
        return guessed(seat.ruleset, seat.view(), seat.side, random.Random(hash(self.rng.getstate()[1])))

    def choose(self, seat) -> Action:
        actions = seat.legal_actions()
        if len(actions) == 1:
            return actions[0]
        hints = hints_for(seat.ruleset)
        ev = Evaluator(hints)
        value_of = hints.outcome_value
        world = self._guess(seat)
        worth = [self._worth(seat, a, ev, value_of, world) for a in actions]
        top = max(worth)
        ties = [a for a, w in zip(actions, worth) if w >= top - 1e-9]
        pick = self.rng.choice(ties)
        if len(ties) == 1:
            return pick
        # Ties at random, but not back to where its units stood this turn: Skirmish's free pivots tie with
        # each other, and a random pick among them went on for 4,000 actions (village, seed 2001).
        view = seat.view()
        self.placings.note(view)
        rest = [a for a in ties if a != pick]
        self.rng.shuffle(rest)
        fresh = self.placings.first_fresh(seat.ruleset, view, seat.side, [pick, *rest[:TIES_TRIED]], self.rng)
        if fresh is None:  # every tie turns back to a placing (a model pivoting round): the best action on
            others = sorted((i for i, w in enumerate(worth) if w < top - 1e-9), key=lambda i: -worth[i])
            fresh = self.placings.first_fresh(seat.ruleset, view, seat.side,
                                              [actions[i] for i in others[:TIES_TRIED]], self.rng)
        return fresh or pick

    def react(self, seat) -> Action | None:
        actions = seat.legal_actions()
        if not actions:
            return None
        hints = hints_for(seat.ruleset)
        ev = Evaluator(hints)
        value_of = hints.outcome_value
        world = self._guess(seat)
        worth = [self._worth(seat, a, ev, value_of, world) for a in actions]
        best = max(range(len(actions)), key=lambda i: worth[i])
        return actions[best] if worth[best] > 0 else None


def make_player(kind: str, rng: random.Random):
    """A player by name: 'computer' (or 'computer:LEVEL', rules/ai/levels.py), 'greedy' or 'random'."""
    from rules.ai.levels import computer_for

    if kind == "computer" or kind.startswith("computer:"):
        return computer_for(kind.partition(":")[2] or None, rng)
    kinds = {"greedy": GreedyPlayer, "random": RandomPlayer}
    if kind not in kinds:
        raise ValueError(f"unknown player {kind!r} (known: {', '.join(kinds)})")
    return kinds[kind](rng)
