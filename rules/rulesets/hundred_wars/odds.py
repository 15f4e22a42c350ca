"""Exact odds of every fire, close combat and movement roll, from the same procedures (d10 and d100 enumerated)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from rules.odds import die, mapped
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.procedures.combat import cqb_outcome
from rules.rulesets.hundred_wars.procedures.orders import pips_for
from rules.rulesets.hundred_wars.terrain import Level, mode_roll


def pips(orders: int) -> dict[int, Fraction]:
    return mapped(die(10), lambda f: pips_for(f, orders))


def terrain() -> dict[str, Fraction]:
    return mapped(die(10), mode_roll)


def move(factor: int, level: Level, *, changes_level: bool = False) -> dict[int, Fraction]:
    """Centimetres moved by one movement roll."""
    return mapped(die(100), lambda f: mp.distance(f, factor, level, changes_level=changes_level))


def walk(factor: int, start: Level, entered: Sequence[Level], hex_cm: int, *,
         changes_level: bool = False, space: tuple[int, bool] | None = None) -> dict[int, Fraction]:
    """Hexes entered along a path by one movement roll. `space` (the speed now, speeding up or not): the roll
    changes a space unit's speed, and it moves its new speed (moving.move_unit, AHW-A21)."""
    def steps(f: int) -> int:
        roll, cap = f, factor
        if space is not None:
            roll = mp.space_speed(space[0], f, factor, space[1])
            cap = max(roll, 1)
        return mp.walk(roll, cap, start, entered, hex_cm, changes_level=changes_level).steps

    return mapped(die(100), steps)


def range_roll(distance_cm: int, hex_cm: int, level: Level, kind: fp.Kind = "direct") -> dict[str, Fraction]:
    """'miss' (not sighted), 'hit' or 'good' (a Good Hit)."""
    return dict(_range_roll(distance_cm, hex_cm, level, kind))


@lru_cache(maxsize=1024)
def _range_roll(distance_cm: int, hex_cm: int, level: Level, kind: str) -> tuple[tuple[str, Fraction], ...]:
    """A pure function of a few small values, asked again for every target of every shot: cached."""
    def one(f):
        r = fp.range_outcome(f, distance_cm, hex_cm, level, kind)
        return "good" if r.good else "hit" if r.effective else "miss"
    return tuple(mapped(die(100), one).items())


def _scores(cap: int) -> list[tuple[int, int]]:
    """(score, how many d100 faces give it) for min(d100, cap): every face above the cap scores the cap."""
    if cap >= 100:
        return [(f, 1) for f in range(1, 101)]
    if cap <= 0:
        return [(0, 100)]
    return [(f, 1) for f in range(1, cap)] + [(cap, 101 - cap)]


@lru_cache(maxsize=512)
def _fire(fire: int, armour: int, good: bool, level: Level, kind: str, double: bool) -> tuple[tuple[tuple, Fraction], ...]:
    # The procedure is asked once per distinct pair of scores (a roll at or above a cap scores the cap, so the
    # score stands for all those faces), with whole counts out of 100 x 100: the same result, far fewer calls.
    # The scores are already capped, so the procedure's decision on them (`scores_outcome`) is all that is asked.
    divisor = fp.damage_divisor_level(level, kind)
    counts: dict[tuple, int] = {}
    armours = _scores(armour)
    for f, nf in _scores(fire * 2 if good else fire):
        for a, na in armours:
            k = _key_of(*fp.scores_outcome(f, a, divisor, double))
            counts[k] = counts.get(k, 0) + nf * na
    return tuple(sorted((k, Fraction(n, 10000)) for k, n in counts.items()))


def _key_of(hit: bool, destroyed: bool, damage: int) -> tuple[str, int]:
    return ("destroyed", 0) if destroyed else ("damage", damage) if hit else ("no effect", 0)


def _key(r: fp.FireResult) -> tuple[str, int]:
    return _key_of(r.hit, r.destroyed, r.damage)


def fire(fire: int, armour: int, *, good: bool = False, level: Level = "easy", kind: fp.Kind = "direct",
         double: bool = False) -> dict[tuple[str, int], Fraction]:
    """('destroyed', 0), ('damage', k) or ('no effect', 0) for one Fire roll against one Armour roll."""
    return dict(_fire(fire, armour, good, level, kind, double))


def attack(distance_cm: int, hex_cm: int, level: Level, weapon_fire: int, armour: int, *, kind: fp.Kind = "direct",
           double: bool = False, good_doubles: bool = False) -> dict[tuple[str, int], Fraction]:
    """A whole shot: Range roll, then Fire against Armour (Good Hits double the Fire factor)."""
    out: dict = {}
    for outcome, p in range_roll(distance_cm, hex_cm, level, kind).items():
        if outcome == "miss":
            out[("not sighted", 0)] = out.get(("not sighted", 0), 0) + p
            continue
        good = outcome == "good"
        for k, q in fire(weapon_fire, armour, good=good, level=level, kind=kind,
                         double=double or (good and good_doubles)).items():
            out[k] = out.get(k, 0) + p * q
    return out


