"""Setting up the table: each player's 1d10 terrain pieces, placed in turn, the low scorer first (text: "Setting up")."""

from __future__ import annotations

from rules.board import Board
from rules.core import Context, Refusal
from rules.events import Changed, PhaseChanged
from rules.hexgrid import DIRECTIONS, Direction, Hex
from rules.rulesets.hundred_wars.terrain import TERRAIN
from rules.rulesets.hundred_wars.state import HwState
from rules.words import count

TABLE_PIECES: dict[str, tuple[str, ...]] = {
    "ground": ("wood", "rough", "hill", "river", "marsh", "fort", "settlement"),
    "underground": ("rock",), "sea": ("current", "reef"), "sky": ("wind", "storm"), "space": ("dust", "meteors"),
}
"""The pieces a player may choose on each table (text: "Mode": the ground, underground, sea, sky and stars tables;
the underground table's 'Hard rock formations' and 'Faults, Chasms' are one piece id, `rock`: a piece's level is
rolled, not given by its name)."""
PLACEABLE = TABLE_PIECES["ground"]
OPEN_OF = {"ground": "open", "underground": "open", "sky": "open", "sea": "sea", "space": "space"}
"""The open terrain a table's pieces are placed on (underground and sky tables lie over open ground)."""
LINES = ("river",)
"""(hexwar) Pieces placed as a line: a river runs straight from its hex toward a direction to the table's edge or
the first hex that is not open (or holds a unit), instead of covering the hexes around it."""


def table(state: HwState) -> str:
    """The scenario's table (option `table`); 'auto': the sea or space table on a map mostly of sea or open space,
    the ground table otherwise."""
    chosen = str(state.options.get("table", "auto"))
    if chosen in TABLE_PIECES:
        return chosen
    cells = list(state.board.terrain)
    base = max(("sea", "space", "open"), key=lambda t: (cells.count(t), t == "open"))
    return {"sea": "sea", "space": "space"}.get(base, "ground")


def placeable(state: HwState) -> tuple[str, ...]:
    return TABLE_PIECES[table(state)]


def start(state: HwState, ctx: Context) -> None:
    """'Each player may choose up to 1d10 pieces of terrain'; the low scorer places first."""
    for s in state.order:
        (state.pieces_left[s],) = ctx.dice.roll(1, 10, "terrain pieces", side=s, rule="Terrain",
                                                outcome=lambda f: f"up to {count(f[0], 'piece')}")
    state.phase, state.step = "terrain", 0
    state.placing = list(reversed(state.order))
    state.active_side = placer(state)
    ctx.emit(PhaseChanged(turn=state.turn, phase="place terrain pieces"))


def placer(state: HwState) -> str | None:
    """The next side with pieces left, taking turns from `step`."""
    n = len(state.placing)
    for k in range(n):
        s = state.placing[(state.step + k) % n]
        if state.pieces_left.get(s, 0) > 0:
            state.step = (state.step + k) % n
            return s
    return None


def spots(state: HwState) -> list[Hex]:
    taken = {u.at for u in state.units.values() if u.at is not None}
    ground = OPEN_OF[table(state)]
    return [h for h in state.board.hexes() if state.board.terrain_at(h) == ground and h not in taken]


def cover(state: HwState, terrain: str, at: Hex, toward: Direction | None) -> list[Hex]:
    """The hexes a piece covers: the chosen open hex and the open hexes around it, or a river's line."""
    taken = {u.at for u in state.units.values() if u.at is not None}
    ground = OPEN_OF[table(state)]

    def free(h: Hex) -> bool:
        return state.board.in_bounds(h) and state.board.terrain_at(h) == ground and h not in taken

    if terrain not in LINES:
        return [h for h in [at, *at.neighbours()] if free(h)]
    out = []
    h = at
    while free(h):
        out.append(h)
        h = h.neighbour(toward)
    return out


def place(state: HwState, side: str, terrain: str, at: Hex, ctx: Context, toward: Direction | None = None) -> None:
    """A piece covers the chosen open hex and the open hexes around it; a river is a line (LINES)."""
    allowed = placeable(state)
    if terrain not in allowed:
        raise Refusal(f"{terrain} is not a terrain piece you may place on the {table(state)} table "
                      f"({', '.join(allowed)})")
    if at not in spots(state):
        raise Refusal(f"{at} is not an {OPEN_OF[table(state)]} hex free of units")
    if terrain in LINES and toward not in DIRECTIONS:
        raise Refusal(f"a {terrain} is placed as a line: give its direction (toward={', '.join(DIRECTIONS)})")
    if terrain not in LINES and toward is not None:
        raise Refusal(f"a {terrain} piece covers the hexes around it: only a river takes a direction")
    cover_ = cover(state, terrain, at, toward)
    cells = list(state.board.terrain)
    for h in cover_:
        cells[state.board._index(h)] = terrain
    glyphs = dict(state.board.glyphs)
    glyph = TERRAIN[terrain].glyph
    if terrain not in glyphs and glyph not in glyphs.values():
        glyphs[terrain] = glyph
    state.board = Board(width=state.board.width, height=state.board.height, terrain=tuple(cells),
                        elevation=state.board.elevation, features=state.board.features, edges=state.board.edges,
                        glyphs=glyphs)
    state.pieces_left[side] -= 1
    where = f"from {at} toward {toward} ({count(len(cover_), 'hex')})" if toward else f"at {at}"
    ctx.emit(Changed(unit=side, field="terrain", before=None, after=f"{terrain} {where}", why="terrain piece placed"))
    next_placer(state)


def stop(state: HwState, side: str) -> None:
    """The side places no more pieces ('up to 1d10')."""
    state.pieces_left[side] = 0
    next_placer(state)


def next_placer(state: HwState) -> None:
    state.step = (state.step + 1) % len(state.placing)
    nxt = placer(state)
    if nxt is None:
        state.phase, state.step = "edge", 0
        state.active_side = state.order[0]
    else:
        state.active_side = nxt
