"""QUAD victory, from the scenario's conditions (the text leaves victory to the scenario).

- a side with no unit left on the map has lost (always: "eliminate");
- `casualties`: `side` wins once the other sides have lost `fraction` of their units;
- `hold`: `side` wins if its units stand on every hex of `hexes` at the end of turn `turn`
  (every turn when no turn is given);
- `turn_limit`: `side` wins (nobody if no side: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from rules.core import GameResult, VictoryCondition
from rules.hexgrid import Hex
from rules.rulesets.quad.state import QuadState


KINDS = {
    "eliminate": "the side wins when no enemy unit is left on the map (always checked)",
    "casualties": "`side` wins once the other sides have lost `fraction` of their units",
    "hold": "`side` wins if its units stand on every hex of `hexes` at the end of turn `turn`",
    "turn_limit": "`side` wins (nobody: a draw) at the end of turn `turn`",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


def _text(c: VictoryCondition, fallback: str) -> str:
    return c.text or fallback


def check(state: QuadState) -> GameResult | None:
    alive = [s for s in state.side_ids() if state.units_of(s)]
    turn = state.turn
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        cond = next((c for c in state.victory if c.kind == "eliminate" and c.side in (None, winner)), None)
        reason = _text(cond, "the enemy is eliminated") if cond and winner else (
            "the enemy is eliminated" if winner else "both sides are eliminated")
        return GameResult(winner=winner, reason=reason, turn=turn)
    for c in state.victory:
        if c.kind == "casualties" and c.side and c.fraction is not None:
            enemy = [u for u in state.units.values() if u.side != c.side]
            lost = sum(1 for u in enemy if u.eliminated)
            if enemy and lost / len(enemy) >= c.fraction:
                return GameResult(winner=c.side, reason=_text(c, f"the enemy lost {lost} units"), turn=turn)
    ended = state.turn_ended
    if ended is None:
        return None
    for c in state.victory:
        if c.kind == "hold" and c.side and (c.turn is None or c.turn == ended):
            if c.hexes and all(_holds(state, c.side, Hex(*h)) for h in c.hexes):
                return GameResult(winner=c.side, reason=_text(c, f"holds the objective at the end of turn {ended}"),
                                  turn=ended)
    for c in state.victory:
        if c.kind == "turn_limit" and (c.turn or state.max_turns) == ended:
            return GameResult(winner=c.side, reason=_text(c, f"turn {ended} is over"), turn=ended)
    if state.max_turns is not None and ended >= state.max_turns:
        return GameResult(winner=None, reason=f"turn limit ({state.max_turns}) reached", turn=ended)
    return None


def _holds(state: QuadState, side: str, h: Hex) -> bool:
    u = state.unit_at(h)
    return u is not None and u.side == side
