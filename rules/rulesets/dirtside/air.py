"""Air defence, aerospace craft, SAMs, air-to-air combat and cruise-missile interception (dsii-core §11;
house rules 'Aerospace vehicles', 'Decoys', 'Air defense systems', 'Aerospace air to air combat',
'Cruise missiles')."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.ladder import ECM_DIE, QUALITY_DIE, SYSTEM_DIE, shift

ADS_CHITS = {"basic": 2, "enhanced": 3, "superior": 4}
ADS_REACH = 36
LAD_REACH = 12
CRUISE_DIE = 12
"""A cruise missile counts as having a target die of d12, no ECM and armour 0 (house rule)."""
SAM_COST = {"basic": 300, "enhanced": 400, "superior": 500}
SAM_SPACE = {"basic": 10, "enhanced": 15, "superior": 20}
AAM_COST = {"basic": 30, "enhanced": 45, "superior": 60}
AAM_SPACE = 8
DECOY_COST = 20
DECOY_SPACE = 2


def pilot_die(quality: str, nerve: int) -> int:
    """Aircraft die against ZAD: command-marker colour die, up one for nerve 1, down one for nerve 3 (§11.3)."""
    return shift(QUALITY_DIE[quality], {1: 1, 2: 0, 3: -1}[nerve])


def lad_die(weapons: int) -> int:
    """d6 for one LAD weapon, one type up per extra weapon (§11.3 step 4)."""
    return shift(6, weapons - 1)


@dataclass(frozen=True)
class AirDefenceShot:
    ads_roll: int
    aircraft_rolls: tuple[int, ...]
    outcome: str  # "miss", "abort", "damaged", "destroyed"
    draw: tuple[str, ...] = ()


def air_defence_fire(defence_die: int, chits: int, aircraft_dice: tuple[int, ...], armour: int, dice: Dice, *,
                     cruise: bool = False, pool: ch.ChitPool | None = None, **who) -> AirDefenceShot:
    """ZAD or LAD fire (§11.3): lower misses, equal aborts the aircraft undamaged, higher hits and draws
    (all colours, specials ignored). A cruise missile never aborts and any hit destroys it [R, §11.6]."""
    a = dice.roll(1, defence_die, "air defence", rule="§11.3", outcome=lambda f: f"rolls {f[0]}", **who)[0]
    t = tuple(dice.roll(1, d, "aircraft evasion", rule="§11.3", outcome=lambda f: f"rolls {f[0]}")[0]
              for d in aircraft_dice)
    best = max(t)
    if a < best or (a == best and cruise):
        return AirDefenceShot(a, t, "miss")
    if a == best:
        return AirDefenceShot(a, t, "abort")
    if cruise:
        return AirDefenceShot(a, t, "destroyed")
    pool = pool or ch.ChitPool()
    drawn = pool.draw(chits, dice, **who)
    return AirDefenceShot(a, t, ch.read_air_defence(drawn, armour).outcome, drawn)


def evasion_dice(ecm: str, quality: str, evades: bool, decoys: bool) -> tuple[int, ...]:
    """Target dice against a SAM or an AAM: the ECM die; evading adds the command-marker die, decoys add a d4,
    both add one type above the command-marker die (d8/d10/d12). The higher die counts (DS2-A14)."""
    base = (ECM_DIE[ecm],)
    q = QUALITY_DIE[quality]
    if evades and decoys:
        return base + (shift(q, 1),)
    if evades:
        return base + (q,)
    if decoys:
        return base + (4,)
    return base


def may_evade(size: int, activated: bool) -> bool:
    """Only normal-size craft (size 5 or less) that have not yet had their activation may evade."""
    return size < 6 and not activated


@dataclass(frozen=True)
class MissileDuel:
    attack_roll: int
    defence_rolls: tuple[int, ...]

    @property
    def hit(self) -> bool:
        return self.attack_roll > max(self.defence_rolls)


def sam_or_aam(quality: str, ecm: str, pilot_quality: str, evades: bool, decoys: bool, dice: Dice, **who) -> MissileDuel:
    """A SAM (die by SAM quality) or an AAM (die by guidance): a hit destroys the craft (house rules)."""
    a = dice.roll(1, SYSTEM_DIE[quality], "missile", rule="house: SAM / AAM", outcome=lambda f: f"rolls {f[0]}", **who)[0]
    d = tuple(dice.roll(1, x, "evasion", rule="DS2-A14", outcome=lambda f: f"rolls {f[0]}")[0]
              for x in evasion_dice(ecm, pilot_quality, evades, decoys))
    return MissileDuel(a, d)


def gun_attack_die(fc: str, pilot_quality: str) -> int:
    """Air-to-air RFAC/1 or HEL: fire-control die d6/d8/d10, one type down for a green pilot, up for an ace
    (DS2-A16)."""
    return shift(SYSTEM_DIE[fc], {"green": -1, "regular": 0, "veteran": 1}[pilot_quality])


@dataclass(frozen=True)
class GunPass:
    attack_roll: int
    defence_rolls: tuple[int, ...]
    draw: tuple[str, ...] = ()
    damage: int = 0
    destroyed_outright: bool = False

    @property
    def hit(self) -> bool:
        return self.attack_roll > max(self.defence_rolls)


def gun_attack(fc: str, pilot_quality: str, target_die: int, evading_die: int | None, dice: Dice, *,
               pool: ch.ChitPool | None = None, **who) -> GunPass:
    """The target rolls its effective target die (+ the command-marker die when evading); a higher attack roll
    hits and draws 1 chit: red numbers do damage, specials count, M destroys (house rule, DS2-A19)."""
    a = dice.roll(1, gun_attack_die(fc, pilot_quality), "air-to-air guns", rule="house: air to air",
                  outcome=lambda f: f"rolls {f[0]}", **who)[0]
    d = tuple(dice.roll(1, x, "target die", rule="house: air to air", outcome=lambda f: f"rolls {f[0]}")[0]
              for x in (target_die,) + ((evading_die,) if evading_die else ()))
    if a <= max(d):
        return GunPass(a, d)
    pool = pool or ch.ChitPool()
    drawn = pool.draw(1, dice, **who)
    dmg, dead = ch.air_to_air_damage(drawn)
    return GunPass(a, d, drawn, dmg, dead)


def guns_at_cruise_missile(fc: str, pilot_quality: str, dice: Dice, **who) -> GunPass:
    """RFAC/1s or HELs at a cruise missile on the turn it lands (house rule): the attack die as against a craft
    against the missile's d12; no evasion, no dog-fight. A hit destroys it with no chit drawn: "if the missile is
    hit, it [blows up] in the air" ([R], as any ADS or LAD hit, §11.6)."""
    a = dice.roll(1, gun_attack_die(fc, pilot_quality), "air-to-air guns", rule="house: air to air",
                  outcome=lambda f: f"rolls {f[0]}", **who)[0]
    d = dice.roll(1, CRUISE_DIE, "cruise missile target die", rule="house: cruise missiles",
                  outcome=lambda f: f"rolls {f[0]}")[0]
    return GunPass(a, (d,))


def air_damage_state(total: int, armour: int, outright: bool = False) -> str:
    """Cumulative air-to-air damage (DS2-A17): = armour damaged (flies home), > armour destroyed."""
    if outright or total > armour:
        return "destroyed"
    return "damaged" if total == armour else "fighting"
