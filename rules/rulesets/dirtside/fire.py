"""Direct fire, vehicle fire at infantry, guided missiles and ADS interception (dsii-core §5, §6, §7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.dice import Dice
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.ladder import ECM_DIE, SYSTEM_DIE, shift
from rules.words import count


BANDS = ("close", "medium", "long")
"""The range bands by index (§5.2)."""


@dataclass(frozen=True)
class Shot:
    """One weapon system firing at one vehicle (§5.1)."""

    weapon: str
    cls: int
    distance: int
    fc: str = "basic"
    barrels: int = 1
    fast: bool = False
    """The firer moves more than half its BMF this activation."""
    damaged_firer: bool = False
    obscured: bool = False
    signature: int = 3
    stealth: int = 0
    active_ads: bool = False
    secondary: frozenset[str] = frozenset()
    armour: int = 3
    """Armour of the facing hit."""
    armour_kind: str = "plain"
    hel_band: str = "medium"

    def band(self) -> int | None:
        return w.band(self.weapon, self.cls, self.distance, damaged=self.damaged_firer,
                      hel_band=self.hel_band, obscured=self.obscured)

    def dice(self) -> tuple[int | None, tuple[int, ...]]:
        """(firer die, target dice) for this shot; firer None when it cannot hit."""
        b = self.band()
        firer = None if b is None else w.firer_die(self.fc, b, fast=self.fast)
        primary = w.target_primary(self.signature, self.stealth, active_ads=self.active_ads)
        second = w.target_secondary(set(self.secondary))
        return firer, (primary,) + ((second,) if second else ())

    def validity(self) -> tuple[frozenset[str], Fraction]:
        return w.vehicle_validity(self.weapon, self.band() or 0, self.armour_kind)

    def modifiers(self) -> tuple[str, ...]:
        """Where the dice of `dice` come from, each shift with its rule (for the odds and the dice log)."""
        firer, tdice = self.dice()
        b = self.band()
        out = []
        if self.damaged_firer or self.obscured:
            base = w.band(self.weapon, self.cls, self.distance, hel_band=self.hel_band)
            why = [x for x, on in (("a damaged firer (§5.1)", self.damaged_firer), ("smoke (§5.6)", self.obscured)) if on]
            out.append(f"range band: {BANDS[base] if base is not None else 'out of reach'} at {self.distance}, "
                       f"{'one band' if len(why) == 1 else 'two bands'} longer for {' and '.join(why)} = "
                       f"{BANDS[b] if b is not None else 'cannot fire'}")
        if b is not None and self.fast:
            out.append(f"fire die: {self.fc} fire control at {BANDS[b]} range d{w.FC_DIE[self.fc][b]}, one type down "
                       f"after moving more than half its move (§5.2) = {'no die' if firer is None else f'd{firer}'}")
        eff = self.signature + 1 if self.active_ads else max(1, self.signature - self.stealth)
        if eff != self.signature:
            why = "+1 active ADS (§5.3)" if self.active_ads else f"- {self.signature - eff} stealth (§5.3)"
            out.append(f"target die: signature {self.signature} {why} = {eff}: d{tdice[0]}")
        if len(tdice) > 1:
            out.append(f"target die: the better of d{tdice[0]} and d{tdice[1]} for "
                       f"{' / '.join(sorted(s.replace('_', ' ') for s in self.secondary))} (§5.3)")
        return tuple(out)

    def chits(self) -> int:
        return w.vehicle_chits(self.weapon, self.cls)


@dataclass(frozen=True)
class FireResult:
    firer_die: int | None
    target_dice: tuple[int, ...]
    firer_rolls: tuple[int, ...] = ()
    target_rolls: tuple[int, ...] = ()
    draws: tuple[tuple[str, ...], ...] = ()
    results: tuple[ch.VehicleResult, ...] = ()

    @property
    def hits(self) -> int:
        return len(self.draws)

    @property
    def void(self) -> bool:
        return any(r.void for r in self.results)


def direct_fire(shot: Shot, dice: Dice, pool: ch.ChitPool | None = None, *, side: str | None = None,
                unit: str | None = None, target_side: str | None = None, target: str | None = None) -> FireResult:
    """Roll the firer's die per barrel against one target roll (best of its dice); each higher roll is a hit
    with its own full-pool draw, read against the facing's armour (§5.1, §6.4)."""
    pool = pool or ch.ChitPool()
    firer, tdice = shot.dice()
    if firer is None:
        return FireResult(None, tdice)
    t_rolls = tuple(dice.roll(1, d, "target die", side=target_side, unit=target, rule="§5.3",
                              outcome=lambda f: f"rolls {f[0]}")[0] for d in tdice)
    best = max(t_rolls)
    f_rolls = dice.roll(shot.barrels, firer, "fire", side=side, unit=unit, need=best, test=">", rule="§5.1",
                        outcome=lambda f: f"{count(sum(x > best for x in f), 'hit')}", modifiers=shot.modifiers())
    valid, scale = shot.validity()
    draws, results = [], []
    for roll in f_rolls:
        if roll > best:
            drawn = pool.draw(shot.chits(), dice, side=side, unit=unit)
            draws.append(drawn)
            results.append(ch.read_vehicle(drawn, valid, shot.armour, scale))
    return FireResult(firer, tdice, tuple(f_rolls), t_rolls, tuple(draws), tuple(results))


SLAM_SPREAD = {1: (1, 5), 2: (2, 6)}
"""SLAM salvo spread by band (§5.6, §14.5): medium, the target hex and the ring around it, each other element hit
on a d6 of 5-6; long, within 2 hexes, on a 6; close, none."""


