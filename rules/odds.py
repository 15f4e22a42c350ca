"""Exact probability helpers for the odds preview.

A distribution is a `Dist`: a mapping from outcome to exact `Fraction`. Outcomes
may be ints (number of successes, casualties) or any hashable value (a result
object's key). Everything is computed, never sampled, so a preview shows the
true chance of what the same procedure will roll.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
from typing import TypeVar

from rules.dice import Test, passes

K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Hashable)
Dist = dict  # dict[outcome, Fraction]; an alias kept loose for readable signatures


def die(sides: int) -> dict[int, Fraction]:
    """One fair die of `sides` sides."""
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def p_pass(sides: int, need: int, test: Test) -> Fraction:
    """The chance that one die passes `test need` (0 and 1 allowed)."""
    return Fraction(sum(passes(f, need, test) for f in range(1, sides + 1)), sides)


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """Distribution of the number of successes of `n` independent trials at `p`."""
    if n <= 0:
        return {0: Fraction(1)}
    q = 1 - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1) if (p**k * q ** (n - k))}


def successes(n: int, sides: int, need: int, test: Test) -> dict[int, Fraction]:
    """Distribution of successes when `n` dice of `sides` are each tested against `need`."""
    return dict(binomial(n, p_pass(sides, need, test)))


def categories(n: int, weights: Mapping[K, Fraction]) -> dict[tuple[int, ...], Fraction]:
    """Multinomial: `n` dice falling into categories with the given chances.

    Returns counts in the order of `weights`' keys. Used where one die can be a
    miss, a hit, or a special hit (a QUAD 6), so the counts of each are needed
    together.
    """
    keys = list(weights)
    dist: dict[tuple[int, ...], Fraction] = {tuple(0 for _ in keys): Fraction(1)}
    for _ in range(n):
        nxt: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
        for counts, p in dist.items():
            for i, k in enumerate(keys):
                w = weights[k]
                if w:
                    c = list(counts)
                    c[i] += 1
                    nxt[tuple(c)] += p * w
        dist = dict(nxt)
    return dist


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent integer outcomes."""
    return combine(a, b, lambda x, y: x + y)


def combine(
    a: Mapping[K, Fraction], b: Mapping[V, Fraction], f: Callable[[K, V], Hashable]
) -> dict:
    """Distribution of f(x, y) for independent x ~ a and y ~ b."""
    out: dict = defaultdict(Fraction)
    for x, px in a.items():
        for y, py in b.items():
            out[f(x, y)] += px * py
    return dict(out)


def mapped(a: Mapping[K, Fraction], f: Callable[[K], Hashable]) -> dict:
    """Distribution of f(x) for x ~ a (outcomes that map together add up)."""
    out: dict = defaultdict(Fraction)
    for x, p in a.items():
        out[f(x)] += p
    return dict(out)


def mixture(branches: Iterable[tuple[Fraction, Mapping]]) -> dict:
    """Distribution of a two-stage process: with chance p, the outcome follows dist."""
    out: dict = defaultdict(Fraction)
    for p, dist in branches:
        for x, q in dist.items():
            out[x] += p * q
    return dict(out)


def faces_of(n: int, sides: int) -> Iterable[tuple[tuple[int, ...], Fraction]]:
    """Every ordered outcome of `n` dice with its chance (small n only: sides**n rows)."""
    p = Fraction(1, sides**n) if n else Fraction(1)
    for faces in product(range(1, sides + 1), repeat=n):
        yield faces, p


def total(dist: Mapping) -> Fraction:
    """The sum of a distribution's chances (1 for a complete one)."""
    return sum(dist.values(), Fraction(0))


def expectation(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean of an integer distribution."""
    return sum((k * p for k, p in dist.items()), Fraction(0))


def at_least(dist: Mapping[int, Fraction], k: int) -> Fraction:
    """The chance of an integer outcome of `k` or more."""
    return sum((p for x, p in dist.items() if x >= k), Fraction(0))
