"""Terrain: going by mobility family, cover, line of sight (dsii-core §4, §5.3, §8.4, §14.3)."""

from __future__ import annotations

from functools import lru_cache

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Hex, from_offset, line_hexes

GOING_COST = {"E": 0.5, "N": 1.0, "P": 2.0, "D": 3.0}
FAMILIES = ("infantry", "wheeled_low", "wheeled_high", "tracked", "gev", "grav", "walker")
GOING = {
    # terrain: infantry, low wheeled, high wheeled, tracked, GEV, grav, walker (§4.3)
    "road": "EEEEEEN", "open": "NPNNEEN", "scrub": "NDPNPNN", "rough": "NXDPDNN",
    "cultivated": "NDPPDNN", "urban": "NPPPDPD", "mountains": "PXXDXDP", "swamp": "PXDXNNP",
    "water": "XXXXEEP", "river": "DDDDDEN", "light_woods": "NXXDXXP", "dense_woods": "PXXXXXP",
    "rubble": "NPPPDPD",
}
FAMILY_OF = {"wheeled_low": "wheeled_low", "wheeled_high": "wheeled_high", "tracked_slow": "tracked",
             "tracked_fast": "tracked", "gev_slow": "gev", "gev_fast": "gev", "grav": "grav",
             "walker_combat": "walker", "walker_transport": "walker", "vtol": "air", "aerospace": "air"}
BMF = {"wheeled_low": 10, "wheeled_high": 10, "tracked_slow": 8, "tracked_fast": 12, "gev_slow": 12,
       "gev_fast": 15, "grav": 15, "walker_combat": 12, "walker_transport": 8, "vtol": 30, "aerospace": 0}
BLOCKS_SIGHT = {"light_woods", "dense_woods", "urban"}
BUILDINGS = frozenset({"building", "industrial", "military_building"})
"""Isolated buildings (board features): they block sight and give soft cover until ruined (§5.6 [R])."""
SOFT_COVER = {"light_woods", "dense_woods", "urban", "rubble"}

TERRAIN: dict[str, TerrainInfo] = {
    "open": TerrainInfo(label="Open", effects="normal going for infantry and tracks; poor for low-mobility wheels",
                        glyph=".", style="open"),
    "road": TerrainInfo(label="Road", effects="easy going in travel mode (0.5 a hex)", glyph="=", style="road"),
    "scrub": TerrainInfo(label="Light scrub", effects="difficult for low-mobility wheels", glyph=",", style="open"),
    "rough": TerrainInfo(label="Rough", effects="poor for tracks; impassable to low-mobility wheels", glyph="%",
                         style="rough"),
    "cultivated": TerrainInfo(label="Cultivated", effects="poor for wheels and tracks", glyph=":", style="open"),
    "urban": TerrainInfo(label="Urban", effects="soft cover; blocks sight; firefights count yellow only", glyph="#",
                         style="building"),
    "mountains": TerrainInfo(label="Mountains", effects="poor for infantry; impassable to wheels and GEVs",
                             glyph="+", style="hill"),
    "swamp": TerrainInfo(label="Swamp", effects="poor for infantry; impassable to tracks", glyph='"', style="water"),
    "water": TerrainInfo(label="Open water", effects="GEV and grav only (easy)", glyph="~", style="water"),
    "river": TerrainInfo(label="River or stream", effects="difficult to cross (3 a hex)", glyph="-", style="water"),
    "stream": TerrainInfo(label="River or stream (hexside)",
                          effects="crossing costs the river's going once, on top of the hex entered (3 for most; "
                                  "easy for grav, normal for walkers)", mark="_", style="water", place="edge"),
    "building": TerrainInfo(label="Building (civilian)", effects="an isolated building, armour 3: blocks sight, soft "
                            "cover; a target at close range, d4", mark="[", style="building", place="feature"),
    "industrial": TerrainInfo(label="Building (industrial)", effects="an isolated building, armour 5",
                              mark="{", style="building", place="feature"),
    "military_building": TerrainInfo(label="Building (military)", effects="an isolated building, armour 6",
                                     mark="]", style="building", place="feature"),
    "light_woods": TerrainInfo(label="Light woods", effects="soft cover; blocks sight; no wheels or GEVs", glyph="&",
                               style="forest"),
    "dense_woods": TerrainInfo(label="Dense woods", effects="soft cover; blocks sight; infantry and walkers only",
                               glyph="$", style="forest"),
    "minefield": TerrainInfo(label="Minefield (marker)", effects="a pre-laid minefield: every hex within 2 is mined",
                             mark="!", style="rough", place="feature"),
    "jumping_minefield": TerrainInfo(label="Jumping minefield (marker)",
                                     effects="pre-laid jumping mines: every hex within 2; they also hit low VTOLs",
                                     mark="?", style="rough", place="feature"),
    "rubble": TerrainInfo(label="Rubble", effects="a ruined building: soft cover, does not block sight", glyph="*",
                          style="rough"),
}


