"""The hex grid: coordinates, distance, rings, lines (with the along-edge case), paths, offsets."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.hexgrid import (
    DIRECTIONS, OPPOSITE, Hex, area, find_path, from_offset, line, line_hexes, path_cost,
    path_to, reachable, ring, to_offset,
)

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)


def test_neighbours_are_at_distance_one_in_direction_order():
    h = Hex(2, -1)
    ns = h.neighbours()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)
    assert [h.direction_to(n) for n in ns] == list(DIRECTIONS)


def test_opposite_directions_lead_back():
    h = Hex(0, 0)
    for d in DIRECTIONS:
        assert h.neighbour(d).neighbour(OPPOSITE[d]) == h


@given(hexes, hexes)
def test_distance_is_symmetric_and_matches_cube_formula(a, b):
    assert a.distance(b) == b.distance(a)
    assert a.distance(b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_ring_sizes_and_distances():
    c = Hex(1, 1)
    assert ring(c, 0) == [c]
    for k in range(1, 6):
        hs = ring(c, k)
        assert len(hs) == 6 * k == len(set(hs))
        assert all(c.distance(h) == k for h in hs)


def test_area_counts_every_hex_within_radius():
    assert len(area(Hex(0, 0), 3)) == 1 + 6 + 12 + 18


@given(hexes, hexes)
def test_line_runs_from_start_to_end_with_adjacent_steps(a, b):
    steps = line(a, b)
    assert steps[0].hexes == (a,) and steps[-1].hexes == (b,)
    assert len(steps) == a.distance(b) + 1
    for step in steps:
        assert 1 <= len(step.hexes) <= 2
    for s1, s2 in zip(steps, steps[1:]):
        assert all(min(x.distance(y) for y in s2.hexes) <= 1 for x in s1.hexes)


def test_line_along_a_hex_edge_reports_both_hexes():
    # From (0,0) to (1,1) the line runs exactly along the hexside between (1,0) and (0,1).
    steps = line(Hex(0, 0), Hex(1, 1))
    assert [s.hexes for s in steps] == [(Hex(0, 0),), (Hex(0, 1), Hex(1, 0)), (Hex(1, 1),)]
    assert steps[1].along_edge and not steps[0].along_edge


def test_straight_line_along_an_axis_has_no_edge_steps():
    steps = line(Hex(0, 0), Hex(4, 0))
    assert not any(s.along_edge for s in steps)
    assert line_hexes(Hex(0, 0), Hex(4, 0)) == [Hex(i, 0) for i in range(5)]


@given(st.integers(0, 40), st.integers(0, 40))
def test_offset_conversion_round_trips(col, row):
    assert to_offset(from_offset(col, row)) == (col, row)


def test_odd_rows_are_shifted_right():
    # In odd-r rows, the east neighbour of (0, 1) in offset terms is (1, 1), and its NW is (0, 0).
    h = from_offset(0, 1)
    assert to_offset(h.neighbour("NW")) == (0, 0)
    assert to_offset(h.neighbour("NE")) == (1, 0)
    h0 = from_offset(1, 0)
    assert to_offset(h0.neighbour("SW")) == (0, 1)
    assert to_offset(h0.neighbour("SE")) == (1, 1)


def test_parse_reads_back_str():
    assert Hex.parse(str(Hex(-3, 7))) == Hex(-3, 7)


def _grid_cost(width=10, height=10, walls=frozenset(), swamp=frozenset(), fences=frozenset()):
    def cost(a, b):
        col, row = to_offset(b)
        if not (0 <= col < width and 0 <= row < height) or b in walls:
            return None
        if frozenset((a, b)) in fences:
            return None
        return 3 if b in swamp else 1
    return cost


def test_reachable_respects_budget_costs_and_impassable_hexes():
    start = Hex(3, 3)
    wall = {Hex(4, 3)}
    assert Hex(5, 3) not in reachable(start, 2, _grid_cost(walls=frozenset(wall)))
    came = reachable(start, 3, _grid_cost(walls=frozenset(wall)))
    assert Hex(4, 3) not in came
    assert all(c <= 3 for c, _ in came.values())
    assert came[Hex(5, 3)][0] == 3  # around the wall: three steps instead of two
    path = path_to(came, Hex(5, 3))
    assert path[0] == start and path[-1] == Hex(5, 3) and Hex(4, 3) not in path


def _plain_dijkstra(start: Hex, budget: float, cost) -> dict:
    """`reachable` as first written: every neighbour's cost asked, stale queue entries skipped."""
    import heapq

    best = {start: (0, None)}
    frontier, tie = [(0, 0, start)], 0
    while frontier:
        spent, _, here = heapq.heappop(frontier)
        if spent > best[here][0]:
            continue
        for nxt in here.neighbours():
            c = cost(here, nxt)
            if c is None or spent + c > budget:
                continue
            if nxt not in best or spent + c < best[nxt][0]:
                best[nxt] = (spent + c, here)
                tie += 1
                heapq.heappush(frontier, (spent + c, tie, nxt))
    return best


