"""the skirmish's plug-ins (rules/contract.py), each loaded from its module when first asked for: starting the
app, or listing the rule sets, imports none of them."""

from __future__ import annotations

from rules.contract import AiHints


def procedures() -> tuple:
    from rules.rulesets.skirmish.resolve import PROCEDURES

    return PROCEDURES


def ai_hints() -> AiHints:
    from rules.rulesets.skirmish import ai_hints as h

    return AiHints(contact=h.contact, unit_value=h.unit_value, side_value=h.side_value, prune=h.prune,
                   step_cost=h.step_cost)
