"""Weapons: range bands, fire-control and target dice, chit counts and validity (dsii-core §5, §6.3, §8).

House rule 'Rapid fire auto canons' changes RFAC fire at infantry (DS2-A07).
"""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.ladder import shift

BANDS: dict[tuple[str, int], tuple[int, int, int]] = {
    ("RFAC", 1): (8, 12, 16), ("RFAC", 2): (12, 18, 24),
    ("HVC", 3): (16, 24, 32), ("HVC", 4): (18, 27, 36), ("HVC", 5): (20, 30, 40),
    ("HKP", 3): (18, 30, 42), ("HKP", 4): (24, 36, 48), ("HKP", 5): (30, 42, 54),
    ("MDC", 1): (8, 16, 24), ("MDC", 2): (12, 24, 36), ("MDC", 3): (24, 36, 48),
    ("MDC", 4): (30, 42, 54), ("MDC", 5): (36, 48, 60),
    ("DFFG", 1): (4, 8, 12), ("DFFG", 2): (6, 12, 18), ("DFFG", 3): (8, 16, 24),
    ("DFFG", 4): (10, 20, 30), ("DFFG", 5): (12, 24, 36),
    ("SLAM", 3): (12, 24, 36), ("SLAM", 4): (12, 24, 36), ("SLAM", 5): (12, 24, 36),
}
"""Upper limit of close, medium, long, in inches = hexes (§5.4, §14.1)."""
MAX_RANGE = {"GMS/L": 36, "GMS/H": 48, "IAVR": 4, "APSW": 12, "HEL": 60}
BAND_NAMES = ("close", "medium", "long")

FC_DIE = {"basic": (8, 6, 4), "enhanced": (10, 8, 6), "superior": (12, 10, 8)}
"""Firer's die by fire-control quality and band (§5.2)."""
SIGNATURE_DIE = {1: 12, 2: 10, 3: 8, 4: 6, 5: 4}
SECONDARY = {"turret_down": 12, "hull_down": 10, "dug_in": 10, "evading": 8, "soft_cover": 6, "pop_up": 6}


def band(weapon: str, cls: int, distance: int, *, damaged: bool = False, hel_band: str = "medium",
         obscured: bool = False) -> int | None:
    """The band index (0 close, 1 medium, 2 long) at `distance`, or None if out of reach.

    A damaged firer and smoke each count one band longer; long then cannot be fired (§5.1, §5.6).
    """
    if weapon == "HEL":
        if distance > MAX_RANGE["HEL"]:
            return None
        b = 0 if hel_band == "close" else 1  # §5.4 [?]: default medium, switchable
    else:
        limits = BANDS.get((weapon, cls))
        if limits is None:
            return None
        b = next((i for i, lim in enumerate(limits) if distance <= lim), None)
        if b is None:
            return None
    b += int(damaged) + int(obscured)
    return b if b <= 2 else None


def firer_die(fc: str, b: int, *, fast: bool = False) -> int | None:
    """The fire-control die for the band, one type down after moving more than half BMF (§5.1-5.2).
    None: impossible (a Basic fire control at long range after moving fast)."""
    return shift(FC_DIE[fc][b], -1 if fast else 0)


def target_primary(signature: int, stealth: int = 0, *, active_ads: bool = False, modular: bool = False) -> int:
    """Primary target die by effective signature (§5.3): size (+1 walker) - stealth, never below 1."""
    if modular:
        return 4
    eff = signature + 1 if active_ads else max(1, signature - stealth)
    return SIGNATURE_DIE.get(eff, 4)


def target_secondary(states: set[str]) -> int | None:
    """Only the best one secondary die that applies (§5.3)."""
    dice = [SECONDARY[s] for s in states if s in SECONDARY]
    return max(dice) if dice else None


def vehicle_validity(weapon: str, b: int, armour_kind: str = "plain", apfc: bool = False) -> tuple[frozenset[str], Fraction]:
    """Colours that count against a vehicle, and the DFFG scale (§6.3)."""
    if weapon == "HEL":
        return (ch.GREEN if armour_kind == "ablative" else ch.RED), Fraction(1)
    if weapon in ("RFAC", "HVC"):
        return (ch.RY, ch.RED, ch.GREEN)[b], Fraction(1)
    if weapon in ("HKP", "MDC"):
        return (ch.ALL, ch.RY, ch.RED)[b], Fraction(1)
    if weapon == "DFFG":
        return ch.ALL, (Fraction(2), Fraction(1), Fraction(1, 2))[b]
    if weapon == "IAVR" and apfc:
        return ch.YELLOW, Fraction(1)
    if armour_kind == "reactive":
        return ch.RED, Fraction(1)
    return ch.RY, Fraction(1)  # SLAM, GMS, IAVR


def vehicle_chits(weapon: str, cls: int) -> int:
    """Chits per hit: the weapon's class; GMS/L 3, GMS/H 5, IAVR 2 (§5.1 step 6, §7.1)."""
    return {"GMS/L": 3, "GMS/H": 5, "IAVR": 2, "APSW": 1}.get(weapon, cls)


def versus_infantry(weapon: str, cls: int, distance: int, *, house_rfac: bool = True) -> tuple[int, frozenset[str]] | None:
    """(chits per barrel, validity) for a vehicle weapon firing at infantry; None if it cannot (§6.3, p.36).

    House rule RFACs: 2 chits at medium and 3 at close, per shot; at long the base rule applies,
    which does not reach past medium (DS2-A07).
    """
    if weapon == "HEL":
        return (2, ch.YELLOW) if distance <= 36 else None
    if weapon == "APSW":
        return (3, ch.RY) if distance <= 12 else None
    b = band(weapon, cls, distance)
    if b is None:
        return None
    if weapon == "RFAC" and house_rfac:
        return {0: (3, ch.YELLOW), 1: (2, ch.YELLOW)}.get(b)
    if weapon in ("RFAC", "MDC", "HVC"):
        return (2, ch.YELLOW) if b <= 1 else None
    if weapon == "DFFG":
        return (3, ch.RED) if b <= 1 else None
    if weapon == "SLAM":
        return (cls, ch.YELLOW) if b == 0 else None
    return None  # HKP, GMS, IAVR: no effect on infantry


def firefight_validity(position: str) -> frozenset[str]:
    """Ranged firefight: open red+yellow, soft cover red, dug in or urban yellow (§8.3)."""
    return {"open": ch.RY, "soft": ch.RED, "dug_in": ch.YELLOW, "urban": ch.YELLOW}[position]


def assault_validity(position: str) -> frozenset[str]:
    """Close assault: open all, soft cover red+yellow, dug in red (§8.5)."""
    return {"open": ch.ALL, "soft": ch.RY, "dug_in": ch.RED, "urban": ch.RY}[position]


def artillery_validity(munition: str, target: str, dug_in: bool) -> frozenset[str]:
    """HEF and MAK validity (§6.3, the S4 reading; soft cover never helps, dug-in does)."""
    table = {
        ("HEF", "infantry"): (ch.RY, ch.RED), ("HEF", "vehicle"): (ch.YELLOW, ch.NONE),
        ("MAK", "infantry"): (ch.YELLOW, ch.NONE), ("MAK", "vehicle"): (ch.RY, ch.RED),
    }
    return table[(munition, target)][1 if dug_in else 0]
