"""The QUAD game state: units, each side's cards, the phase, and the choices still pending."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_serializer

from rules.core import GameState, Side
from rules.hexgrid import Hex
from rules.reaction import Pausable, waiting
from rules.rulesets.quad.cards import Card, Pile
from rules.rulesets.quad.procedures import Tally
from rules.rulesets.quad.units import QuadUnit
from rules.unknown import UNKNOWN
from rules.words import with_verb


BLOCKS = "blocks"
"""The kind of pause (rules.reaction) in which an attack waits for the defender's block choice."""


class PendingAttack(BaseModel):
    """An attack whose dice are rolled, waiting for the defender's block choice (the data of its pause)."""

    attacker: str
    defender: str
    hits_q: int
    hits_p: int
    blocks_q: int
    blocks_p: int
    attacker_from: Hex
    defender_from: Hex

    @property
    def tally(self) -> Tally:
        return Tally(self.hits_q, self.hits_p, self.blocks_q, self.blocks_p)


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def block_prompt(attacker: str, defender: str, p: PendingAttack) -> str:
    """What the defender must know to choose its blocks: what both sides rolled, and the choice."""
    hits, blocks = p.hits_q + p.hits_p, p.blocks_q + p.blocks_p
    rolled = (f"{attacker} rolled {_n(hits, 'hit')} ({p.hits_q} cost Quality, {p.hits_p} push back); "
              f"{defender} rolled {_n(blocks, 'block')} ({p.blocks_q} of them 6s)")
    if blocks < hits:
        return f"{rolled}: choose how many Quality hits {with_verb(defender, 'blocks', 'block')}"
    return (f"{rolled}: {_n(blocks - hits, 'block')} left over; choose how many 6s to keep "
            f"(each costs {attacker} 1 Quality, the others push it back)")


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


class QuadState(GameState, Pausable):
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
    retreats: list[PendingRetreat] = Field(default_factory=list)
    turn_ended: int | None = None
    """Set by the action that ended a turn (for "at the end of turn N" victory checks)."""

    @property
    def pending_attack(self) -> PendingAttack | None:
        """The attack paused for the defender's blocks, if any."""
        p = waiting(self, BLOCKS)
        return None if p is None else PendingAttack.model_validate(p.data)

    @model_serializer(mode="wrap")
    def _dump(self, handler) -> dict[str, Any]:
        # Saves written before the attack used rules.reaction have no `paused`; an empty
        # list is left out so their snapshots still compare equal (see snapshot_v1_to_v2).
        out = handler(self)
        if isinstance(out, dict) and not out.get("paused", True):
            out.pop("paused")
        return out

    def hand(self, side: str) -> list[Card]:
        return self.piles[side].hand

    def cards_for(self, side: str, unit_id: str) -> list[Card]:
        """The activation cards for the unit in `side`'s hand, as far as seen: in a view, another side's cards
        are UNKNOWN and not among them (a seat learns only its own chance to act or react)."""
        return [c for c in self.piles[side].hand if c is not UNKNOWN and c.kind == "activation" and c.unit == unit_id]

    def tactics_in_hand(self, side: str) -> list[Card]:
        """The tactics cards in `side`'s hand, as far as seen (as `cards_for`)."""
        return [c for c in self.piles[side].hand if c is not UNKNOWN and c.kind == "tactics"]


def snapshot_v1_to_v2(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A save's QUAD snapshot from before blocks used rules.reaction: `pending_attack` becomes a pause.

    Plain TOML data in, plain data out (the versions/migrations code applies it)."""
    out = dict(snapshot)
    pending = out.pop("pending_attack", None)
    if pending is None:
        return out
    p = PendingAttack.model_validate(pending)
    units = out.get("units", {})
    name = lambda uid: units.get(uid, {}).get("name", uid)  # noqa: E731
    side = lambda uid: units.get(uid, {}).get("side", "")  # noqa: E731
    out["paused"] = [{
        "kind": BLOCKS, "actor": side(p.attacker), "reactor": side(p.defender),
        "prompt": block_prompt(name(p.attacker), name(p.defender), p),
        "data": p.model_dump(mode="json"),
    }]
    return out
