"""Hidden information: what a blind is. Other sides see a blind on the table, never its units, whether it is a
dummy or what a dummy imitates; and nothing that would let them count: not the blinds still to come, not the
units still waiting under blinds, not those units' pips, not how many dummies each side was dealt."""

from __future__ import annotations

import random

from rules import secrecy
from rules.rulesets.hundred_wars.dummies import imitable
from rules.rulesets.hundred_wars.secrecy import DECLARATION
from rules.rulesets.hundred_wars.state import HwState


SECRET_OPTIONS = ("dummy_blinds",)
"""Options a side does not see: how many dummies each side has would count the others' groups."""


def view(state: HwState, side: str | None) -> HwState:
    """The referee (None) sees everything; a side sees its own blinds' contents, and of the other sides the
    blinds and units on the table (or gone from it) only."""
    if side is None:
        return state
    seen = secrecy.view(state, side, DECLARATION)  # a blind's contents, dummy and imitates
    # What one field's declaration cannot say: whole units removed, and what would count them.
    hidden = {uid for uid in waiting(state) if uid in state.units and state.units[uid].side != side}
    for uid in hidden:
        del seen.units[uid]
    seen.pips = {cid: n for cid, n in seen.pips.items() if cid not in hidden}
    if state.options.get("army_lists", False):  # the scenario's choice: names only, never which still hide
        seen.army_lists = {s: sorted(u.name for u in state.units.values() if u.side == s and not u.blind)
                           for s in state.side_ids() if s != side}
    seen.viewer = side
    seen.options = {k: v for k, v in seen.options.items() if k not in SECRET_OPTIONS}
    return seen


def waiting(state: HwState) -> list[str]:
    """Blinds not yet on the table and units still under a blind (with what they carry or hold in a teleport
    buffer): what no other side may see or count."""
    out = [b.id for b in state.units.values() if b.blind and b.at is None and not b.eliminated]
    for b in state.units.values():
        if b.blind and not b.eliminated:
            out += b.contents
    for uid in out:  # grows while walked: passengers of passengers too
        u = state.units.get(uid)
        if u is not None:
            out += [p for p in (*u.carried, *u.buffer) if p in state.units and p not in out]
    return out


def hidden_from(state: HwState, side: str, rng: random.Random) -> HwState:
    """A copy in which every other side's unrevealed blinds hide other units (some now dummies) at random.

    The groups of units waiting under blinds are shuffled among that side's
    blinds still hidden (on the table or not yet placed); nothing else changes.
    """
    out = state.model_copy(deep=True)
    for other in out.side_ids():
        if other == side:
            continue
        blinds = [b for b in out.units.values() if b.blind and b.side == other and not b.eliminated]
        units = sorted(uid for b in blinds for uid in b.contents)
        rng.shuffle(units)
        for b in blinds:
            b.contents = []
        for uid in units:
            b = blinds[rng.randrange(len(blinds))]
            b.contents.append(uid)
        for b in blinds:
            b.dummy = not b.contents
            b.imitates = rng.choice([None, *imitable(out, other)]) if b.dummy else None
    return out
