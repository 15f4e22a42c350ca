"""What a side may see in DHR: everything on the table (secrecy.py declares every field)."""

from __future__ import annotations

import random

from rules import secrecy
from rules.rulesets.dhr.secrecy import DECLARATION
from rules.rulesets.dhr.state import DHRState


def view(state: DHRState, side: str | None) -> DHRState:
    return secrecy.view(state, side, DECLARATION)


def hidden_from(state: DHRState, side: str, rng: random.Random) -> DHRState:
    """Nothing on the table is secret in DHR: an unchanged copy (the core changes the seed)."""
    return state.model_copy(deep=True)