def capped(factor: int) -> dict[int, Fraction]:
    """One unit's CQB score: min(d100, factor)."""
    return mapped(die(100), lambda f: min(f, factor))


@lru_cache(maxsize=256)
def _total_counts(factors: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Sum of the units' CQB scores -> how many of the 100**n faces give it. Whole counts, not fractions: a move's
    preview asks the close combat with every enemy in reach, and fractions made it the scenario's slowest preview."""
    dist: dict[int, int] = {0: 1}
    for factor in factors:
        one: dict[int, int] = {}
        for f in range(1, 101):
            one[min(f, factor)] = one.get(min(f, factor), 0) + 1
        nxt: dict[int, int] = {}
        for s, n in dist.items():
            for score, k in one.items():
                nxt[s + score] = nxt.get(s + score, 0) + n * k
        dist = nxt
    return tuple(dist.items())


def total(factors: Sequence[int]) -> dict[int, Fraction]:
    faces = 100 ** len(factors)
    return {s: Fraction(n, faces) for s, n in _total_counts(tuple(factors))}


def cqb(a: Sequence[int], b: Sequence[int], *, weak_spot: tuple[bool, bool] = (False, False)) -> dict[tuple[int | None, int], Fraction]:
    """(loser 0/1 or None, damage) of a close combat between the CQB factors `a` and `b`."""
    return dict(_cqb(tuple(a), tuple(b), tuple(weak_spot)))


@lru_cache(maxsize=256)
def _cqb(a: tuple[int, ...], b: tuple[int, ...], weak_spot: tuple[bool, bool]) -> tuple[tuple[tuple, Fraction], ...]:
    full = (sum(b), sum(a))
    counts: dict[tuple, int] = {}
    for ta, na in _total_counts(a):
        for tb, nb in _total_counts(b):
            loser = None if ta == tb else (1 if ta > tb else 0)
            k = cqb_outcome([ta], [tb], weak_spot_factor=full[loser] if loser is not None and weak_spot[loser] else None)
            counts[k] = counts.get(k, 0) + na * nb
    faces = 100 ** (len(a) + len(b))
    return tuple((k, Fraction(n, faces)) for k, n in counts.items())


def chance(dist: dict, test) -> Fraction:
    return sum((p for k, p in dist.items() if test(k)), Fraction(0))


def contest_chance(mine: int, theirs: int = 0) -> Fraction:
    """The chance an ECM roll succeeds and beats the enemy's ECM roll (none when `theirs` is 0), over both d10s."""
    from rules.rulesets.hundred_wars.procedures.specials import contest

    rolls = [(m, t) for m in range(1, 11) for t in (range(1, 11) if theirs else (None,))]
    won = sum(1 for m, t in rolls if contest(mine, m, theirs, t).success)
    return Fraction(won, len(rolls))


def ads_cut(ads: int, ecm: int = 0) -> dict[int, Fraction]:
    """The Fire an ADS of factor `ads` takes off an incoming attack, against the firer side's ECM `ecm` (0: none),
    over the ADS d10 and the ECM d10 ('ten times the difference', AHW-A23): the game's preview and the resolver."""
    from rules.rulesets.hundred_wars.procedures.specials import ads_reduction

    rolls = [(a, e) for a in range(1, 11) for e in (range(1, 11) if ecm else (None,))]
    out: dict[int, Fraction] = {}
    for a, e in rolls:
        cut = ads_reduction(ads, a, ecm, e)
        out[cut] = out.get(cut, Fraction(0)) + Fraction(1, len(rolls))
    return out


def fire_with_one_die(fire_face: int | None, armour_face: int | None, fire: int, armour: int, *, good: bool = False,
                      level: Level = "easy", kind: str = "direct", double: bool = False) -> dict[tuple[str, int], Fraction]:
    """A Fire-against-Armour result when one of the two dice (the one given as None) is rolled again."""
    def one(f):
        fr, ar = (f, armour_face) if fire_face is None else (fire_face, f)
        return _key(fp.fire_outcome(fr, ar, fire, armour, good=good, level=level, kind=kind, double=double))
    return mapped(die(100), one)


def after_ecm(success: Fraction, d10: dict) -> dict:
    """An ECM use: 'failed' with the chance the contest is lost, else each outcome of its 1d10 effect."""
    out: dict = {"failed": 1 - success} if success < 1 else {}
    for k, p in d10.items():
        out[k] = out.get(k, Fraction(0)) + success * p
    return {k: p for k, p in out.items() if p}
