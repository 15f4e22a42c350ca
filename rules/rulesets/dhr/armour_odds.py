"""Exact odds of fire at armoured vehicles (DHR-A15, DHR-A16): the armour contest and every result of the damage
table, computed from `contest_winner` and `apply_effects` as the procedures roll them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial

from rules.odds import binomial
from rules.rulesets.dhr.procedures import (
    DAMAGE_EFFECTS, Firer, VehicleDamage, apply_effects, chance_under, contest_winner, fire_target, rof_dice,
)

ONE = Fraction(1)




def _multisets(n: int) -> Iterable[tuple[tuple[int, ...], Fraction]]:
    """Every sorted outcome of n d6 with its chance (252 rows for 5 dice)."""
    if n <= 0:
        yield (), ONE
        return
    total = 6**n
    for ms in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for f in set(ms):
            ways //= factorial(ms.count(f))
        yield ms, Fraction(ways, total)


def _top_counts(n: int) -> dict[tuple[int, int], Fraction]:
    """(highest face, how many show it) for n d6."""
    if n <= 0:
        return {(0, 0): ONE}
    out = {}
    for m in range(1, 7):
        for c in range(1, n + 1):
            out[(m, c)] = comb(n, c) * Fraction(1, 6) ** c * Fraction(m - 1, 6) ** (n - c)
    return {k: v for k, v in out.items() if v}


def contest_distribution(armament: int, armour: int) -> dict[int, Fraction]:
    """Effect rolls won by one armour contest (0 = the defender wins), from `contest_winner`.

    Cached: 5D6 against 5D6 takes about 50 ms the first time.
    """
    return dict(_contest_distribution(armament, armour))


@lru_cache(maxsize=64)
def _contest_distribution(armament: int, armour: int) -> tuple[tuple[int, Fraction], ...]:
    """Against a defender whose best is `c` dice showing `m`, `contest_winner` reads of the attacker's
    dice only how many show less than `m`, exactly `m`, more than `m`: one representative roll per such
    split (at most 28 for 6 dice, not 462 rolls), its chance counted in whole numbers of 6**(a+d)."""
    ways: dict = defaultdict(int)
    for m in range(0, 7):
        for c in range(armour + 1) if armour else (0,):
            d_ways = _top_ways(armour, m, c)
            if not d_ways:
                continue
            for lo in range(armament + 1):
                for eq in range(armament - lo + 1):
                    hi = armament - lo - eq
                    a_ways = (factorial(armament) // (factorial(lo) * factorial(eq) * factorial(hi))
                              * max(m - 1, 0) ** lo * (1 if m >= 1 else 0) ** eq * (6 - m) ** hi)
                    if not a_ways:
                        continue
                    faces = (m - 1,) * lo + (m,) * eq + (m + 1,) * hi
                    ways[contest_winner(faces, (m,) * c).effect_rolls] += a_ways * d_ways
    total = 6 ** (armament + armour)
    return tuple(sorted((k, Fraction(w, total)) for k, w in ways.items() if w))


def _top_ways(n: int, m: int, c: int) -> int:
    """Of the 6**n rolls of n d6, how many have `m` as the highest face shown `c` times ((0, 0) for no dice)."""
    if n <= 0:
        return 1 if (m, c) == (0, 0) else 0
    if not (1 <= m <= 6 and 1 <= c <= n):
        return 0
    return comb(n, c) * (m - 1) ** (n - c)


def contest_win_chance(armament: int, armour: int) -> Fraction:
    return 1 - contest_distribution(armament, armour).get(0, Fraction(0))


KILLING_EFFECTS = frozenset(e for e in DAMAGE_EFFECTS.values() if apply_effects([e]).killed)
"""Effect-table results that take a vehicle out (crew bails, ammo or fuel explosion)."""


def contest_kill_chance(armament: int, armour: int, *, damage_table: bool = False) -> Fraction:
    """Chance that one armour contest takes the vehicle out: any win, or with the damage table a
    win whose effect rolls include a killing result."""
    dist = contest_distribution(armament, armour)
    if not damage_table:
        return 1 - dist.get(0, Fraction(0))
    p_safe = Fraction(6 - len(KILLING_EFFECTS), 6)
    return sum((p * (1 - p_safe**k) for k, p in dist.items() if k), Fraction(0))


def vehicle_kill_chance(
    firer: Firer, armament: int, armour: int, *, distance: int, save_dv: int = 0, slots: int = 1,
    modifier: int = 0, damage_table: bool = False,
) -> Fraction:
    """Chance that `resolve_vehicle_fire` takes the vehicle out (from an undamaged state).

    Each firing die independently hits, passes the terrain save and wins a
    killing contest; the contests stop at the first kill, so only whether one
    of them kills matters.
    """
    per_firer, _ = rof_dice(firer.rof, slots)
    hit = fire_target(firer.rating, distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return Fraction(0)
    per = chance_under(hit) * (1 - chance_under(save_dv)) * contest_kill_chance(armament, armour,
                                                                                damage_table=damage_table)
    return 1 - (1 - per) ** (firer.figures * per_firer)



VehicleKey = tuple  # (killed, smoke, crew_bailed, immobile, weapon_out, crew_casualties)


def _vkey(v: VehicleDamage) -> VehicleKey:
    return (v.killed, v.smoke, v.crew_bailed, v.immobile, v.weapon_out, v.crew_casualties)


def _vdamage(k: VehicleKey) -> VehicleDamage:
    killed, smoke, bailed, immobile, weapon_out, crew = k
    return VehicleDamage(killed=killed, wreck=killed, smoke=smoke, immobile=immobile, weapon_out=weapon_out,
                         crew_bailed=bailed, crew_casualties=crew)


def _one_effect(dist: dict[VehicleKey, Fraction]) -> dict[VehicleKey, Fraction]:
    out: dict = defaultdict(Fraction)
    for k, p in dist.items():
        v = _vdamage(k)
        for e in DAMAGE_EFFECTS.values():
            out[_vkey(apply_effects([e], v))] += p / 6
    return dict(out)


@lru_cache(maxsize=4096)
def _effects_from(k: VehicleKey, rolls: int) -> tuple[tuple[VehicleKey, Fraction], ...]:
    """The vehicle's state after `rolls` effect dice from state `k` (a pure function, so cached:
    a preview meets the same few states again and again)."""
    d = {k: ONE}
    for _ in range(rolls):
        d = _one_effect(d)
    return tuple(d.items())


def vehicle_damage_distribution(
    firer: Firer, armament: int, armour: int, *, distance: int, save_dv: int = 0, slots: int = 1,
    modifier: int = 0, damage_table: bool = False,
) -> dict[VehicleKey, Fraction]:
    """The exact final state of `resolve_vehicle_fire` from an undamaged vehicle, as
    (killed, smoke, crew_bailed, immobile, weapon_out, crew_casualties) -> chance.

    The hits left after terrain saves are binomial; the contests run one per hit until the
    vehicle is out; each won contest rolls its effect dice on the table (DHR-A16) or, without
    the table, kills."""
    empty = _vkey(VehicleDamage())
    per_firer, _ = rof_dice(firer.rof, slots)
    hit = fire_target(firer.rating, distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return {empty: ONE}
    n = firer.figures * per_firer
    hits = binomial(n, chance_under(hit) * (1 - chance_under(save_dv)))
    contest = contest_distribution(armament, armour)
    after_hit: dict[VehicleKey, tuple[tuple[VehicleKey, Fraction], ...]] = {}

    def one_hit(k: VehicleKey) -> tuple[tuple[VehicleKey, Fraction], ...]:
        """Where one more contest takes a vehicle in state `k`, summed over the contest's results."""
        if k not in after_hit:
            d: dict = defaultdict(Fraction)
            for rolls, q in contest.items():
                if rolls == 0:
                    d[k] += q
                elif not damage_table:
                    d[(True, True, k[2], True, k[4], k[5])] += q
                else:
                    for k2, r in _effects_from(k, rolls):
                        d[k2] += q * r
            after_hit[k] = tuple(d.items())
        return after_hit[k]

    cur: dict[VehicleKey, Fraction] = {empty: ONE}
    out: dict = defaultdict(Fraction)
    for h in range(n + 1):
        chance = hits.get(h)
        if chance:
            for k, p in cur.items():
                out[k] += p * chance
        if h == n:
            break
        nxt: dict = defaultdict(Fraction)
        for k, p in cur.items():
            if k[0]:
                nxt[k] += p
                continue
            for k2, r in one_hit(k):
                nxt[k2] += p * r
        cur = nxt
    return {k: v for k, v in out.items() if v}
