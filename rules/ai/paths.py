"""Distances over the terrain: what it costs a unit to walk from a hex to an objective, by the rule set's going.

A straight hex distance sends units through a river or up a cliff as if the map were open; the
evaluation asks these instead. A rule set's hints may give `step_cost(board, a, b)` (the cost of
stepping from `a` into the adjacent `b`, None when no unit may; about 1 for open ground); without one,
every hex costs 1 and a terrain the rule set declares impassable cannot be entered. Boards are frozen
and shared by every copy of a game, so one field per board and objective serves every try.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import TYPE_CHECKING

from rules.board import Board
from rules.hexgrid import Hex

if TYPE_CHECKING:
    from rules.contract import AiHints, Ruleset

MAX_FIELDS = 256
"""Fields (one per objective and step cost) a board remembers before its memo starts afresh."""


@lru_cache(maxsize=32)
def generic_step_cost(blocked: frozenset[str]):
    """Every hex costs 1; the terrain ids in `blocked` (the rule set's impassable ones) cannot be entered."""

    def cost(board: Board, a: Hex, b: Hex) -> float | None:
        return None if board.terrain_at(b) in blocked else 1.0

    return cost


def step_cost_for(hints: AiHints | None, ruleset: Ruleset | None) -> object:
    """The hints' `step_cost`, else the generic one built from the rule set's declared terrain (no rule set:
    every hex costs 1)."""
    if hints is not None and hints.step_cost is not None:
        return hints.step_cost
    terrain = ruleset.terrain if ruleset is not None else {}
    return generic_step_cost(frozenset(tid for tid, info in terrain.items() if info.impassable))


def field(board: Board, goal: Hex, step_cost) -> dict[Hex, float]:
    """Hex -> the cheapest walk from it to `goal` (Dijkstra outwards from the goal, each step costed in the
    direction a unit would walk it); hexes that cannot reach the goal are missing."""
    fields = board.memo("ai.fields")
    found = fields.get((goal, step_cost))
    if found is not None:
        return found
    if len(fields) >= MAX_FIELDS:
        fields.clear()
    out: dict[Hex, float] = {}
    heap: list[tuple[float, Hex]] = [(0.0, goal)] if board.in_bounds(goal) else []
    while heap:
        d, h = heapq.heappop(heap)
        if h in out:
            continue
        out[h] = d
        for n in h.neighbours():
            if n in out or not board.in_bounds(n):
                continue
            c = step_cost(board, n, h)
            if c is not None:
                heapq.heappush(heap, (d + float(c), n))
    fields[(goal, step_cost)] = out
    return out


class Walks:
    """Walking costs to objective hexes on one board, by one rule set's going."""

    def __init__(self, board: Board, step_cost) -> None:
        self.board = board
        self.step_cost = step_cost
        self.unreachable = float(board.width + board.height) * 2.0
        """What a hex that cannot reach the objective counts as: farther than any walk on the map."""

    def to(self, goal: Hex, h: Hex) -> float:
        """The cost of walking from `h` to `goal`."""
        return field(self.board, goal, self.step_cost).get(h, self.unreachable)
