"""Winning and losing: the game ends when all but one side are off table, all agree, or the turns run out; most damage loses."""

from __future__ import annotations

from rules.core import GameResult
from rules.victory import Objective, turns_left
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.state import HwState


KINDS = {
    "eliminate": "the game ends when every unit of all but one side is off the table; the least damaged side wins",
    "turn_limit": "the game ends after the scenario's last turn; the least damaged side wins",
}
"""The victory kinds this check understands: 'The side that has received the most damage is the loser.'"""


def damage_received(state: HwState, side: str) -> int:
    """Points of value lost: each unit's cost bought minus its cost now; a destroyed unit loses all of it."""
    total = 0
    for u in state.units.values():
        if u.side != side or u.blind:
            continue
        total += unit_cost(u.start) if u.eliminated else unit_cost(u.start) - unit_cost(u.stats)
    return total


def standing(state: HwState, side: str) -> bool:
    """A side still in the game: a real unit not destroyed (on the table, under a blind or still to come)."""
    for u in state.units.values():  # a loop, not any() of a generator: asked for every side after every action
        if u.side == side and not u.blind and not u.eliminated:
            return True
    return False


def result(state: HwState, reason: str, turn: int | None = None) -> GameResult:
    """'The side that has received the most damage is the loser'; the least damaged side wins (equal: a draw)."""
    dmg = {s: damage_received(state, s) for s in state.side_ids()}
    least = min(dmg.values())
    best = [s for s, d in dmg.items() if d == least]
    winner = best[0] if len(best) == 1 else None
    detail = ", ".join(f"{state.side(s).name} {d}" for s, d in dmg.items())
    return GameResult(winner=winner, reason=f"{reason}; damage received: {detail}",
                      turn=state.turn if turn is None else turn)


def check(state: HwState) -> GameResult | None:
    if state.phase in ("setup", "terrain", "edge"):
        return None
    left = [s for s in state.side_ids() if standing(state, s)]
    if len(left) <= 1:
        return result(state, "every unit of all but one side is off the table")
    if state.agreed_end and set(state.agreed_end) == set(state.side_ids()):
        return result(state, "all sides agree the game is over")
    if state.max_turns is not None and state.turn > state.max_turns:
        # the last turn played, not the one the turn counter has moved on to ("Turns played: 9" after turn 8)
        return result(state, f"the scenario ends after turn {state.max_turns}", turn=state.max_turns)
    return None


def progress(state: HwState) -> list[Objective]:
    """The damage each side has received so far (the most damaged side loses) and the turn limit,
    from the state it is handed (a seat's view: a blind counts for nothing until it is revealed)."""
    dmg = {s: damage_received(state, s) for s in state.side_ids()}
    detail = ", ".join(f"{state.side(s).name or s} {d}" for s, d in dmg.items())
    least = min(dmg.values(), default=0)
    best = [s for s, d in dmg.items() if d == least]
    ahead = f"{state.side(best[0]).name or best[0]} is ahead" if len(best) == 1 else "level"
    out = [Objective(None, "the least damaged side wins (the most damaged loses)",
                     f"damage received: {detail} ({ahead})", ahead)]
    if state.max_turns is not None:
        out.append(Objective(None, f"the game ends after turn {state.max_turns}",
                             turns_left(state.turn, state.max_turns), f"{max(state.max_turns - state.turn + 1, 0)} "
                             "turns left"))
    return out
