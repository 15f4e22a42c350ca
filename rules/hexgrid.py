"""The hex grid: axial coordinates, distance, rings, lines of sight, paths, offset rows.

Pointy-top hexes in axial coordinates (q, r), with s = -q - r implied (the cube
invariant holds by construction). Displayed as odd-r offset rows: odd rows are
shifted half a hex to the right. After Red Blob Games' hexagon guide.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from typing import Literal, NamedTuple

Direction = Literal["E", "NE", "NW", "W", "SW", "SE"]
DIRECTIONS: tuple[Direction, ...] = ("E", "NE", "NW", "W", "SW", "SE")
"""The six hexside directions, counter-clockwise from east (pointy-top hexes)."""


class Hex(NamedTuple):
    """A hex in axial coordinates. Immutable, hashable, and a plain (q, r) pair in files."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, tuple):
            return NotImplemented
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def neighbour(self, direction: Direction) -> Hex:
        """The adjacent hex across the hexside in `direction`."""
        dq, dr = _OFFSETS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        """The six adjacent hexes, in `DIRECTIONS` order."""
        q, r = self
        return [_make(Hex, (q + dq, r + dr)) for dq, dr in _OFFSET_LIST]  # without NamedTuple's __new__: half the time

    def distance(self, other: Hex) -> int:
        """Hexes between the two, counting the destination (adjacent = 1)."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The hexside direction toward an adjacent hex, or None if not adjacent."""
        return _BY_OFFSET.get((other.q - self.q, other.r - self.r))

    def __str__(self) -> str:
        """The hex as players read it: 'col,row' in offset rows, as map files number them."""
        col, row = to_offset(self)
        return f"{col},{row}"

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read 'col,row' back (the form `str()` writes)."""
        col, row = text.split(",")
        return from_offset(int(col), int(row))


_OFFSETS: dict[Direction, tuple[int, int]] = {
    "E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1),
}
_OFFSET_LIST = [_OFFSETS[d] for d in DIRECTIONS]
_make = tuple.__new__
_BY_OFFSET = {v: k for k, v in _OFFSETS.items()}
OPPOSITE: dict[Direction, Direction] = {
    "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW",
}


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (adjacent = 1)."""
    return a.distance(b)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` from `center` (just the centre for radius 0)."""
    if radius <= 0:
        return [center]
    out: list[Hex] = []
    dq, dr = _OFFSETS["SW"]
    h = Hex(center.q + dq * radius, center.r + dr * radius)
    for direction in ("E", "NE", "NW", "W", "SW", "SE"):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(direction)  # type: ignore[arg-type]
    return out


def area(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` of `center`, centre first, ring by ring."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def edge_key(a: Hex, b: Hex) -> frozenset[Hex]:
    """The hexside between two adjacent hexes, the same whichever side names it."""
    return frozenset((a, b))


# --- Lines of sight ------------------------------------------------------------


class LineStep(NamedTuple):
    """One step of a line between hex centres.

    Usually one hex. When the line runs exactly along the hexside between two
    hexes (the DHR "spine" case), both are given together, so a rule can take
    the lesser (or the higher) of them.
    """

    hexes: tuple[Hex, ...]

    @property
    def along_edge(self) -> bool:
        """The line runs exactly along a hexside here: two hexes share this step."""
        return len(self.hexes) > 1


def line(a: Hex, b: Hex) -> list[LineStep]:
    """The hexes a straight line from the centre of `a` to the centre of `b` crosses.

    Sampled at each of the `distance` steps with exact arithmetic, so a point on
    a hexside is a real tie and not an accident of floating point: every hex
    nearest to the point is reported. The first step is `a`, the last `b`.
    """
    n = a.distance(b)
    if n == 0:
        return [LineStep((a,))]
    # The point at step i is a + (b - a) * i / n; kept as integers scaled by n (exact, and
    # many times faster than Fractions: lines of sight are drawn for every preview and move).
    dq, dr = b.q - a.q, b.r - a.r
    return [LineStep(_nearest(a.q * n + dq * i, a.r * n + dr * i, n)) for i in range(n + 1)]


def _round_half_even(num: int, den: int) -> int:
    """round(Fraction(num, den)): to the nearest integer, a half to the even one."""
    floor, rest = divmod(num, den)
    twice = rest * 2
    if twice < den or (twice == den and floor % 2 == 0):
        return floor
    return floor + 1


def _nearest(qn: int, rn: int, n: int) -> tuple[Hex, ...]:
    """All hex centres nearest (in the plane) to the point (qn / n, rn / n), sorted."""
    sn = -qn - rn
    bq, br = _round_half_even(qn, n), _round_half_even(rn, n)
    best: list[Hex] = []
    best_d = -1
    for oq, or_ in ((0, 0), *_OFFSET_LIST):
        hq, hr = bq + oq, br + or_
        dq, dr, ds = qn - hq * n, rn - hr * n, sn + (hq + hr) * n
        d = dq * dq + dr * dr + ds * ds  # squared Euclidean distance in cube space, times n squared
        if best_d < 0 or d < best_d:
            best, best_d = [Hex(hq, hr)], d
        elif d == best_d:
            best.append(Hex(hq, hr))
    return tuple(sorted(best))


