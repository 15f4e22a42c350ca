"""Exact odds before an action: a shot, a move (with any close combat it brings), a psionic pip, ECM on a teleporter.
The rolls themselves are previewed in `roll_preview`, the psionic pips in `psi_preview`."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Preview
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars.actions import Fire, Jam, MoveUnit, PsiReveal, SetCounter
from rules.rulesets.hundred_wars.psi_preview import psi_preview, teleport_ecm_preview
from rules.rulesets.hundred_wars.roll_preview import cqb_preview, firing_preview, move_preview
from rules.rulesets.hundred_wars.state import HwState


def preview(state: HwState, action: Action) -> Preview | None:
    """The odds before a shot, a move, or a Move counter sent into contact (close combat)."""
    if isinstance(action, Fire):
        return firing_preview(state, action.unit, action.weapon, Hex(*action.at))
    if isinstance(action, MoveUnit):
        u = state.units.get(action.unit)
        return move_preview(state, u, action.alone, accelerate=action.accelerate) if u is not None else None
    if isinstance(action, PsiReveal):
        return psi_preview(state, action)
    if isinstance(action, Jam):
        return teleport_ecm_preview(state, action)
    if isinstance(action, SetCounter) and action.attack == "":
        u, t = state.units.get(action.unit), state.unit_at(Hex(*action.to))
        if u is not None and t is not None and t.side != u.side and not t.blind and not u.blind:
            return cqb_preview(state, u, t)
    return None


