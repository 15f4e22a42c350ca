"""Armored vehicles and heavy weapons (optional): armament dice against armour dice, effects, overruns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import R_CONTEST, R_EFFECT, R_OVERRUN, roll_under
from rules.rulesets.dhr.procedures.combatants import Combatant, Firer
from rules.rulesets.dhr.procedures.fire import FireResult, FireRoll, fire_roll
from rules.rulesets.dhr.procedures.saves import Damage, SaveRoll, after_attack_morale, resolve_hits, terrain_saves

ARMOUR_CLASSES = {1: "Unarmored", 2: "Lightly armored", 3: "Moderately armored", 4: "Heavily armored", 5: "OMG armored"}
"""Armour dice by category (Armored Vehicles & Heavy Weapons)."""

ARMAMENT_CLASSES = {
    1: ".50 cal or 12.7mm or anti-tank grenade", 2: "1 inch or 35mm or LAW", 3: "2 inch or 57mm or RPG",
    4: "75mm or recoilless rifle", 5: "90mm+ or missile",
}
"""Armament dice by weapon (Armored Vehicles & Heavy Weapons; the M5's gun is 3D6 per DHR-A26)."""

DAMAGE_EFFECTS = {
    1: "main weapon knocked out", 2: "crew bails", 3: "ammo explosion",
    4: "crew casualty", 5: "fuel explosion", 6: "mobility kill",
}
"""The optional damage effect table, 1D6 per die that beat the defender (DHR-A16)."""


@dataclass(frozen=True)
class ContestOutcome:
    """Who won an armour contest, and how many effect rolls the win earns (DHR-A15, DHR-A16)."""

    attacker_wins: bool
    by_tie_rule: bool
    """The top dice were equal and the attacker had strictly more of them."""
    effect_rolls: int
    """Attacker dice above the defender's highest; on a tie-rule win, the surplus of top dice; min 1."""


def contest_winner(attacker: Sequence[int], defender: Sequence[int]) -> ContestOutcome:
    """Highest die wins; the defender wins ties UNLESS the attacker has more dice of that value (DHR-A15).

    [5,5,5] vs [1,1,1,6]: defender. [1,6,6] vs [1,1,1,6]: attacker (two 6s to one).
    [6,5,1] vs [6,2,2,2]: defender (one 6 each; the second-highest die never counts).
    """
    a_top = max(attacker, default=0)
    d_top = max(defender, default=0)
    if a_top > d_top:
        return ContestOutcome(True, False, max(1, sum(1 for f in attacker if f > d_top)))
    if a_top < d_top:
        return ContestOutcome(False, False, 0)
    a_n = sum(1 for f in attacker if f == a_top)
    d_n = sum(1 for f in defender if f == d_top)
    if a_n > d_n:
        return ContestOutcome(True, True, max(1, a_n - d_n))
    return ContestOutcome(False, False, 0)


@dataclass(frozen=True)
class ArmourContest:
    """One armour contest: the armament dice against the armour dice."""

    armament: int
    armour: int
    attacker_faces: tuple[int, ...]
    defender_faces: tuple[int, ...]
    outcome: ContestOutcome

    @property
    def attacker_wins(self) -> bool:
        return self.outcome.attacker_wins


def armour_contest(
    armament: int,
    armour: int,
    dice: Dice,
    *,
    side: str | None = None,
    unit: str | None = None,
    target_side: str | None = None,
    target_unit: str | None = None,
) -> ArmourContest:
    """Roll the armament's dice against the armour's dice (Armored Vehicles & Heavy Weapons).

    Attacker's dice are rolled first, then the defender's.
    """
    a = dice.roll(armament, 6, "armament", side=side, unit=unit, rule=R_CONTEST,
                  outcome=lambda fs: f"best {max(fs)}") if armament > 0 else ()
    d = dice.roll(armour, 6, "armour", side=target_side, unit=target_unit, rule=R_CONTEST,
                  outcome=lambda fs: f"best {max(fs)}") if armour > 0 else ()
    return ArmourContest(armament, armour, a, d, contest_winner(a, d))


@dataclass(frozen=True)
class VehicleDamage:
    """The state of a vehicle (or walker) after hits: the caller stores the flags."""

    killed: bool = False
    """Out of the fight ("a kill is a kill"): becomes immobile cover."""
    wreck: bool = False
    """A wreck on the map: immobile cover (Armored Vehicles)."""
    smoke: bool = False
    """The wreck smokes: +1 DV to a line of sight through it (DHR-A20)."""
    immobile: bool = False
    weapon_out: bool = False
    crew_bailed: bool = False
    crew_casualties: int = 0
    effects: tuple[str, ...] = ()
    """The damage effect table results, in order."""


KILL = VehicleDamage(killed=True, wreck=True, smoke=True, immobile=True)
"""A kill without the effect table: "a kill is a kill", immobile cover with smoke."""


def apply_effects(effects: Sequence[str], before: VehicleDamage | None = None) -> VehicleDamage:
    """Fold damage-table results into a vehicle's state (interpretation, see docs/rules/dhr.md).

    Ammo or fuel explosion: destroyed, a smoking wreck. Crew bails: out of the
    fight, immobile cover, no smoke. Main weapon knocked out: cannot fire its
    main armament. Crew casualty: counted (the caller lowers the Rating by one
    per casualty, minimum 1). Mobility kill: cannot move.
    """
    v = before or VehicleDamage()
    killed, wreck, smoke, immobile = v.killed, v.wreck, v.smoke, v.immobile
    weapon_out, bailed, crew = v.weapon_out, v.crew_bailed, v.crew_casualties
    for e in effects:
        if e in ("ammo explosion", "fuel explosion"):
            killed = wreck = smoke = immobile = True
        elif e == "crew bails":
            killed = bailed = immobile = True
        elif e == "main weapon knocked out":
            weapon_out = True
        elif e == "crew casualty":
            crew += 1
        elif e == "mobility kill":
            immobile = True
    return VehicleDamage(killed, wreck, smoke, immobile, weapon_out, bailed, crew, v.effects + tuple(effects))


def damage_effects(n: int, dice: Dice, *, side: str | None = None, unit: str | None = None) -> tuple[str, ...]:
    """Roll 1D6 per effect on the damage effect table (optional; DHR-A16)."""
    if n <= 0:
        return ()
    faces = dice.roll(n, 6, "damage effect", side=side, unit=unit, rule=R_EFFECT,
                      outcome=lambda fs: ", ".join(DAMAGE_EFFECTS[f] for f in fs))
    return tuple(DAMAGE_EFFECTS[f] for f in faces)


@dataclass(frozen=True)
class VehicleFireResult:
    """Fire at a vehicle: to hit, terrain saves, then one armour contest per hit left."""

    roll: FireRoll
    terrain: SaveRoll | None = None
    contests: tuple[ArmourContest, ...] = ()
    damage: VehicleDamage = VehicleDamage()

    @property
    def killed(self) -> bool:
        return self.damage.killed


def resolve_vehicle_fire(
    firer: Firer,
    armament: int,
    armour: int,
    dice: Dice,
    *,
    distance: int,
    save_dv: int = 0,
    slots: int = 1,
    modifier: int = 0,
    damage_table: bool = False,
    before: VehicleDamage | None = None,
    target_side: str | None = None,
    target_unit: str | None = None,
) -> VehicleFireResult:
    """Heavy weapon fire at an armoured target (Armored Vehicles & Heavy Weapons; DHR-A15, A16, A27).

    The firing roll as usual (Rating, range, RoF); terrain saves on the hits at
    the line-of-sight DV (DHR-A27); then one armour contest per hit left:
    armament dice against armour dice. Without the damage table, the first
    won contest is a kill (a smoking wreck, immobile cover) and ends it. With
    `damage_table`, every won contest rolls its effect dice (DHR-A16) and the
    contests go on while the vehicle is not yet destroyed.
    """
    roll = fire_roll(firer, distance, dice, slots=slots, modifier=modifier)
    if not roll.possible:
        return VehicleFireResult(roll, damage=before or VehicleDamage())
    terrain = terrain_saves(roll.possible_hits, save_dv, dice, side=target_side, unit=target_unit)
    contests: list[ArmourContest] = []
    state = before or VehicleDamage()
    for _ in range(terrain.remaining):
        if state.killed:
            break
        c = armour_contest(armament, armour, dice, side=firer.side, unit=firer.unit,
                           target_side=target_side, target_unit=target_unit)
        contests.append(c)
        if c.attacker_wins:
            if damage_table:
                state = apply_effects(damage_effects(c.outcome.effect_rolls, dice, side=target_side, unit=target_unit),
                                      state)
            else:
                state = VehicleDamage(True, True, True, True, state.weapon_out, state.crew_bailed,
                                      state.crew_casualties, state.effects)
    return VehicleFireResult(roll, terrain, tuple(contests), state)


def vehicle_overrun(
    target: Combatant,
    dice: Dice,
    *,
    kill_value: int = 1,
    save_dv: int | None = None,
    morale: bool = True,
    side: str | None = None,
    unit: str | None = None,
) -> FireResult:
    """A vehicle dashes through a unit: an area attack with kill value 1 (vehicle-overruns; DHR-A27).

    A d6 per figure, equal or under `kill_value` is a possible hit ("8 soldiers,
    roll 8D6 trying to get 1s"); terrain saves at the unit's DV (or `save_dv`);
    no small-arms armour saves; casualties; morale.
    """
    faces = roll_under(dice, target.figures, kill_value, "overrun", rule=R_OVERRUN, side=side, unit=unit,
                       word="possible hit")
    roll = FireRoll(kill_value, target.figures, faces)
    damage: Damage = resolve_hits(roll.possible_hits, target, target.terrain_dv if save_dv is None else save_dv,
                                  dice, armour=False)
    check = after_attack_morale(target, damage, dice) if morale else None
    return FireResult(roll, damage, check)
