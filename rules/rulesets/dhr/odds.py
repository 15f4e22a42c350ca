"""Exact odds for the DHR preview: casualties after terrain and armour saves, morale and retreat.

Computed, never sampled, from the same definitions the procedures use
(`fire_target`, `rof_dice`, `chance_under`, `casualties_from_hits`,
`morale_target`, `retreat_for`, `contest_winner`). Every die of an attack is
independent: a firing die becomes a casualty when it hits, then is not saved
by terrain, then not by armour, so the uncapped hits are binomial; the cap at
the unit's figures, a Champion's toughness, the Medic's 1s and the morale
roll are then folded in exactly. `enumerate_procedure` runs a procedure over
every dice outcome (small cases) so tests can check the two agree.

Outcome keys of a joint distribution are `(casualties, retreat)`; `retreat`
is None when no morale check is made (the unit is gone, or the attack never
happened) and 0 when the check is passed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb, factorial

from rules.core import Outcome
from rules.odds import binomial, convolve, mapped, mixture
from rules.rulesets.dhr.procedures import (
    DAMAGE_EFFECTS, Combatant, Firer, LineTarget, VehicleDamage, apply_effects, casualties_from_hits, chance_under, contest_winner,
    effective_check_rating, fire_modifiers, fire_target, melee_target, morale_target, range_penalty, retreat_for, rof_dice,
    spread_dice,
)

Joint = dict  # dict[tuple[int, int | None], Fraction]

ONE = Fraction(1)


def morale_distribution(target: int) -> dict[int, Fraction]:
    """Retreat hexes for a morale check at `target` (0 = holds), as `morale_check` rolls it."""
    if target >= 6:
        return {0: ONE}
    return mapped({face: Fraction(1, 6) for face in range(1, 7)}, lambda face: retreat_for(face, target))


def casualty_chance(hit_target: int, save_dv: int, armour_dv: int) -> Fraction:
    """Chance that one attack die removes a hit: hits, then fails its terrain and its armour save."""
    return chance_under(hit_target) * (1 - chance_under(save_dv)) * (1 - chance_under(armour_dv))


def casualties_distribution(
    n_dice: int, per_die: Fraction, figures: int, *, toughness: int = 1, wounds: int = 0, medic: bool = False,
    groups: Iterable[tuple[int, Fraction]] | None = None,
) -> dict[int, Fraction]:
    """Figures lost when `n_dice` dice each get through with chance `per_die` (then cap, toughness, Medic).

    `groups` replaces (n_dice, per_die) by several groups of dice with their own chances (a unit's
    melee dice and its Champion's, at different Ratings)."""
    through: dict[int, Fraction] = {0: ONE}
    for n, p in (groups if groups is not None else [(n_dice, per_die)]):
        through = convolve(through, binomial(n, p))
    raw = mapped(through, lambda h: casualties_from_hits(h, figures, toughness, wounds)[0])
    if not medic:
        return raw
    return mixture((p, mapped(binomial(c, Fraction(1, 6)), lambda k, c=c: c - k)) for c, p in raw.items())


def with_morale(casualties: dict[int, Fraction], target: Combatant, *, dv: int | None = None) -> Joint:
    """Join casualties with the morale check that follows (DHR-A23); no check when the unit is gone."""
    out: dict = defaultdict(Fraction)
    for c, p in casualties.items():
        if c >= target.figures:
            out[(c, None)] += p
            continue
        t = morale_target(target.rating, target.terrain_dv if dv is None else dv, c,
                          leader_rating=target.leader_rating, untenable=target.untenable)
        for r, q in morale_distribution(t).items():
            out[(c, r)] += p * q
    return dict(out)


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome of one attack on one unit."""

    joint: Joint
    figures: int
    possible: bool = True
    """False when the attack cannot be made (target number 0 or less)."""
    dice: str = ""
    """What will be rolled, in words."""
    modifiers: tuple[str, ...] = ()
    """Where the firing number comes from (`procedures.fire_modifiers`), as the dice log will show it."""

    @property
    def casualties(self) -> dict[int, Fraction]:
        return mapped(self.joint, lambda k: k[0])

    @property
    def retreat(self) -> dict[int | None, Fraction]:
        return mapped(self.joint, lambda k: k[1])

    @property
    def morale_fail(self) -> Fraction:
        """Chance of failing the morale check (a retreat of 1 hex or more)."""
        return sum((p for (c, r), p in self.joint.items() if r), Fraction(0))

    @property
    def eliminated(self) -> Fraction:
        return sum((p for (c, r), p in self.joint.items() if c >= self.figures), Fraction(0))

    @property
    def leaves(self) -> Fraction:
        """Chance the unit is wiped out or runs."""
        return self.morale_fail + self.eliminated

    @property
    def expected_casualties(self) -> Fraction:
        return sum((c * p for (c, r), p in self.joint.items()), Fraction(0))

    def outcomes(self, who: str = "target") -> list[Outcome]:
        """Preview lines: each casualty count with its chance, then morale and retreat."""
        return self.casualty_lines(who) + self.morale_lines(who) + self.retreat_lines(who)

    def casualty_lines(self, who: str) -> list[Outcome]:
        return [Outcome(label=f"{who}: {c} casualt{'y' if c == 1 else 'ies'}" + (" (wiped out)" if c >= self.figures else ""),
                        chance=p) for c, p in sorted(self.casualties.items())]

    def morale_lines(self, who: str) -> list[Outcome]:
        """The chance of failing morale; no line when it cannot fail (never "0.00% fails morale")."""
        return [Outcome(label=f"{who}: fails morale", chance=self.morale_fail)] if self.morale_fail else []

    def retreat_lines(self, who: str) -> list[Outcome]:
        return [Outcome(label=f"{who}: retreats {r} hex{'es' if r != 1 else ''}", chance=p)
                for r, p in sorted((r, p) for r, p in self.retreat.items() if r)]


NO_ATTACK = lambda figures: AttackOdds({(0, None): ONE}, figures, possible=False)  # noqa: E731


def fire_odds(
    firer: Firer,
    target: Combatant,
    *,
    distance: int,
    save_dv: int,
    slots: int = 1,
    modifier: int = 0,
    dice_count: int | None = None,
    morale: bool = True,
) -> AttackOdds:
    """The exact result of `resolve_fire` with the same arguments."""
    per_firer, _ = rof_dice(firer.rof, slots)
    n = firer.figures * per_firer if dice_count is None else dice_count
    hit = fire_target(firer.rating, distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return NO_ATTACK(target.figures)
    cas = casualties_distribution(n, casualty_chance(hit, save_dv, target.armour_dv), target.figures,
                                  toughness=target.toughness, wounds=target.wounds, medic=target.medic)
    joint = with_morale(cas, target) if morale else {(c, None): p for c, p in cas.items()}
    return AttackOdds(joint, target.figures, dice=f"{n}d6 needing {hit} or less, saves on {save_dv}/{target.armour_dv}",
                      modifiers=fire_modifiers(firer.rating, distance, firer.weapon_range, slots, modifier))


def line_fire_odds(
    firer: Firer,
    targets: list[LineTarget],
    *,
    slots: int = 1,
    modifier: int = 0,
    allocation: list[int] | None = None,
) -> list[AttackOdds]:
    """The exact result for each target of `resolve_line_fire` (the targets are independent)."""
    per_firer, _ = rof_dice(firer.rof, slots)
    alloc = allocation if allocation is not None else spread_dice(firer.figures * per_firer,
                                                                 [t.target.figures for t in targets])
    return [fire_odds(firer, t.target, distance=t.distance, save_dv=t.save_dv, slots=slots, modifier=modifier,
                      dice_count=n) if n else NO_ATTACK(t.target.figures) for n, t in zip(alloc, targets)]


def crew_check_chance(rating: int, crew_lost: int, *, leader_rating: int | None = None) -> Fraction:
    """Chance that a reduced crew passes `crew_check` and the gun fires (DHR-A14)."""
    if crew_lost <= 0:
        return ONE
    return chance_under(effective_check_rating(rating, leader_rating) - crew_lost)


def gated(odds: AttackOdds, chance: Fraction) -> AttackOdds:
    """The attack happens only with `chance` (a crew check first, an area attack's roll to land)."""
    joint = mixture([(chance, odds.joint), (1 - chance, {(0, None): ONE})])
    return AttackOdds({k: v for k, v in joint.items() if v}, odds.figures, odds.possible and chance > 0, odds.dice)


@dataclass(frozen=True)
class MeleeOdds:
    """Both sides of a melee round (independent: each side's losses come from the other's dice)."""

    defender: AttackOdds
    """What happens to the defender."""
    attacker: AttackOdds
    """What happens to the attacker."""

    @property
    def attacker_may_enter(self) -> Fraction:
        """Chance the defender leaves (runs or is wiped out) while the attacker holds."""
        return self.defender.leaves * (1 - self.attacker.leaves)

    def outcomes(self) -> list[Outcome]:
        """Both sides' casualties first, then both sides' morale, then who may take the hex and how
        far each runs: a screen that shows only the first lines still shows what both sides lose."""
        d, a = self.defender, self.attacker
        return (d.casualty_lines("defender") + a.casualty_lines("attacker")
                + d.morale_lines("defender") + a.morale_lines("attacker")
                + [Outcome(label="attacker may enter the hex", chance=self.attacker_may_enter)]
                + d.retreat_lines("defender") + a.retreat_lines("attacker"))


def melee_odds(
    attacker: Combatant, defender: Combatant, *, attacker_modifier: int = 0, defender_modifier: int = 0
) -> MeleeOdds:
    """The exact result of `resolve_melee` with the same arguments."""
    def side(hitter: Combatant, mod: int, hurt: Combatant, dv: int) -> AttackOdds:
        t = melee_target(hitter, mod)
        n = hitter.figures * max(1, hitter.melee_dice)
        groups = [(n, casualty_chance(t, dv, hurt.armour_dv) if t > 0 else Fraction(0))]
        words = f"{n}d6 needing {t} or less"
        for k, rating in hitter.champions:
            ct = rating + mod
            groups.append((k, casualty_chance(ct, dv, hurt.armour_dv) if ct > 0 else Fraction(0)))
            words += f" + champion {k}d6 needing {ct} or less"
        cas = casualties_distribution(0, ONE, hurt.figures, toughness=hurt.toughness, wounds=hurt.wounds,
                                      medic=hurt.medic, groups=groups)
        return AttackOdds(with_morale(cas, hurt), hurt.figures, dice=words)

    return MeleeOdds(side(attacker, attacker_modifier, defender, defender.terrain_dv),
                     side(defender, defender_modifier, attacker, 0))


def area_odds(
    rating: int,
    target: Combatant,
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
) -> AttackOdds:
    """The exact result of an area attack on one unit (`area_hit` then `area_effect_on`)."""
    if melee:
        p_hit = ONE
    else:
        t = rating - range_penalty(distance, weapon_range) + modifier
        if t <= 0:
            return NO_ATTACK(target.figures)
        p_hit = chance_under(t)
    per_fig = (chance_under(light) if light is not None and light < 6 else ONE)
    dv = target.terrain_dv if save_dv is None else save_dv
    per = per_fig * (1 - chance_under(dv)) * (1 - chance_under(target.armour_dv if armour else 0))
    cas = casualties_distribution(target.figures, per, target.figures, toughness=target.toughness,
                                  wounds=target.wounds, medic=target.medic)
    hit_joint = with_morale(cas, target)
    joint = mixture([(p_hit, hit_joint), (1 - p_hit, {(0, None): ONE})])
    return AttackOdds({k: v for k, v in joint.items() if v}, target.figures, dice="area effect")


def overrun_odds(target: Combatant, *, kill_value: int = 1, save_dv: int | None = None) -> AttackOdds:
    """The exact result of `vehicle_overrun` (no armour saves, DHR-A27)."""
    dv = target.terrain_dv if save_dv is None else save_dv
    per = chance_under(kill_value) * (1 - chance_under(dv))
    cas = casualties_distribution(target.figures, per, target.figures, toughness=target.toughness,
                                  wounds=target.wounds, medic=target.medic)
    return AttackOdds(with_morale(cas, target), target.figures, dice=f"{target.figures}d6 needing {kill_value} or less")


# --- Armour contests -------------------------------------------------------------------


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


# --- Checking odds against the procedures ------------------------------------------------


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


# --- Several units in one hex (a unit and its attached special figures) -------------------


def hex_joint(host: Combatant, host_casualties: dict[int, Fraction], others: list[dict[int, Fraction]]) -> Joint:
    """The unit's (casualties, retreat) when the figures attached to it were attacked in the same
    blow: its one morale check counts every figure of the hex lost (the others are independent
    of its own casualties, given the attack happened)."""
    other_total: dict[int, Fraction] = {0: ONE}
    for d in others:
        other_total = convolve(other_total, d)
    out: dict = defaultdict(Fraction)
    for c, p in host_casualties.items():
        for o, q in other_total.items():
            if c >= host.figures:
                out[(c, None)] += p * q
                continue
            t = morale_target(host.rating, host.terrain_dv, c + o, leader_rating=host.leader_rating,
                              untenable=host.untenable)
            for r, w in morale_distribution(t).items():
                out[(c, r)] += p * q * w
    return dict(out)


def _gate(joint: Joint, chance: Fraction) -> Joint:
    if chance == 1:
        return joint
    mixed = mixture([(chance, joint), (1 - chance, {(0, None): ONE})])
    return {k: v for k, v in mixed.items() if v}


def _fig_odds(cas: dict[int, Fraction], c: Combatant, chance: Fraction, dice: str) -> AttackOdds:
    return AttackOdds(_gate({(k, None): p for k, p in cas.items()}, chance), c.figures, dice=dice)


def area_hex_odds(
    rating: int,
    targets: list[Combatant],
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
) -> list[AttackOdds]:
    """An area attack on a hex holding a unit (first) and the special figures attached to it:
    one roll to land, every figure saves, the unit checks morale counting every figure lost
    (the rule set's `_area_on_hex`). The figures' odds have no morale (they stick with it)."""
    if melee:
        p_hit = ONE
    else:
        t = rating - range_penalty(distance, weapon_range) + modifier
        if t <= 0:
            return [NO_ATTACK(c.figures) for c in targets]
        p_hit = chance_under(t)
    per_fig = (chance_under(light) if light is not None and light < 6 else ONE)
    cas = []
    for c in targets:
        dv = c.terrain_dv if save_dv is None else save_dv
        per = per_fig * (1 - chance_under(dv)) * (1 - chance_under(c.armour_dv if armour else 0))
        cas.append(casualties_distribution(c.figures, per, c.figures, toughness=c.toughness, wounds=c.wounds,
                                           medic=c.medic))
    host = AttackOdds(_gate(hex_joint(targets[0], cas[0], cas[1:]), p_hit), targets[0].figures, dice="area effect")
    return [host, *(_fig_odds(d, c, p_hit, "area effect") for d, c in zip(cas[1:], targets[1:]))]


def traverse_odds(firer: Firer, targets: list[LineTarget], allocation: list[int], *, slots: int = 1,
                  modifier: int = 0) -> list[AttackOdds]:
    """Traversing fire over the figures of one hex (the unit first): each its share of the dice,
    one morale check for the unit counting every figure lost (the rule set's `traverse`)."""
    hit = fire_target(firer.rating, targets[0].distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return [NO_ATTACK(t.target.figures) for t in targets]
    cas = []
    for n, t in zip(allocation, targets):
        c = t.target
        cas.append(casualties_distribution(n, casualty_chance(hit, t.save_dv, c.armour_dv), c.figures,
                                           toughness=c.toughness, wounds=c.wounds, medic=c.medic))
    words = [f"{n}d6 needing {hit} or less" for n in allocation]
    host = AttackOdds(hex_joint(targets[0].target, cas[0], cas[1:]), targets[0].target.figures, dice=words[0])
    return [host, *(_fig_odds(d, t.target, ONE, w) for d, t, w in zip(cas[1:], targets[1:], words[1:]))]


# --- Vehicles: every result of the damage table, exactly ------------------------------------

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
