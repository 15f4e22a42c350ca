"""What a side may see: the skirmish has no hidden information, every model and token is on the table."""

from __future__ import annotations

import random

from rules import secrecy
from rules.rulesets.skirmish.secrecy import DECLARATION
from rules.rulesets.skirmish.state import SkirmState


def view(state: SkirmState, side: str | None) -> SkirmState:
    """Everything is open (secrecy.py). The referee's is the state itself, as in every rule set: the service
    copies it for screens (`GameService.view_for`); a deep copy here was most of a replay step's words."""
    return secrecy.view(state, side, DECLARATION)


def hidden_from(state: SkirmState, side: str, rng: random.Random) -> SkirmState:
    """Nothing is secret in this game, so nothing changes (text #2: every token is placed on the table)."""
    return state.model_copy(deep=True)
