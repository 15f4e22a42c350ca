"""DHR terrain: the Defensive Value table, hexside features, roads, lines of sight.

Every terrain has a Defensive Value (DV) from the text's table ("Terrain
Saves"): it is the number a move must roll over to enter or cross it
("Movement", DHR-A04), the number a terrain save must roll equal or under
(DHR-A07), and part of the morale target (DHR-A11). Some terrain is a
'challenge': it must be rolled until passed, with no bought automatic pass
(DHR-A05). Roads give DV 0 along their length ("a road leading through woods").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Hex, LineStep
from rules.hexgrid import line as _exact_line


@lru_cache(maxsize=65536)
def line(a: Hex, b: Hex) -> tuple[LineStep, ...]:
    """`hexgrid.line`, remembered: it is exact (Fractions) and so dear, and a pure function of
    its two hexes. Returns a tuple: callers must not change it."""
    return tuple(_exact_line(a, b))


def line_on(board: Board, a: Hex, b: Hex) -> tuple[LineStep, ...]:
    """`line` kept to the map: a step along a spine on the map's edge keeps only its on-map hex.

    The rules ask the board only about hexes on the table; off the map there is no
    terrain to give a save (DHR-A07), so the line runs over the one hex that is there.
    A step left with no hex at all is dropped."""
    steps = line(a, b)
    if all(board.in_bounds(h) for s in steps for h in s.hexes):
        return steps
    kept = (LineStep(tuple(h for h in s.hexes if board.in_bounds(h))) for s in steps)
    return tuple(s for s in kept if s.hexes)


@dataclass(frozen=True)
class Terrain:
    label: str
    dv: int
    where: str = "hex"
    """"hex" (terrain of a hex), "edge" (a hexside feature) or "feature" (in a hex)."""
    challenge: bool = False
    impassable: bool = False
    note: str = ""


TERRAIN: dict[str, Terrain] = {
    # DV 0
    "open": Terrain("Open ground", 0),
    "yard": Terrain("Open yard", 0),
    "road": Terrain("Road", 0, "feature", note="DV 0 along its length, even through woods"),
    # DV 1 - uneven ground, thin wood fences, saplings, crops
    "uneven": Terrain("Uneven ground", 1),
    "crops": Terrain("Crops", 1),
    "saplings": Terrain("Saplings", 1),
    "fence": Terrain("Thin wood fence", 1, "edge"),
    # DV 2 - young trees, split rail fences, clapboard siding, brush
    "young_trees": Terrain("Young trees", 2),
    "brush": Terrain("Brush", 2),
    "clapboard": Terrain("Clapboard building", 2),
    "rail_fence": Terrain("Split rail fence", 2, "edge"),
    "hedge": Terrain("Hedge", 2, "edge", note="counted as brush"),
    "barbed_wire": Terrain("Barbed wire", 2, "edge", challenge=True, note="challenge: roll until passed"),
    # DV 3 - solid walls, trees, dense brush (DHR-A19)
    "trees": Terrain("Trees", 3),
    "woods": Terrain("Woods", 3),
    "dense_brush": Terrain("Dense brush", 3, note="DHR-A19: 3, dense woods 4"),
    "wall": Terrain("Solid wall", 3, "edge"),
    # DV 4 - houses, field works, dense woods or brush
    "house": Terrain("House", 4),
    "fieldworks": Terrain("Field works", 4),
    "dense_woods": Terrain("Dense woods", 4),
    # DV 5 - bunkers
    "bunker": Terrain("Bunker", 5),
    "fortress_wall": Terrain("Fortress wall", 5, "edge", challenge=True, note="challenge: roll until passed"),
    # not in the text's table: water that no unit may enter (a map convenience)
    "water": Terrain("Deep water", 0, impassable=True, note="impassable"),
}

LOOK: dict[str, tuple[str, str]] = {
    # hex terrain: (glyph, style)
    "open": (".", "open"), "yard": (",", "open"), "uneven": ("`", "rough"), "crops": ("%", "open"),
    "saplings": (";", "forest"), "young_trees": ("'", "forest"), "brush": ('"', "forest"),
    "trees": ("*", "forest"), "woods": ("&", "forest"), "dense_brush": ("$", "forest"),
    "dense_woods": ("@", "forest"), "house": ("#", "building"), "clapboard": ("[", "building"),
    "fieldworks": ("(", "rough"), "bunker": ("{", "building"), "water": ("~", "water"),
    # hex features and hexsides: (mark, style)
    "road": ("=", "road"), "wreck": ("!", "rough"),
    "fence": ("+", "plain"), "rail_fence": ("-", "plain"), "hedge": ("}", "forest"),
    "barbed_wire": ("<", "rough"), "wall": ("]", "building"), "fortress_wall": (")", "building"),
}
"""How the map draws each terrain id: a glyph for hex terrain, a mark for a hex feature or a
hexside. Every symbol is used once: a house (#) is not a wall (])."""

WRECK_DV = 3
"""A killed vehicle is immobile cover ("becomes immobile cover"): DV 3 like a solid wall
(our choice), and its smoke adds +1 to a save when the line of sight passes through it (DHR-A20)."""


def info() -> dict[str, TerrainInfo]:
    """Terrain ids for the legend and the unit card."""
    out = {}
    for tid, t in TERRAIN.items():
        bits = [f"DV {t.dv}"]
        if t.where == "edge":
            bits.append("hexside")
        if t.challenge:
            bits.append("challenge")
        if t.impassable:
            bits.append("impassable")
        if t.note:
            bits.append(t.note)
        place = "edge" if t.where == "edge" else "hex" if t.where == "hex" else "feature"
        out[tid] = _looking(tid, t.where != "hex", TerrainInfo(label=t.label, effects=", ".join(bits), place=place,
                                                               impassable=t.impassable))
    out["wreck"] = _looking("wreck", True, TerrainInfo(label="Wreck", effects=f"DV {WRECK_DV}, smoke +1 DV through it (DHR-A20)",
                                                       place="feature"))
    return out


def _looking(tid: str, marked: bool, info: TerrainInfo) -> TerrainInfo:
    """`info` with its look from LOOK: a glyph for hex terrain, a mark for features and hexsides."""
    symbol, style = LOOK[tid]
    look = {"mark": symbol} if marked else {"glyph": symbol}
    return info.model_copy(update={**look, "style": style})


def spec(tid: str) -> Terrain:
    return TERRAIN.get(tid, TERRAIN["open"])


def hex_dv(board: Board, h: Hex, wrecks: frozenset[Hex] = frozenset()) -> int:
    """The DV of a hex's own terrain (and features standing in it, roads aside)."""
    dv = spec(board.terrain_at(h)).dv
    for f in board.features_at(h):
        if f != "road" and f in TERRAIN:
            dv = max(dv, TERRAIN[f].dv)
    if h in wrecks:
        dv = max(dv, WRECK_DV)
    return dv


def edge_dv(board: Board, a: Hex, b: Hex) -> int:
    """The highest DV of the features on the hexside between two adjacent hexes."""
    return max((spec(f).dv for f in board.edge_features(a, b) if f in TERRAIN), default=0)


def is_road_step(board: Board, a: Hex, b: Hex) -> bool:
    return "road" in board.features_at(a) and "road" in board.features_at(b)


@dataclass(frozen=True)
class StepCheck:
    """What a move step from `a` into `b` asks (DHR-A04)."""

    dv: int
    challenge: bool
    impassable: bool
    what: str


def step_check(board: Board, a: Hex, b: Hex, extra_challenge: frozenset[str] = frozenset(),
               wrecks: frozenset[Hex] = frozenset()) -> StepCheck:
    """The check a move step needs: the higher DV of the hexside and the entered hex,
    except that a road taken along its length gives DV 0 (DHR-A04, "roads through woods")."""
    tid = board.terrain_at(b)
    t = spec(tid)
    if t.impassable:
        return StepCheck(0, False, True, t.label)
    if is_road_step(board, a, b):
        return StepCheck(0, False, False, "road")
    dv, challenge, what = hex_dv(board, b, wrecks), t.challenge or tid in extra_challenge, t.label
    if b in wrecks and dv == WRECK_DV:
        what = "wreck"
    for f in board.edge_features(a, b):
        e = spec(f)
        if f not in TERRAIN:
            continue
        if e.dv > dv or (e.dv == dv and e.challenge):
            dv, what = e.dv, e.label
        challenge = challenge or e.challenge or f in extra_challenge
    return StepCheck(dv, challenge, False, what)


def cached_step_check(board: Board, a: Hex, b: Hex, extra_challenge: frozenset[str] = frozenset(),
                      wrecks: frozenset[Hex] = frozenset()) -> StepCheck:
    """`step_check`, remembered per board (boards are frozen); a wreck hex is worked out afresh."""
    if wrecks and b in wrecks:
        return step_check(board, a, b, extra_challenge, wrecks)
    memo = board.memo("dhr.steps")
    found = memo.get((a, b, extra_challenge))
    if found is None:
        found = memo[(a, b, extra_challenge)] = step_check(board, a, b, extra_challenge)
    return found


def cover_dv(board: Board, at: Hex, toward: Hex | None, wrecks: frozenset[Hex] = frozenset()) -> int:
    """The DV a unit has for morale: its hex, or the hexside it sits behind facing
    `toward` (the attacker), whichever is higher (DHR-A11: "currently behind such as a wall")."""
    dv = hex_dv(board, at, wrecks)
    if toward is not None and toward != at:
        steps = line_on(board, at, toward)
        if len(steps) > 1:
            dv = max(dv, min((edge_dv(board, at, h) for h in steps[1].hexes if h.distance(at) == 1), default=0))
    return dv
