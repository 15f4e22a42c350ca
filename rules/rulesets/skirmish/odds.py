"""Exact odds of shots and fights, computed from the very procedures the actions call.

`enumerate_dice` runs a procedure once for every sequence of d10 faces it can ask for
(a tree walk: a run that needs one more face than its prefix is re-run with each face), so the
chance of a single shot's result is the procedure's own; shots and the Will check are then
combined exactly. Tests check the combination against a full walk of the whole attack.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import lru_cache

from rules.dice import Dice
from rules.rulesets.skirmish.procedures.cqc import Fighter, wound_loser
from rules.rulesets.skirmish.procedures.roll import Check, Contest
from rules.rulesets.skirmish.procedures.shooting import Shot, fate, roll_hit, roll_wound, will_check


class _More(Exception):
    pass


class _PathDice(Dice):
    keeps_records = False

    def __init__(self, prefix: tuple[int, ...]) -> None:
        super().__init__()
        self.prefix = prefix
        self.used = 0

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        if sides != 10:
            raise ValueError("the skirmish rolls d10s only")
        if self.used + n > len(self.prefix):
            raise _More
        faces = self.prefix[self.used:self.used + n]
        self.used += n
        return faces


def enumerate_dice(fn: Callable[[Dice], Hashable], limit: int = 200_000) -> dict:
    """The exact distribution of `fn(dice)` over every d10 face sequence it can roll."""
    out: dict = defaultdict(Fraction)
    stack: list[tuple[int, ...]] = [()]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > limit:
            raise ValueError("too many dice paths to enumerate")
        try:
            result = fn(_PathDice(prefix))
        except _More:
            stack.extend(prefix + (f,) for f in range(1, 11))
            continue
        out[result] += Fraction(1, 10 ** len(prefix))
    return dict(out)


@lru_cache(maxsize=512)
def _hit_roll(stat: int, tn: int, reroll: bool) -> dict[tuple[bool, bool], Fraction]:
    """(passed, critical) of `roll_hit`, re-roll included, walked over its faces."""
    shot = Shot(stat=stat, tn=tn, reroll=reroll, damage=0, wound_tn=0)

    def run(dice: Dice) -> tuple[bool, bool]:
        c = roll_hit(dice, shot)
        return c.passed, c.critical
    return enumerate_dice(run)


@lru_cache(maxsize=512)
def _wound_roll(damage: int, wound_tn: int) -> dict[str, Fraction]:
    return enumerate_dice(lambda dice: roll_wound(dice, damage, wound_tn))


@lru_cache(maxsize=512)
def _one_shot(shot: Shot) -> dict:
    """(hit, downed results, dead result) of `resolve_shot`: its hit roll, then one wound roll per hit,
    two after a critical (SKIRM-A13). The hit and wound rolls are walked apart (a hundred-odd runs
    instead of a thousand walking the whole shot); the tests check this against the whole walk."""
    wound = _wound_roll(shot.damage, shot.wound_tn)
    out: dict = defaultdict(Fraction)
    for (passed, critical), p in _hit_roll(shot.stat, shot.tn, shot.reroll).items():
        if not passed:
            out[(False, 0, False)] += p
            continue
        acc: dict = {(0, False): p}
        for _ in range(2 if critical else 1):
            nxt: dict = defaultdict(Fraction)
            for (downs, dead), q in acc.items():
                for w, r in wound.items():
                    nxt[(downs + (w == "downed"), dead or w == "dead")] += q * r
            acc = nxt
        for (downs, dead), q in acc.items():
            out[(True, downs, dead)] += q
    return dict(out)


@lru_cache(maxsize=32)
def p_holds(willpower: int) -> Fraction:
    return enumerate_dice(lambda d: will_check(d, willpower)).get(True, Fraction(0))


def attack_odds(shots: list[Shot], already_downed: bool, willpower: int, in_zone: bool = False) -> dict:
    """Exact distribution of (fate, suppressed) of `shooting.attack_on_one` for these shots."""
    acc: dict = {(False, 0, False): Fraction(1)}
    for shot in shots:
        nxt: dict = defaultdict(Fraction)
        for (hit, downs, dead), p in acc.items():
            for (h2, d2, x2), q in _one_shot(shot).items():
                nxt[(hit or h2, min(downs + d2, 2), dead or x2)] += p * q
        acc = dict(nxt)
    holds = p_holds(willpower)
    out: dict = defaultdict(Fraction)
    for (hit, downs, dead), p in acc.items():
        f = fate(already_downed, (["dead"] if dead else []) + ["downed"] * downs, hit)
        if not already_downed and (f == "unhurt" or (f == "miss" and in_zone)):
            out[(f, False)] += p * holds
            out[(f, True)] += p * (1 - holds)
        else:
            out[(f, False)] += p
    return {k: v for k, v in out.items() if v}


@lru_cache(maxsize=256)
def best_of(stat: int, tn: int, n: int) -> dict[Check, Fraction]:
    """The kept check of `n` d10s (the best one): P(best <= k-th) = (k/10)^n over the faces in order."""
    ranked = sorted((Check(f, stat, tn) for f in range(1, 11)), key=lambda c: (c.passed, c.margin))
    out: dict[Check, Fraction] = defaultdict(Fraction)
    keys = [(c.passed, c.margin) for c in ranked]
    for i, c in enumerate(ranked):
        # faces tying on the key share one outcome; give the chance to the last face of the tie
        if i + 1 < len(ranked) and keys[i + 1] == keys[i]:
            continue
        below = sum(1 for k in keys if k < keys[i])
        upto = sum(1 for k in keys if k <= keys[i])
        out[c] += Fraction(upto, 10) ** n - Fraction(below, 10) ** n
    return dict(out)


@lru_cache(maxsize=1024)
def melee_odds(active: Fighter, other: Fighter) -> dict:
    """Exact distribution of (winner, loser's fate, suppressed) of `cqc.melee_on_one`.

    `wound_loser` reads only who won and whether it was a critical, so the contests are first summed by
    (winner, critical) and each such class is walked once; the result is a pure function of two fighters,
    cached."""
    a_dist = best_of(active.cqc, active.tn, active.dice)
    o_dist = best_of(other.cqc, other.tn, other.dice)
    classes: dict = defaultdict(Fraction)
    sample: dict = {}
    for a, pa in a_dist.items():
        for o, po in o_dist.items():
            c = Contest(a, o)
            key = (c.winner, c.winner is not None and c.critical)
            classes[key] += pa * po
            sample.setdefault(key, c)
    out: dict = defaultdict(Fraction)
    for (w, _), p in classes.items():
        if w is None:
            out[(None, "miss", False)] += p
            continue
        c = sample[(w, _)]
        winner, loser = (active, other) if w == "active" else (other, active)
        wounds = enumerate_dice(lambda d, c=c, winner=winner, loser=loser: wound_loser(d, c, winner, loser))
        holds = p_holds(loser.willpower)
        for f, q in wounds.items():
            if f == "unhurt" and not loser.downed:
                out[(w, f, False)] += p * q * holds
                out[(w, f, True)] += p * q * (1 - holds)
            else:
                out[(w, f, False)] += p * q
    return {k: v for k, v in out.items() if v}


def activation_odds(skill: int, tn: int) -> Fraction:
    return Fraction(sum(Check(f, skill, tn).passed for f in range(1, 11)), 10)


def marginal(dist: dict, f: Callable[[Hashable], Hashable]) -> dict:
    out: dict = defaultdict(Fraction)
    for k, p in dist.items():
        out[f(k)] += p
    return dict(out)
