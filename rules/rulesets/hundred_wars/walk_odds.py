"""The exact odds of a movement roll's walk, from the very level rules the walk uses (moving.start_level and
moving.step_level), over the 1d10 rolls of the pieces on the way that were never rolled."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import field, moving, odds
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

MAX_UNROLLED = 4
"""Pieces never rolled whose rolls the odds go over (4^4 cases); any further ones are taken as Hard."""


def unrolled(state: HwState, path: list[Hex]) -> list[str]:
    """The pieces on the path (its start included) not yet rolled, in the order the walk meets them."""
    out: list[str] = []
    for h in path:
        piece = field.piece_at(state, h)
        if piece is not None and piece not in state.terrain_rolls and piece not in out:
            out.append(piece)
    return out


def steps(state: HwState, u: HwUnit, path: list[Hex], factor: int, *, changes_level: bool,
          space: tuple[int, bool] | None) -> tuple[dict[int, Fraction], int]:
    """Hexes entered along `path` -> chance, and how many unrolled pieces were taken as Hard (beyond MAX_UNROLLED)."""
    pieces = unrolled(state, path)
    mixed, rest = pieces[:MAX_UNROLLED], len(pieces) - MAX_UNROLLED
    out: dict[int, Fraction] = {}
    for combo in product(*[list(odds.terrain().items()) for _ in mixed]):
        p = Fraction(1)
        rolls = dict(state.terrain_rolls)
        for piece, (level, q) in zip(mixed, combo):
            rolls[piece] = level
            p *= q
        seen = state.model_copy(update={"terrain_rolls": rolls})  # a shallow copy: only the rolls differ
        start = moving.start_level(seen, u, None)  # no dice: a piece still unrolled counts as Hard
        entered = [moving.step_level(seen, u, a, b, None) for a, b in zip(path, path[1:])]
        for n, q in odds.walk(factor, start, entered, state.hex_cm, changes_level=changes_level, space=space).items():
            out[n] = out.get(n, Fraction(0)) + p * q
    return out, max(rest, 0)
