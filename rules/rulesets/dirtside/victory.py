"""Dirtside victory, from the scenario's conditions (DSII leaves victory to the scenario's objectives):

- a side with no unit left on the map has lost (aircraft, batteries and launchers do not hold ground);
- `casualties`: `side` wins once the other sides have lost `fraction` of their elements;
- `hold`: `side` wins if its units stand on every hex of `hexes` at the end of turn `turn` (every turn if none);
- `turn_limit`: `side` wins (nobody: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from operator import attrgetter

from rules import victory
from rules.core import GameResult
from rules.victory import VictoryWords
from rules.hexgrid import Hex
from rules.rulesets.dirtside.state import DSState

KINDS = {
    "eliminate": "a side with no ground unit left on the map is out; the last side standing wins",
    "casualties": "`side` wins once the other sides have lost `fraction` of their elements",
    "hold": "`side` wins if its units stand on every hex of `hexes` at the end of turn `turn`",
    "turn_limit": "`side` wins (nobody: a draw) at the end of turn `turn`",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


def _counts(u) -> bool:
    # the elements (`alive`) last: the victory check asks this of the units after every action
    return u.on_map and u.stats.role == "ground" and u.alive


def _ground(state: DSState, side: str):
    return (u for u in state.units.values() if u.side == side and _counts(u))


def ground(state: DSState, side: str) -> list:
    return list(_ground(state, side))


def standing(state: DSState, side: str) -> bool:
    """The side has a ground unit on the map: without one it is out (the computer's `side_standing` hint too)."""
    return any(True for _ in _ground(state, side))


WORDS = VictoryWords(eliminated="every enemy unit on the map is gone", nobody_left="no side has a unit left on the map",
                     lost="the enemy lost {lost} elements", held="holds the objective after turn {turn}")


def elements_lost(state: DSState, counts) -> tuple[int, int]:
    """(elements lost, elements at the start) of the sides `counts(side)` picks: every element of their units,
    aircraft and batteries too (the casualties condition counts the other sides'; the computer's `losses` hint a
    side's own)."""
    return _summed(_census(state)[1], counts)


def _summed(tally: dict[str, tuple[int, int]], counts) -> tuple[int, int]:
    lost = had = 0
    for side, (n, of) in tally.items():
        if counts(side):
            lost, had = lost + n, had + of
    return lost, had


def _losses(state: DSState, side: str) -> tuple[int, int]:
    return elements_lost(state, lambda s: s != side)


def check(state: DSState) -> GameResult | None:
    up, tally = _census(state)
    return victory.check(state, standing=up.__contains__,
                         losses=lambda s: _summed(tally, lambda other: other != s),
                         holds=lambda s, h: _holds(state, s, h), words=WORDS)


_LOST = attrgetter("lost")


def _census(state: DSState) -> tuple[set[str], dict[str, tuple[int, int]]]:
    """The sides `standing` and each side's (elements lost, elements), in one pass over the units: the victory
    check runs after every action (a tenth of a load's replay was one pass a side, then one for the losses)."""
    up: set[str] = set()
    tally: dict[str, tuple[int, int]] = {}
    for u in state.units.values():
        elements = u.stats.elements
        lost = sum(map(_LOST, elements))
        side = u.side
        was = tally.get(side, (0, 0))
        tally[side] = (was[0] + lost, was[1] + len(elements))
        # `_counts`, its `alive` from the count: on the map (not eliminated), and not every element lost
        if side not in up and u.stats.role == "ground" and u.on_map and lost < len(elements):
            up.add(side)
    return up, tally


def progress(state: DSState) -> list[victory.Objective]:
    """How far each side is from each condition, from the state it is handed (a seat's view)."""
    return victory.objectives(state, left=lambda s: len(ground(state, s)), losses=lambda s: _losses(state, s),
                              holds=lambda s, h: _holds(state, s, h), loss_noun="element")


def _holds(state: DSState, side: str, h: Hex) -> bool:
    u = state.unit_at(h)
    return u is not None and u.side == side
