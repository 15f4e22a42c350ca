"""The table: rolled terrain pieces, home quarters, distances in cm, lines of fire and contact."""

from __future__ import annotations

from functools import lru_cache

from rules.board import Board
from rules.core import Context
from rules.hexgrid import Hex, area, from_offset, nearest_first
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.terrain import Level
from rules.rulesets.hundred_wars.units import HwUnit

R_TERRAIN = "Terrain; AHW-A04"


def piece_map(board: Board) -> dict[Hex, str]:
    """The board's pieces, worked out once per board (boards are frozen and shared between snapshots)."""
    return board.once("hundred_wars.pieces", ter.pieces)


def piece_at(state: HwState, h: Hex) -> str | None:
    return piece_map(state.board).get(h)


def roll_piece(state: HwState, piece: str, ctx: Context, side: str | None = None, again: str = "") -> Level:
    """A piece's level, rolled on 1d10 the first time it is needed and kept for the game (AHW-A04); `again` says
    in the dice log why it is rolled again (a psionic re-roll, mode_dice.py)."""
    if piece not in state.terrain_rolls:
        mode = ter.piece_mode(piece)
        (face,) = ctx.dice.roll(1, 10, f"terrain {piece.split('@')[0]}{again}", side=side, rule=R_TERRAIN, zero_is_ten=True,
                                outcome=lambda f: f"{ter.LEVEL_WORDS[ter.mode_roll(f[0])]} ({ter.TABLES[mode][ter.mode_roll(f[0])] if ter.mode_roll(f[0]) != 'impassable' else 'impassable at this time and place'})")
        state.terrain_rolls[piece] = ter.mode_roll(face)
    return state.terrain_rolls[piece]


def known_level(state: HwState, h: Hex, mode: str | None = "ground") -> Level | None:
    """The hex's level for `mode` if known (None: a piece not yet rolled); pieces of other modes are Easy."""
    piece = piece_at(state, h)
    if piece is None or (mode is not None and ter.piece_mode(piece) != mode):
        return "easy"
    return state.terrain_rolls.get(piece)


def level_at(state: HwState, h: Hex, ctx: Context | None, mode: str | None = "ground", side: str | None = None) -> Level:
    """The hex's level, rolling its piece if needed (with no ctx, an unrolled piece counts as Hard)."""
    known = known_level(state, h, mode)
    if known is not None:
        return known
    return piece_level(state, piece_at(state, h), ctx, side)


def piece_level(state: HwState, piece: str, ctx: Context | None, side: str | None = None) -> Level:
    """A piece's level: as rolled, else rolled now (with no ctx, an unrolled piece counts as Hard, the likeliest of
    its 1d10)."""
    known = state.terrain_rolls.get(piece)
    if known is not None:
        return known
    return "hard" if ctx is None else roll_piece(state, piece, ctx, side)


def contested(state: HwState, piece: str, side: str) -> bool:
    """An enemy unit stands in the piece (fortifications and settlements)."""
    return any(u.side != side and piece_at(state, u.at) == piece for u in state.live())


def entry_level(state: HwState, frm: Hex, to: Hex, mode: str, side: str, ctx: Context | None) -> Level:
    """The level of a step into `to` (text: fortifications and settlements; AHW-A29)."""
    piece = piece_at(state, to)
    if piece is None or piece.split("@")[0] not in ter.WALLED or mode != "ground":
        return level_at(state, to, ctx, mode, side)
    if contested(state, piece, side):
        return ter.harder(level_at(state, to, ctx, mode, side))
    inside = piece_at(state, frm) == piece
    at_gate = bool(state.board.features_at(to) & set(ter.GATES)) or bool(state.board.features_at(frm) & set(ter.GATES))
    return "easy" if inside or at_gate else level_at(state, to, ctx, mode, side)  # good going: no roll needed


def start_level(state: HwState, h: Hex, mode: str, side: str, ctx: Context | None) -> Level:
    """The level of the hex a walk starts from: Easy inside a fortification or settlement no enemy contests
    (text: "Fortifications and settlements are good going inside if uncontested by enemy"), else as rolled."""
    piece = piece_at(state, h)
    if (piece is not None and piece.split("@")[0] in ter.WALLED and mode == "ground"
            and not contested(state, piece, side)):
        return "easy"
    return level_at(state, h, ctx, mode, side)


def cm(state: HwState, a: Hex, b: Hex) -> int:
    """Distance in cm: hexes x the scenario's hex size (AHW-A27)."""
    return a.distance(b) * state.hex_cm


def _round_half_even(x: int, n: int) -> int:
    """round(x / n) as Python rounds a Fraction (halves to even), in whole numbers (n > 0)."""
    q, r = divmod(x, n)
    return q + 1 if 2 * r > n or (2 * r == n and q % 2) else q


def line_hexes_fast(a: Hex, b: Hex) -> list[Hex]:
    """hexgrid.line_hexes in whole numbers: every coordinate times the distance n, so the same exact ties.

    (hexgrid.line samples the point a + (b - a) i/n with Fractions; scaling by n keeps it exact and quick.)
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    dq, dr = b.q - a.q, b.r - a.r
    out: list[Hex] = []
    for i in range(n + 1):
        qn, rn = a.q * n + dq * i, a.r * n + dr * i
        sn = -qn - rn
        base = Hex(_round_half_even(qn, n), _round_half_even(rn, n))
        best: list[Hex] = []
        best_d = -1
        for h in (base, *base.neighbours()):
            eq, er, es = qn - h.q * n, rn - h.r * n, sn + (h.q + h.r) * n
            d = eq * eq + er * er + es * es
            if best_d < 0 or d < best_d:
                best, best_d = [h], d
            elif d == best_d:
                best.append(h)
        out.extend(sorted(best))
    return out


@lru_cache(maxsize=1 << 16)
def _between(a: Hex, b: Hex) -> tuple[Hex, ...]:
    return tuple(h for h in line_hexes_fast(a, b) if h not in (a, b))


def between(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a line from `a` to `b` passes, both ends left out (cached: lines are dear to work out)."""
    return list(_between(Hex(*a), Hex(*b)))


