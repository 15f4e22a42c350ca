"""Setting up the table: each player's 1d10 terrain pieces, placed in turn, the low scorer first (text: "Setting up")."""

from __future__ import annotations

from rules.board import Board, HexFeature
from rules.core import Context, Refusal
from rules.events import Changed, PhaseChanged
from rules.hexgrid import DIRECTIONS, Direction, Hex
from rules.rulesets.hundred_wars.terrain import TERRAIN
from rules.rulesets.hundred_wars.state import HwState, PieceUnderWay
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
"""(hexwar) Pieces placed as a line: a river starts at its hex and its placer chooses its course hex by hex (or runs
it straight toward a direction to the table's edge or the first hex that is not free), instead of covering the
hexes around it."""
GATE_OF = {"fort": "gate", "settlement": "road"}
"""(hexwar) The feature a player gives a fortification or a settlement it places ('Crossing into or out of them is
good going if at gates or roads')."""
SHAPES = """(hexwar) The text lets a player 'choose' and place a piece and gives no shape or size. A placed piece is
its hex and the free open hexes around it (7 at most); its placer then takes any of the hexes around out, one by one,
and gives a fortification gates (a settlement roads) in hexes on its edge; a river's course is chosen hex by hex, each
next to the last and touching no earlier hex, so it bends at most one hexside a hex. `done` finishes the piece."""


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
    return [h for h in state.board.hexes() if free(state, h)]


def cover(state: HwState, terrain: str, at: Hex, toward: Direction | None) -> list[Hex]:
    """The hexes a piece covers when placed: the chosen open hex and the open hexes around it; a river's first hex
    (its course is then chosen hex by hex), or with `toward` its straight line to the edge or the first hex not free."""
    if terrain not in LINES:
        return [h for h in [at, *at.neighbours()] if free(state, h)]
    if toward is None:
        return [at]
    out = []
    h = at
    while free(state, h):
        out.append(h)
        h = h.neighbour(toward)
    return out


def free(state: HwState, h: Hex) -> bool:
    """An open hex of the table's kind, on the map, with no unit."""
    return (state.board.in_bounds(h) and state.board.terrain_at(h) == OPEN_OF[table(state)]
            and not any(u.at == h for u in state.units.values()))


def place(state: HwState, side: str, terrain: str, at: Hex, ctx: Context, toward: Direction | None = None,
          gate: bool = False) -> None:
    """A new piece (its default shape, then shaped by `shape` until `done`), or a step shaping the piece under way."""
    if state.shaping is not None:
        shape(state, terrain, at, ctx, toward, gate)
        return
    allowed = placeable(state)
    if terrain not in allowed:
        raise Refusal(f"{terrain} is not a terrain piece you may place on the {table(state)} table "
                      f"({', '.join(allowed)})")
    if gate:
        raise Refusal(f"place the {terrain} first, then its gates or roads")
    if at not in spots(state):
        raise Refusal(f"{at} is not an {OPEN_OF[table(state)]} hex free of units")
    if terrain not in LINES and toward is not None:
        raise Refusal(f"a {terrain} piece covers the hexes around it: only a river takes a direction")
    hexes = cover(state, terrain, at, toward)
    paint(state, hexes, terrain)
    state.pieces_left[side] -= 1
    state.shaping = PieceUnderWay(terrain=terrain, hexes=hexes)
    where = f"from {at} toward {toward}" if toward else f"at {at}"
    ctx.emit(Changed(unit=side, field="terrain", before=None, after=f"{terrain} {where} ({count(len(hexes), 'hex')})",
                     why="terrain piece placed"))


def paint(state: HwState, hexes: list[Hex], terrain: str, feature: str = "") -> None:
    """The board with `hexes` of `terrain` (and `feature` added in each); the board is frozen, so a new one."""
    cells = list(state.board.terrain)
    for h in hexes:
        cells[state.board._index(h)] = terrain
    glyphs = dict(state.board.glyphs)
    glyph = TERRAIN[terrain].glyph
    if terrain not in glyphs and glyph not in glyphs.values():
        glyphs[terrain] = glyph
    features = state.board.features + tuple(HexFeature(at=h, feature=feature) for h in hexes if feature)
    state.board = Board(width=state.board.width, height=state.board.height, terrain=tuple(cells),
                        elevation=state.board.elevation, features=features, edges=state.board.edges, glyphs=glyphs)


