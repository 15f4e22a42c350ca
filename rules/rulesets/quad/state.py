"""The QUAD game state: units, each side's cards, the phase, and the choices still pending."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core import GameState, Side
from rules.hexgrid import Hex
from rules.rulesets.quad.cards import Card, Pile
from rules.rulesets.quad.units import QuadUnit


class PendingAttack(BaseModel):
    """An attack whose dice are rolled, waiting for the defender's block choice."""

    attacker: str
    defender: str
    hits_q: int
    hits_p: int
    blocks_q: int
    blocks_p: int
    attacker_from: Hex
    defender_from: Hex


class PendingRetreat(BaseModel):
    """A unit falling back hex by hex; its owner picks each hex (QUAD-A18)."""

    unit: str
    away_from: Hex
    """The hex of the opponent it falls back from; every step must get farther from it."""
    hexes: int
    """Hexes still to fall back."""
    path: list[Hex]
    """Hexes taken so far, the start first."""


class QuadSide(Side):
    """A QUAD side: its leader's level adds tactics cards (QUAD-A06)."""

    leader: int = Field(default=0, ge=0, le=99)
    """Leader level: one more tactics card per level."""


class QuadState(GameState):
    """QUAD's whole game: the common fields plus cards, phase and pending choices."""

    sides: list[QuadSide]
    units: dict[str, QuadUnit]
    piles: dict[str, Pile] = Field(default_factory=dict)
    """Each side's draw deck, hand, discard pile."""
    phase: Literal["draw", "activation"] = "draw"
    order: list[str] = Field(default_factory=list)
    """Sides in activation order from the roll-off winner (QUAD-A08); empty before the roll-off."""
    to_draw: list[str] = Field(default_factory=list)
    """Sides still to decide whether to draw at the start of this turn."""
    played: int = 0
    """Activation cards played in the current activation."""
    passes: int = 0
    """Releases without playing a card in a row; all sides in a row end the turn (QUAD-A08)."""
    shuffles: int = 0
    """Shuffles so far (each uses its own seeded stream)."""
    pending_attack: PendingAttack | None = None
    retreats: list[PendingRetreat] = Field(default_factory=list)
    turn_ended: int | None = None
    """Set by the action that ended a turn (for "at the end of turn N" victory checks)."""

    def hand(self, side: str) -> list[Card]:
        return self.piles[side].hand

    def cards_for(self, side: str, unit_id: str) -> list[Card]:
        return [c for c in self.piles[side].hand if c.kind == "activation" and c.unit == unit_id]

    def tactics_in_hand(self, side: str) -> list[Card]:
        return [c for c in self.piles[side].hand if c.kind == "tactics"]
