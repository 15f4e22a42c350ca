"""QUAD actions: card draws, activation card plays, releases, steals, and the defender's and retreater's choices.

Playing an activation card is one of `move`, `attack`, `charge` or `hold`: the
card is the first activation card in hand for `unit` (all three are alike).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from rules.actions import Action
from rules.hexgrid import Hex


class Draw(Action):
    """Turn start: draw one card from the draw deck (text: "All players may draw one card")."""

    kind: Literal["draw"] = "draw"


class Decline(Action):
    """Turn start: keep the hand as it is and draw nothing."""

    kind: Literal["decline"] = "decline"


class Move(Action):
    """Play the unit's card: move up to Speed hexes along `path` (destination last; QUAD-A03, A19)."""

    kind: Literal["move"] = "move"
    unit: str
    path: list[Hex]


class Attack(Action):
    """Play the unit's card: attack the enemy at `at` (adjacent, or in range for Ranged; QUAD-A04)."""

    kind: Literal["attack"] = "attack"
    unit: str
    at: Hex


class Charge(Action):
    """Play a Charger's card: move along `path`, then attack the adjacent enemy at `at` with +2 (QUAD-A21)."""

    kind: Literal["charge"] = "charge"
    unit: str
    path: list[Hex]
    at: Hex


class Hold(Action):
    """Play the unit's card and leave the unit where it is (the card is spent)."""

    kind: Literal["hold"] = "hold"
    unit: str


class Release(Action):
    """End the activation; without a card played this activation, draw two (text: "The Turn")."""

    kind: Literal["release"] = "release"


class Steal(Action):
    """An inactive player pays a tactics card and takes the activation (QUAD-A07)."""

    kind: Literal["steal"] = "steal"


class Block(Action):
    """The defender's choice of which hits its blocks stop (text: "Combat", Example 1).

    `quality` is how many Quality hits are blocked when there are more hits than
    blocks; `sixes` is how many of the excess blocks are 6s (each costs the
    attacker 1 Quality; the rest push it back) when there are more blocks than hits.
    """

    kind: Literal["block"] = "block"
    quality: int = 0
    sixes: int = 0


class Retreat(Action):
    """The owner picks the next hex a unit falls back into (QUAD-A18)."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    to: Hex


QuadAction = Annotated[
    Union[Draw, Decline, Move, Attack, Charge, Hold, Release, Steal, Block, Retreat],
    Field(discriminator="kind"),
]
ADAPTER = TypeAdapter(QuadAction)
CARD_PLAYS = (Move, Attack, Charge, Hold)
"""Actions that play an activation card."""
