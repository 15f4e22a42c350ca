"""The exact odds of a movement roll's walk, from the very level rules the walk uses (moving.start_level and
moving.step_level), over the 1d10 rolls of every piece on the way that was never rolled."""

from __future__ import annotations

from fractions import Fraction

from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import field, moving, odds
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit


def unrolled(state: HwState, path: list[Hex]) -> list[str]:
    """The pieces on the path (its start included) not yet rolled, in the order the walk meets them."""
    out: list[str] = []
    for h in path:
        piece = field.piece_at(state, h)
        if piece is not None and piece not in state.terrain_rolls and piece not in out:
            out.append(piece)
    return out


def _levels(state: HwState, u: HwUnit, path: list[Hex], i: int) -> dict[str | None, str]:
    """The level of step `i` (0: the start hex) for each level its unrolled piece may roll (key None: no such
    piece, or its level does not matter)."""
    piece = field.piece_at(state, path[i])
    rolls = [None] if piece is None or piece in state.terrain_rolls else list(odds.terrain())
    out = {}
    for level in rolls:
        seen = state if level is None else state.model_copy(update={"terrain_rolls": {**state.terrain_rolls,
                                                                                        piece: level}})
        out[level] = (moving.start_level(seen, u, None) if i == 0
                      else moving.step_level(seen, u, path[i - 1], path[i], None))
    return out


def steps(state: HwState, u: HwUnit, path: list[Hex], factor: int, *, changes_level: bool,
          space: tuple[int, bool] | None) -> dict[int, Fraction]:
    """Hexes entered along `path` -> chance: the walk's own steps (procedures.movement.walk) for each d100 face,
    each unrolled piece's 1d10 level chosen once, the first time the walk needs it."""
    chance = odds.terrain()
    pieces = [field.piece_at(state, h) for h in path]
    levels = [_levels(state, u, path, i) for i in range(len(path))]
    out: dict[int, Fraction] = {}

    def branch(i: int, known: dict[str, str]) -> list[tuple[Fraction, str, dict[str, str]]]:
        """(chance, level of step i, the pieces' levels known after it)."""
        piece = pieces[i]
        if None in levels[i]:
            return [(Fraction(1), levels[i][None], known)]
        if piece in known:
            return [(Fraction(1), levels[i][known[piece]], known)]
        return [(chance[lv], levels[i][lv], {**known, piece: lv}) for lv in levels[i]]

    later = [set(pieces[i + 1:]) for i in range(len(path))]  # a piece's level is kept while the path meets it again

    def kept(known: dict[str, str], i: int) -> frozenset:
        return frozenset((k, v) for k, v in known.items() if k in later[i])

    def walk(roll: int, cap: int) -> dict[int, Fraction]:
        """Hexes entered -> chance (out of 1), for one Score."""
        got: dict[int, Fraction] = {}
        states: dict[tuple[str, frozenset], Fraction] = {}
        for p, lv, known in branch(0, {}):
            key = (lv, kept(known, 0))
            states[key] = states.get(key, Fraction(0)) + p
        for n in range(len(path)):
            nxt: dict[tuple[str, frozenset], Fraction] = {}
            for (level, known), p in states.items():
                if n + 1 >= len(path):
                    got[n] = got.get(n, Fraction(0)) + p
                    continue
                for q, entered, after in branch(n + 1, dict(known)):
                    w = ter.worst((level, entered))
                    if w == "impassable" or (n + 1) * state.hex_cm > mp.distance(roll, cap, w,
                                                                                changes_level=changes_level):
                        got[n] = got.get(n, Fraction(0)) + p * q
                    else:
                        key = (w, kept(after, n + 1))
                        nxt[key] = nxt.get(key, Fraction(0)) + p * q
            states = nxt
        return got

    # Faces that let the walk enter as many hexes on every level walk alike: each such walk is worked out once
    # (the HQ's roll over a long path of unrolled pieces took 20 ms over the 100 faces one by one).
    alike: dict[tuple, list[int]] = {}
    for face in range(1, 101):
        roll, cap = face, factor
        if space is not None:
            roll = mp.space_speed(space[0], face, factor, space[1])
            cap = max(roll, 1)
        reach = tuple(sum(1 for n in range(len(path))
                          if (n + 1) * state.hex_cm <= mp.distance(roll, cap, w, changes_level=changes_level))
                      for w in ter.LEVELS if w != "impassable")
        alike.setdefault(reach, [face, roll, cap, 0])[3] += 1
    for _, roll, cap, faces in alike.values():
        for n, p in walk(roll, cap).items():
            out[n] = out.get(n, Fraction(0)) + p * faces / 100
    return out
