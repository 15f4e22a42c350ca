"""Dirtside's plug-ins (rules/contract.py), each loaded from its module when first asked for: starting the
app, or listing the rule sets, imports none of them."""

from __future__ import annotations

from typing import Any

from rules.contract import AiHints


def procedures() -> tuple:
    from rules.rulesets.dirtside.resolve import PROCEDURES

    return PROCEDURES


def ai_hints() -> AiHints:
    from rules.rulesets.dirtside import ai_hints as h
    from rules.rulesets.dirtside.ai_outcomes import outcome_value
    from rules.rulesets.dirtside.victory import standing

    return AiHints(contact=h.contact, unit_value=h.unit_value, outcome_value=outcome_value, prune=h.prune,
                   determinize=h.determinize, step_cost=h.step_cost, losses=h.losses, side_standing=standing)


def army() -> Any:
    from rules.rulesets.dirtside import builder

    return builder
