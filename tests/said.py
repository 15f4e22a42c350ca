"""What the screen says of a preview's outcomes, for tests: the rule set's `outcome_words` with the names of the
state the preview was made from (rules/outcomes.py `reader`), as the odds dialog, plain mode and the hint do."""

from __future__ import annotations

from rules import registry
from rules.outcomes import names_in


def _ruleset_of(state):
    for e in registry.entries():
        ruleset = registry.get(e.id)
        if isinstance(state, ruleset.state_model):
            return ruleset
    raise LookupError(f"no registered rule set plays a {type(state).__name__}")


def said(outcome, state=None, ruleset=None) -> str:
    """`outcome` in words, named from `state` (none: by the ids its effects carry, as the resolver's roles)."""
    ruleset = ruleset if ruleset is not None else _ruleset_of(state)
    ruleset = registry.get(ruleset) if isinstance(ruleset, str) else ruleset
    return ruleset.outcome_words(outcome, names_in(state) if state is not None else {})


def words(preview, state=None, ruleset=None) -> list[str]:
    """Every outcome of `preview` in words, in its order."""
    return [said(o, state, ruleset) for o in preview.outcomes]


def chances(preview, state=None, ruleset=None) -> dict:
    """Words -> chance of every outcome of `preview`."""
    return {said(o, state, ruleset): o.chance for o in preview.outcomes}
