"""QUAD victory, from the scenario's conditions (the text leaves victory to the scenario).

- a side with no unit left on the map has lost (always: "eliminate");
- `casualties`: `side` wins once the other sides have lost `fraction` of their units;
- `hold`: `side` wins if its units stand on every hex of `hexes` at the end of turn `turn`
  (every turn when no turn is given);
- `turn_limit`: `side` wins (nobody if no side: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from rules import victory
from rules.core import GameResult
from rules.victory import VictoryWords
from rules.hexgrid import Hex
from rules.rulesets.quad.state import QuadState


KINDS = {
    "eliminate": "the side wins when no enemy unit is left on the map (always checked)",
    "casualties": "`side` wins once the other sides have lost `fraction` of their units",
    "hold": "`side` wins if its units stand on every hex of `hexes` at the end of turn `turn`",
    "turn_limit": "`side` wins (nobody: a draw) at the end of turn `turn`",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


WORDS = VictoryWords(eliminated="the enemy is eliminated", nobody_left="both sides are eliminated",
                     lost="the enemy lost {lost} units", held="holds the objective at the end of turn {turn}")


def check(state: QuadState) -> GameResult | None:
    up = victory.sides_on_map(state)
    return victory.check(state, standing=lambda s: s in up, holds=lambda s, h: holds(state, s, h), words=WORDS,
                         losses=lambda side: victory.others_eliminated(state, side))


def holds(state: QuadState, side: str, h: Hex) -> bool:
    """A unit of `side` stands on `h` (the computer's rules of thumb read it too, ai_hints.py `keeps_the_turn`)."""
    u = state.unit_at(h)
    return u is not None and u.side == side


def progress(state: QuadState) -> list[victory.Objective]:
    """How far each side is from each condition, from the state it is handed (a seat's view)."""
    return victory.objectives(
        state, left=lambda s: len(state.units_of(s)), holds=lambda s, h: holds(state, s, h),
        losses=lambda side: victory.others_eliminated(state, side))
