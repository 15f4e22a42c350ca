"""Artillery: calling fire, beaten zones, HEF/MAK draws, counter-battery, ammunition, cruise missiles
(dsii-core §9, §10; house rules 'Counter-battery fire', 'Artillery and ammo supply', 'Cruise missiles',
'Infantry mortar teams')."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.hexgrid import Hex, area
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.ladder import SYSTEM_DIE, shift

CLASSES = ("light", "medium", "heavy")
WEAPON_SIZE = {"light": 2, "medium": 4, "heavy": 6}
"""Artillery still counts as sizes 2, 4, 6 for every purpose but cargo space (DS2-A12)."""
CHITS = {"light": (1, 2), "medium": (2, 3), "heavy": (3, 4), "dfo": (2, 2)}
"""Chits per element per gun: (vehicle, infantry element) (§9.5); "dfo": each dead-fall ordnance load dropped,
2 chits per element in its zone (§11.4)."""
DFO_COST = 30
DFO_SPACE = 4
"""A dead-fall ordnance load: 30 points and 4 capacity (§11.4, §12.6-12.7)."""
AMMO_COST = {"light": 20, "medium": 30, "heavy": 40}
SMOKE_COST_PER_GUN = 10
"""A smoke marker costs 10 x the guns of the battery (§9.2, §12.7)."""
MARKER_COST = {"dmr": 100, "nukes": 1000, "biochem": 200}
"""DMR, nuclear and biochem markers, each (§9.2)."""
MINELAYER_LOAD_COST = 100
"""A minelayer load (§12.7)."""
SYSTEM_COST = {"light": 50, "medium": 100, "heavy": 200}
HOUSE_SPACE = {"light": 4, "medium": 9, "heavy": 14}
HOUSE_CHIT_SPACE = {"light": 1, "medium": 3, "heavy": 6}
"""House 'Artillery and ammo supply': mount space, and space per extra bombardment chit (DS2-A13)."""
CORE_LOAD_SPACE = 4
"""Core §9.6: one cargo load (one gun's share of one marker) takes 4 capacity."""
LOADED = 1
"""Chits carried already loaded under the house rule (instead of 3)."""


def call_die(observer: bool, leadership: int) -> int:
    """Specialised observer (or commando, house rule) d12; a leader d10 / d8 / d6 by leadership 1/2/3 (§9.3)."""
    return 12 if observer else {1: 10, 2: 8, 3: 6}[leadership]


def call_need(off_table: bool) -> int:
    return 6 if off_table else 4


def call_fire(observer: bool, leadership: int, off_table: bool, dice: Dice, *, self_spotting: bool = False,
              **who) -> bool:
    """Roll the call die: 4+ for an on-table battery, 6+ for off-table (§9.3). Artillery (and a mortar team)
    spotting for itself needs no call (house rules)."""
    if self_spotting:
        return True
    need = call_need(off_table)
    return dice.roll(1, call_die(observer, leadership), "call for fire", need=need, test=">=", rule="§9.3",
                     outcome=lambda f: "mission placed" if f[0] >= need else "no contact", **who)[0] >= need


def zone(impact: Hex) -> list[Hex]:
    """A converged sheaf, DFO or minefield: the impact hex and everything within 2 (§14.5)."""
    return area(impact, 2)


def element_chits(battery: str, target: str) -> int:
    return CHITS[battery][0 if target == "vehicle" else 1]


@dataclass(frozen=True)
class BombardHit:
    draws: tuple[tuple[str, ...], ...]
    vehicle: tuple[ch.VehicleResult, ...] = ()
    killed: bool = False


def bombard_element(battery: str, munition: str, target: str, guns_drawing: int, dice: Dice, *, dug_in: bool = False,
                    armour: int = 0, kill: int = 4, pool: ch.ChitPool | None = None, **who) -> BombardHit:
    """One element in an effective zone: one draw per gun (converged) or one draw (open), never added;
    vehicles against top armour (front - 1), specials count; infantry against the kill number (§9.5)."""
    pool = pool or ch.ChitPool()
    valid = w.artillery_validity(munition, target, dug_in)
    n = element_chits(battery, target)
    draws = tuple(pool.draw(n, dice, **who) for _ in range(guns_drawing))
    if target == "vehicle":
        top = max(0, armour - 1)
        return BombardHit(draws, tuple(ch.read_vehicle(d, valid, top) for d in draws))
    return BombardHit(draws, killed=any(ch.read_infantry(d, valid, kill) for d in draws))


def counter_battery_allowed(firer_off_table: bool, firer_class: str, target_off_table: bool, target_class: str) -> str:
    """House 'Counter-battery fire': '' when allowed, else the reason.

    Off-table batteries may fire only at on-table batteries; on-table light may not hit off-table medium or
    heavy, on-table medium may not hit off-table heavy.
    """
    if firer_off_table and target_off_table:
        return "off-table batteries cannot fire counter-battery at off-table batteries: they are too far away"
    if not firer_off_table and target_off_table:
        if CLASSES.index(target_class) > CLASSES.index(firer_class):
            return (f"on-table {firer_class} artillery cannot fire counter-battery at off-table "
                    f"{target_class} artillery")
    return ""


def locate_battery(cbr: str, fired_twice: bool, dice: Dice, **who) -> bool:
    """CBR die (d6/d8/d10, one up for a battery that fired twice from one spot) must reach 6 (§9.7)."""
    die = shift(SYSTEM_DIE[cbr], 1 if fired_twice else 0)
    return dice.roll(1, die, "counter-battery radar", need=6, test=">=", rule="§9.7",
                     outcome=lambda f: "located" if f[0] >= 6 else "not found", **who)[0] >= 6


def ammo_space(battery: str, chits: int) -> int:
    """House rule: space of the mount plus the chits beyond the one carried loaded."""
    return HOUSE_SPACE[battery] + HOUSE_CHIT_SPACE[battery] * max(0, chits - LOADED)


def ammo_cost(battery: str, guns: int, markers: int) -> int:
    """Each marker costs light 20 / medium 30 / heavy 40 x guns; all bought at normal cost (house rule)."""
    return AMMO_COST[battery] * guns * markers


# --- cruise missiles (house rule) ------------------------------------------------------

MISSILE_COST = {"HEF": 150, "MAK": 150, "HE": 150, "DMR": 200, "biochem": 300, "nuke": 1200}
MAX_LAUNCHERS = 5
STEER = 6
"""The missile may end anywhere within 6 inches = hexes of its target chit (DS2-A02, A10)."""
MAX_DUMMIES = 2


def launcher_cost(n: int) -> int:
    """Totals for n launchers, 50 x n(n+1)/2: 50, 150, 300, 500, 750 (DS2-A09)."""
    if not 0 <= n <= MAX_LAUNCHERS:
        raise ValueError(f"at most {MAX_LAUNCHERS} launchers, not {n}")
    return 50 * n * (n + 1) // 2


@dataclass(frozen=True)
class WarheadHit:
    """A cruise missile's single HE warhead: 5 chits all colours on anything directly hit (DS2 house rule)."""

    dud: bool
    draws: tuple[tuple[str, ...], ...]


def he_direct_hits(targets: int, dice: Dice, pool: ch.ChitPool | None = None, **who) -> WarheadHit:
    """Every element in the impact hex draws 5 chits, all colours counting. An F drawn for damage means the
    missile failed to detonate: nothing it drew applies and drawing stops [R]."""
    pool = pool or ch.ChitPool()
    draws = []
    for _ in range(targets):
        draws.append(pool.draw(5, dice, **who))
        if "F" in draws[-1]:
            return WarheadHit(True, tuple(draws))
    return WarheadHit(False, tuple(draws))
