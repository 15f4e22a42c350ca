"""The tests a move takes on its way (climbs, gap jumps, jumps down: text #4) and the exact odds of how it ends."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rules.board import Board
from rules.dice import Dice
from rules.hexgrid import Hex
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.odds import enumerate_dice
from rules.rulesets.skirmish.procedures.cleanup import falling
from rules.rulesets.skirmish.procedures.climb import climb_test, jump_test


@dataclass(frozen=True)
class Test:
    """One test on a path, taken where the model has got to (`at`); `n` is the gap's inches (jump), the levels
    climbed (climb) or the falling saves (drop)."""

    kind: Literal["jump", "climb", "drop"]
    at: Hex
    n: int
    slippery: bool = False
    bottom: Hex | None = None
    """The foot of a climb: where a fall lands."""
    by: str | None = None
    """'ladder' or 'rope' when the climb uses one."""


def path_tests(board: Board, start: Hex, path: list[Hex]) -> list[Test]:
    """The tests `acts.advance` takes along `path` when nothing stops it (the same walk, without dice)."""
    out: list[Test] = []
    here, i = start, 0
    while i < len(path):
        h = path[i]
        if ter.is_gap(board, h):
            k = ter.gap_run(board, here, path[i:]) or 0
            i += k
            h = path[i]
            if k > 1:
                out.append(Test("jump", h, k))
        else:
            levels = ter.climb(board, here, h)
            slip = ter.slippery(board, here, h)
            if levels and (i + 1 < len(path) or slip):
                bottom = here if board.height_at(here) < board.height_at(h) else h
                out.append(Test("climb", h, levels, slip, bottom, ter.aid(board, here, h)))
        saves = ter.drop(board, here, h)
        if saves:
            out.append(Test("drop", h, saves))
        here, i = h, i + 1
    return out


def take(dice: Dice, agility: int, kind: str, n: int, slippery: bool) -> str:
    """One test as `acts.advance` takes it, with its fall: 'on', 'stops', 'falls' (+ ', downed'/', dead'),
    'downed' or 'dead'."""
    if kind == "jump":
        return "on" if jump_test(dice, agility, n) else "stops"
    if kind == "drop":
        f = falling(dice, agility, n)
        return "on" if f == "none" else f
    c = climb_test(dice, agility, slippery=slippery)
    if c.goes_on:
        return "on"
    if not c.falls:
        return "stops"
    f = falling(dice, agility, max(n - 1, 0))
    return "falls" if f == "none" else f"falls, {f}"


@lru_cache(maxsize=256)
def test_odds(agility: int, kind: str, n: int, slippery: bool) -> dict[str, Fraction]:
    """The exact distribution of `take` (a pure function of its inputs, cached)."""
    return enumerate_dice(lambda d: take(d, agility, kind, n, slippery))


WHY = {"jump": "a failed jump test", "climb": "a failed climb test", "drop": "the jump down"}


def move_odds(board: Board, start: Hex, path: list[Hex], agility: int) -> dict[str, Fraction]:
    """How a move ends, exactly: it reaches its end, or a test that does not say 'on' ends it where the model is
    (a failed jump still lands, so a jump down at the landing is still taken)."""
    tests = path_tests(board, start, path)
    out: dict[str, Fraction] = defaultdict(Fraction)

    def walk(k: int, p: Fraction, ended: str | None, at: Hex | None) -> None:
        if k == len(tests) or (ended is not None and tests[k].at != at):
            out[ended or f"reaches {path[-1]}"] += p
            return
        t = tests[k]
        for result, q in test_odds(agility, t.kind, t.n, t.slippery).items():
            if result == "on":
                walk(k + 1, p * q, ended, at)
            elif result == "stops":
                walk(k + 1, p * q, f"stops at {t.at} ({WHY[t.kind]})", t.at)
            elif result.startswith("falls"):
                out[f"falls to {t.bottom}" + result[len("falls"):]] += p * q
            else:
                out[f"{result} at {t.at} ({WHY[t.kind]})"] += p * q

    if path:
        walk(0, Fraction(1), None, None)
    return {k: v for k, v in out.items() if v}


def words(tests: list[Test]) -> str:
    """The tests in a few words, for the move's description."""
    parts = []
    for t in tests:
        if t.kind == "jump":
            parts.append(f"jump {t.n}\": {t.n - 1} Agility test{'s' if t.n > 2 else ''}")
        elif t.kind == "climb":
            parts.append(f"climb{' by ' + t.by if t.by else ''}: Agility test" + (", slippery" if t.slippery else ""))
        else:
            parts.append(f"jump down: {t.n} falling save{'s' if t.n > 1 else ''}")
    return "; ".join(parts)
