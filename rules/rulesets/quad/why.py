"""Why an action kind is not offered now, in full words: the screen says it when a key finds nothing to do."""

from __future__ import annotations

from rules.rulesets.quad import combat, turn
from rules.rulesets.quad.state import QuadState
from rules.words import count, possessive, with_verb

LABELS = {"draw": "draw", "decline": "keep the hand", "move": "move", "attack": "attack", "charge": "charge",
          "hold": "stand", "release": "release", "steal": "steal the activation", "block": "choose blocks",
          "retreat": "fall back"}


def why_not(state: QuadState, side: str, kind: str, unit_id: str | None = None) -> str:
    """Why `side` has no `kind` action now (for `unit_id`, if given); '' when it has one."""
    if any(a.kind == kind and (unit_id is None or getattr(a, "unit", None) == unit_id)
           for a in turn.legal_actions(state, side)):
        return ""
    d = turn.decision(state)
    what = LABELS.get(kind, kind)
    if d.side is None:
        return "the game is over"
    if kind == "steal":
        if side == d.side:
            return "you hold the activation already"
        if state.phase != "activation" or state.retreats or combat.attack_waits(state):
            return "the activation can only be stolen between card plays, not during an attack or a fall-back"
        return "stealing needs a tactics card (a face card: J, Q or K) in your hand, and you hold none"
    if d.side != side:
        return f"it is {possessive(turn.side_name(state, d.side))} turn to decide: out of turn you may only steal the activation"
    if state.retreats:
        return f"{state.units[state.retreats[0].unit].name} must fall back first: choose the hex it falls back into"
    if combat.attack_waits(state):
        return f"{state.units[state.pending_attack.defender].name} must first choose which hits to block"
    if state.phase == "draw":
        return "at the start of the turn you may only draw a card (d) or keep your hand (k)"
    if kind in ("block", "retreat", "draw", "decline"):
        return f"there is nothing to {what} now"
    if unit_id is None:
        return f"no unit you hold a card for can {what} now"
    u = state.units.get(unit_id)
    if u is None or u.side != side or not u.on_map:
        return turn._not_yours(state, side, unit_id)
    if not state.cards_for(side, u.id):
        return f"you hold no card that activates {u.name}"
    if kind == "charge" and not u.stats.has("charger"):
        return f"{u.name} cannot charge (it is not a Charger)"
    if kind == "attack":
        return f"no enemy is within {u.name}'s reach ({count(turn.attack_range(u), 'hex')})"
    if kind == "charge":
        return f"{u.name} can reach no hex next to an enemy"
    return f"{with_verb(u.name, 'has', 'have')} no hex to move to: every way is blocked"
