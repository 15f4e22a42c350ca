"""The turn's sequence: the next side in player order, the next phase, the next turn (its player-order roll)."""

from __future__ import annotations

from rules.core import Context
from rules.events import PhaseChanged
from rules.rulesets.hundred_wars import setup
from rules.rulesets.hundred_wars.state import PHASE_WORDS, PHASES, HwState


def advance(state: HwState, ctx: Context) -> None:
    """The next side in player order; after the last, the next phase; after Phase 5, the next turn."""
    state.step += 1
    if state.step < len(state.order):
        state.active_side = state.acting()
        return
    i = PHASES.index(state.phase)
    state.psi_phase, state.psi_mobile = [], []
    if i + 1 < len(PHASES):
        state.phase, state.step = PHASES[i + 1], 0
        state.active_side = state.acting()
        if state.phase == "move":
            for u in state.units.values():
                if u.moved:  # set only what changes: each set is a pydantic call (a load replays every turn)
                    u.moved = False
        ctx.emit(PhaseChanged(turn=state.turn, phase=PHASE_WORDS[state.phase]))
        return
    end_turn(state, ctx)


def end_turn(state: HwState, ctx: Context) -> None:
    state.turn += 1
    state.pips = {}
    state.fired_at = {}
    state.jammed, state.ecm_used = [], []
    state.ecm_ads, state.ads_cut = [], {}
    state.teleported = []
    state.ecm_teleport, state.tp_blocked = [], {}
    state.agreed_end = []
    for u in state.units.values():  # set only what changes, as in `advance`
        if u.fired:
            u.fired = []
        if u.repaired:
            u.repaired = False
        if u.moved:
            u.moved = False
    if state.max_turns is not None and state.turn > state.max_turns:
        return  # victory.check ends the game
    begin_turn(state, ctx)


def begin_turn(state: HwState, ctx: Context) -> None:
    """'Each Turn all sides roll 1d10. High scorer is Player 1' (ties re-roll, AHW-A26)."""
    state.order = setup.roll_each(state, state.side_ids(), ctx, "player order")
    state.phase, state.step = "orders", 0
    state.active_side = state.acting()
    ctx.emit(PhaseChanged(turn=state.turn, phase=PHASE_WORDS["orders"]))