def shape(state: HwState, terrain: str, at: Hex, ctx: Context, toward: Direction | None, gate: bool) -> None:
    """Shape the piece under way (SHAPES): a river's next hex, a hex taken out of another piece, or a gate."""
    piece = state.shaping
    assert piece is not None
    if terrain != piece.terrain or toward is not None:
        raise Refusal(f"finish the {piece.terrain} first (done), then place the next piece")
    reason = shape_refusal(state, at, gate)
    if reason:
        raise Refusal(reason)
    side = state.active_side
    if gate:
        feature = GATE_OF[piece.terrain]
        paint(state, [at], piece.terrain, feature)
        ctx.emit(Changed(unit=side, field="terrain", before=None, after=f"{feature} at {at}",
                         why=f"{piece.terrain} given a {feature}"))
    elif piece.terrain in LINES:
        paint(state, [at], piece.terrain)
        piece.hexes.append(at)
        ctx.emit(Changed(unit=side, field="terrain", before=None, after=f"{piece.terrain} on to {at}",
                         why=f"{piece.terrain} course chosen"))
    else:
        paint(state, [at], OPEN_OF[table(state)])
        piece.hexes.remove(at)
        ctx.emit(Changed(unit=side, field="terrain", before=piece.terrain, after=f"{at} left open",
                         why=f"{piece.terrain} shaped"))


def shape_refusal(state: HwState, at: Hex, gate: bool) -> str:
    """Why `at` cannot shape the piece under way ('' if it can): SHAPES."""
    piece = state.shaping
    assert piece is not None
    name = piece.terrain
    if gate:
        if name not in GATE_OF:
            return f"only a fortification or a settlement has gates or roads, not a {name}"
        if at not in piece.hexes:
            return f"{at} is not part of the {name}: a {GATE_OF[name]} goes in one of its hexes"
        if GATE_OF[name] in state.board.features_at(at):
            return f"{at} already has a {GATE_OF[name]}"
        if not any(state.board.in_bounds(n) and n not in piece.hexes for n in at.neighbours()):
            return f"{at} is inside the {name}: a {GATE_OF[name]} goes in a hex on its edge, to cross into or out of it"
        return ""
    if name in LINES:
        end = piece.hexes[-1]
        if at.distance(end) != 1:
            return f"a {name} runs hex by hex: {at} is not next to its end at {end}"
        if at in piece.hexes:
            return f"{at} is already on the {name}'s course"
        if not free(state, at):
            what = "holds a unit" if any(u.at == at for u in state.units.values()) else "is not open"
            return f"{at} {what}: the {name} cannot run into it"
        touches = [h for h in piece.hexes[:-1] if h.distance(at) <= 1]
        if touches:
            return (f"{at} touches the {name} at {touches[0]}: a {name} may bend but not turn back on itself "
                    f"(at most one hexside of turn a hex)")
        return ""
    if at == piece.hexes[0]:
        return f"{at} is the {name}'s own hex: it stays (undo to place the {name} elsewhere)"
    if at not in piece.hexes:
        return (f"{at} is not part of the {name}: a piece is its hex and the open hexes around it; "
                f"choose one of those to leave it open")
    return ""


def shape_choices(state: HwState) -> list[tuple[Hex, bool]]:
    """Every way to shape the piece under way now: (hex, gate)."""
    piece = state.shaping
    if piece is None:
        return []
    near = {n for h in piece.hexes for n in h.neighbours()} | set(piece.hexes)
    return [(h, g) for h in sorted(near) for g in (False, True) if not shape_refusal(state, h, g)]


def shaping_prompt(state: HwState) -> str:
    """What the placer does next with the piece under way."""
    piece = state.shaping
    assert piece is not None
    if piece.terrain in LINES:
        what = f"choose the {piece.terrain}'s next hex from {piece.hexes[-1]}"
    else:
        what = f"leave hexes around the {piece.terrain} open"
        what += f", or give it a {GATE_OF[piece.terrain]}" if piece.terrain in GATE_OF else ""
    return f"{what}; done finishes it"


def finish(state: HwState, side: str, ctx: Context) -> None:
    """`done` while shaping: the piece stands as it is; the next side places."""
    piece = state.shaping
    assert piece is not None
    state.shaping = None
    gates = [h for h in piece.hexes if GATE_OF.get(piece.terrain, "-") in state.board.features_at(h)]
    extra = f", {count(len(gates), GATE_OF[piece.terrain])}" if gates else ""
    ctx.emit(Changed(unit=side, field="terrain", before=None,
                     after=f"{piece.terrain} at {piece.hexes[0]} ({count(len(piece.hexes), 'hex')}{extra})",
                     why="terrain piece finished"))
    next_placer(state)


def stop(state: HwState, side: str, ctx: Context) -> None:
    """`done`: finish the piece under way, or place no more pieces ('up to 1d10')."""
    if state.shaping is not None:
        finish(state, side, ctx)
        return
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
