"""Actions that change nothing the evaluation sees (a Skirmish pivot, an end, a release): the computer never
dithers with them (docs/ai.md, "Never turn on the spot")."""

from __future__ import annotations

from rules.actions import Action
from rules.ai.placings import placing
from rules.core import GameState


def cap_idle(means: list[float], idle: list[bool], units: list[str | None] | None = None) -> list[float]:
    """An idle action of a unit (one that changes nothing the evaluation sees and leaves its side to decide
    again: a Skirmish pivot) only puts off what that unit may do now: worth a hair less than the unit's best
    other action. Scored as the position itself, a pivot beat a move out of cover, and a Skirmish model pivoted
    NE, W, NW, E (each facing new, so never a placing come back) before it moved (teaching, seed 1). Only the
    same unit's actions cap it: an idle action that opens others (choosing which unit to activate) is worth
    what it opens, so it is not held below a pass."""
    units = units or [None] * len(means)
    best: dict[str, float] = {}
    for m, still, unit in zip(means, idle, units):
        if not still and unit is not None and m != float("-inf"):
            best[unit] = max(best.get(unit, m), m)
    return [min(m, best[unit] - 1e-6) if still and unit in best else m
            for m, still, unit in zip(means, idle, units)]


def acts_again(computer, ruleset, state: GameState, action: Action, side: str) -> bool:
    """Whether `action`'s unit still has a choice of its own on `state`, the copy it was tried on (a pivot: the
    model goes on with its activation). Only then does an idle action put off what the unit may do now. One
    after which the unit has none (an end of its activation) is its last word for now and is not capped: capped,
    an end lost to any other action of the unit, and Skirmish village's cartel leader, on the tower roof his side
    must keep, jumped off it (a falling save: downed in one throw in three) rather than end his activation."""
    unit = action.unit_id
    return unit is not None and any(a.unit_id == unit for a in computer.options(ruleset, state, side))


def soonest(computer, ruleset, world: GameState, actions: list[Action], ties: list[int], first: list[float],
            most: int) -> list[int]:
    """Of actions whose lines tie, those that gain the most at once, and of those (the first `most`) the ones that
    leave every unit as it stands (an end, a release). A free action (Skirmish's pivot) followed by the best action
    ties with the best action played at once, since the line plays it next; picked at random among the ties, a
    Skirmish model pivoted NW, E, NE, W in one activation before it moved."""
    best = max(first[i] for i in ties)
    ties = [i for i in ties if first[i] >= best - 1e-9]
    if len(ties) <= 1:
        return ties
    now = placing(world)
    still = [i for i in ties[:most]
             if placing(computer.tried(ruleset, world, actions[i], computer.rng).state) == now]
    return still or ties
