"""Exact odds: die-type contests, tests, and chit draws without replacement (multivariate hypergeometric
over the 16 kinds of chit), read by the same functions the procedures use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.morale import TestResult

KINDS: tuple[tuple[str, int], ...] = tuple(sorted(Counter(ch.canonical()).items()))


def _multisets(n: int, start: int = 0):
    if n == 0:
        yield ()
        return
    for i in range(start, len(KINDS)):
        for rest in _multisets(n - 1, i):
            yield (i,) + rest


@lru_cache(maxsize=16)
def draws(n: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every unordered draw of `n` chits from the full pool with its exact chance."""
    out = []
    denom = comb(ch.POOL_SIZE, n)
    for ms in _multisets(n):
        counts = Counter(ms)
        ways = 1
        for i, k in counts.items():
            ways *= comb(KINDS[i][1], k)
        if ways:
            out.append((tuple(KINDS[i][0] for i in ms), Fraction(ways, denom)))
    return tuple(out)


def draw_dist(n: int, read: Callable[[tuple[str, ...]], Hashable]) -> dict:
    out: dict = {}
    for chits, p in draws(n):
        k = read(chits)
        out[k] = out.get(k, Fraction(0)) + p
    return out


def vehicle_key(r: ch.VehicleResult) -> str:
    """The headline of a vehicle result: F, destroyed (BOOM or knocked out), damaged, or no damage."""
    if r.void:
        return "F"
    if r.destroyed:
        return "knocked out"
    return "damaged" if r.damaged else "no damage"


@lru_cache(maxsize=64)
def classes(n: int, valid: frozenset[str]) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every draw of `n` chits folded into the classes a reading can tell apart: which specials were drawn,
    whether any numerical chit was, and the valid total. Each class comes as a representative draw (its
    numbers folded into one chit of a valid colour carrying the total) with its exact chance. Counted
    kind by kind in whole numbers (ways of choosing), so a cold five-chit preview stays fast; the readings
    of `chits.py` read the representative exactly as they read any draw of its class (tested against
    `draws`)."""
    ways: dict[tuple, int] = {(0, (), False, 0): 1}
    for kind, count in KINDS:
        colour = ch.colour_of(kind)
        value = ch.value_of(kind) if colour in valid else 0
        nxt: dict[tuple, int] = {}
        for (taken, specials, num, tot), w in ways.items():
            for k in range(0, min(count, n - taken) + 1):
                if colour is None:
                    key = (taken + k, specials + ((kind,) if k else ()), num, tot)
                else:
                    key = (taken + k, specials, num or k > 0, tot + k * value)
                nxt[key] = nxt.get(key, 0) + w * comb(count, k)
        ways = nxt
    letter = next((c[0].upper() for c in ch.COLOURS if c in valid), None)
    bad = next((c[0].upper() for c in ch.COLOURS if c not in valid), "R")
    denom = comb(ch.POOL_SIZE, n)
    out = []
    for (taken, specials, num, tot), w in ways.items():
        if taken != n:
            continue
        rep = specials + ((f"{letter or bad}{tot if letter else 0}",) if num else ())
        out.append((rep, Fraction(w, denom)))
    return tuple(out)


def class_dist(n: int, valid: frozenset[str], read: Callable[[tuple[str, ...]], Hashable]) -> dict:
    """`draw_dist` over the classes of `classes` (the same distribution for any reading of specials, numbers
    present and valid total)."""
    out: dict = {}
    for chits, p in classes(n, valid):
        k = read(chits)
        out[k] = out.get(k, Fraction(0)) + p
    return out


@lru_cache(maxsize=512)
def vehicle(n: int, valid: frozenset[str], armour: int, scale: Fraction = Fraction(1)) -> dict[str, Fraction]:
    """Chance of F / knocked out (BOOM included) / damaged / no damage for one hit of `n` chits."""
    return class_dist(n, valid, lambda c: vehicle_key(ch.read_vehicle(c, valid, armour, scale)))


@lru_cache(maxsize=512)
def vehicle_full(n: int, valid: frozenset[str], armour: int, scale: Fraction = Fraction(1)) -> dict:
    """The same with the side effects: (headline, immobilised, systems down)."""
    def key(c):
        r = ch.read_vehicle(c, valid, armour, scale)
        return vehicle_key(r), r.immobilised, r.systems_down
    return class_dist(n, valid, key)


@lru_cache(maxsize=512)
def infantry_kill(n: int, valid: frozenset[str], kill: int) -> Fraction:
    return class_dist(n, valid, lambda c: ch.read_infantry(c, valid, kill)).get(True, Fraction(0))


def contest(active: int | None, passive: tuple[int, ...], bonus: int = 0) -> Fraction:
    """P(active roll + bonus > the best passive roll); 0 for an impossible active die."""
    if active is None:
        return Fraction(0)
    wins = total = 0
    for faces in product(*(range(1, d + 1) for d in passive)):
        best = max(faces) if faces else 0
        wins += sum(1 for a in range(1, active + 1) if a + bonus > best)
        total += active
    return Fraction(wins, total)


def test_outcomes(die: int, leadership: int, threat: int, bonus: int = 0) -> dict[int, Fraction]:
    """Confidence steps lost (0, 1, 2) for a test of N = leadership + threat on `die`."""
    out: dict[int, Fraction] = {}
    for roll in range(1, die + 1):
        k = TestResult(roll, leadership + threat, bonus).drops
        out[k] = out.get(k, Fraction(0)) + Fraction(1, die)
    return out


def hits_per_barrel(firer: int | None, target: tuple[int, ...], barrels: int) -> dict[int, Fraction]:
    """Distribution of hits when each barrel's roll is compared with one shared target roll (§5.1)."""
    if firer is None:
        return {0: Fraction(1)}
    out: dict[int, Fraction] = {}
    for faces in product(*(range(1, d + 1) for d in target)):
        p_faces = Fraction(1)
        for d in target:
            p_faces /= d
        best = max(faces)
        p = Fraction(max(0, firer - best), firer)
        for k in range(barrels + 1):
            out[k] = out.get(k, Fraction(0)) + p_faces * comb(barrels, k) * p**k * (1 - p) ** (barrels - k)
    return {k: v for k, v in out.items() if v}


