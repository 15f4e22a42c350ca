"""DHR procedures: pure functions of small plain inputs and a `Dice`, returning result objects.

The rule set (turn.py) gathers the inputs from the state, calls these, and applies
the results; `rules.rulesets.dhr.odds` (with `armour_odds` and `hex_odds`) computes
exact distributions of the same procedures for the preview. Every roll is recorded with purpose, side/unit, the
number needed, test "<=" (the terrain check: ">"), outcome and the rule reference.
Section names are the rule text's; DHR-Axx are decisions in shared/rules/NOTES.md.

Inputs (frozen dataclasses)
  Firer(figures, rating, weapon_range, rof, attack_type, side, unit)
      figures = firing figures, or guns for a crew-served weapon.
  Combatant(figures, rating, terrain_dv, armour_dv, leader_rating, medic, untenable,
            toughness, wounds, melee_dice, side, unit)
      the unit attacked (and attacking back in melee). terrain_dv = DV of the hex it
      holds or sits behind (morale, melee saves); armour_dv = Armour.against(attack type).
  Armour(dv={"arrows": 2, "all": 0}, helmet, shield).against(attack_type) -> int  (DHR-A18)
  LineTarget(target: Combatant, distance, save_dv, at: Hex)      line / traversing fire
  OffBoardAsset(name, rating, light, armour), Spell(name, range, dice, area, ...), Champion

Movement (Movement; DHR-A04, A05, A06)
  step_dv(hex_dv, hexside_dvs=(), along_road=False) -> int
  terrain_check(dv, mp, dice, challenge=False, buy_auto_pass=True, keep_trying=True) -> TerrainCheck
      .passed, .mp_spent, .mp_left, .rolls, .auto_pass. One MP per step; DV 0: no roll.
  free_form_terrain_check(dv, inches, dice) -> FreeFormCheck   (quick resolver only)

Firing (Firing, Range, Rate of Fire; DHR-A01..A03, A08..A10)
  range_penalty(distance, weapon_range), fire_target(rating, distance, weapon_range, slots, modifier),
  max_range(rating, weapon_range, slots, modifier) -> hexes (0: cannot fire)
  parse_rof("3|3|2|2|2"), rof_text(rof), rof_dice(rof, slots) -> (dice per firer, penalty),
  split_rof(total, slots), rof_from_cyclic(rpm, slots)
  fire_roll(firer, distance, dice, slots=1, modifier=0) -> FireRoll(.possible, .possible_hits)
  resolve_fire(firer, target, dice, distance=, save_dv=, slots=1, modifier=0, morale=True) -> FireResult
      (.roll, .damage: Damage(.casualties, .wounds, .figures_left, .eliminated), .morale, .retreat)
  resolve_line_fire(firer, [LineTarget...], dice, slots, modifier, allocation=None, traverse=False)
      -> MultiFireResult; spread_dice(total, figures) is the default allocation.

Saves and casualties (Terrain Saves, Armor Saves; DHR-A07, A18, A20, A24)
  save_dv(step_dvs, hexside_dvs=(), smoke=False) -> int     (step_dvs after the firer's hex;
      an edge step gives two DVs and counts the lesser)
  line_save_dv(line(firer_hex, target_hex), hex_dv(h), hexside_dv(a, b), smoky(h)) -> int
  terrain_saves(hits, dv, dice), armour_saves(hits, dv, dice) -> SaveRoll(.saved, .remaining)
  medic_saves(casualties, dice) -> negated; casualties_from_hits(hits, figures, toughness, wounds)
  resolve_hits(possible_hits, target, save_dv, dice, armour=True) -> Damage

Morale (Morale; DHR-A01, A11, A12, A23, A25)
  morale_target(rating, terrain_dv, casualties, leader_rating, untenable) -> int
  morale_check(rating, terrain_dv, casualties, dice, leader_rating, untenable) -> MoraleResult
      (.passed, .retreat = hexes away from the attacker, ignoring terrain; 0 on a pass)
  after_attack_morale(target, damage, dice) -> MoraleResult | None (None: unit gone)

Melee (Melee; DHR-A13)
  resolve_melee(attacker, defender, dice, attacker_modifier=0, defender_modifier=0) -> MeleeResult
      (.defender_damage, .attacker_damage, .defender_morale, .attacker_morale,
       .attacker_may_enter). attacker.terrain_dv = DV of the hex it attacks FROM.

Optional: Area Effect (DHR-A11, A17)
  area_hit(rating, dice, distance, weapon_range, melee) -> AreaHit
  area_effect_on(target, dice, light=None, armour=True, save_dv=None) -> AreaEffectResult
  resolve_area_attack(rating, targets, dice, distance, weapon_range, melee, light, armour)
Optional: Armored Vehicles & Heavy Weapons (DHR-A15, A16, A20, A26, A27)
  contest_winner(attacker_faces, defender_faces) -> ContestOutcome
  armour_contest(armament, armour, dice) -> ArmourContest
  damage_effects(n, dice) -> effect names; apply_effects(effects, before) -> VehicleDamage
  resolve_vehicle_fire(firer, armament, armour, dice, distance=, save_dv=0, damage_table=False, before=None)
      -> VehicleFireResult(.damage: VehicleDamage(killed, wreck, smoke, immobile, ...))
  vehicle_overrun(target, dice, kill_value=1) -> FireResult   (no armour saves)
Optional: Special Figures (DHR-A24, A25)
  effective_check_rating(rating, leader_rating); rating_check(rating, dice, modifier, leader_rating)
  Medic: Combatant(medic=True); Champion: Combatant(melee_dice=, toughness=, wounds=)
  call_strike(rto_rating, OffBoardAsset, targets, dice) -> StrikeResult     (RTO)
  cast_spell(wizard_rating, Spell, targets, dice, distance, save_dv)        (Wizard)
Optional: Crew Served Weapons (DHR-A14)
  crew_check(rating, crew_lost, dice, leader_rating) -> CheckResult(.passed, .possible)
"""

