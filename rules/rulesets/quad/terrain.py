"""QUAD terrain effects (text: "Terrain Effects"; QUAD-A01, A02, A16, A17, A19).

Terrain ids are the board's hex terrain. Slope is not a terrain id: it comes
from elevation. Moving up into a higher hex is difficult; a unit higher than
its opponent gets +1 attack or +1 defense (QUAD-A16).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import Board
from rules.core import TerrainInfo
from rules.hexgrid import Hex


@dataclass(frozen=True)
class TerrainEffect:
    """What a terrain does under QUAD."""

    label: str
    difficult: bool = False
    """Entering it makes the terrain "attack" the unit (QUAD-A02)."""
    defense: int = 0
    """Defense dice added for a unit defending in it (QUAD-A17)."""
    passable: bool = True
    """False for hexes no unit may enter (a lake, a cliff): an addition for scenarios."""
    ignored_by: str | None = None
    """The special rule that makes it not difficult (Forester, Amphibious)."""


EFFECTS: dict[str, TerrainEffect] = {
    "open": TerrainEffect("Open"),
    "forest": TerrainEffect("Forest", difficult=True, defense=2, ignored_by="forester"),
    "fortified": TerrainEffect("Fortified", difficult=True, defense=4),
    "river": TerrainEffect("River", difficult=True, defense=2, ignored_by="amphibious"),
    "impassable": TerrainEffect("Impassable", passable=False),
}
"""Terrain id -> effect. Forest +2 (not +4: the text's doubled paragraph counts once, QUAD-A01)."""

TERRAIN: dict[str, TerrainInfo] = {
    "open": TerrainInfo(label="Open", effects="no effects", glyph=".", style="open"),
    "forest": TerrainInfo(label="Forest", effects="difficult (not for Foresters), +2 defense", glyph="&", style="forest"),
    "fortified": TerrainInfo(label="Fortified", effects="difficult, +4 defense", glyph="#", style="building"),
    "river": TerrainInfo(label="River", effects="difficult (not for Amphibious units), +2 defense", glyph="~",
                         style="water"),
    "impassable": TerrainInfo(label="Impassable", effects="no unit may enter (lake, cliff)", glyph="@", style="rough",
                                 impassable=True),
    "slope": TerrainInfo(
        label="Slope (elevation)",
        effects="difficult when moving up; +1 attack / +1 defense for the unit on higher ground",
        style="hill",
    ),
}
"""What the legend and the unit card say about each terrain id, and how the map draws it
(slope has no glyph: the map shows heights as digits)."""


def effect(board: Board, h: Hex) -> TerrainEffect:
    """The effect of the terrain at `h` (an unknown id counts as open)."""
    return EFFECTS.get(board.terrain_at(h), EFFECTS["open"])


def passable(board: Board, h: Hex) -> bool:
    return board.in_bounds(h) and effect(board, h).passable


def difficult_entry(board: Board, a: Hex, b: Hex, specials: list[str] | tuple[str, ...]) -> str | None:
    """Why stepping from `a` into `b` is difficult for a unit with `specials`, or None.

    One terrain attack per hex entered, however many reasons make it difficult
    (forest up a slope is still one roll).
    """
    why: list[str] = []
    eff = effect(board, b)
    if eff.difficult and (eff.ignored_by is None or eff.ignored_by not in specials):
        why.append(eff.label.lower())
    if board.height_at(b) > board.height_at(a):
        why.append("slope up")
    return " and ".join(why) or None


def defense_bonus(board: Board, h: Hex) -> int:
    """Defense dice the hex gives its defender (QUAD-A17)."""
    return effect(board, h).defense
