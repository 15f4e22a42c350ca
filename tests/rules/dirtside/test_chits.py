"""The chit pool (dsii-core §6): composition, draws without replacement through the Dice, readings,
the §6.6 oracle values, and exact odds against the enumerated procedure."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import odds


def test_the_pool_holds_119_chits_in_the_stated_mix():
    c = Counter(ch.canonical())
    assert len(ch.canonical()) == 119
    assert sum(n for k, n in c.items() if k[0] == "R" and k[1:].isdigit()) == 50
    assert sum(n for k, n in c.items() if k[0] == "Y") == 25
    assert sum(n for k, n in c.items() if k[0] == "G") == 25
    assert (c["R0"], c["R1"], c["R2"], c["R3"]) == (5, 20, 15, 10)
    assert (c["Y0"], c["Y1"], c["Y2"], c["Y3"]) == (3, 10, 7, 5)
    assert (c["BOOM"], c["M"], c["T"], c["F"]) == (5, 7, 5, 2)


def test_a_draw_takes_without_replacement_and_returns_everything_afterwards():
    pool = ch.ChitPool()
    faces = ch.faces_for("BOOM", "BOOM", "R3")
    drawn = pool.draw(3, ScriptedDice(faces))
    assert drawn == ("BOOM", "BOOM", "R3")
    assert len(pool.chits) == 119
    # the second die is one smaller: the first chit is out of the pool
    dice = ScriptedDice(119, 118)
    pool.draw(2, dice)
    assert [r.sides for r in dice.records] == [119, 118]


def test_f_voids_everything_even_a_boom():
    r = ch.read_vehicle(("F", "BOOM", "R3"), ch.ALL, 1)
    assert r.void and not r.destroyed


def test_boom_destroys_whatever_the_armour():
    assert ch.read_vehicle(("BOOM", "G0"), ch.RED, 7).boom


def test_total_against_armour_less_equal_greater():
    assert ch.read_vehicle(("R1", "R2"), ch.RY, 4).words().startswith("no effect")
    assert ch.read_vehicle(("R1", "Y3"), ch.RY, 4).damaged
    assert ch.read_vehicle(("R2", "Y3"), ch.RY, 4).knocked_out
    # green does not count for red + yellow
    assert not ch.read_vehicle(("G3", "G3"), ch.RY, 1).damaged


def test_m_and_t_apply_whatever_the_total_unless_knocked_out():
    r = ch.read_vehicle(("M", "T", "R1"), ch.RY, 1)
    assert r.damaged and r.immobilised and r.systems_down
    assert not ch.read_vehicle(("M", "R3"), ch.RY, 1).immobilised


def test_invalid_numbers_total_zero_and_damage_a_soft_skin_but_specials_alone_compare_nothing():
    assert ch.read_vehicle(("G2",), ch.RED, 0).damaged
    assert not ch.read_vehicle(("M",), ch.RED, 0).damaged


def test_dffg_doubles_at_close_and_halves_at_long_keeping_halves():
    assert ch.read_vehicle(("R2",), ch.ALL, 3, Fraction(2)).knocked_out
    assert ch.read_vehicle(("R3", "R2"), ch.ALL, 2, Fraction(1, 2)).knocked_out  # 2.5 > 2
    assert ch.read_vehicle(("R3", "R1"), ch.ALL, 2, Fraction(1, 2)).damaged


def test_infantry_ignores_specials_and_kills_at_the_kill_number():
    assert ch.read_infantry(("R2", "Y1"), ch.RY, 3)
    assert not ch.read_infantry(("R2", "G1"), ch.RY, 3)
    assert not ch.read_infantry(("BOOM", "M"), ch.ALL, 3)
    assert ch.KILL == {"militia": 3, "line": 4, "powered": 5}


# --- §6.6 oracle values ---------------------------------------------------------------

def pct(x: Fraction) -> float:
    return round(float(x) * 100, 2)


@pytest.mark.parametrize("n, valid, armour, f, ko, dmg", [
    (3, ch.RY, 4, 5.00, 31.43, 14.69),
    (3, ch.ALL, 3, 5.00, 66.23, 15.20),
    (1, ch.RED, 1, 1.68, 25.21, 16.81),
    (5, ch.RY, 5, 8.26, 51.61, 12.14),
])
def test_oracle_vehicle_draws(n, valid, armour, f, ko, dmg):
    d = odds.vehicle(n, valid, armour)
    assert (pct(d["F"]), pct(d["knocked out"]), pct(d["damaged"])) == (f, ko, dmg)


@pytest.mark.parametrize("n, valid, kills", [
    (2, ch.RY, (36.41, 15.90, 6.20)),
    (3, ch.RY, (58.49, 37.21, 20.78)),
    (2, ch.ALL, (53.21, 28.14, 10.97)),
])
def test_oracle_infantry_kills(n, valid, kills):
    assert tuple(pct(odds.infantry_kill(n, valid, k)) for k in (3, 4, 5)) == kills


def test_one_red_chit_against_armour_1_exactly():
    d = odds.vehicle(1, ch.RED, 1)
    assert d["F"] == Fraction(2, 119) and d["knocked out"] == Fraction(30, 119) and d["damaged"] == Fraction(20, 119)


@pytest.mark.slow
def test_exact_distribution_equals_the_procedure_over_every_two_chit_draw():
    """Every (die, die) pair that can draw two chits, run through ChitPool.draw and read_vehicle."""
    counts: dict = {}
    for a in range(1, 120):
        for b in range(1, 119):
            drawn = ch.ChitPool().draw(2, ScriptedDice(a, b))
            key = odds.vehicle_key(ch.read_vehicle(drawn, ch.RY, 2))
            counts[key] = counts.get(key, 0) + 1
    enumerated = {k: Fraction(v, 119 * 118) for k, v in counts.items()}
    assert enumerated == odds.vehicle(2, ch.RY, 2)


@pytest.mark.parametrize("n", [1, 3, 5])
def test_the_fast_class_count_equals_the_enumeration_of_every_draw(n):
    """`odds.classes` (the quick count the previews use) gives what enumerating every draw gives."""
    for valid in (ch.RY, ch.RED, ch.ALL, ch.NONE):
        for armour, scale in ((0, Fraction(1)), (3, Fraction(2)), (4, Fraction(1, 2))):
            def full(c, valid=valid, armour=armour, scale=scale):
                r = ch.read_vehicle(c, valid, armour, scale)
                return odds.vehicle_key(r), r.immobilised, r.systems_down
            assert odds.vehicle_full(n, valid, armour, scale) == odds.draw_dist(n, full)
        for kill in (3, 4, 5):
            assert odds.infantry_kill(n, valid, kill) == odds.draw_dist(
                n, lambda c, valid=valid, kill=kill: ch.read_infantry(c, valid, kill)).get(True, Fraction(0))
    for armour in (1, 3, 6):  # air defence reads every colour's total, specials ignored
        assert odds.class_dist(n, ch.ALL, lambda c, armour=armour: ch.read_air_defence(c, armour).outcome) == \
            odds.draw_dist(n, lambda c, armour=armour: ch.read_air_defence(c, armour).outcome)
