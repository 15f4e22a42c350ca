"""Trying actions on a private copy of a view: the computer's own dice, guessed secrets, short look-aheads."""

from __future__ import annotations

import random

from rules.actions import Action
from rules.clone import clone
from rules.core import Context, GameState, Refusal, Ruleset
from rules.dice import RandomDice as OwnDice  # the computer's dice in its head: its own rng, never the game's
from rules.events import Rolled
from rules.unknown import known


class Tried:
    """What trying one action on a copy gave: the state after it, and whether dice were thrown."""

    __slots__ = ("state", "rolled", "failed")

    def __init__(self, state: GameState, rolled: bool, failed: bool) -> None:
        self.state = state
        self.rolled = rolled
        self.failed = failed
        """The rules refused it on the guessed state (a view lacks some hidden part): value unknown."""


def guessed(ruleset: Ruleset, view: GameState, side: str | None, rng: random.Random) -> GameState:
    """A full state consistent with `side`'s view to try actions on: exactly its UNKNOWN fields filled, by the
    rule set's `determinize` hint (at random with `rng`), else (nothing hidden but the seed) a copy with seed 0:
    the computer's dice are its own (`OwnDice`), so the seed is never rolled. Never a state with UNKNOWN left."""
    from rules.ai.hints import hints_for

    guess = hints_for(ruleset).determinize
    if guess is not None and side is not None:
        return known(guess(view, side, rng))
    out = clone(view)
    out.seed = 0
    return known(out)


def attempt(ruleset: Ruleset, state: GameState, action: Action, rng: random.Random) -> Tried:
    """Apply `action` to a deep copy of `state` with the computer's own dice, then check victory.

    A refusal or a failure on the guessed state gives back the state unchanged,
    marked failed: the computer then values the action as standing still.
    """
    after = clone(state)
    ctx = Context(lambda sink: OwnDice(rng, sink))
    try:
        ruleset.apply(after, action, ctx)
        if after.result is None:
            after.result = ruleset.victory(after)
    except Refusal:
        return Tried(state, False, True)
    except Exception:  # noqa: BLE001 - a guessed hidden part the rules cannot use; never crash the player
        return Tried(state, False, True)
    return Tried(after, any(isinstance(e, Rolled) for e in ctx.events), False)


def decider(ruleset: Ruleset, state: GameState) -> str | None:
    """Who decides next on a private copy (None when the game is over there)."""
    if state.result is not None:
        return None
    try:
        return ruleset.decision(state).side
    except Exception:  # noqa: BLE001 - a guessed state the rules cannot read
        return None


def legal(ruleset: Ruleset, state: GameState, side: str) -> list[Action]:
    try:
        return ruleset.legal_actions(state, side)
    except Exception:  # noqa: BLE001 - as above
        return []
