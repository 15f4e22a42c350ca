"""Why a Hundred Wars action is refused, in full words: every refusal names its reason (issue 24 item 9)."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context
from rules.events import Message
from rules.rulesets.hundred_wars.actions import ChooseEdge, Done, RollOff, RollOrders
from rules.rulesets.hundred_wars.state import PHASE_WORDS, HwState, commands
from rules.words import with_verb


def still_to_move(state: HwState, side: str) -> list[str]:
    """The side's units (blinds too) whose Move counter still waits for its roll (Phase 5: 'must roll and move
    each turn')."""
    return [u.name for u in state.live(side) if u.counter is not None and not u.moved]


def must_move_first(state: HwState, side: str) -> str:
    names = still_to_move(state, side)
    return "every unit with a Move counter must roll and move first" + (f": {', '.join(names)}" if names else "")


def refused(state: HwState, action: Action) -> str:
    """The reason for an action of a kind that is not on offer now (its phase, or a step already taken)."""
    phase = PHASE_WORDS.get(state.phase, state.phase)
    if isinstance(action, RollOff):
        return f"the roll-off for the player order is over (now: {phase})"
    if isinstance(action, ChooseEdge):
        if state.phase != "edge":
            return f"table edges are chosen while setting up (now: {phase})"
        return f"the {action.edge} edge is taken; free: {', '.join(_free_edges(state)) or 'none'}"
    if isinstance(action, RollOrders):
        return f"Orders are rolled once, in Phase 1 (now: {phase})"
    if isinstance(action, Done) and state.phase == "move":
        return must_move_first(state, action.side)
    return f"it is not among the choices of {phase}"


def _free_edges(state: HwState) -> list[str]:
    from rules.rulesets.hundred_wars import setup

    return list(setup.free_edges(state))


NO_COMMANDER = "no commander left: no pips and no Move orders for the rest of the game"
"""Pips come only from commanders' Orders (Phase 1), and every Move counter costs a pip (Phase 3)."""


def commanders_lost(state: HwState, commanded: dict[str, str], ctx: Context) -> None:
    """Say so when an action leaves a side that had a commander with none (destroyed, or its Orders shot away).
    `commanded`: side -> a commander it had before the action; most actions leave that one as it was, so it is
    looked at first, and the side's units only when it is gone."""
    for side, uid in commanded.items():
        u = state.units.get(uid)
        if u is not None and u.side == side and commands(u):
            continue
        if not state.has_commander(side):
            ctx.emit(Message(message=f"{with_verb(side_name(state, side), 'has', 'have')} {NO_COMMANDER}"))


def side_name(state: HwState, side: str) -> str:
    return next((s.name for s in state.sides if s.id == side), side)
