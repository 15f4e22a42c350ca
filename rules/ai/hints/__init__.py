"""Per-rule-set hints for the computer, found by rule set id; a rule set may carry its own `ai_hints`.

A hints object may offer any of: `unit_value(state, unit)`, `side_value(state, side)` (or
`side_value(state, side, now)`: handed the turn of the decision), `opening(view, side, actions)` (an
action to take without a search, or None), `prune(view, side, actions)` (the actions worth searching:
those it leaves out are never played),
`determinize(view, side, rng)` (a full state consistent with the view, hidden
things guessed at random), `outcome_value(state, action, outcome, side)`
(the worth to `side` of one outcome of an action's preview, read from its effects) and `contact`
(the worth of closing with the enemy by a hex). Anything missing falls back to
the generic reading of the view (rules/ai/evaluate.py).
"""

from __future__ import annotations

import importlib
import importlib.util


def hints_for(ruleset):
    """The rule set's own `ai_hints`, else the module rules.ai.hints.<id>, else None."""
    own = getattr(ruleset, "ai_hints", None)
    if own is not None:
        return own
    name = f"rules.ai.hints.{ruleset.id}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)
