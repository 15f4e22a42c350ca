"""QUAD's card flow between the sides (The Turn; QUAD-A03, A07, A08): the start-of-turn draws and
the reshuffle step, the roll-off for the first activation, releasing (drawing two when nothing was
played), stealing the activation with a tactics card, and the end of the turn."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import InitiativePassed, Message, PhaseChanged
from rules.rulesets.quad import cards as deck
from rules.rulesets.quad import combat
from rules.rulesets.quad.actions import Draw, Release, Steal
from rules.rulesets.quad.state import QuadState
from rules.words import count, with_verb


def side_name(state: QuadState, side: str | None) -> str:
    """A side's name for messages (its id only when no such side is known)."""
    for s in state.sides:
        if s.id == side:
            return s.name
    return str(side)


def _draw_cards(state: QuadState, side: str, n: int, ctx: Context, why: str) -> None:
    def stream() -> int:
        state.shuffles += 1
        who = with_verb(side_name(state, side), "shuffles", "shuffle")
        ctx.emit(Message(message=f"{who} the discard pile into the draw deck"))
        return state.shuffles

    drawn = deck.draw(state.piles[side], n, state.seed, stream, state.dice)
    who = with_verb(side_name(state, side), "draws", "draw")
    ctx.emit(Message(message=f"{who} {count(len(drawn), 'card')} ({why})"))
    for c in drawn:
        what = f"{c.rank}: {state.units[c.unit].name}" if c.kind == "activation" else f"{c.rank} (tactics)"
        # Named, not "you": the computer's draws are logged too, and read as the person's own
        ctx.emit(Message(message=f"{who} card {what}", seen_by=(side,)))


def _draw_step(state: QuadState, action: Action, ctx: Context) -> None:
    side = state.to_draw.pop(0)
    if isinstance(action, Draw):
        pile = state.piles[side]
        if not pile.deck and not pile.discard:
            raise Refusal("your deck and discard pile are empty: there is no card to draw")
        _draw_cards(state, side, 1, ctx, "start of turn")
    else:
        ctx.emit(Message(message=f"{with_verb(side_name(state, side), 'draws', 'draw')} no card"))
    if state.to_draw:
        return
    _reshuffle_step(state, ctx)
    if not state.order:
        _roll_off(state, ctx)
    state.phase = "activation"
    state.played = 0
    state.passes = 0
    ctx.emit(PhaseChanged(turn=state.turn, phase="activation"))
    ctx.emit(InitiativePassed(to_side=state.active_side, why="activation"))


def _reshuffle_step(state: QuadState, ctx: Context) -> None:
    """The Turn: "If a player has no cards left in their draw deck shuffle discard pile and return
    it to their draw deck" - a step of every turn, after the draws (QUAD-A08); a draw from an
    empty deck later in the turn still reshuffles first (cards.draw)."""
    if not state.options.get("reshuffle_step", True):
        return
    for s in state.side_ids():
        pile = state.piles[s]
        if pile.deck or not pile.discard:
            continue
        pile.deck = deck.shuffle(pile.discard, state.seed, state.shuffles, state.dice)
        state.shuffles += 1
        pile.discard = []
        ctx.emit(Message(message=f"{with_verb(side_name(state, s), 'has', 'have')} no cards left in the draw deck: "
                                 f"the discard pile ({count(len(pile.deck), 'card')}) is shuffled into it"))


def _roll_off(state: QuadState, ctx: Context) -> None:
    """The first active side is decided by a roll-off, re-rolling ties among the highest (QUAD-A08)."""
    contenders = state.side_ids()
    while len(contenders) > 1:
        rolls = {s: ctx.dice.roll(1, 6, "roll-off for the first activation", side=s, rule="QUAD-A08",
                                  outcome=lambda f: f"rolls {f[0]}")[0]
                 for s in contenders}
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
    first = contenders[0]
    ids = state.side_ids()
    i = ids.index(first)
    state.order = ids[i:] + ids[:i]
    state.active_side = first


def _next_side(state: QuadState, side: str) -> str:
    i = state.order.index(side)
    return state.order[(i + 1) % len(state.order)]


def _pass_activation(state: QuadState, ctx: Context, why: str, to: str | None = None) -> None:
    before = state.active_side
    state.active_side = to or _next_side(state, before)
    state.played = 0
    ctx.emit(InitiativePassed(from_side=before, to_side=state.active_side, why=why))


def _release(state: QuadState, action: Release, ctx: Context) -> None:
    side = action.side
    if state.played == 0:
        _draw_cards(state, side, 2, ctx, "released without playing")
        state.passes += 1
        if state.passes >= len(state.sides):
            return _end_turn(state, ctx)
        return _pass_activation(state, ctx, "released without playing")
    state.passes = 0
    _pass_activation(state, ctx, "released")


def _end_turn(state: QuadState, ctx: Context) -> None:
    """Every side released without playing in a row: the turn ends (QUAD-A08)."""
    state.turn_ended = state.turn
    ctx.emit(Message(message=f"turn {state.turn} ends"))
    state.turn += 1
    state.passes = 0
    state.phase = "draw"
    state.to_draw = list(state.order)
    state.active_side = _next_side(state, state.active_side)
    state.played = 0
    ctx.emit(PhaseChanged(turn=state.turn, phase="draw"))


def _steal(state: QuadState, action: Steal, ctx: Context) -> None:
    """Pay a tactics card to take the activation (QUAD-A07)."""
    if state.phase != "activation" or state.retreats or combat.attack_waits(state):
        raise Refusal("the activation can only be stolen between card plays, not during an attack or a fall-back")
    if action.side == state.active_side:
        raise Refusal("you hold the activation already")
    tactics = state.tactics_in_hand(action.side)
    if not tactics:
        raise Refusal("stealing needs a tactics card (a face card: J, Q or K; an Ace is a unit's card) "
                      "in your hand, and you hold none")
    card = tactics[0]
    pile = state.piles[action.side]
    pile.hand.remove(card)
    pile.discard.append(card)
    state.passes = 0
    who = with_verb(side_name(state, action.side), "pays", "pay")
    ctx.emit(Message(message=f"{who} {card.rank} (tactics) to steal the activation"))
    _pass_activation(state, ctx, "stolen", to=action.side)
