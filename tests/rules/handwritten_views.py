"""The views as they were written by hand before they were derived from each rule set's secrecy
declaration (issue 26 item 9): test_field_secrecy.py checks the derived views equal these in play.

Frozen copies: do not change them to follow a rule set (a new secret is declared in its secrecy.py).
Only what a hidden field reads changed since: UNKNOWN, where they wrote a plausible value (issue 28 item 3)."""

from __future__ import annotations

from rules.rulesets.hundred_wars.view import SECRET_OPTIONS, waiting
from rules.unknown import UNKNOWN


def dirtside(state, side):
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    for u in seen.units.values():
        if u.side != side:
            u.stats.leader = UNKNOWN
            u.stats.missiles = [UNKNOWN] * len(u.stats.missiles)
    for f in seen.flights:
        if f.side != side:
            f.target = UNKNOWN
            f.warhead = UNKNOWN
    return seen


def hundred_wars(state, side):
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    hidden = {uid for uid in waiting(state) if uid in state.units and state.units[uid].side != side}
    for uid in hidden:
        del seen.units[uid]
    for u in seen.units.values():
        if u.blind and u.side != side:
            u.contents, u.dummy, u.imitates = UNKNOWN, UNKNOWN, UNKNOWN
    seen.pips = {cid: n for cid, n in seen.pips.items() if cid not in hidden}
    if state.options.get("army_lists", False):
        seen.army_lists = {s: sorted(u.name for u in state.units.values() if u.side == s and not u.blind)
                           for s in state.side_ids() if s != side}
    seen.viewer = side
    seen.options = {k: v for k, v in seen.options.items() if k not in SECRET_OPTIONS}
    return seen


def quad(state, side):
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    for owner, pile in seen.piles.items():
        pile.deck = [UNKNOWN] * len(pile.deck)
        if owner != side:
            pile.hand = [UNKNOWN] * len(pile.hand)
    return seen


def dhr(state, side):
    return state if side is None else state.model_copy(deep=True)


def skirmish(state, side):
    return state.model_copy(deep=True)


HANDWRITTEN = {"dirtside": dirtside, "hundred_wars": hundred_wars, "quad": quad, "dhr": dhr, "skirmish": skirmish}