LINES_KEPT = 100_000
"""Lines of fire remembered per board before the memo starts afresh (the computer reads every weapon's line at
every target in every position it weighs)."""


def line_pieces(board: Board, frm: Hex, to: Hex) -> tuple[str, ...]:
    """The terrain pieces a line of fire from `frm` passes through or ends in, in the line's order, each once, the
    firer's own left out (worked out once per board and line)."""
    lines = board.memo("hundred_wars.lines")
    pieces = lines.get((frm, to))
    if pieces is None:
        where = piece_map(board)
        own = where.get(frm)
        on_line = (where.get(h) for h in [*between(frm, to), to])
        pieces = tuple(dict.fromkeys(p for p in on_line if p is not None and p != own))
        if len(lines) > LINES_KEPT:
            lines.clear()
        lines[(frm, to)] = pieces
    return pieces


def fire_level(state: HwState, frm: Hex, to: Hex, ctx: Context | None, side: str | None = None) -> Level:
    """The worst terrain fired through or into (pieces on the line and the target's; the firer's own left out); a
    piece not yet rolled is rolled now, in the line's order (with no ctx it counts as Hard, as `level_at`)."""
    return ter.worst([piece_level(state, piece, ctx, side) for piece in line_pieces(state.board, frm, to)])


def blocked_line(state: HwState, frm: HwUnit, to: HwUnit) -> bool:
    """'Units may not fire over/under other units unless on a different elevation': a unit on the line at both levels."""
    line = set(between(frm.at, to.at))
    if not line:
        return False
    for u in state.units.values():  # the first unit standing in each hex, as unit_at finds it
        if u.at in line and not u.eliminated:
            line.discard(u.at)
            if u.level in (frm.level, to.level):
                return True
    return False


def quarter(board: Board, edge: str) -> list[Hex]:
    """A side's home quarter: the quarter of the table along its edge (worked out once per board and edge)."""
    return list(board.once(f"hundred_wars.quarter.{edge}", lambda b: _quarter(b, edge)))


def open_hexes(board: Board, mode: str) -> frozenset[Hex]:
    """The hexes on the map a unit moving in `mode` may be in (worked out once per board and mode)."""
    return board.once(f"hundred_wars.open.{mode}", lambda b: _open_hexes(b, mode))


def _open_hexes(board: Board, mode: str) -> frozenset[Hex]:
    ok = {t for t in set(board.terrain) if ter.open_terrain(t, mode)}  # asked of each terrain, not each hex
    # board.hexes() is row by row, as board.terrain is: zipped, no look-up of each hex's terrain
    return frozenset(h for h, t in zip(board.hexes(), board.terrain) if t in ok)


def _quarter(board: Board, edge: str) -> list[Hex]:
    """The hexes fewer than a quarter of the map's rows (north, south) or columns (west, east) in from the edge
    (at least one), row by row."""
    w, h = board.width, board.height
    depth = max(1, (h if edge in ("north", "south") else w) // 4)
    rows = range(depth) if edge == "north" else range(h - depth, h) if edge == "south" else range(h)
    cols = range(depth) if edge == "west" else range(w - depth, w) if edge == "east" else range(w)
    return [from_offset(c, r) for r in rows for c in cols]


def facing_from(edge: str) -> str:
    return {"north": "SE", "south": "NW", "west": "E", "east": "W"}[edge]


def arc(target: HwUnit, frm: Hex) -> str:
    """Front, flank or rear: the direction from the target toward the attacker against its facing."""
    dirs = ("E", "NE", "NW", "W", "SW", "SE")
    passed = _between(Hex(*target.at), Hex(*frm))  # the line's first hex after the target's own (cached)
    step = passed[0] if passed else frm
    d = target.at.direction_to(step)
    if d is None:
        return "front"
    turn = (dirs.index(d) - dirs.index(target.facing)) % 6
    return "front" if turn in (0, 1, 5) else "rear" if turn == 3 else "flank"


def group(state: HwState, u: HwUnit) -> list[HwUnit]:
    """'Friendly Units in base to base contact are called groups': its revealed friends touching it, and theirs."""
    if u.at is None or u.blind:
        return [u]
    side = u.side  # its revealed friends on the table not yet in the group, in the units' order
    rest = [f for f in state.units.values() if f.side == side and f.at is not None and not f.eliminated
            and not f.blind and f is not u]
    out, todo = [u], [u]
    while todo and rest:
        near = set(todo.pop().at.neighbours())
        found = [f for f in rest if f.at in near]
        if found:
            out += found
            todo += found
            rest = [f for f in rest if f.at not in near]
    return out


def adjacent_enemies(state: HwState, h: Hex, side: str) -> list[HwUnit]:
    near = set(Hex(*h).neighbours())
    return [u for u in state.units.values() if u.at in near and u.side != side and not u.eliminated]  # most: not near


def free_near(state: HwState, h: Hex, n: int, mode: str, taken: set[Hex]) -> list[Hex]:
    """`n` free hexes at or next to `h` (a group placed in base to base contact)."""
    room = open_hexes(state.board, mode)  # on the map and open to the mode
    return nearest_first(h, [x for x in area(h, 3) if x in room and x not in taken])[:n]  # sorted once filtered
