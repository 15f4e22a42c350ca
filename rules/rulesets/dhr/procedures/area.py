"""Area effect (optional), and the special figures that use it: RTO strikes and Wizard spells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.dice import Dice
from rules.rulesets.dhr.procedures.base import (
    R_AREA, R_RTO, R_WIZARD, CheckResult, count_under, rating_check, roll_under,
)
from rules.rulesets.dhr.procedures.combatants import Combatant, Firer
from rules.rulesets.dhr.procedures.fire import FireResult, range_penalty, resolve_fire
from rules.rulesets.dhr.procedures.morale import MoraleResult
from rules.rulesets.dhr.procedures.saves import Damage, after_attack_morale, resolve_hits


@dataclass(frozen=True)
class AreaHit:
    """The 1D6 to hit the target hex (DHR-A17)."""

    target: int
    face: int | None
    hit: bool
    possible: bool = True


def area_hit(
    rating: int,
    dice: Dice,
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    side: str | None = None,
    unit: str | None = None,
) -> AreaHit:
    """Does an area attack land on its hex? (Area Effect; DHR-A17).

    In melee it hits automatically. At a distance, 1D6 equal or under the
    attacker's Rating minus the range penalty (+ modifier); a target of 0 or
    less cannot be tried (DHR-A01).
    """
    if melee:
        return AreaHit(6, None, True)
    target = rating - range_penalty(distance, weapon_range) + modifier
    if target <= 0:
        return AreaHit(target, None, False, possible=False)
    if target >= 6:
        return AreaHit(target, None, True)
    (face,) = dice.roll(1, 6, "area attack", side=side, unit=unit, need=target, test="<=", rule=R_AREA,
                        outcome=lambda fs: "on target" if fs[0] <= target else "missed")
    return AreaHit(target, face, face <= target)


@dataclass(frozen=True)
class AreaEffectResult:
    """What an area attack that landed did to one unit in the hex."""

    light_faces: tuple[int, ...]
    """The n-in-6 rolls of a light charge, one per figure (empty for a full charge)."""
    possible_hits: int
    damage: Damage
    morale: MoraleResult | None


def area_effect_on(
    target: Combatant,
    dice: Dice,
    *,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
    morale: bool = True,
) -> AreaEffectResult:
    """Every figure in the hex is a possible hit (Area Effect; DHR-A17).

    A light charge (`light` = n, "only a 3 in 6 chance they are hit") first
    rolls a d6 per figure, n or under to be a possible hit. Then terrain saves
    at the hex's DV (`save_dv` or the unit's `terrain_dv`), armour saves when
    they apply (`armour=False` for flame throwers and the like), casualties,
    and morale, without the DV when the terrain is untenable (the unit's
    `untenable` flag).
    """
    faces: tuple[int, ...] = ()
    if light is not None and light < 6:
        faces = roll_under(dice, target.figures, light, "light charge", rule=R_AREA, side=target.side,
                           unit=target.unit, word="figure hit", many="figures hit")
        hits = count_under(faces, light)
    else:
        hits = target.figures
    damage = resolve_hits(hits, target, target.terrain_dv if save_dv is None else save_dv, dice, armour=armour)
    check = after_attack_morale(target, damage, dice) if morale else None
    return AreaEffectResult(faces, hits, damage, check)


@dataclass(frozen=True)
class AreaAttackResult:
    """An area attack on a hex: the roll to land, then each unit in it."""

    hit: AreaHit
    effects: tuple[AreaEffectResult, ...] = ()


def resolve_area_attack(
    rating: int,
    targets: Sequence[Combatant],
    dice: Dice,
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
    morale: bool | Sequence[bool] = True,
    side: str | None = None,
    unit: str | None = None,
) -> AreaAttackResult:
    """Area Effect in full: `area_hit` once for the hex, then `area_effect_on` each unit in it, in order.

    Several units in one hex (a unit and the special figures attached to it) share the one
    roll to land; each then saves on its own. `morale`: one flag per target (or one for all)
    saying whether that target checks morale here (False: the caller checks, e.g. once for a
    unit with the casualties of its attached figures counted)."""
    hit = area_hit(rating, dice, distance=distance, weapon_range=weapon_range, melee=melee, modifier=modifier,
                   side=side, unit=unit)
    if not hit.hit:
        return AreaAttackResult(hit)
    flags = [morale] * len(targets) if isinstance(morale, bool) else list(morale)
    return AreaAttackResult(hit, tuple(area_effect_on(t, dice, light=light, armour=armour, save_dv=save_dv, morale=m)
                                       for t, m in zip(targets, flags)))


# --- RTO: off-board artillery and air strikes -------------------------------------------


@dataclass(frozen=True)
class OffBoardAsset:
    """Artillery or an air strike an RTO can call (scenario data)."""

    name: str
    rating: int = 3
    """The battery's or pilot's Rating for the 1D6 to land on the hex (no range penalty)."""
    light: int | None = None
    """n-in-6 per figure for a light charge (DHR-A17); None for a full charge."""
    armour: bool = True
    """Whether armour saves apply against it."""


@dataclass(frozen=True)
class StrikeResult:
    contact: CheckResult
    """The RTO's Rating check to get the call through."""
    attack: AreaAttackResult | None = None


