"""Melee: both sides attack at the same time; terrain saves for the defender only; morale on both."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import R_CHAMPION, R_MELEE, count_under, roll_under
from rules.rulesets.dhr.procedures.combatants import Combatant
from rules.rulesets.dhr.procedures.morale import MoraleResult
from rules.rulesets.dhr.procedures.saves import Damage, after_attack_morale, resolve_hits


def melee_target(fighter: Combatant, modifier: int = 0) -> int:
    """A melee attack hits on a d6 equal or under the Rating (+ modifier); no range, RoF 1 (Melee)."""
    return fighter.rating + modifier


@dataclass(frozen=True)
class MeleeAttack:
    """One side's melee dice: a d6 per figure (times `melee_dice`) equal or under the target."""

    target: int
    faces: tuple[int, ...] = ()
    champions: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """Each attached Champion's (target, faces), rolled after the unit's dice."""

    @property
    def possible_hits(self) -> int:
        own = count_under(self.faces, self.target) if self.target > 0 else 0
        return own + sum(count_under(f, t) for t, f in self.champions if t > 0)


def melee_attack(fighter: Combatant, dice: Dice, *, modifier: int = 0, purpose: str = "melee") -> MeleeAttack:
    """A d6 per figure (x melee dice) equal or under the Rating (+ modifier); then each attached
    Champion's dice at his own Rating (+ modifier) (Melee; Special Figures: Champion)."""
    target = melee_target(fighter, modifier)
    n = fighter.figures * max(1, fighter.melee_dice)
    faces: tuple[int, ...] = ()
    if target > 0:
        faces = roll_under(dice, n, target, purpose, rule=R_MELEE, side=fighter.side, unit=fighter.unit,
                           word="possible hit")
    extra = []
    for k, rating in fighter.champions:
        t = rating + modifier
        extra.append((t, roll_under(dice, k, t, f"{purpose} (champion)", rule=R_CHAMPION, side=fighter.side,
                                    unit=fighter.unit, word="possible hit") if t > 0 else ()))
    return MeleeAttack(target, faces, tuple(extra))


@dataclass(frozen=True)
class MeleeResult:
    """A melee round. "attacker" is the unit that moved in (the one whose activation it is)."""

    attacker_attack: MeleeAttack
    defender_attack: MeleeAttack
    defender_damage: Damage
    """What the attacker's dice did to the defender (after terrain and armour saves)."""
    attacker_damage: Damage
    """What the defender's dice did to the attacker (armour saves only)."""
    defender_morale: MoraleResult | None
    attacker_morale: MoraleResult | None

    @property
    def defender_retreat(self) -> int:
        return self.defender_morale.retreat if self.defender_morale else 0

    @property
    def attacker_retreat(self) -> int:
        return self.attacker_morale.retreat if self.attacker_morale else 0

    @property
    def defender_leaves(self) -> bool:
        """The defender flees (or is wiped out) and its hex is free."""
        return self.defender_damage.eliminated or (self.defender_morale is not None and self.defender_morale.failed)

    @property
    def attacker_holds(self) -> bool:
        return not self.attacker_damage.eliminated and not (
            self.attacker_morale is not None and self.attacker_morale.failed)

    @property
    def attacker_may_enter(self) -> bool:
        """"If you happen to flee and I do not, then I can stay in the house" (Melee example)."""
        return self.defender_leaves and self.attacker_holds


def resolve_melee(
    attacker: Combatant,
    defender: Combatant,
    dice: Dice,
    *,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    morale: bool = True,
) -> MeleeResult:
    """One round of melee (Melee, Morale; DHR-A13).

    Both sides roll at the same time: a d6 per figure (x `melee_dice`, a
    Champion's several attacks) equal or under their Rating. Only the defender
    gets terrain saves, at its `terrain_dv` (the hex it holds or sits behind);
    both get armour saves (`armour_dv` set for the enemy's weapons). Casualties
    are simultaneous; then the defender checks morale with its DV, the attacker
    with the DV of the hex it attacks FROM (its own `terrain_dv`), never the
    DV of the hex it attacks.

    Dice order (for scripted tests): attacker's attack, defender's attack,
    defender's terrain saves, armour saves, medic; attacker's armour saves,
    medic; defender's morale; attacker's morale.
    """
    a_roll = melee_attack(attacker, dice, modifier=attacker_modifier)
    d_roll = melee_attack(defender, dice, modifier=defender_modifier)
    d_damage = resolve_hits(a_roll.possible_hits, defender, defender.terrain_dv, dice)
    a_damage = resolve_hits(d_roll.possible_hits, attacker, 0, dice)
    d_morale = after_attack_morale(defender, d_damage, dice) if morale else None
    a_morale = after_attack_morale(attacker, a_damage, dice) if morale else None
    return MeleeResult(a_roll, d_roll, d_damage, a_damage, d_morale, a_morale)