@given(st.lists(st.sampled_from([None, 0, 0.5, 1, 1.01, 2, 3]), min_size=64, max_size=64), st.integers(0, 63))
def test_reachable_is_the_plain_dijkstra_with_fewer_cost_calls(costs, first):
    """Skipping the neighbours already reached as cheaply changes nothing: same hexes, costs, paths and order
    (zero-cost steps included), and on open ground it asks `cost` about a third as often (a whole-map bench figure)."""
    def cost(a: Hex, b: Hex):
        col, row = to_offset(b)
        return costs[row * 8 + col] if 0 <= col < 8 and 0 <= row < 8 else None

    start = from_offset(first % 8, first // 8)
    for budget in (2.5, 100):
        came = reachable(start, budget, cost)
        assert list(came.items()) == list(_plain_dijkstra(start, budget, cost).items())
    calls = []

    def counted(a: Hex, b: Hex):
        calls.append(b)
        col, row = to_offset(b)
        return 1 if 0 <= col < 30 and 0 <= row < 30 else None

    assert len(reachable(from_offset(15, 15), 100, counted)) == 900
    assert len(calls) < 0.4 * 6 * 900


def test_find_path_goes_around_costly_hexes_and_barred_hexsides():
    start, goal = Hex(2, 2), Hex(4, 2)
    swamp = frozenset({Hex(3, 2)})
    path = find_path(start, goal, _grid_cost(swamp=swamp))
    assert path[0] == start and path[-1] == goal
    assert Hex(3, 2) not in path and len(path) == 4
    fence = frozenset({frozenset((Hex(2, 2), Hex(3, 2)))})
    assert path_cost([Hex(2, 2), Hex(3, 2)], _grid_cost(fences=fence)) is None


def test_find_path_returns_none_when_walled_in():
    start = Hex(5, 5)
    walls = frozenset(start.neighbours())
    assert find_path(start, Hex(0, 0), _grid_cost(walls=walls)) is None


@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))
def test_a_star_and_dijkstra_agree_on_cost(c1, r1, c2, r2):
    a, b = from_offset(c1, r1), from_offset(c2, r2)
    swamp = frozenset({from_offset(4, r) for r in range(1, 9)})
    cost = _grid_cost(swamp=swamp)
    path = find_path(a, b, cost)
    came = reachable(a, 1000, cost)
    assert path_cost(path, cost) == came[b][0]


def _line_by_fractions(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The line as first written: each step's point in exact Fractions, every nearest centre kept."""
    from fractions import Fraction

    n = a.distance(b)
    out = []
    for i in range(n + 1):
        t = Fraction(i, n) if n else Fraction(0)
        q, r = a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t
        s = -q - r
        base = Hex(round(q), round(r))
        cands = [base, *base.neighbours()]
        ds = [(q - h.q) ** 2 + (r - h.r) ** 2 + (s - h.s) ** 2 for h in cands]
        out.append(tuple(sorted(h for h, d in zip(cands, ds) if d == min(ds))))
    return out


def test_line_in_integers_equals_the_line_in_fractions():
    starts = [Hex(0, 0), Hex(3, -1), Hex(-5, 7), Hex(11, 4)]
    for a in starts:
        for dq in range(-9, 10):
            for dr in range(-9, 10):
                b = Hex(a.q + dq, a.r + dr)
                assert [step.hexes for step in line(a, b)] == _line_by_fractions(a, b), (a, b)


def _reference_find_path(start, goal, cost, min_step=1, limit=None):
    """find_path as it was before its loop was made local (the same A*, ties in the same order)."""
    import heapq

    if start == goal:
        return [start]
    best, came = {start: 0}, {}
    frontier, tie = [(start.distance(goal) * min_step, 0, start)], 0
    while frontier:
        _, _, here = heapq.heappop(frontier)
        if here == goal:
            path = [goal]
            while path[-1] != start:
                path.append(came[path[-1]])
            return path[::-1]
        for nxt in here.neighbours():
            c = cost(here, nxt)
            if c is None or (limit is not None and best[here] + c > limit):
                continue
            if best[here] + c < best.get(nxt, float("inf")):
                best[nxt], came[nxt] = best[here] + c, here
                tie += 1
                heapq.heappush(frontier, (best[nxt] + nxt.distance(goal) * min_step, tie, nxt))
    return None


@given(st.integers(0, 10_000), st.sampled_from([None, 6, 12]))
def test_find_path_gives_the_same_path_as_the_plain_search(seed, limit):
    """Same path, not just as cheap: a different one of equal cost would move a unit elsewhere on replay."""
    import random

    rng = random.Random(seed)
    cells = {Hex(q, r): rng.choice((None, 1, 1, 1, 2, 3)) for q in range(-6, 7) for r in range(-6, 7)}

    def cost(a, b):
        return cells.get(b)

    start, goal = rng.choice(list(cells)), rng.choice(list(cells))
    assert find_path(start, goal, cost, limit=limit) == _reference_find_path(start, goal, cost, limit=limit)
    assert Hex(2, -1).neighbours() == [Hex(2, -1).neighbour(d) for d in DIRECTIONS]
    assert all(type(h) is Hex for h in Hex(0, 0).neighbours())
