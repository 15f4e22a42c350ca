"""Victory from the scenario's conditions (the text leaves it to the scenario), checked like QUAD's.

- a side with no model left on the table has lost ('eliminate');
- `casualties`: `side` wins once the other sides have lost `fraction` of their models (dead or fled);
- `hold`: `side` wins if its standing models hold every hex of `hexes` at the end of turn `turn` (every turn
  when no turn is given);
- `turn_limit`: `side` wins (nobody if no side: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from rules import victory
from rules.core import GameResult
from rules.victory import VictoryWords
from rules.hexgrid import Hex
from rules.rulesets.skirmish.state import SkirmState

KINDS = {
    "eliminate": "the side wins when no enemy model is left on the table (always checked)",
    "casualties": "`side` wins once the other sides have lost `fraction` of their models (dead or fled)",
    "hold": "`side` wins if its standing models hold every hex of `hexes` at the end of turn `turn` (any turn "
            "when none is given)",
    "turn_limit": "`side` wins (nobody: a draw) at the end of turn `turn`",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


WORDS = VictoryWords(eliminated="the enemy is dead, downed out or fled", nobody_left="nobody is left standing",
                     lost="the enemy lost {lost} models", held="holds the objective after turn {turn}")


def check(state: SkirmState) -> GameResult | None:
    up = victory.sides_on_map(state)
    return victory.check(state, standing=lambda s: s in up, holds=lambda s, h: _holds(state, s, h), words=WORDS,
                         losses=lambda side: victory.others_eliminated(state, side))


def _holds(state: SkirmState, side: str, h: Hex) -> bool:
    u = state.unit_at(h)
    return u is not None and u.side == side and not u.downed


def progress(state: SkirmState) -> list[victory.Objective]:
    """How far each side is from each condition, from the state it is handed (a seat's view)."""
    return victory.objectives(
        state, left=lambda s: len(state.units_of(s)), holds=lambda s, h: _holds(state, s, h), noun="model",
        losses=lambda side: victory.others_eliminated(state, side))
