"""The computer's hints for QUAD: a unit's worth by its Quality, cards in hand, guessed hands and decks."""

from __future__ import annotations

import math
import random

from rules.board import Board
from rules.hexgrid import Hex
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import Charge, Release, Steal
from rules.rulesets.quad.ai_threat import threat as attacks_on
from rules.rulesets.quad.combat import attack_inputs
from rules.rulesets.quad.cards import build_deck
from rules.rulesets.quad.state import QuadState
from rules.rulesets.quad.victory import holds
from rules.unknown import UNKNOWN, known

DRAWN = 1.2
"""Worth of a card drawn this time through the deck (in hand or played). Each unit has three cards: until
the deck has been drawn through and the discard pile shuffled back, a unit whose three cards are played
cannot act again. QUAD river-battle's West (about twelve hexes from the
gates of Cray) used its lead units' cards by turn 6 and never drew the deck through: its lead stood three
hexes short of the empty gates for four turns. Releasing without playing draws two (QUAD-A08)."""
HELD_NOW = 1.0
"""Worth of an activation card in hand, beyond having drawn it, while the turn goes on: it will be played in it,
so releasing without playing first (two cards drawn while the other side still has cards to play, QUAD-A08)
loses nothing. At 0.4 the computer played its cards first and drew only when the other side had run out of
cards, which ended the turn: three cards a turn, and the deck never drawn through."""
HELD_LATER = 0.7
"""Worth of an activation card still in hand when the turn has ended. At 1.5 a card (what one activation gains)
the computer hoarded the cards of its rear units (QUAD river-battle's West held twelve at the end of turn 10)."""
FRESH = 2.0
"""Worth of holding the activation before any card of it is played: it may still be released without playing
for two cards (QUAD-A08). Playing a card or passing the activation on loses it alike, so it tips nothing
between them. An activation just stolen is not fresh (`stolen`): the computer steals to play a card, never to
release at once for two. With a stolen activation counted fresh, a steal was worth its tactics card by itself,
and the computer stole and released without playing over and over: QUAD teaching, computer against computer,
seed 3, the Rebels stole and released 947 times in turn 7 (a steal resets the releases in a row, so the turn
never ended; the tactics cards came back with each reshuffle)."""
REAR_CARD = 2.0
"""Worth of a card of a rear unit in hand (`rear_units`): kept unless playing it gains more (an attack)."""
LEAD_SHARE = 0.6
"""The share of a side's units, nearest the hexes it must take first, whose cards it plays to move."""
TACTICS_CARD = 0.7
"""Worth of a tactics card in hand: a steal (QUAD-A07)."""
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


def threat(state: QuadState, side: str) -> float:
    """What the enemy's next attacks may take from `side`, at its units' worth (ai_threat.py)."""
    return attacks_on(state, side, unit_value)


def side_value(state: QuadState, side: str, now: int | None = None) -> float:
    """Cards drawn and cards in hand. A unit acts only when one of its three cards comes up, and a played card
    comes back only when the whole deck has been drawn (the discard pile is shuffled in when the deck runs
    out): the pace of the draws (`DRAWN` a card) is what lets the lead units act again. A card in hand is worth
    about an activation while the turn of the decision (`now`) goes on, since it can still be played in it
    (`HELD_NOW`), and little once that turn has ended (`HELD_LATER`)."""
    pile = state.piles.get(side)
    if pile is None:
        return 0.0
    held = HELD_NOW if now is None or state.turn <= now else HELD_LATER
    rear = rear_units(state, side)
    cards = sum(TACTICS_CARD if c.kind == "tactics" else REAR_CARD if c.unit in rear else held for c in pile.hand)
    fresh = state.phase == "activation" and state.active_side == side and state.played == 0 and not stolen(state, side)
    return DRAWN * (len(pile.hand) + len(pile.discard)) + cards + (FRESH if fresh else 0.0)


def rear_units(state: QuadState, side: str) -> set[str]:
    """The units of a side that must take hexes which stand farthest from them (`LEAD_SHARE` of its units lead).
    Their cards are kept in hand: a card played goes back into the deck at the next shuffle, a card kept does
    not, so the lead units' cards come round again sooner (each unit has three; the deck is drawn through
    before any played card comes back)."""
    goals = [Hex(*h) for c in state.victory if c.kind == "hold" and c.side == side and c.hexes for h in c.hexes]
    if not goals:
        return set()
    mine = sorted((min(g.distance(u.at) for g in goals), u.id)
                  for u in state.units.values() if u.side == side and u.on_map)
    lead = max(2 * len(goals), math.ceil(LEAD_SHARE * len(mine)))
    return {uid for _, uid in mine[lead:]}


