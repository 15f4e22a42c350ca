"""Terrain: the 1d10 mode roll (Easy / Hard / V.Hard / impassable), the five tables, pieces on the map (text: "Terrain")."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Hex

Level = Literal["easy", "hard", "very_hard", "impassable"]
LEVELS: tuple[Level, ...] = ("easy", "hard", "very_hard", "impassable")
"""Easy, Hard, V.Hard, and the 0 result: impassable at this time and place (AHW-A05)."""
LEVEL_WORDS = {"easy": "Easy", "hard": "Hard", "very_hard": "V.Hard", "impassable": "impassable"}
DIVISOR = {"easy": 1, "hard": 2, "very_hard": 10}
"""Range, Move and Damage are divided by 2 in Hard and by 10 in V.Hard terrain."""

TABLES: dict[str, dict[Level, str]] = {
    "ground": {"easy": "Open Ground", "hard": "Any open or soft Terrain", "very_hard": "Rivers, dense terrain or obstacles"},
    "underground": {"easy": "(tunnels)", "hard": "Hard Rock formations", "very_hard": "Faults, Chasms"},
    "sea": {"easy": "Open water", "hard": "Strong winds or currents", "very_hard": "Reefs, Mangroves"},
    "space": {"easy": "Open space", "hard": "Dust clouds, atmospheres", "very_hard": "Meteor fields"},
    "sky": {"easy": "Open air", "hard": "Strong wind", "very_hard": "Severe storms"},
}
"""The text's table: what each result means in each mode ("Stars" is the space table)."""


def mode_roll(face: int) -> Level:
    """The 1d10 terrain roll: 1 Easy, 2-7 Hard, 8-9 V.Hard, 0 (the 10 face) impassable (AHW-A01)."""
    if not 1 <= face <= 10:
        raise ValueError(f"a d10 shows 1-10, not {face}")
    if face == 1:
        return "easy"
    if face <= 7:
        return "hard"
    if face <= 9:
        return "very_hard"
    return "impassable"


def harder(level: Level, steps: int = 1) -> Level:
    """One level harder: Easy -> Hard -> V.Hard -> impassable (AHW-A29: crossing under enemy resistance)."""
    return LEVELS[min(LEVELS.index(level) + steps, len(LEVELS) - 1)]


def easier(level: Level, steps: int = 1) -> Level:
    if level == "impassable":
        return level
    return LEVELS[max(LEVELS.index(level) - steps, 0)]


def worst(levels: Iterable[Level]) -> Level:
    """The worst case of several (AHW-A07)."""
    return max(levels, key=LEVELS.index, default="easy")


def for_mobile(level: Level, mobile: str) -> Level:
    """Mobile units reduce V.Hard to Hard, or Hard to Easy, or both (text: "Mobile")."""
    if mobile in ("vhard_to_hard", "both") and level == "very_hard":
        level = "hard"
        if mobile == "vhard_to_hard":
            return level
    if mobile in ("hard_to_easy", "both") and level == "hard":
        return "easy"
    return level


def divide(value: int, level: Level) -> int | None:
    """value / 1, 2 or 10, rounded up ("round scores up"); None where impassable."""
    if level == "impassable":
        return None
    return math.ceil(value / DIVISOR[level])


# --- the map -----------------------------------------------------------------------------

OPEN = {"open": "ground", "sea": "sea", "space": "space"}
"""Terrain ids with no piece: always Easy for their own mode."""
PIECES: dict[str, str] = {
    "wood": "ground", "rough": "ground", "hill": "ground", "river": "ground", "marsh": "ground",
    "fort": "ground", "settlement": "ground",
    "rock": "underground", "current": "sea", "reef": "sea",
    "wind": "sky", "storm": "sky", "dust": "space", "meteors": "space",
}
"""Terrain pieces and the mode whose table they are rolled on; a piece is a run of touching hexes of one id."""
WALLED = ("fort", "settlement")
"""Fortifications and settlements: good going inside if uncontested; gates and roads are good going."""
GATES = ("gate", "road")

_LOOK = {
    "open": (".", "open"), "sea": ("=", "water"), "space": (":", "plain"), "wood": ("&", "forest"),
    "rough": ("%", "rough"), "hill": ("^", "hill"), "river": ("~", "water"), "marsh": (",", "water"),
    "fort": ("#", "building"), "settlement": ("+", "building"), "rock": ("*", "rough"), "current": (")", "water"),
    "reef": ("(", "water"), "wind": ("'", "plain"), "storm": ("!", "plain"), "dust": (";", "plain"),
    "meteors": ("@", "rough"),
}
"""Each terrain id's glyph and colour on the map (a glyph is never a letter or a digit)."""
_PIECE_WORDS = ("1d10 on the {mode} table when first entered or fired into: 1 Easy, 2-7 Hard, 8-9 V.Hard, "
                "0 impassable")

TERRAIN: dict[str, TerrainInfo] = {
    "open": TerrainInfo(label="Open ground", effects="Easy for ground units; no roll", glyph=".", style="open"),
    "sea": TerrainInfo(label="Open sea", effects="Easy for sea units; ground units may not enter", glyph="=",
                       style="water"),
    "space": TerrainInfo(label="Open space", effects="Easy for space units", glyph=":", style="plain"),
    **{t: TerrainInfo(label=f"{t.capitalize()} (terrain piece)", effects=_PIECE_WORDS.format(mode=mode),
                      glyph=_LOOK[t][0], style=_LOOK[t][1])
       for t, mode in PIECES.items() if t not in WALLED},
    "fort": TerrainInfo(label="Fortification", effects="Rolled like a piece; good going inside and at gates if "
                                                       "uncontested, one level harder under enemy resistance",
                        glyph="#", style="building"),
    "settlement": TerrainInfo(label="Settlement", effects="As a fortification", glyph="+", style="building"),
    "gate": TerrainInfo(label="Gate", effects="Good going into or out of a fortification if uncontested", mark="]", place="feature"),
    "road": TerrainInfo(label="Road", effects="Good going into or out of a settlement if uncontested", mark="-", place="feature"),
}


def pieces(board: Board) -> dict[Hex, str]:
    """Each hex of a terrain piece -> the piece's id ('wood@3,4': its first hex in map order)."""
    out: dict[Hex, str] = {}
    terrain = dict(zip(board.hexes(), board.terrain))  # both row by row; off the map: not in it
    for h, t in terrain.items():
        if t not in PIECES or h in out:
            continue
        pid = f"{t}@{h}"
        todo = [h]
        while todo:
            cur = todo.pop()
            if cur in out:
                continue
            out[cur] = pid
            todo += [n for n in cur.neighbours() if n not in out and terrain.get(n) == t]
    return out


def piece_mode(piece_id: str) -> str:
    return PIECES[piece_id.split("@")[0]]


def open_for(board: Board, h: Hex, mode: str) -> bool:
    """Whether a unit moving in `mode` may be in this hex at all (sea units keep to water, ground to land)."""
    return open_terrain(board.terrain_at(h), mode)


def open_terrain(t: str, mode: str) -> bool:
    """`open_for` of a hex of terrain `t`."""
    if mode == "sea":
        return t in ("sea", "current", "reef", "river")
    if mode == "ground":
        return t not in ("sea", "space", "current", "reef")
    if mode == "space":
        return t in ("space", "dust", "meteors")
    return True