def slam_spread_roll(band: int, dice: Dice, **who) -> bool:
    """One other element near a SLAM hit: is it caught by the salvo (§5.6)?"""
    need = SLAM_SPREAD[band][1]
    return dice.roll(1, 6, "SLAM spread", need=need, test=">=", rule="§5.6",
                     outcome=lambda f: "caught" if f[0] >= need else "spared", **who)[0] >= need


@dataclass(frozen=True)
class InfantryFire:
    """A vehicle weapon's automatic fire at one infantry element: no dice, each barrel draws (§6.3, p.36)."""

    draws: tuple[tuple[str, ...], ...]
    kills: tuple[bool, ...]

    @property
    def killed(self) -> bool:
        return any(self.kills)


def fire_at_infantry(weapon: str, cls: int, distance: int, kill: int, dice: Dice, *, barrels: int = 1,
                     house_rfac: bool = True, pool: ch.ChitPool | None = None, **who) -> InfantryFire | None:
    rule = w.versus_infantry(weapon, cls, distance, house_rfac=house_rfac)
    if rule is None:
        return None
    n, valid = rule
    pool = pool or ch.ChitPool()
    draws = tuple(pool.draw(n, dice, **who) for _ in range(barrels))
    return InfantryFire(draws, tuple(ch.read_infantry(d, valid, kill) for d in draws))


# --- guided missiles (§7) ----------------------------------------------------------------


def ads_interception(ads_quality: str, guidance: list[int], dice: Dice, **who) -> list[bool]:
    """The ADS engages k missiles with its die stepped down one type per missile beyond the first;
    an ADS roll higher than a missile's guidance roll destroys it (§7.2). Returns destroyed flags."""
    k = len(guidance)
    ads_die = shift(SYSTEM_DIE[ads_quality], -(k - 1))
    if ads_die is None:
        raise ValueError(f"a {ads_quality} ADS cannot engage {k} missiles")
    out = []
    for g in guidance:
        a = dice.roll(1, ads_die, "ADS interception", rule="§7.2", outcome=lambda f: f"rolls {f[0]}", **who)[0]
        m = dice.roll(1, g, "missile guidance", rule="§7.2", outcome=lambda f: f"rolls {f[0]}")[0]
        out.append(a > m)
    return out


@dataclass(frozen=True)
class MissileResult:
    intercepted: bool
    guidance_roll: int | None = None
    defence_rolls: tuple[int, ...] = ()
    draw: tuple[str, ...] = ()
    result: ch.VehicleResult | None = None

    @property
    def hit(self) -> bool:
        return bool(self.draw)


def gms_attack(launcher: str, guidance: str, ecm: str, pds: str | None, armour: int, dice: Dice, *,
               reactive: bool = False, ads: str | tuple[str, ...] | None = None, pool: ch.ChitPool | None = None,
               **who) -> MissileResult:
    """One missile: interception by each covering ADS in turn (`ads`: their qualities, each engages this attack
    once, §7.2), then guidance vs the ECM die (+ PDS die, best counts); a hit draws 3 (GMS/L) or 5 (GMS/H),
    red + yellow (reactive: red) (§7.1)."""
    g_die = SYSTEM_DIE[guidance]
    for quality in (ads,) if isinstance(ads, str) else (ads or ()):
        if ads_interception(quality, [g_die], dice)[0]:
            return MissileResult(True)
    defence = (ECM_DIE[ecm],) + ((SYSTEM_DIE[pds],) if pds else ())
    g = dice.roll(1, g_die, "missile guidance", rule="§7.1", outcome=lambda f: f"rolls {f[0]}", **who)[0]
    d = tuple(dice.roll(1, x, "ECM / PDS", rule="§7.1", outcome=lambda f: f"rolls {f[0]}")[0] for x in defence)
    if g <= max(d):
        return MissileResult(False, g, d)
    pool = pool or ch.ChitPool()
    drawn = pool.draw(w.vehicle_chits(launcher, 0), dice, **who)
    valid = ch.RED if reactive else ch.RY
    return MissileResult(False, g, d, drawn, ch.read_vehicle(drawn, valid, armour))


@dataclass(frozen=True)
class AssaultShot:
    """House rule 'Vehicles in assault combat': a vehicle's shot at an enemy vehicle hits on a d6 of 4-6
    (hull down in round 1: 6; soft cover in round 1: 5-6), and draws the normal chits for its type."""

    roll: int
    need: int
    draw: tuple[str, ...] = ()
    result: ch.VehicleResult | None = field(default=None)


def assault_vehicle_shot(weapon: str, cls: int, armour: int, dice: Dice, *, cover: str = "open", first_round: bool = True,
                         armour_kind: str = "plain", pool: ch.ChitPool | None = None, **who) -> AssaultShot:
    if weapon.startswith("GMS"):
        raise ValueError("GMSs cannot fire in assault combat: no time to acquire the target")
    need = 4
    if first_round and cover == "hull_down":
        need = 6
    elif first_round and cover == "soft":
        need = 5
    roll = dice.roll(1, 6, "assault shot", need=need, test=">=", rule="house: vehicles in assault", **who)[0]
    if roll < need:
        return AssaultShot(roll, need)
    pool = pool or ch.ChitPool()
    drawn = pool.draw(w.vehicle_chits(weapon, cls), dice, **who)
    valid, scale = w.vehicle_validity(weapon, 0, armour_kind)
    return AssaultShot(roll, need, drawn, ch.read_vehicle(drawn, valid, armour, scale))
