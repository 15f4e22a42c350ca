"""Attacks that may decide the game at once: their chance of doing so from the rules' exact odds, not from a throw.

The computer tries an attack once or twice with its own dice. An attack that wins the game one time in
three (the enemy unit it may destroy is the one whose loss meets a casualties condition) then looks like any
other attack two times in three, and its one unlucky try cut it from the field: QUAD teaching's Kingdom
charged the rebel whose loss won the game one time in ten though the charge won 62% of games. The preview's
outcomes give the exact chance of each unit's elimination (rules/outcomes.py); the eliminations that end the
game are checked on a copy by the rules' own victory check, and an attack's worth is that exact chance times
the decided game's worth plus the rest of the chance times the mean of the tries that did not decide it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Action
from rules.ai.evaluate import WIN
from rules.clone import clone
from rules.core import GameState

DECIDED = WIN / 2
"""A score this far from zero is a decided game's (WIN plus or minus the material, far below WIN)."""


@dataclass(frozen=True)
class Decisive:
    """The exact chance that an action decides the game at once, and the decided game's worth to the side."""

    chance: float
    value: float


def aims_at_unit(ruleset, action: Action) -> bool:
    """The action's kind is aimed at a unit (an attack, a charge, a fire): the kinds whose previews say who
    may be destroyed."""
    spec = ruleset.action_kinds.get(action.kind)
    return spec is not None and spec.target == "unit"


def preview_of(ruleset, world: GameState, action: Action):
    """The rules' preview of `action` on `world` (its outcomes' exact odds), None when there is none or the
    guessed world cannot be read."""
    try:
        return ruleset.preview(world, action)
    except Exception:  # noqa: BLE001 - a guessed world the preview cannot read: no exact odds, tries alone
        return None


def expected_worth(preview, value_of, world: GameState, action: Action, side: str) -> float:
    """The sum over `preview`'s outcomes of exact chance x the rule set's `outcome_value` of that outcome to `side`
    (how the greedy yardstick and hard's rollouts weigh an attack)."""
    return sum(float(o.chance) * value_of(world, action, o, side) for o in preview.outcomes)


def decisive(ruleset, world: GameState, action: Action, side: str, ev) -> Decisive | None:
    """The chance (from the preview's outcomes) that `action` ends the game at once by the eliminations it may
    make, with that end's worth to `side`; None when no outcome of its preview decides the game."""
    return decisive_by(preview_of(ruleset, world, action), ruleset, world, side, ev)


def decisive_by(preview, ruleset, world: GameState, side: str, ev) -> Decisive | None:
    """As `decisive`, from a preview already read (None: there is none)."""
    if preview is None or not preview.outcomes:
        return None
    mass = worth = 0.0
    ends: dict[frozenset[str], float | None] = {}
    for outcome in preview.outcomes:
        gone = frozenset(e.unit for e in outcome.units if e.eliminated)
        if not gone:
            continue
        if gone not in ends:
            ends[gone] = _decided_worth(ruleset, world, gone, side, ev)
        value = ends[gone]
        if value is not None:
            mass += float(outcome.chance)
            worth += float(outcome.chance) * value
    return Decisive(mass, worth / mass) if mass > 0 else None


def _decided_worth(ruleset, world: GameState, gone: frozenset[str], side: str, ev) -> float | None:
    """The worth to `side` of `world` with the units `gone` eliminated, if the rules then decide the game."""
    after = clone(world)
    for uid in gone:
        unit = after.units.get(uid)
        if unit is None:
            return None
        unit.eliminated = True
    try:
        result = ruleset.victory(after)
    except Exception:  # noqa: BLE001 - as above
        return None
    if result is None:
        return None
    after.result = result
    return ev.score(after, side)


def blend(known: Decisive | None, values: list[float], rest: list[float] | None = None) -> float:
    """The worth of an action from its tries' `values`: with `known`, the tries that decided the game stand
    for nothing and the exact chance of deciding it takes their place. `rest`: the values of the tries the action
    did not decide at once, when that is known better than by their size (a rollout may decide the game later)."""
    mean = sum(values) / len(values)
    if known is None:
        return mean
    if rest is None:
        rest = [v for v in values if abs(v) < DECIDED]
    if not rest:
        return mean
    return known.chance * known.value + (1.0 - known.chance) * sum(rest) / len(rest)
