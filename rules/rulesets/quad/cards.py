"""QUAD cards (text: "Setup", "The Turn"; QUAD-A06, A09, A20).

Each unit has three activation cards of its rank; a side adds one tactics card
per full three units (QUAD-A06) plus one per leader level. The opening hand is
as many cards. When the draw deck is empty the discard pile is shuffled back.

Shuffles use `SeededDice` on a stream of their own, derived from the game seed
and a shuffle counter, so a replay deals the same cards while the dice log
never shows faces that would give away the order of a hidden deck.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.dice import KEYED, SeededDice
from rules.rulesets.quad.units import tactics_rank
from rules.unknown import Unknown

CardKind = Literal["activation", "tactics"]


class Card(BaseModel):
    """One playing card in a side's deck, hand or discard pile."""

    model_config = ConfigDict(frozen=True)
    id: str
    """Unique within the game ("red:7:2" is red's second 7)."""
    rank: str
    """What is printed on it: "7", "A", "J"; "?" when hidden from this view."""
    kind: CardKind
    unit: str | None = None
    """The unit an activation card activates."""

    @property
    def label(self) -> str:
        return self.rank if self.kind != "tactics" else f"{self.rank} (tactics)"


class Pile(BaseModel):
    """A side's cards: the draw deck (top = last), the hand and the discard pile."""

    deck: list[Card | Unknown] = []
    hand: list[Card | Unknown] = []
    """In a view, each card a side may not look at (every deck's, the others' hands) is UNKNOWN."""
    discard: list[Card] = []
    removed: list[Card] = []
    """Cards of eliminated units, set aside for the rest of the game."""


def tactics_count(units: int, leader: int) -> int:
    """Tactics cards: one per full three units plus one per leader level (QUAD-A06)."""
    return units // 3 + max(leader, 0)


def build_deck(side: str, units: list[tuple[str, str]], leader: int) -> list[Card]:
    """The unshuffled deck of a side: three activation cards per (unit id, rank), then tactics."""

    cards = [
        Card(id=f"{side}:{rank}:{n}", rank=rank, kind="activation", unit=uid)
        for uid, rank in units
        for n in (1, 2, 3)
    ]
    for i in range(tactics_count(len(units), leader)):
        rank = tactics_rank(i)
        cards.append(Card(id=f"{side}:{rank}:t{i}", rank=rank, kind="tactics"))
    return cards


def shuffle(cards: list[Card], seed: int, stream: int, derivation: int = KEYED) -> list[Card]:
    """A Fisher-Yates shuffle driven by the seeded dice of stream `stream` (no sink: hidden);
    `derivation` is the game's (`state.dice`)."""
    dice = SeededDice(seed, -1 - stream, derivation=derivation)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        (j,) = dice.roll(1, i + 1, "shuffle")
        out[i], out[j - 1] = out[j - 1], out[i]
    return out


def draw(pile: Pile, n: int, seed: int, next_stream, derivation: int = KEYED) -> list[Card]:
    """Draw up to `n` cards into the hand, reshuffling the discard pile when the deck runs out.

    `next_stream()` hands out a fresh shuffle stream number. Returns the cards drawn
    (fewer than `n` when deck and discard pile are both empty).
    """
    drawn: list[Card] = []
    for _ in range(n):
        if not pile.deck and pile.discard:
            pile.deck = shuffle(pile.discard, seed, next_stream(), derivation)
            pile.discard = []
        if not pile.deck:
            break
        card = pile.deck.pop()
        pile.hand.append(card)
        drawn.append(card)
    return drawn