@lru_cache(maxsize=256)
def air_defence(defence_die: int, chits: int, aircraft_dice: tuple[int, ...], armour: int) -> dict[str, Fraction]:
    """One ZAD or LAD shot at a craft (as `air.air_defence_fire`): lower misses, equal aborts, higher draws
    `chits` (all colours, specials ignored): less than armour aborts, equal damaged, more destroyed (§11.3).
    The draws are read by class (the total is all the reading looks at): every draw of four chits took
    a Dirtside drop's preview 38 ms, over the bar. Remembered: a flight meets the same guns again."""
    read = class_dist(chits, ch.ALL, lambda d: ch.read_air_defence(d, armour).outcome)
    out: dict[str, Fraction] = {}
    n = defence_die
    for d in aircraft_dice:
        n *= d
    for faces in product(*(range(1, d + 1) for d in aircraft_dice)):
        best = max(faces)
        for a in range(1, defence_die + 1):
            if a <= best:
                k = "miss" if a < best else "abort"
                out[k] = out.get(k, Fraction(0)) + Fraction(1, n)
            else:
                for k, q in read.items():
                    out[k] = out.get(k, Fraction(0)) + q * Fraction(1, n)
    return out


def firefight(eligible: list[tuple[str, str]], kills: list[int], valid: frozenset[str], die: int,
              leadership: int) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """A ranged firefight as `infantry.firefight` runs it: (effectiveness level -> chance, target teams killed ->
    chance). The teams that fire at each level are `firing_teams`'; team i shoots at target team i mod n, and a
    team shot twice dies once. Each team's draw is read against a full pool (as every chit preview here is).
    Remembered by its inputs: the computer reads a fire's odds at every step of its look-ahead and rollouts."""
    levels, dead = _firefight(tuple(eligible), tuple(kills), valid, die, leadership)
    return dict(levels), dict(dead)


@lru_cache(maxsize=4096)
def _firefight(eligible: tuple[tuple[str, str], ...], kills: tuple[int, ...], valid: frozenset[str], die: int,
               leadership: int) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    from rules.rulesets.dirtside import infantry as inf

    if inf.all_commandos(eligible):
        levels = {"full": Fraction(1)}
    else:
        levels = {}
        for roll in range(1, die + 1):
            lv = inf._level(roll, leadership)
            levels[lv] = levels.get(lv, Fraction(0)) + Fraction(1, die)
    dead: dict[int, Fraction] = {}
    for lv, p_level in levels.items():
        firing = inf.firing_teams(eligible, inf.Effectiveness(None, lv)) if kills else []
        survive = [Fraction(1)] * len(kills)
        for i, (troop, team) in enumerate(firing):
            j = i % len(kills)
            survive[j] *= 1 - infantry_kill(inf.firefight_chits(troop, team), valid, kills[j])
        killed: dict[int, Fraction] = {0: Fraction(1)}
        for s in survive:  # the target teams die independently: add one team at a time
            nxt: dict[int, Fraction] = {}
            for k, p in killed.items():
                nxt[k] = nxt.get(k, Fraction(0)) + p * s
                nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + p * (1 - s)
            killed = nxt
        for k, p in killed.items():
            if p:
                dead[k] = dead.get(k, Fraction(0)) + p_level * p
    return levels, dead