def line_hexes(a: Hex, b: Hex) -> list[Hex]:
    """Every hex the line touches, in order (both hexes of an along-edge step)."""
    return [h for step in line(a, b) for h in step.hexes]


# --- Paths -----------------------------------------------------------------------

StepCost = Callable[[Hex, Hex], float | None]
"""Cost of stepping from a hex into an adjacent one; None when the step is barred
(impassable hex, off the map, a hexside that cannot be crossed)."""


def reachable(start: Hex, budget: float, cost: StepCost) -> dict[Hex, tuple[float, Hex | None]]:
    """Dijkstra: every hex reachable within `budget`, with its cost and the previous hex (no step costs below 0)."""
    best: dict[Hex, tuple[float, Hex | None]] = {start: (0, None)}
    frontier: list[tuple[float, int, Hex]] = [(0, 0, start)]
    tie = 0
    # The same search as a plain loop over `neighbours()`, with its look-ups made local and the
    # neighbours built in place: a whole 60x60 map is a bench figure (tests/bench/engine.py).
    push, pop, get = heapq.heappush, heapq.heappop, best.get
    make = tuple.__new__
    while frontier:
        spent, _, here = pop(frontier)
        if spent > best[here][0]:
            continue
        q, r = here
        for dq, dr in _OFFSET_LIST:
            key = (q + dq, r + dr)  # a plain pair: it finds the equal Hex in `best`, and most go no further
            known = get(key)
            # Already reached for no more than `spent`: no step through here can beat it, so `cost` is not asked
            # (4 of a hex's 6 neighbours on open ground, those behind and beside: the same result, a third of the calls).
            if known is not None and known[0] <= spent:
                continue
            nxt = make(Hex, key)
            c = cost(here, nxt)
            if c is None:
                continue
            total = spent + c
            if total > budget:
                continue
            if known is None or total < known[0]:
                best[nxt] = (total, here)
                tie += 1
                push(frontier, (total, tie, nxt))
    return best


def path_to(came_from: dict[Hex, tuple[float, Hex | None]], goal: Hex) -> list[Hex]:
    """Rebuild the path (start first, goal last) from a `reachable` result."""
    if goal not in came_from:
        return []
    path = [goal]
    prev = came_from[goal][1]
    while prev is not None:
        path.append(prev)
        prev = came_from[prev][1]
    path.reverse()
    return path


def find_path(
    start: Hex, goal: Hex, cost: StepCost, *, min_step: float = 1, limit: float | None = None
) -> list[Hex] | None:
    """A*: the cheapest path from `start` to `goal` (both included), or None.

    `min_step` is the least any step can cost, which keeps the distance heuristic
    admissible; `limit` stops the search beyond a total cost.
    """
    if start == goal:
        return [start]
    best: dict[Hex, float] = {start: 0}
    came: dict[Hex, Hex] = {}
    frontier: list[tuple[float, int, Hex]] = [(start.distance(goal) * min_step, 0, start)]
    tie = 0
    # The same search with its look-ups local, the neighbours built in place and the distance to the goal
    # inlined, as in `reachable`: a hundred_wars move searches a path for every mover (loading a game replays them).
    push, pop, get, make, inf = heapq.heappush, heapq.heappop, best.get, _make, float("inf")
    gq, gr = goal
    while frontier:
        _, _, here = pop(frontier)
        if here == goal:
            path = [goal]
            while path[-1] != start:
                path.append(came[path[-1]])
            path.reverse()
            return path
        spent = best[here]
        q, r = here
        for dq, dr in _OFFSET_LIST:
            nq, nr = q + dq, r + dr
            nxt = make(Hex, (nq, nr))
            c = cost(here, nxt)
            if c is None:
                continue
            total = spent + c
            if limit is not None and total > limit:
                continue
            if total < get(nxt, inf):
                best[nxt] = total
                came[nxt] = here
                tie += 1
                eq, er = nq - gq, nr - gr
                push(frontier, (total + (abs(eq) + abs(er) + abs(eq + er)) // 2 * min_step, tie, nxt))
    return None


def path_cost(path: list[Hex], cost: StepCost) -> float | None:
    """The total cost of walking `path`, or None if any step is barred or not adjacent."""
    total = 0.0
    for a, b in zip(path, path[1:]):
        if a.distance(b) != 1:
            return None
        c = cost(a, b)
        if c is None:
            return None
        total += c
    return total


# --- Offset rows for display -----------------------------------------------------


def to_offset(h: Hex) -> tuple[int, int]:
    """Axial -> (col, row) in odd-r offset rows (odd rows shifted right)."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def from_offset(col: int, row: int) -> Hex:
    """(col, row) in odd-r offset rows -> axial."""
    return Hex(col - (row - (row & 1)) // 2, row)


def offset_grid(width: int, height: int) -> Iterator[Hex]:
    """Every hex of a width x height offset-row map, row by row."""
    for row in range(height):
        for col in range(width):
            yield from_offset(col, row)


def nearest_first(origin: Hex, hexes: Iterable[Hex]) -> list[Hex]:
    """Hexes sorted by distance from `origin`, ties in a fixed order."""
    return sorted(hexes, key=lambda h: (origin.distance(h), h.r, h.q))
