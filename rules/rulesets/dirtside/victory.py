"""Dirtside victory, from the scenario's conditions (DSII leaves victory to the scenario's objectives):

- a side with no unit left on the map has lost (aircraft, batteries and launchers do not hold ground);
- `casualties`: `side` wins once the other sides have lost `fraction` of their elements;
- `hold`: `side` wins if its units stand on every hex of `hexes` at the end of turn `turn` (every turn if none);
- `turn_limit`: `side` wins (nobody: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from rules.core import GameResult
from rules.hexgrid import Hex
from rules.rulesets.dirtside.state import DSState

KINDS = {
    "eliminate": "a side with no ground unit left on the map is out; the last side standing wins",
    "casualties": "`side` wins once the other sides have lost `fraction` of their elements",
    "hold": "`side` wins if its units stand on every hex of `hexes` at the end of turn `turn`",
    "turn_limit": "`side` wins (nobody: a draw) at the end of turn `turn`",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


def ground(state: DSState, side: str) -> list:
    return [u for u in state.units.values() if u.side == side and u.on_map and u.alive and u.stats.role == "ground"]


def check(state: DSState) -> GameResult | None:
    alive = [s for s in state.side_ids() if ground(state, s)]
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        cond = next((c for c in state.victory if c.kind == "eliminate" and c.side in (None, winner)), None)
        reason = (cond.text if cond and cond.text else "every enemy unit on the map is gone") if winner else \
            "no side has a unit left on the map"
        return GameResult(winner=winner, reason=reason, turn=state.turn)
    for c in state.victory:
        if c.kind == "casualties" and c.side and c.fraction is not None:
            enemy = [e for u in state.units.values() if u.side != c.side for e in u.stats.elements]
            lost = sum(1 for e in enemy if e.lost)
            if enemy and lost / len(enemy) >= c.fraction:
                return GameResult(winner=c.side, reason=c.text or f"the enemy lost {lost} elements", turn=state.turn)
    ended = state.turn_ended
    if ended is None:
        return None
    for c in state.victory:
        if c.kind == "hold" and c.side and (c.turn is None or c.turn == ended):
            if c.hexes and all(_holds(state, c.side, Hex(*h)) for h in c.hexes):
                return GameResult(winner=c.side, reason=c.text or f"holds the objective after turn {ended}", turn=ended)
    for c in state.victory:
        if c.kind == "turn_limit" and (c.turn or state.max_turns) == ended:
            return GameResult(winner=c.side, reason=c.text or f"turn {ended} is over", turn=ended)
    if state.max_turns is not None and ended >= state.max_turns:
        return GameResult(winner=None, reason=f"turn limit ({state.max_turns}) reached", turn=ended)
    return None


def _holds(state: DSState, side: str, h: Hex) -> bool:
    u = state.unit_at(h)
    return u is not None and u.side == side