def mobility_bmf(mobility: str | None) -> float:
    return BMF.get(mobility, 0) if mobility else 0


def step_cost(board: Board, terrain_here: str, family: str) -> float | None:
    """Movement factors to enter a hex of `terrain_here` (None: impassable) (§4.2, §14.2)."""
    if family == "air":
        return 1.0
    row = GOING.get(terrain_here, GOING["open"])
    g = row[FAMILIES.index(family)]
    return None if g == "X" else GOING_COST[g]


RIVER_EDGE = "stream"
"""A river or stream drawn along a hexside (§14.2 [R]): crossing it costs the river's going once."""


def crossing_cost(board: Board, a: Hex, b: Hex, family: str) -> float | None:
    """Extra movement to cross from `a` into `b`: 0 with no river hexside between them, the river's going across
    one (None: impassable to the family); flying VTOLs pay nothing."""
    if family == "air" or RIVER_EDGE not in board.edge_features(a, b):
        return 0.0
    return step_cost(board, "river", family)


AREA = {"light_woods": "woods", "dense_woods": "woods", "urban": "urban"}


def inside(board: Board, h: Hex, rubble: frozenset[Hex] = frozenset()) -> str | None:
    """'woods' or 'urban' when `h` lies inside such an area: every neighbour on the map is of it too (§8.4; §14.3
    [R]: a hex next to other terrain is on the edge); else None. Rubble is no part of an urban area here."""
    kind = AREA.get(board.terrain_at(h)) if h not in rubble else None
    if kind is None:
        return None
    for n in h.neighbours():
        if board.in_bounds(n) and (n in rubble or AREA.get(board.terrain_at(n)) != kind):
            return None
    return kind


def family(mobility: str | None, infantry: bool) -> str:
    return "infantry" if infantry else FAMILY_OF.get(mobility or "", "tracked")


def cover(board: Board, h: Hex, rubble: frozenset[Hex] = frozenset()) -> str:
    """'soft' in woods, urban or rubble (an element there counts as on the edge [R]), else 'open'."""
    t = "rubble" if h in rubble else board.terrain_at(h)
    return "soft" if t in SOFT_COVER or board.features_at(h) & BUILDINGS else "open"


@lru_cache(maxsize=65536)
def _line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    return tuple(line_hexes(a, b))


@lru_cache(maxsize=65536)
def _between(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes of the line strictly between its ends (what may block it)."""
    return tuple(h for h in _line(a, b) if h not in (a, b))


def sight(board: Board, a: Hex, b: Hex, rubble: frozenset[Hex] = frozenset(), limit: int = 60,
          smoke: frozenset[Hex] = frozenset()) -> bool:
    """Line of sight: at most 60 hexes, not through intermediate woods or urban hexes (rubble does not block),
    nor through ground higher than both ends (§14.3), nor into, out of or through smoke (§10.2: hot smoke
    blocks every sensor; a unit in a smoke hex neither sees nor is seen [R])."""
    if a.distance(b) > limit:
        return False
    if smoke and (a in smoke or b in smoke or any(h in smoke for h in _line(a, b))):
        return False
    found = _blocking(board, a, b)
    # a tuple: the woods, towns and buildings on the line, and sight only where rubble is left of them all
    return found if type(found) is bool else bool(rubble) and all(h in rubble for h in found)


def _blocks(board: Board) -> frozenset[Hex]:
    """The hexes of the board that block sight: woods, urban, a building. Worked out once a board, as its memos:
    each line of sight new to a board read the terrain and the features of every hex on it (a load's board is
    new, and most of its lines are)."""
    return board.once("dirtside.blocks", _blocking_hexes)


def _blocking_hexes(board: Board) -> frozenset[Hex]:
    width = board.width  # `terrain` is row by row (`Board.hexes`)
    return frozenset({from_offset(i % width, i // width) for i, t in enumerate(board.terrain) if t in BLOCKS_SIGHT}
                     | {f.at for f in board.features if f.feature in BUILDINGS})


def _blocking(board: Board, a: Hex, b: Hex) -> bool | tuple[Hex, ...]:
    """What the board alone puts between `a` and `b`: False when ground higher than both ends blocks the line,
    True when nothing does, else the woods, urban and building hexes on it (rubble there clears them).
    Remembered per board (frozen, shared by every copy of the game, `Board.memo`): a move asks it at every
    step for every unit that might fire, and a load replays them all.
    Keyed by one int (no tuple keys for the collector to walk, as skirmish's memos)."""
    memo = board.memo("dirtside.sight")
    key = ((a.q + 2048) * 4096 + a.r + 2048) << 24 | (b.q + 2048) * 4096 + b.r + 2048
    found = memo.get(key)
    if found is None:
        line = _between(a, b)
        if board.elevation:
            top = max(board.height_at(a), board.height_at(b))
            if any(i is not None and board.elevation[i] > top for i in map(board.index_of, line)):
                memo[key] = False
                return False
        blocks = _blocks(board)
        found = memo[key] = tuple(h for h in line if h in blocks) or True
    return found