DRAW_FIRST_UNDER = 5
"""Release without playing first only while holding fewer activation cards than this: a side whose release is
always answered by the end of the turn still plays its hand in a turn or two."""


def opening(view: QuadState, side: str, actions) -> Release | None:
    """Release without playing at the start of an activation, for two cards (QUAD-A08), while the other side
    still holds cards to play and did not just release without playing (a second release in a row ends the
    turn): the activation comes back when it has played them, and the hand is played then.
    Played first and released after, the hand drew nothing: the release without playing came only when the
    other side was out of cards, which ended the turn. QUAD river-battle's West so drew three cards a turn
    and never drew its deck through (each unit acts three times a pass, its lead stood three hexes short of
    the empty gates for lack of a card). The search cannot weigh this: the cards played now show their gain
    at once, the same cards played after the other side's answer lie past its horizon."""
    if view.phase != "activation" or view.active_side != side or view.played or view.passes or view.retreats:
        return None
    if stolen(view, side):
        return None  # a steal is paid to play a card (`prune`)
    if view.pending_attack is not None or (view.max_turns and view.turn >= view.max_turns):
        return None
    pile = view.piles[side]
    if not (pile.deck or pile.discard):
        return None  # nothing to draw
    rear = rear_units(view, side)
    if sum(1 for c in pile.hand if c.kind == "activation" and c.unit not in rear) >= DRAW_FIRST_UNDER:
        return None
    if not any(view.piles[s].hand for s in view.side_ids() if s != side):
        return None  # the other side must release too, which ends the turn with our hand unplayed
    return next((a for a in actions if isinstance(a, Release)), None)


def stolen(view: QuadState, side: str) -> bool:
    """`side` holds an activation it took by a steal and has played no card of yet: its last discard is the
    tactics card it paid (QUAD-A07; a tactics card is discarded only by a steal)."""
    if view.phase != "activation" or view.active_side != side or view.played:
        return False
    pile = view.piles.get(side)
    return bool(pile and pile.discard and pile.discard[-1].kind == "tactics")


def prune(view: QuadState, side: str, actions) -> list:
    """Every action but a release without playing of an activation just stolen (`stolen`), but a steal
    without an activation card to play after it (a steal is paid to play a card now; stealing only to release
    drew two cards for one, and between two computers it never ended, see `FRESH`), but the charges that
    another charge of the same unit at the same enemy beats (`best_charges`), and but a release that ends the
    turn while the side has no time to lose (`keeps_the_turn`)."""
    return keeps_the_turn(view, side, never(view, side, best_charges(view, actions)))


def keeps_the_turn(view: QuadState, side: str, actions) -> list:
    """Every action but a release without playing that ends the turn (the other side released without playing
    just before, QUAD-A08) while `side` holds an activation card to play, does not win by the clock and does not
    stand on the hexes it must hold.

    The reading weighs the two cards a release draws and not the turn it gives away: QUAD teaching, hard's
    Kingdom against normal, seed 3000 (stop 51), the Rebels released without playing at the start of turns 2
    and 5 and the Kingdom released after them with three cards in hand, twice ending the turn with nothing
    played, and the fort it had to take by turn 8 still held out. A card played ("stand" at the least) keeps
    the turn going; the side that wins by the clock is glad to end it."""
    if view.phase != "activation" or view.active_side != side or view.played or view.retreats:
        return actions
    if view.passes < len(view.sides) - 1 or not playable(view, side):
        return actions
    mine = [c for c in view.victory if c.side == side]
    if any(c.kind == "turn_limit" for c in mine):
        return actions
    if any(c.kind == "hold" and all(holds(view, side, Hex(*h)) for h in c.hexes) for c in mine):
        return actions
    return [a for a in actions if not isinstance(a, Release)] or actions


def playable(view: QuadState, side: str) -> bool:
    """`side` holds an activation card of a unit on the map."""
    return any(c.kind == "activation" and c.unit in view.units and view.units[c.unit].on_map
               for c in view.piles[side].hand)