def call_strike(
    rto_rating: int,
    asset: OffBoardAsset,
    targets: Sequence[Combatant],
    dice: Dice,
    *,
    leader_rating: int | None = None,
    side: str | None = None,
    unit: str | None = None,
) -> StrikeResult:
    """Special Figures, RTO: "talk with off-board assets such as artillery and air strikes".

    Interpretation (the text gives no numbers): the RTO makes a Rating check to
    get the call through (a Leader's higher Rating counts, DHR-A25); on a pass,
    the strike is an area attack on the hex with the asset's Rating and no
    range penalty (Area Effect; DHR-A17).
    """
    contact = rating_check(rto_rating, dice, leader_rating=leader_rating, purpose="RTO call", rule=R_RTO,
                           side=side, unit=unit)
    if not contact.passed:
        return StrikeResult(contact)
    attack = resolve_area_attack(asset.rating, targets, dice, light=asset.light, armour=asset.armour,
                                 side=side, unit=unit)
    return StrikeResult(contact, attack)


# --- Wizard -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Spell:
    """A Wizard's special attack (scenario data): ranged, area effect, or both."""

    name: str
    range: int = 0
    """Range value in hexes (range bands as for weapons); 0 = touch (melee)."""
    dice: int = 1
    """Dice for a single-target spell (its RoF)."""
    area: bool = False
    light: int | None = None
    armour: bool = True
    attack_type: str = "magic"


def cast_spell(
    wizard_rating: int,
    spell: Spell,
    targets: Sequence[Combatant],
    dice: Dice,
    *,
    distance: int = 0,
    save_dv: int = 0,
    morale: bool | Sequence[bool] = True,
    side: str | None = None,
    unit: str | None = None,
) -> AreaAttackResult | FireResult:
    """Special Figures, Wizard: "his special attacks can be ranged and area effect".

    An area spell is an area attack on the hex holding `targets`; any other
    spell is a shot with `spell.dice` dice at the first target.
    Interpretation: the Wizard's toughness ("a walking tank") is data: give
    him `toughness` > 1 or vehicle armour dice.
    """
    if spell.area:
        return resolve_area_attack(wizard_rating, targets, dice, distance=distance, weapon_range=spell.range,
                                   melee=spell.range == 0, light=spell.light, armour=spell.armour,
                                   morale=morale, side=side, unit=unit)
    firer = Firer(1, wizard_rating, spell.range, (spell.dice,), spell.attack_type, side, unit)
    target = targets[0] if spell.armour else replace(targets[0], armour_dv=0)
    return resolve_fire(firer, target, dice, distance=distance, save_dv=save_dv,
                        morale=morale if isinstance(morale, bool) else morale[0],
                        purpose=f"spell: {spell.name}", rule=R_WIZARD)
