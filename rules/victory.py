"""The scenario victory conditions that QUAD, the skirmish and Dirtside read the same way.

The texts leave victory to the scenario; these three rule sets check its conditions in one order:

- a side with nothing left on the map has lost ('eliminate', always checked);
- `casualties`: `side` wins once the other sides have lost `fraction` of what they had;
- `hold`: `side` wins if it holds every hex of `hexes` at the end of turn `turn` (every turn if none);
- `turn_limit`: `side` wins (nobody: a draw) at the end of turn `turn` (default: the last turn);
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.

What "left", "lost" and "holds" mean is each rule set's (units, models or elements), and so are the words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import GameResult
from rules.hexgrid import Hex


@dataclass(frozen=True)
class VictoryWords:
    """A rule set's words for the results its scenario did not word itself."""

    eliminated: str
    """The last side standing wins."""
    nobody_left: str
    lost: str
    """Format with {lost}: what the other sides lost, e.g. 'the enemy lost {lost} units'."""
    held: str
    """Format with {turn}."""


def check(state, *, standing: Callable[[str], bool], losses: Callable[[str], tuple[int, int]],
          holds: Callable[[str, Hex], bool], words: VictoryWords) -> GameResult | None:
    """The result, if the game is decided. `standing(side)`: the side has something left on the map;
    `losses(side)`: (lost, had) of every other side; `holds(side, hex)`: the side holds that hex."""
    alive = [s for s in state.side_ids() if standing(s)]
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        cond = next((c for c in state.victory if c.kind == "eliminate" and c.side in (None, winner)), None)
        if winner is None:
            return GameResult(winner=None, reason=words.nobody_left, turn=state.turn)
        return GameResult(winner=winner, reason=(cond.text if cond and cond.text else words.eliminated),
                          turn=state.turn)
    for c in state.victory:
        if c.kind == "casualties" and c.side and c.fraction is not None:
            lost, had = losses(c.side)
            if had and lost / had >= c.fraction:
                return GameResult(winner=c.side, reason=c.text or words.lost.format(lost=lost), turn=state.turn)
    ended = state.turn_ended
    if ended is None:
        return None
    for c in state.victory:
        if c.kind == "hold" and c.side and (c.turn is None or c.turn == ended):
            if c.hexes and all(holds(c.side, Hex(*h)) for h in c.hexes):
                return GameResult(winner=c.side, reason=c.text or words.held.format(turn=ended), turn=ended)
    for c in state.victory:
        if c.kind == "turn_limit" and (c.turn or state.max_turns) == ended:
            return GameResult(winner=c.side, reason=c.text or f"turn {ended} is over", turn=ended)
    if state.max_turns is not None and ended >= state.max_turns:
        return GameResult(winner=None, reason=f"turn limit ({state.max_turns}) reached", turn=ended)
    return None


def losses_among(members: list, lost: Callable[[object], bool]) -> tuple[int, int]:
    """(lost, had) of a list of units, models or elements."""
    return sum(1 for m in members if lost(m)), len(members)