def never(view: QuadState, side: str, actions) -> list:
    """Every action but a steal with no activation card to play after it and a release without playing of an
    activation just stolen (`prune`): a steal paid for nothing, which between two computers never ended."""
    if any(isinstance(a, Steal) for a in actions) and not playable(view, side):
        actions = [a for a in actions if not isinstance(a, Steal)]
    if not stolen(view, side):
        return actions
    return [a for a in actions if not isinstance(a, Release)] or actions


CHARGE_WAYS = 2
"""Charges kept per unit and enemy charged (`best_charges`)."""


def best_charges(view: QuadState, actions) -> list:
    """Of the charges of one unit at one enemy, the `CHARGE_WAYS` best: fewest difficult hexes entered (each may
    break the charge, QUAD-A02), then the most attack dice over defense dice from the hex it ends in (higher
    ground, QUAD-A16); the first listed on a tie. A Charger of Speed 3 has a charge for every hex next to every
    enemy it can reach, often thirty: the computer cut them to a few per unit by where they land (the enemy's hex,
    the same for all), so the charge at the one enemy whose loss won the game was often not among those it tried
    (QUAD teaching: half the rebels destroyed)."""
    ways: dict[tuple[str, tuple[int, int]], list[tuple[tuple[int, int], int]]] = {}
    for i, a in enumerate(actions):
        if isinstance(a, Charge):
            ways.setdefault((a.unit, tuple(a.at)), []).append((_charge_rank(view, a), i))
    if not ways:
        return actions
    cut = {i for options in ways.values() for _, i in sorted(options)[CHARGE_WAYS:]}
    return [a for i, a in enumerate(actions) if i not in cut]


def _charge_rank(view: QuadState, charge: Charge) -> tuple[int, int]:
    """Lower is better: (difficult hexes entered, defense dice less attack dice at the end of the way)."""
    unit, target = view.units.get(charge.unit), view.unit_at(Hex(*charge.at))
    if unit is None or not unit.on_map or target is None:
        return (99, 99)
    here, stops = unit.at, 0
    for h in (Hex(*p) for p in charge.path):
        stops += ter.difficult_entry(view.board, here, h, unit.stats.specials) is not None
        here = h
    dice = attack_inputs(view, unit, target, charged=True, attacker_at=here)
    return (stops, dice.defense_dice - dice.attack_dice)


def determinize(view: QuadState, side: str, rng: random.Random) -> QuadState:
    """A full state consistent with `side`'s view: every side's cards are known from its units and
    leader (three per unit, tactics per QUAD-A06); those not seen in a discard pile, among the
    removed cards or in `side`'s own hand are dealt at random into the UNKNOWN cards of the hands and decks
    (exactly those: a card the view shows stays)."""
    out = view.model_copy(deep=True)
    out.seed = rng.randrange(2**31)
    for owner, pile in out.piles.items():
        units = [(u.id, u.rank) for u in out.units.values() if u.side == owner]
        deck = build_deck(owner, units, out.side(owner).leader)
        seen = {c.id for c in (*pile.discard, *pile.removed, *pile.hand, *pile.deck) if c is not UNKNOWN}
        pool = [c for c in deck if c.id not in seen]
        blanks = sum(c is UNKNOWN for c in (*pile.hand, *pile.deck))
        rng.shuffle(pool)
        if len(pool) != blanks:  # built otherwise than we can rebuild (a rank changed): any of its cards
            pool = [rng.choice(pool or deck) for _ in range(blanks)]
        dealt = iter(pool)
        pile.hand = [next(dealt) if c is UNKNOWN else c for c in pile.hand]
        pile.deck = [next(dealt) if c is UNKNOWN else c for c in pile.deck]
    return known(out)


def outcome_value(state: QuadState, action, outcome, side: str) -> float:
    """The worth to `side` of one outcome of an attack preview, from its effects (rules/outcomes.py): Quality
    lost (all the unit's worth when none is left), eliminated, hexes fallen back."""
    total = 0.0
    for e in outcome.units:
        unit = state.units.get(e.unit)
        if unit is None or not unit.on_map:
            continue
        if e.eliminated:
            loss = unit_value(state, unit)
        else:
            lost = min(e.losses, unit.stats.quality) if e.loss == "quality" else 0
            loss = 1.6 * lost + (unit_value(state, unit) - 1.6 * lost if lost and lost >= unit.stats.quality else 0.0)
            loss += 0.3 * e.retreat
        total += -loss if unit.side == side else loss
    return total
