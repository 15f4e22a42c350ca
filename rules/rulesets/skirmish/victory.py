"""Victory from the scenario's conditions (the text leaves it to the scenario), checked like QUAD's.

- a side with no model left on the table has lost ('eliminate');
- `casualties`: `side` wins once the other sides have lost `fraction` of their models (dead or fled);
- `hold`: `side` wins if its standing models hold every hex of `hexes` at the end of turn `turn` (every turn
  when no turn is given);
- `turn_limit`: `side` wins (nobody if no side: a draw) at the end of turn `turn`;
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.
"""

from __future__ import annotations

from rules.core import GameResult
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


def check(state: SkirmState) -> GameResult | None:
    alive = [s for s in state.side_ids() if state.units_of(s)]
    turn = state.turn
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        cond = next((c for c in state.victory if c.kind == "eliminate" and c.side in (None, winner)), None)
        reason = (cond.text if cond and cond.text and winner else
                  ("the enemy is dead, downed out or fled" if winner else "nobody is left standing"))
        return GameResult(winner=winner, reason=reason, turn=turn)
    for c in state.victory:
        if c.kind == "casualties" and c.side and c.fraction is not None:
            enemy = [u for u in state.units.values() if u.side != c.side]
            lost = sum(1 for u in enemy if u.eliminated)
            if enemy and lost / len(enemy) >= c.fraction:
                return GameResult(winner=c.side, reason=c.text or f"the enemy lost {lost} models", turn=turn)
    ended = state.turn_ended
    if ended is None:
        return None
    for c in state.victory:
        if c.kind == "hold" and c.side and (c.turn is None or c.turn == ended):
            if c.hexes and all(_holds(state, c.side, Hex(*h)) for h in c.hexes):
                return GameResult(winner=c.side, reason=c.text or f"holds the objective after turn {ended}",
                                  turn=ended)
    for c in state.victory:
        if c.kind == "turn_limit" and (c.turn or state.max_turns) == ended:
            return GameResult(winner=c.side, reason=c.text or f"turn {ended} is over", turn=ended)
    if state.max_turns is not None and ended >= state.max_turns:
        return GameResult(winner=None, reason=f"turn limit ({state.max_turns}) reached", turn=ended)
    return None


def _holds(state: SkirmState, side: str, h: Hex) -> bool:
    u = state.unit_at(h)
    return u is not None and u.side == side and not u.downed
