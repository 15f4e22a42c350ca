"""The computer's hints of a rule set: its `ai_hints` (rules/contract.py `AiHints`), declared on the contract.

A rule set's hints live in its own package (rules/rulesets/<id>/ai_hints.py) and are registered by its
`RULESET.ai_hints`; a rule set without them gets `AiHints()`, whose every member is the generic reading
of the view (rules/ai/evaluate.py), so the computer reads each member directly.
"""

from __future__ import annotations

from dataclasses import replace

from rules.contract import AiHints, Ruleset

NO_HINTS = AiHints()


def hints_for(ruleset: Ruleset) -> AiHints:
    """The rule set's own hints, else the defaults."""
    return ruleset.ai_hints or NO_HINTS


def without_rules_of_thumb(hints: AiHints) -> AiHints:
    """`hints` without the rule set's rules of thumb (the easy computer's, rules/ai/levels.py): no option left out
    but those never worth playing (`never` for `prune`: giving the game away, a steal paid for nothing), no worth
    of a unit, of a side's assets or of closing in (`unit_value`, `side_value`, `contact`): the position is read as
    any rule set's (rules/ai/evaluate.py's generic reading, a unit by its numbers, a side by its units). The
    hidden things are guessed and the terrain walked alike, and the `opening` is kept: a rule of the game's tempo
    (QUAD's release for two cards) without which an easy West never attacked in river-battle (stop 40)."""
    return replace(hints, prune=hints.never, unit_value=None, side_value=None, threat=None, contact=NO_HINTS.contact)
