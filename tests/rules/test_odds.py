"""Exact probability helpers for the odds preview."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from rules.odds import (
    at_least, binomial, categories, combine, convolve, die, expectation, faces_of, mapped,
    mixture, p_pass, successes, total,
)


def test_p_pass_for_each_comparison():
    assert p_pass(6, 4, "<=") == Fraction(2, 3)
    assert p_pass(6, 4, ">") == Fraction(1, 3)
    assert p_pass(6, 4, ">=") == Fraction(1, 2)
    assert p_pass(6, 0, "<=") == 0 and p_pass(6, 7, "<=") == 1


def test_successes_match_brute_force_enumeration():
    dist = successes(3, 6, 4, "<=")
    counts = Counter(sum(f <= 4 for f in faces) for faces, _ in faces_of(3, 6))
    assert dist == {k: Fraction(v, 216) for k, v in counts.items()}
    assert total(dist) == 1


def test_binomial_mean_is_np():
    assert expectation(binomial(10, Fraction(1, 3))) == Fraction(10, 3)


def test_two_dice_sum_by_convolution():
    two = convolve(die(6), die(6))
    assert two[7] == Fraction(6, 36) and two[2] == Fraction(1, 36) and total(two) == 1
    assert at_least(two, 11) == Fraction(3, 36)


def test_categories_count_sixes_and_other_hits_together():
    # QUAD against Quality 3: a 6 is a special hit, 4-5 a plain hit, 1-3 a miss.
    dist = categories(2, {"six": Fraction(1, 6), "hit": Fraction(2, 6), "miss": Fraction(3, 6)})
    assert dist[(1, 1, 0)] == 2 * Fraction(1, 6) * Fraction(2, 6)
    assert total(dist) == 1


def test_combine_mapped_and_mixture():
    coin = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    both = combine(coin, coin, lambda a, b: a + b)
    assert both == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert mapped(both, lambda x: x > 0) == {False: Fraction(1, 4), True: Fraction(3, 4)}
    mix = mixture([(Fraction(1, 3), {0: Fraction(1)}), (Fraction(2, 3), coin)])
    assert mix == {0: Fraction(2, 3), 1: Fraction(1, 3)}
