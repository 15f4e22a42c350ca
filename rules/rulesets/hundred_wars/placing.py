"""Setting up the table: each player's 1d10 terrain pieces, placed in turn, the low scorer first (text: "Setting up")."""

from __future__ import annotations

from rules.board import Board
from rules.core import Context, Refusal
from rules.events import Changed, PhaseChanged
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars.state import HwState
from rules.words import count

PLACEABLE = ("wood", "rough", "hill", "river", "marsh", "fort", "settlement")
"""Ground pieces a player may choose (the ground table; other tables' pieces come with the scenario's map)."""
GLYPHS = {"wood": "&", "rough": "%", "hill": "^", "river": "~", "marsh": ",", "fort": "#", "settlement": "+"}


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
    return [h for h in state.board.hexes() if state.board.terrain_at(h) == "open" and h not in taken]


def place(state: HwState, side: str, terrain: str, at: Hex, ctx: Context) -> None:
    """A piece covers the chosen open hex and the open hexes around it."""
    if terrain not in PLACEABLE:
        raise Refusal(f"{terrain} is not a terrain piece you may place ({', '.join(PLACEABLE)})")
    if at not in spots(state):
        raise Refusal(f"{at} is not an open hex free of units")
    taken = {u.at for u in state.units.values() if u.at is not None}
    cover = [h for h in [at, *at.neighbours()] if state.board.in_bounds(h) and state.board.terrain_at(h) == "open"
             and h not in taken]
    cells = list(state.board.terrain)
    for h in cover:
        cells[state.board._index(h)] = terrain
    glyphs = dict(state.board.glyphs)
    if terrain not in glyphs and GLYPHS[terrain] not in glyphs.values():
        glyphs[terrain] = GLYPHS[terrain]
    state.board = Board(width=state.board.width, height=state.board.height, terrain=tuple(cells),
                        elevation=state.board.elevation, features=state.board.features, edges=state.board.edges,
                        glyphs=glyphs)
    state.pieces_left[side] -= 1
    ctx.emit(Changed(unit=side, field="terrain", before=None, after=f"{terrain} at {at}", why="terrain piece placed"))
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
