"""Exact odds agree with the procedures run over every face of the dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars.procedures import combat, fire, movement, orders


def freq(counter: Counter, n: int) -> dict:
    return {k: Fraction(v, n) for k, v in counter.items()}


@pytest.mark.parametrize("factor", [0, 1, 5, 10])
def test_pips_odds(factor):
    seen = Counter(orders.roll_pips(factor, ScriptedDice(f)).pips for f in range(1, 11))
    assert odds.pips(factor) == freq(seen, 10)


@pytest.mark.parametrize("factor,level", [(10, "easy"), (15, "hard"), (40, "very_hard"), (20, "impassable")])
def test_move_odds(factor, level):
    seen = Counter(movement.distance(movement.roll_move(ScriptedDice(f), factor=factor, level=level), factor, level)
                   for f in range(1, 101))
    assert odds.move(factor, level) == freq(seen, 100)


def test_walk_odds():
    path = ["easy", "hard", "easy", "easy"]
    seen = Counter(movement.walk(f, 30, "easy", path, 5).steps for f in range(1, 101))
    assert odds.walk(30, "easy", path, 5) == freq(seen, 100)


@pytest.mark.parametrize("dist,level,kind", [(20, "easy", "direct"), (45, "hard", "direct"), (30, "hard", "indirect"),
                                             (15, "very_hard", "homing")])
def test_range_odds(dist, level, kind):
    def one(f):
        r = fire.range_roll(dist, 5, level, ScriptedDice(f), kind=kind)
        return "good" if r.good else "hit" if r.effective else "miss"
    assert odds.range_roll(dist, 5, level, kind) == freq(Counter(one(f) for f in range(1, 101)), 100)


@pytest.mark.parametrize("f,a,good,level,kind", [(16, 8, False, "easy", "direct"), (30, 40, True, "hard", "direct"),
                                                 (45, 12, False, "very_hard", "homing"), (60, 100, True, "easy", "indirect"),
                                                 (0, 5, False, "easy", "direct"), (100, 0, False, "hard", "direct"),
                                                 (90, 20, True, "hard", "indirect")])
def test_fire_odds_equal_the_procedure_over_all_10000_face_pairs(f, a, good, level, kind):
    def key(r):
        return ("destroyed", 0) if r.destroyed else ("damage", r.damage) if r.hit else ("no effect", 0)
    seen = Counter(key(fire.fire_roll(f, a, ScriptedDice(x, y), good=good, level=level, kind=kind))
                   for x, y in product(range(1, 101), repeat=2))
    assert odds.fire(f, a, good=good, level=level, kind=kind) == freq(seen, 10000)


def test_a_whole_shot_sums_to_one_and_mixes_the_range_roll():
    d = odds.attack(20, 5, "easy", 16, 8)
    assert sum(d.values()) == 1
    assert d[("not sighted", 0)] == Fraction(9, 100)


def faces_weighted(factor: int) -> list[tuple[int, int]]:
    """Faces 1..factor once each, and one face above the factor standing for all the others (same score)."""
    out = [(f, 1) for f in range(1, min(factor, 100) + 1)]
    return out + ([(factor + 1, 100 - factor)] if factor < 100 else [])


def test_cqb_odds_equal_the_procedure_for_several_units():
    a, b = [20, 7], [30]
    seen: Counter = Counter()
    for (x, wx), (y, wy), (z, wz) in product(faces_weighted(20), faces_weighted(7), faces_weighted(30)):
        r = combat.close_combat([("a", 20), ("b", 7)], [("c", 30)], ScriptedDice(x, y, z))
        seen[(r.loser, r.damage)] += wx * wy * wz
    assert odds.cqb(a, b) == freq(seen, 100**3)


@pytest.mark.slow
def test_cqb_odds_full_enumeration():
    faces = range(1, 101)
    seen = Counter()
    for x, z in product(faces, faces):
        r = combat.close_combat([("a", 20)], [("c", 30)], ScriptedDice(x, z), weak_spot=(True, False))
        seen[(r.loser, r.damage)] += 1
    assert odds.cqb([20], [30], weak_spot=(True, False)) == freq(seen, 10000)


def test_cached_odds_are_handed_out_as_fresh_dicts():
    """`cqb`, `total` and `fire` are worked out once per argument (lru_cache): a caller that changes the dict it got
    must not change the next caller's."""
    for ask in (lambda: odds.cqb([20, 7], [30]), lambda: odds.total([20, 7]), lambda: odds.fire(16, 8)):
        first = ask()
        first.clear()
        assert ask() and sum(ask().values()) == 1
