"""DHR's plug-ins (rules/contract.py), each loaded from its module when first asked for: starting the
app, or listing the rule sets, imports none of them."""

from __future__ import annotations

from rules.contract import AiHints


def procedures() -> tuple:
    from rules.rulesets.dhr.resolve import PROCEDURES

    return PROCEDURES


def ai_hints() -> AiHints:
    from rules.rulesets.dhr import ai_hints as h

    return AiHints(contact=h.contact, unit_value=h.unit_value, outcome_value=h.outcome_value, losses=h.losses,
                   step_cost=h.step_cost, prune=h.prune, threat=h.threat)


def migrations() -> dict:
    from rules.rulesets.dhr.migrations import STEPS

    return STEPS
