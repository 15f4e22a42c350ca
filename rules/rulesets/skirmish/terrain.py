"""Terrain, movement costs, cover, lines of sight and the front arc (text #4; 1 hex = 1 inch, SKIRM-A17)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Direction, Hex, line

TERRAIN: dict[str, TerrainInfo] = {
    "open": TerrainInfo(label="Open", effects="no effect", glyph=".", style="open"),
    "rough": TerrainInfo(label="Rough ground", effects="tough going: 2\" of move per 1\"", glyph=",", style="rough"),
    "woods": TerrainInfo(label="Woods", effects="tough going; cover (not hard); blocks sight through it", glyph="&", style="forest"),
    "building": TerrainInfo(label="Building", effects="hard cover (+2 TN to hit); blocks sight through it", glyph="#", style="building"),
    "rubble": TerrainInfo(label="Rubble", effects="tough going; hard cover (+2 TN to hit)", glyph="%", style="rough"),
    "water": TerrainInfo(label="Water", effects="tough going", glyph="~", style="water"),
    "impassable": TerrainInfo(label="Impassable", effects="no entry; blocks sight", glyph="@", style="rough",
                                impassable=True),
    "gap": TerrainInfo(label="Gap", effects="no standing in it; jumped: 1\" free, an Agility test per 1\" beyond, "
                                           "at most half Move (SKIRM-A15)", glyph="^", style="plain",
                         impassable=True),
    "wall": TerrainInfo(label="Low wall (hexside)", effects="climbing over is tough going; hard cover against fire "
                        "across it", mark="]", style="building", place="edge"),
    "ladder": TerrainInfo(label="Ladder (feature)", effects="climb any height here as tough going; an Agility "
                          "test to go on after the climb; attacked on it: an Agility test or fall", mark="=",
                          style="plain", place="feature"),
    "rope": TerrainInfo(label="Rope (feature)", effects="climb any height here as tough going; an Agility test "
                        "to go on after the climb; attacked on it: an Agility test or fall", mark='"',
                        style="plain", place="feature"),
    "slippery": TerrainInfo(label="Slippery surface (feature)", effects="a failed climb test here is tested "
                            "again: a second failure falls", mark=";", style="plain", place="feature"),
    "objective": TerrainInfo(label="Objective (feature)", effects="a place the scenario names", mark="!",
                             style="plain", place="feature"),
}
TOUGH = frozenset({"rough", "woods", "rubble", "water"})
HARD_COVER = frozenset({"building", "rubble"})
COVER = frozenset({"building", "rubble", "woods"})
BLOCKS_SIGHT = frozenset({"woods", "building", "impassable"})


def step_cost(board: Board, a: Hex, b: Hex) -> int | None:
    """Inches to go from `a` to adjacent `b`: 'Tough going/climbing uses 2” of their move to travel 1”' (text #4).

    Climbing up one level (a model's height), climbing down any height with a ladder, or down one level
    without, crossing a wall, are tough going; two or more levels up without a ladder cannot be climbed.
    Dropping two or more levels is a jump (tough going too) with falling saves (`drop`).
    """
    if not board.in_bounds(b) or board.terrain_at(b) in ("impassable", "gap"):
        return None
    tough = board.terrain_at(b) in TOUGH or "wall" in board.edge_features(a, b)
    rise = board.height_at(b) - board.height_at(a)
    if rise >= 2 and aid(board, a, b) is None:
        return None
    if rise != 0:
        tough = True
    return 2 if tough else 1


def gap_run(board: Board, takeoff: Hex, rest: list[Hex]) -> int | None:
    """How many gap hexes a jump from `takeoff` crosses along `rest` (straight on, then a landing hex beyond);
    None when `rest` does not start a straight jump ('Models can jump 1”/base length gaps', text #4)."""
    if not rest:
        return None
    d = takeoff.direction_to(rest[0])
    here, k = takeoff, 0
    while k < len(rest) and d is not None and rest[k] == here.neighbour(d):
        if not (board.in_bounds(rest[k]) and board.terrain_at(rest[k]) == "gap"):
            break
        here, k = rest[k], k + 1
    if k == 0 or k >= len(rest) or d is None or rest[k] != here.neighbour(d):
        return None
    return k


def is_gap(board: Board, h: Hex) -> bool:
    return board.in_bounds(h) and board.terrain_at(h) == "gap"


def drop(board: Board, a: Hex, b: Hex) -> int:
    """Falling saves a step needs: 'each 1”/model height beyond the first' of a jump down, none by ladder."""
    fall = board.height_at(a) - board.height_at(b)
    if fall < 2 or aid(board, a, b) is not None:
        return 0
    return fall - 1


CLIMB_AIDS = ("ladder", "rope")


def aid(board: Board, a: Hex, b: Hex) -> str | None:
    """The ladder or rope a step between `a` and `b` climbs by (a feature of either hex), if any."""
    for f in CLIMB_AIDS:
        if f in board.features_at(a) or f in board.features_at(b):
            return f
    return None


def climb(board: Board, a: Hex, b: Hex) -> int:
    """Levels a step climbs, up or down, that take an Agility test: 'climb ladders and climb/jump down from
    obstacles of head height' (text #4). A jump down of two or more levels without a ladder makes falling
    saves instead (`drop`); 0 for a step that climbs nothing."""
    rise = board.height_at(b) - board.height_at(a)
    if rise == 0 or drop(board, a, b):
        return 0
    return abs(rise)


def slippery(board: Board, a: Hex, b: Hex) -> bool:
    """'a slippery surface with few handholds': a climb to or from a hex with the `slippery` feature."""
    return "slippery" in board.features_at(a) or "slippery" in board.features_at(b)


def in_cover(board: Board, h: Hex) -> bool:
    """A hex that counts as cover for suppressed models: building, rubble, woods, or behind a low wall
    (remembered per board: the computer asks it of every model in every position it weighs)."""
    memo = board.memo("skirmish.cover")
    key = _number(h)
    found = memo.get(key)
    if found is None:
        found = memo[key] = board.terrain_at(h) in COVER or any("wall" in fs for _, fs in board.edge_sides(h))
    return found


def _number(h: Hex) -> int:
    """A hex as one plain int, for the memos' keys: a dict of ints and booleans is no work for the garbage
    collector, where one keyed by pairs of hexes (tuples, 100,000 of them) made a full collection cost
    20 ms in the middle of an odds preview."""
    return (h.q + 2048) * 4096 + h.r + 2048


@lru_cache(maxsize=16384)
def _line_from_origin(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    return tuple(step.hexes for step in line(Hex(0, 0), Hex(dq, dr)))


def steps(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """`hexgrid.line(a, b)` as hex tuples; a line is the same wherever it starts, so it is cached by its offset."""
    return [tuple(Hex(h.q + a.q, h.r + a.r) for h in hs) for hs in _line_from_origin(b.q - a.q, b.r - a.r)]


def blocks(board: Board, h: Hex, top: int) -> bool:
    i = board.index_of(h)  # once for both reads (each board reader works it out again)
    if i is None:
        return True  # a line grazing the map's edge: the hex on the map beside it decides
    return board.terrain[i] in BLOCKS_SIGHT or (board.elevation[i] if board.elevation else 0) > top


def sight(board: Board, a: Hex, b: Hex) -> bool:
    """A line of sight: no hex between blocks it (on a hexside spine both hexes must block). Only the
    terrain decides it, so it is remembered per board: listing every shot traces it for every pair."""
    memo = board.memo("skirmish.sight")
    key = _number(a) << 24 | _number(b)
    seen = memo.get(key)
    if seen is None:
        seen = memo[key] = _sight(board, a, b)
    return seen


def _sight(board: Board, a: Hex, b: Hex) -> bool:
    # `steps(a, b)` without building its ends nor the steps after a blocked one: a load's first lines of sight
    # are all new to its board's memo (a model alone? it looks for every friend)
    top = max(board.height_at(a), board.height_at(b))
    q, r = a
    for hexes in _line_from_origin(b.q - q, b.r - r)[1:-1]:
        if all(blocks(board, Hex(h.q + q, h.r + r), top) for h in hexes):
            return False
    return True


def hard_cover(board: Board, shooter: Hex, target: Hex) -> bool:
    """'In hard cover': the target stands in a building or rubble, or the fire crosses a low wall into its hex."""
    if board.terrain_at(target) in HARD_COVER:
        return True
    way = steps(shooter, target)
    if len(way) < 2:
        return False
    return any(target.distance(h) == 1 and "wall" in board.edge_features(h, target) for h in way[-2])


_VEC = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}


def in_front(at: Hex, facing: Direction, other: Hex) -> bool:
    """'Miniatures only see in their front 180d arc' (text #4); a hex exactly on the arc's edge is in front."""
    fq, fr = _VEC[facing]
    dq, dr = other.q - at.q, other.r - at.r
    if dq == 0 and dr == 0:
        return True
    # The dot product of the two directions on the flat plane, times 4/3 (exact integers).
    return (2 * fq + fr) * (2 * dq + dr) + 3 * fr * dr >= 0


def facing_towards(a: Hex, b: Hex) -> Direction:
    """The hexside direction that points most nearly from `a` to `b`."""
    dq, dr = b.q - a.q, b.r - a.r
    return max(_VEC, key=lambda d: (2 * _VEC[d][0] + _VEC[d][1]) * (2 * dq + dr) + 3 * _VEC[d][1] * dr)  # type: ignore[return-value]


def suppressed_move_ok(board: Board, start: Hex, end: Hex, enemies: Iterable[Hex]) -> bool:
    """'Suppressed models may not leave cover or (if in open) make any move that advances towards enemies
    unless it ends with them in cover' (text #5-ish Suppression)."""
    if in_cover(board, end):
        return True
    if in_cover(board, start):
        return False
    foes = list(enemies)
    if not foes:
        return True
    return min(end.distance(e) for e in foes) >= min(start.distance(e) for e in foes)
