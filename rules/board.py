"""The board: terrain, elevation, hex features and hexside features of a map.

A `Board` is fixed for a game (what changes during play, such as a burning
wreck, lives in the rule set's state), so it is frozen and shared between the
snapshots the game service keeps for undo instead of being copied each action.
Terrain ids are plain strings; each rule set maps them to its own effects.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from rules.hexgrid import DIRECTIONS, Direction, Hex, edge_key, from_offset

T = TypeVar("T")

MAX_SIDE = 200
"""The largest map edge in hexes; keeps a hostile file from asking for a huge board."""


class HexFeature(BaseModel):
    """A feature standing in a hex: road, bridge, building, objective..."""

    model_config = ConfigDict(frozen=True)
    at: Hex
    feature: str


class EdgeFeature(BaseModel):
    """A feature on a hexside: wall, hedge, fence, stream..."""

    model_config = ConfigDict(frozen=True)
    at: Hex
    side: Direction
    feature: str

    @property
    def across(self) -> Hex:
        """The hex on the other side of this hexside."""
        return self.at.neighbour(self.side)


class Board(BaseModel):
    """A width x height map in odd-r offset rows, addressed by axial `Hex`."""

    model_config = ConfigDict(frozen=True)

    width: int
    height: int
    terrain: tuple[str, ...]
    """Terrain id of every hex, row by row in offset order (len = width * height)."""
    elevation: tuple[int, ...] = ()
    """Height of every hex in the same order; empty means flat (all 0)."""
    features: tuple[HexFeature, ...] = ()
    edges: tuple[EdgeFeature, ...] = ()
    glyphs: dict[str, str] = {}
    """Terrain id -> the character the map file draws it with (its legend, reversed)."""

    @model_validator(mode="after")
    def _check_sizes(self) -> Board:
        if not (1 <= self.width <= MAX_SIDE and 1 <= self.height <= MAX_SIDE):
            raise ValueError(f"the map must be 1..{MAX_SIDE} hexes each way, not {self.width}x{self.height}")
        if len(self.terrain) != self.width * self.height:
            raise ValueError(f"terrain has {len(self.terrain)} hexes, the map {self.width * self.height}")
        if self.elevation and len(self.elevation) != len(self.terrain):
            raise ValueError(f"elevation has {len(self.elevation)} hexes, the map {len(self.terrain)}")
        for f in self.features:
            if not self.in_bounds(f.at):
                raise ValueError(f"feature {f.feature!r} at {f.at} is off the map")
        for e in self.edges:
            if not self.in_bounds(e.at):
                raise ValueError(f"hexside feature {e.feature!r} at {e.at} is off the map")
        return self

    def __deepcopy__(self, memo: dict) -> Board:
        return self  # frozen: snapshots share it

    def __getstate__(self) -> dict:
        """Pickled (to another process) without what it remembered: a scratch pad (`memo`), not the board's data,
        which a hundred thousand lines of fire would swell."""
        state = super().__getstate__()
        state["__dict__"] = {k: v for k, v in state["__dict__"].items() if k != "_memos"}
        return state

    @classmethod
    def flat(cls, width: int, height: int, terrain: str = "open") -> Board:
        """An empty map of one terrain."""
        return cls(width=width, height=height, terrain=(terrain,) * (width * height))

    def in_bounds(self, h: Hex) -> bool:
        q, row = h
        col = q + (row >> 1)  # `to_offset`, inlined: path-finding asks this for every step
        return 0 <= col < self.width and 0 <= row < self.height

    def index_of(self, h: Hex) -> int | None:
        """Where `h` is in `terrain` and `elevation` (None off the map): a line of sight that reads both for
        every hex it crosses works it out once (a load replays every move, and each asks them)."""
        q, row = h
        col = q + (row >> 1)  # `to_offset`, inlined as in `in_bounds`
        width = self.width
        return row * width + col if 0 <= col < width and 0 <= row < self.height else None

    def _index(self, h: Hex) -> int:
        q, row = h
        col = q + (row >> 1)  # as `index_of`, without its call: the rules read terrain and height for every
        width = self.width  # hex of every line of sight and step (a load replays them all)
        if not (0 <= col < width and 0 <= row < self.height):
            raise KeyError(f"hex {h} is off the map")
        return row * width + col

    def terrain_at(self, h: Hex) -> str:
        return self.terrain[self._index(h)]

    def height_at(self, h: Hex) -> int:
        return self.elevation[self._index(h)] if self.elevation else 0

    def features_at(self, h: Hex) -> frozenset[str]:
        return self._feature_map.get(h, frozenset())

    def edge_features(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features on the hexside between adjacent hexes `a` and `b`."""
        return self._edge_map.get(edge_key(a, b), frozenset())

    def hexes(self) -> list[Hex]:
        """Every hex of the map, row by row."""
        return [from_offset(c, r) for r in range(self.height) for c in range(self.width)]

    def terrain_ids(self) -> set[str]:
        return set(self.terrain)

    @cached_property
    def _feature_map(self) -> dict[Hex, frozenset[str]]:
        out: dict[Hex, set[str]] = {}
        for f in self.features:
            out.setdefault(f.at, set()).add(f.feature)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _edge_map(self) -> dict[frozenset[Hex], frozenset[str]]:
        out: dict[frozenset[Hex], set[str]] = {}
        for e in self.edges:
            out.setdefault(edge_key(e.at, e.across), set()).add(e.feature)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _memos(self) -> dict[str, dict]:
        return {}

    def memo(self, name: str) -> dict:
        """A scratch dict, one per `name`, for a pure function of this board and its arguments (a line of
        sight between two hexes): the board is frozen and shared by every copy of the game, so what is
        worked out once holds for the whole game, the computer's thousands of tries included."""
        try:
            return self._memos[name]
        except KeyError:  # the first time only: `setdefault` would make an empty dict at every call
            found = self._memos[name] = {}
            return found

    def once(self, name: str, make: Callable[[Board], T]) -> T:
        """`make(board)`, worked out once for this board (as `memo`, for a value of the board alone: its
        terrain pieces, the hexes that block sight)."""
        try:
            return self._memos[name]
        except KeyError:
            found = self._memos[name] = make(self)
            return found

    def edge_sides(self, h: Hex) -> list[tuple[Direction, frozenset[str]]]:
        """The hexside features around `h`, by direction (for drawing)."""
        return [(d, fs) for d in DIRECTIONS if (fs := self.edge_features(h, h.neighbour(d)))]
