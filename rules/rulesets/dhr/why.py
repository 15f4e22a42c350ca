"""Why an action kind is not offered now, in full words: the screen says it when a key finds nothing to do."""

from __future__ import annotations

from rules.rulesets.dhr import turn
from rules.rulesets.dhr.state import DHRState
from rules.words import possessive, with_verb

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
            return f"{with_verb(u.name, 'belongs', 'belong')} to {turn.side_name(state, u.side)}"
        if u.id not in {c.id for c in turn.candidates(state)}:
            return turn._not_this_chip(state, u)
    if kind in ("move", "cross"):
        why = turn.no_move_reason(state, u) if state.active_unit == u.id else ""
        if why:
            return why
        if kind == "cross":
            return f"{with_verb(u.name, 'has', 'have')} no failed terrain check to cross after"
        return f"{with_verb(u.name, 'has', 'have')} no hex to move to: every way is blocked"
    if kind == "fire":
        if not u.stats.weapons:
            return f"{with_verb(u.name, 'has', 'have')} no weapon to fire"
        if state.active_unit == u.id and len(state.fired) >= len(u.stats.weapons):
            return f"{with_verb(u.name, 'has', 'have')} fired every weapon it has: each fires once an activation"
        return f"no enemy is within range of {u.name}'s weapons"
    if kind in ("melee", "overrun"):
        if state.active_unit == u.id and state.attacked:
            return f"{with_verb(u.name, 'has', 'have')} attacked this activation: it may not also melee"
        return f"no enemy stands next to {u.name}"
    return f"{u.name} cannot {what} now: {_special_reason(state, u, kind)}"


def _special_reason(state: DHRState, u, kind: str) -> str:
    """The reason for the kinds that belong to special figures, the chip draw, or nothing left to do."""
    specials = turn.specials_on(state)
    if kind == "draw":
        return f"chip {turn.chip_label(state, state.chip)} is in play: its activations come first"
    if kind in ("attach", "drop", "cast", "call") and not specials:
        return "the special figures option is off in this game"
    if kind == "cast":
        return "it is no Wizard" if u.stats.special != "wizard" else "no enemy is within reach of a spell it has left"
    if kind == "call":
        if u.stats.special != "rto":
            return "only a radio operator (RTO) calls a strike"
        return "it has no strike left to call, or it has attacked this activation" if u.artillery + u.air == 0 or \
            (state.active_unit == u.id and state.attacked) else "no enemy it can call a strike on"
    if kind == "attach":
        if not u.stats.special:
            return "only a special figure attaches to a unit"
        if u.attached_to is not None:
            return "it is attached already"
        return "no friendly unit stands next to it to join (a unit, not a vehicle or another special figure)"
    if kind == "drop":
        if not u.stats.special or u.attached_to is None:
            return "only a special figure attached to a unit drops out"
        return "there is no free hex next to its unit to drop out into"
    return "it is not among its choices on this chip"

