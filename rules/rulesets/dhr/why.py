"""Why an action kind is not offered now, in full words: the screen says it when a key finds nothing to do."""

from __future__ import annotations

from rules.rulesets.dhr import turn
from rules.rulesets.dhr.state import DHRState
from rules.words import possessive

LABELS = {"move": "move", "cross": "cross", "fire": "fire", "melee": "melee", "cast": "cast a spell",
          "overrun": "overrun", "call": "call a strike", "attach": "attach", "drop": "drop out"}


def why_not(state: DHRState, side: str, kind: str, unit_id: str | None = None) -> str:
    """Why `side` has no `kind` action now (for `unit_id`, if given); '' when it has one."""
    if any(a.kind == kind and (unit_id is None or getattr(a, "unit", None) == unit_id)
           for a in turn.legal_actions(state, side)):
        return ""
    d = turn.decision(state)
    if d.side is None:
        return "the game is over"
    if d.side != side:
        return f"it is {possessive(turn.side_name(state, d.side))} turn to decide"
    if state.phase == "draw" or state.chip is None:
        return "draw a chip first (d)"
    what = LABELS.get(kind, kind)
    if unit_id is None:
        units = turn.candidates(state)
        if len(units) != 1:
            return f"no unit that may act on chip {turn.chip_label(state, state.chip)} can {what} now"
        u = units[0]
    else:
        u = state.units.get(unit_id)
        if u is None:
            return f"there is no unit {unit_id!r}"
        if u.side != side:
            return f"{u.name} belongs to {turn.side_name(state, u.side)}"
        if u.id not in {c.id for c in turn.candidates(state)}:
            return turn._not_this_chip(state, u)
    if kind in ("move", "cross"):
        why = turn.no_move_reason(state, u) if state.active_unit == u.id else ""
        if why:
            return why
        if kind == "cross":
            return f"{u.name} has no failed terrain check to cross after"
        return f"{u.name} has no hex to move to: every way is blocked"
    if kind == "fire":
        if not u.stats.weapons:
            return f"{u.name} has no weapon to fire"
        if state.active_unit == u.id and len(state.fired) >= len(u.stats.weapons):
            return f"{u.name} has fired every weapon it has: each fires once an activation"
        return f"no enemy is within range of {u.name}'s weapons"
    if kind in ("melee", "overrun"):
        if state.active_unit == u.id and state.attacked:
            return f"{u.name} has attacked this activation: it may not also melee"
        return f"no enemy stands next to {u.name}"
    return f"{u.name} cannot {what} now"

