"""The DHR game options the turn reads (chip draw by type or by unit, special figures, more
challenge terrain)."""

from __future__ import annotations

from rules.rulesets.dhr.state import DHRState


def opt(state: DHRState, key: str) -> bool:
    return bool(state.options.get(key, False))


def by_type(state: DHRState) -> bool:
    return str(state.options.get("chip_draw", "unit")) == "type"


def specials_on(state: DHRState) -> bool:
    return opt(state, "special_figures")


def extra_challenge(state: DHRState) -> frozenset[str]:
    raw = str(state.options.get("challenge", "") or "")
    return frozenset(t.strip() for t in raw.split(",") if t.strip())
