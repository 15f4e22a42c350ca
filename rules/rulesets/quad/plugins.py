"""QUAD's plug-ins (rules/contract.py), each loaded from its module when first asked for: starting the
app, or listing the rule sets, imports none of them."""

from __future__ import annotations

from rules.contract import AiHints


def procedures() -> tuple:
    from rules.rulesets.quad.resolve import PROCEDURES

    return PROCEDURES


def ai_hints() -> AiHints:
    from rules.rulesets.quad import ai_hints as h

    return AiHints(contact=h.contact, hold_every=h.hold_every, opening=h.opening, prune=h.prune, never=h.never,
                   unit_value=h.unit_value, side_value=h.side_value, determinize=h.determinize,
                   outcome_value=h.outcome_value, step_cost=h.step_cost, threat=h.threat)


def migrations() -> dict:
    from rules.rulesets.quad.migrations import STEPS

    return STEPS
