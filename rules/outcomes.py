"""What one outcome of a preview does, as data: the computer reads these, the screen reads the words made from them.

An `Outcome` (rules/core.py) carries its words (`label`) and, beside them, its effects: per unit what it loses,
how far it falls back, whether it is gone and what state it is put in; per side the cards, pips and objectives
it gains or loses. Units are named by id, never by their display name (two units may share one); the words
are made from these by the rule set's own words function, at the edge where the screen shows them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Loss = Literal["", "figures", "steps", "hits", "quality", "elements", "vehicles", "levels", "points"]
"""What a unit's `losses` count: DHR figures, QUAD Quality, Dirtside elements or confidence levels, ..."""


class UnitEffect(BaseModel):
    """What an outcome does to one unit."""

    model_config = ConfigDict(frozen=True)
    unit: str
    """The unit's id in the state the preview was made from."""
    losses: int = 0
    loss: Loss = ""
    """What `losses` counts ('' when the outcome costs the unit nothing)."""
    retreat: int = 0
    """Hexes it falls back or runs."""
    eliminated: bool = False
    """It leaves the game (wiped out, destroyed, killed, fled)."""
    status: tuple[str, ...] = ()
    """States it is put in, in the rule set's words: 'morale failed', 'pinned', 'suppressed', 'routed', 'damaged',
    'immobilised', 'stopped', ..."""

    @property
    def harmed(self) -> bool:
        return bool(self.losses or self.retreat or self.eliminated or self.status)


class SideEffect(BaseModel):
    """What an outcome gives (positive) or costs (negative) one side."""

    model_config = ConfigDict(frozen=True)
    side: str
    cards: int = 0
    pips: int = 0
    objectives: tuple[str, ...] = ()
    """Objectives it takes (by the scenario's names or hexes)."""


# Statuses several rule sets share; a rule set may add words of its own.
MORALE_FAILED = "morale failed"
STOPPED = "stopped"
"""Stopped short of where it was going (a failed terrain check, no MP left)."""
DAMAGED = "damaged"
IMMOBILISED = "immobilised"
SYSTEMS_DOWN = "systems down"
SUPPRESSED = "suppressed"
DOWNED = "downed"
REVEALED = "revealed"
"""A blind shown for what it is."""


def objectives_reached(state, side: str, at) -> tuple[SideEffect, ...]:
    """`side` standing on `at` reaches the hexes of its victory conditions there (to hold or take): the effect of a
    move's arrival, by the hex's coordinates."""
    here = tuple(at)
    if not any(c.hexes and c.side in (side, None) and here in {tuple(h) for h in c.hexes} for c in state.victory):
        return ()
    return (SideEffect(side=side, objectives=(f"{at}",)),)
