"""The computer's hints of a rule set: its `ai_hints` (rules/contract.py `AiHints`), declared on the contract.

A rule set's hints live in its own package (rules/rulesets/<id>/ai_hints.py) and are registered by its
`RULESET.ai_hints`; a rule set without them gets `AiHints()`, whose every member is the generic reading
of the view (rules/ai/evaluate.py), so the computer reads each member directly.
"""

from __future__ import annotations

from rules.contract import AiHints, Ruleset

NO_HINTS = AiHints()


def hints_for(ruleset: Ruleset) -> AiHints:
    """The rule set's own hints, else the defaults."""
    return ruleset.ai_hints or NO_HINTS
