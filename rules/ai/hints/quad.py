"""The computer's hints for QUAD: a unit's worth by its Quality, cards in hand, guessed hands and decks."""

from __future__ import annotations

import random
import re

from rules.board import Board
from rules.hexgrid import Hex
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.cards import build_deck
from rules.rulesets.quad.state import QuadState

CARD = 1.5
"""Worth of a card in hand: an activation to come, worth about what one move or attack gains by the
evaluation. At 0.2 any card played for any small gain looked better than releasing without playing,
which draws two (QUAD-A08): the side that must take an objective ran short of activations and never
got there in time (QUAD teaching's Kingdom won 4 of 8 against the random player; at 1.5, 7 of 8)."""
hold_every = True
"""A QUAD hold condition needs a unit of the side on every one of its hexes (victory.py)."""
contact = 0.25
"""QUAD is fought hand to hand (and short-range missiles): closing in is how anything happens."""


DIFFICULT = 3.0
"""What a difficult hex (river, forest, fortified, a slope up) costs a walk, in open hexes: every hex is one hex
of Speed (QUAD-A19), but entering a difficult one is a terrain attack and a hit stops the unit before it
(QUAD-A02), which loses the rest of the activation, and activations are scarce (a card each). By straight hex
distance QUAD river-battle's West waded the river beside the fords and lost every game."""


def step_cost(board: Board, a: Hex, b: Hex) -> float | None:
    """The cost of stepping from `a` into `b` for a unit without special rules (None: impassable)."""
    if not ter.passable(board, b):
        return None
    return DIFFICULT if ter.difficult_entry(board, a, b, ()) else 1.0


def unit_value(state: QuadState, unit) -> float:
    """Quality is both the unit's life and its chance to pass tests; attack and defence are its dice."""
    s = unit.stats
    return 3.0 + 1.6 * s.quality + 0.25 * (s.attack + s.defense)


def side_value(state: QuadState, side: str) -> float:
    """Cards in hand are activations to come (`CARD` each); a tactics card also buys a steal."""
    pile = state.piles.get(side)
    if pile is None:
        return 0.0
    return CARD * len(pile.hand) + 0.3 * sum(1 for c in pile.hand if c.kind == "tactics")


def determinize(view: QuadState, side: str, rng: random.Random) -> QuadState:
    """A full state consistent with `side`'s view: every side's cards are known from its units and
    leader (three per unit, tactics per QUAD-A06); those not seen in a discard pile, among the
    removed cards or in `side`'s own hand are dealt at random into the hidden hands and decks."""
    out = view.model_copy(deep=True)
    out.seed = rng.randrange(2**31)
    for owner, pile in out.piles.items():
        units = [(u.id, u.rank) for u in out.units.values() if u.side == owner]
        seen = {c.id for c in pile.discard} | {c.id for c in pile.removed}
        if owner == side:
            seen |= {c.id for c in pile.hand}
        pool = [c for c in build_deck(owner, units, out.side(owner).leader) if c.id not in seen]
        hidden_hand = 0 if owner == side else len(pile.hand)
        if len(pool) != hidden_hand + len(pile.deck):
            continue  # the deck was built otherwise than we can rebuild: leave what the view shows
        rng.shuffle(pool)
        if owner != side:
            pile.hand = pool[:hidden_hand]
        pile.deck = pool[hidden_hand:]
    return out


_PART = re.compile(r"^(?P<name>.+?) (?P<what>unharmed|eliminated|destroyed|-\d+ Q.*|back \d+)$")


def outcome_value(state: QuadState, action, label: str, side: str) -> float:
    """The worth to `side` of one line of an attack preview ('Marines -1 Q, back 1; Horse unharmed')."""
    total = 0.0
    names = {u.name: u for u in state.units.values() if u.on_map}
    for part in label.split(";"):
        m = _PART.match(part.strip())
        if not m or m["name"] not in names:
            continue
        unit = names[m["name"]]
        what = m["what"]
        loss = 0.0
        q = re.search(r"-(\d+) Q", what)
        if q:
            lost = min(int(q[1]), unit.stats.quality)
            loss += 1.6 * lost + (unit_value(state, unit) - 1.6 * lost if lost >= unit.stats.quality else 0.0)
        if what in ("eliminated", "destroyed"):
            loss += unit_value(state, unit)
        back = re.search(r"back (\d+)", what)
        if back:
            loss += 0.3 * int(back[1])
        total += -loss if unit.side == side else loss
    return total
