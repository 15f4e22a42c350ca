"""A Hundred Wars' plug-ins (rules/contract.py), each loaded from its module when first asked for: starting the
app, or listing the rule sets, imports none of them."""

from __future__ import annotations

from typing import Any

from rules.contract import AiHints


def procedures() -> tuple:
    from rules.rulesets.hundred_wars.resolve import PROCEDURES

    return PROCEDURES


def ai_hints() -> AiHints:
    from rules.rulesets.hundred_wars import ai_hints as h

    return AiHints(unit_value=h.unit_value, side_value=h.side_value, determinize=h.determinize, heading=h.heading,
                   prune=h.prune, never=h.never, contact=h.CONTACT)


def migrations() -> dict:
    from rules.rulesets.hundred_wars.migrations import STEPS

    return STEPS


def army() -> Any:
    from rules.rulesets.hundred_wars import builder

    return builder


def campaign() -> Any:
    from rules.rulesets.hundred_wars import campaign

    return campaign
