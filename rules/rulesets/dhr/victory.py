"""DHR end of game: the scenario's conditions (the text itself leaves victory to the host).

- eliminate: a side wins when no other side has a unit left on the map (always on).
- casualties: `side` wins once the other sides have lost `fraction` of their figures.
- hold: `side` wins at the end of turn `turn` (default: the last turn) when it has a
  unit in at least one of `hexes` and no enemy stands in any of them.
- turn_limit: at the end of turn `turn` (default `max_turns`) `side` wins (no side: a draw).
Without any turn limit the game ends by elimination or casualties only.
"""

from __future__ import annotations

from rules import victory
from rules.core import GameResult, VictoryCondition

KINDS = {
    "eliminate": "a side wins when no other side has a unit left on the map (always on)",
    "casualties": "`side` wins once the other sides have lost `fraction` of their figures",
    "hold": "`side` wins at the end of turn `turn` holding one of `hexes` with no enemy in any",
    "turn_limit": "at the end of turn `turn` (default: the last) `side` wins (no side: a draw)",
}
"""The victory kinds this check understands (a scenario naming another is refused)."""


def _alive_sides(state) -> list[str]:
    return [s for s in state.side_ids() if any(u.on_map for u in state.units.values() if u.side == s)]


def figures(state, side: str) -> tuple[int, int]:
    """(figures on the map now, figures at the start) of `side`, as the casualties condition counts them."""
    now = start = 0
    for u in state.units.values():
        if u.side != side:
            continue
        start += u.start_figures
        now += u.figures if u.on_map else 0
    return now, start


def holds(state, side: str, hexes) -> bool:
    mine = False
    for h in hexes:
        for v in state.units.values():
            if v.at == h and v.on_map:
                if v.side != side:
                    return False
                mine = True
    return mine


def _last_turn(state, cond: VictoryCondition) -> int | None:
    return cond.turn if cond.turn is not None else state.max_turns


def check(state) -> GameResult | None:
    turn = state.turn
    alive = _alive_sides(state)
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        return GameResult(winner=winner, reason="the enemy is eliminated" if winner else "both sides are gone", turn=turn)
    for cond in state.victory:
        if cond.kind == "casualties" and cond.side and cond.fraction is not None:
            lost = start = 0
            for other in state.other_sides(cond.side):
                n, s = figures(state, other)
                lost += s - n
                start += s
            if start and lost / start >= cond.fraction:
                return GameResult(winner=cond.side, reason=cond.text or f"the enemy lost {lost} of {start} figures", turn=turn)
        if cond.kind == "eliminate" and cond.side:
            if all(not u.on_map for u in state.units.values() if u.side != cond.side):
                return GameResult(winner=cond.side, reason=cond.text or "the enemy is eliminated", turn=turn)
    # end-of-turn conditions: `state.turn` has moved past the turn they name
    for cond in state.victory:
        last = _last_turn(state, cond)
        if cond.kind == "hold" and cond.side and last is not None and turn > last:
            if holds(state, cond.side, cond.hexes):
                return GameResult(winner=cond.side, reason=cond.text or "holds the objective", turn=last)
    for cond in state.victory:
        last = _last_turn(state, cond)
        if cond.kind == "turn_limit" and last is not None and turn > last:
            return GameResult(winner=cond.side, reason=cond.text or "turn limit", turn=last)
    if state.max_turns is not None and turn > state.max_turns:
        return GameResult(winner=None, reason="turn limit reached: a draw", turn=state.max_turns)
    return None


def progress(state) -> list[victory.Objective]:
    """How far each side is from each condition, from the state it is handed (a seat's view)."""
    def losses(side: str) -> tuple[int, int]:
        lost = start = 0
        for other in state.other_sides(side):
            n, s = figures(state, other)
            lost, start = lost + s - n, start + s
        return lost, start

    return victory.objectives(
        state, left=lambda s: sum(1 for u in state.units.values() if u.side == s and u.on_map), losses=losses,
        holds=lambda s, h: holds(state, s, [h]), held=lambda s, hexes: holds(state, s, hexes),
        hold_until_last=True, loss_noun="figure")