from rules.rulesets.dhr.procedures.area import (
    AreaAttackResult, AreaEffectResult, AreaHit, OffBoardAsset, Spell, StrikeResult, area_effect_on, area_hit,
    call_strike, cast_spell, resolve_area_attack,
)
from rules.rulesets.dhr.procedures.base import (
    CheckResult, chance_over, chance_under, count_under, effective_check_rating, rating_check, roll_under,
)
from rules.rulesets.dhr.procedures.combatants import Armour, Combatant, Firer
from rules.rulesets.dhr.procedures.fire import (
    FireResult, FireRoll, LineTarget, MultiFireResult, fire_modifiers, fire_roll, fire_target, fire_terms, max_range,
    parse_rof, range_penalty, resolve_fire, resolve_line_fire, rof_dice, rof_from_cyclic, rof_text, split_rof,
    spread_dice,
)
from rules.rulesets.dhr.procedures.melee import MeleeAttack, MeleeResult, melee_attack, melee_target, resolve_melee
from rules.rulesets.dhr.procedures.morale import MoraleResult, morale_check, morale_target, retreat_for
from rules.rulesets.dhr.procedures.movement import (
    FreeFormCheck, TerrainCheck, free_form_terrain_check, step_dv, terrain_check,
)
from rules.rulesets.dhr.procedures.saves import (
    Damage, SaveRoll, after_attack_morale, armour_saves, casualties_from_hits, line_save_dv, medic_saves, resolve_hits,
    save_dv, terrain_saves,
)
from rules.rulesets.dhr.procedures.specials import Champion, crew_check
from rules.rulesets.dhr.procedures.vehicles import (
    ARMAMENT_CLASSES, ARMOUR_CLASSES, DAMAGE_EFFECTS, KILL, ArmourContest, ContestOutcome, VehicleDamage,
    VehicleFireResult, apply_effects, armour_contest, contest_winner, damage_effects, resolve_vehicle_fire,
    vehicle_overrun,
)

__all__ = [name for name in dir() if not name.startswith("_")]
