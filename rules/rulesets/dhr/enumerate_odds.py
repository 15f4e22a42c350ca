"""Checking odds against the procedures: run a procedure over every dice outcome (small cases), so tests can
check the exact odds (`odds`, `armour_odds`) agree with what play rolls."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial

ONE = Fraction(1)




class _NeedMore(Exception):
    def __init__(self, n: int, sides: int) -> None:
        self.n, self.sides = n, sides


class _PrefixDice:
    """Dice that hand out a fixed prefix of faces and ask for more when it runs out."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.used = 0
        self.records: list = []

    def roll(self, n: int, sides: int, purpose: str, **_: object) -> tuple[int, ...]:
        if n <= 0:
            return ()
        left = len(self.prefix) - self.used
        if left < n:
            raise _NeedMore(n - left, sides)
        faces = self.prefix[self.used:self.used + n]
        self.used += n
        return faces


def enumerate_procedure(run: Callable[[object], Hashable], *, limit: int = 2_000_000,
                        multisets: bool = False) -> dict:
    """The exact distribution of `run(dice)` over every dice outcome (small procedures only).

    `run` calls a procedure with the dice it is given and returns an outcome key.
    Outcomes are grown depth-first: when the procedure asks for dice beyond the
    faces fixed so far, each possible continuation is tried. `limit` caps the
    number of runs. `multisets=True` tries each roll of several dice once per
    multiset of faces (sorted, with its multinomial weight): exact whenever the
    procedure's outcome does not depend on the order of the dice within one roll
    (counts under a number, the highest die), and far fewer runs.
    """
    out: dict = defaultdict(Fraction)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), ONE)]
    runs = 0
    while stack:
        prefix, p = stack.pop()
        runs += 1
        if runs > limit:
            raise RuntimeError(f"more than {limit} runs: too many dice to enumerate")
        try:
            key = run(_PrefixDice(prefix))
        except _NeedMore as need:
            if multisets and need.n > 1:
                total = need.sides**need.n
                for ms in combinations_with_replacement(range(1, need.sides + 1), need.n):
                    ways = factorial(need.n)
                    for f in set(ms):
                        ways //= factorial(ms.count(f))
                    stack.append((prefix + ms, p * Fraction(ways, total)))
                continue
            q = p / need.sides**need.n
            for more in product(range(1, need.sides + 1), repeat=need.n):
                stack.append((prefix + more, q))
            continue
        out[key] += p
    return dict(out)
