"""The DHR procedures rule by rule, base and optional, each test failing if its rule is broken."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.hexgrid import Hex, line
from rules.rulesets.dhr.procedures import (
    Armour, Combatant, Firer, LineTarget, OffBoardAsset, Spell, after_attack_morale, apply_effects, area_effect_on,
    area_hit, armour_saves, call_strike, cast_spell, casualties_from_hits, contest_winner, crew_check,
    damage_effects, effective_check_rating, fire_roll, fire_target, line_save_dv, max_range, medic_saves,
    morale_check, morale_target, parse_rof, range_penalty, rating_check, resolve_area_attack, resolve_fire,
    resolve_hits, resolve_line_fire, resolve_melee, resolve_vehicle_fire, rof_dice, rof_text, save_dv, split_rof,
    spread_dice, step_dv, terrain_check, terrain_saves, vehicle_overrun,
)

# --- Movement -----------------------------------------------------------------------------


def test_open_ground_costs_one_mp_and_rolls_nothing():
    """Movement: a step with DV 0 costs its MP with no check (DHR-A04)."""
    dice = ScriptedDice()
    step = terrain_check(0, 3, dice)
    assert step.passed and step.mp_spent == 1 and dice.records == []


def test_terrain_check_passes_only_on_a_roll_higher_than_the_dv():
    """Movement: "get a result HIGHER than the Defensive Value"."""
    assert terrain_check(3, 3, ScriptedDice(4)).passed
    step = terrain_check(3, 3, ScriptedDice(4))
    assert step.mp_spent == 1 and not step.auto_pass


def test_a_failed_check_with_no_mp_left_stops_the_unit():
    """Movement: "don't bother keeping track of failures if you have no Movement Points left"."""
    step = terrain_check(3, 1, ScriptedDice(2))
    assert not step.passed and step.mp_spent == 1 and step.mp_left == 0


def test_the_automatic_pass_may_be_declined():
    """Movement: the player "can pay the required points again" - a choice."""
    step = terrain_check(3, 3, ScriptedDice(1), buy_auto_pass=False)
    assert not step.passed and step.mp_left == 2


def test_a_step_with_no_mp_cannot_be_tried():
    dice = ScriptedDice()
    step = terrain_check(3, 0, dice)
    assert not step.passed and step.mp_spent == 0 and dice.records == []


def test_challenge_terrain_is_rolled_until_passed_with_no_auto_pass():
    """Movement: challenge terrain (fortress walls, barbed wire) "has to keep making checks and
    spending points until they actually pass" (DHR-A05)."""
    step = terrain_check(3, 4, ScriptedDice(2, 3, 5), challenge=True)
    assert step.passed and not step.auto_pass and step.rolls == (2, 3, 5) and step.mp_left == 1


def test_challenge_terrain_can_use_up_every_mp_and_still_fail():
    step = terrain_check(4, 2, ScriptedDice(1, 4), challenge=True)
    assert not step.passed and step.mp_left == 0 and step.rolls == (1, 4)


def test_challenge_terrain_may_stop_after_one_failed_check():
    step = terrain_check(4, 3, ScriptedDice(1), challenge=True, keep_trying=False)
    assert not step.passed and step.mp_left == 2


def test_step_dv_is_the_higher_of_hex_and_hexside_and_a_road_gives_zero():
    """Movement; DHR-A04: the higher DV of the entered hex and the hexside crossed; a road through
    woods gives "the lesser terrain DV value, in this case 0 (open road) vs 4 (thick woods)"."""
    assert step_dv(1, [3]) == 3
    assert step_dv(4, [2]) == 4
    assert step_dv(4, along_road=True) == 0
    assert step_dv(0) == 0


# --- Range and RoF --------------------------------------------------------------------------


def test_range_penalty_counts_whole_range_values():
    """Range; DHR-A03: ceil(distance / range) - 1."""
    assert [range_penalty(d, 6) for d in (1, 6, 7, 12, 13, 18, 19)] == [0, 0, 1, 1, 2, 2, 3]
    assert range_penalty(5, 0) == 0


def test_max_range_depends_on_rating_and_slots():
    """DHR-A02: an Elite (5) reaches 5 range values; each extra RoF slot costs one."""
    assert max_range(5, 6) == 30
    assert max_range(3, 6, slots=2) == 12
    assert max_range(1, 6, slots=2) == 0
    assert fire_target(5, 30, 6) == 1 and fire_target(5, 31, 6) == 0


def test_rof_slots_are_used_whole_from_the_left():
    """DHR-A08: dice = sum of the slots used, penalty = slots - 1; 3|2|1 gives 5 dice at -1."""
    assert rof_dice((3, 2, 1), 2) == (5, 1)
    with pytest.raises(ValueError):
        rof_dice((1, 1), 3)


def test_rof_text_round_trips_and_split_rejects_too_few_dice():
    assert rof_text(parse_rof("2|2|2")) == "2|2|2" and parse_rof(3) == (3,)
    with pytest.raises(ValueError):
        parse_rof("2|0")
    with pytest.raises(ValueError):
        split_rof(3, 5)
    assert split_rof(10, 4) == (3, 3, 2, 2)


def test_a_shot_out_of_range_is_refused_without_rolling():
    """DHR-A01: a target of 0 or less means the shot cannot be taken."""
    dice = ScriptedDice()
    result = resolve_fire(Firer(5, 2, 4), Combatant(5, 3), dice, distance=9, save_dv=0)
    assert not result.roll.possible and result.damage is None and result.morale is None
    assert dice.records == []


def test_a_target_of_six_or_more_hits_on_every_face():
    """DHR-A01: no natural 6 failure."""
    roll = fire_roll(Firer(3, 5, 6), 1, ScriptedDice(6, 6, 6), modifier=1)
    assert roll.target == 6 and roll.possible_hits == 3


def test_fire_records_name_the_unit_and_the_rule():
    dice = ScriptedDice(1, 2)
    fire_roll(Firer(1, 4, 6, (1, 1), side="red", unit="r1"), 3, dice, slots=2)
    rec = dice.records[0]
    assert (rec.side, rec.unit, rec.need, rec.test) == ("red", "r1", 3, "<=")
    assert "Firing" in rec.rule and "DHR-A08" in rec.rule and rec.outcome == "2 possible hits"


# --- Line of sight DV ---------------------------------------------------------------------


def test_save_dv_adds_one_for_smoke():
    """DHR-A20: a smoking wreck on the line: the highest DV + 1."""
    assert save_dv([[2], [0]], smoke=True) == 3
    assert save_dv([], smoke=True) == 1


def test_line_save_dv_skips_the_firers_hex_and_counts_the_target_hex():
    """DHR-A07: the firer's own woods do not protect the target; the target's house does."""
    a, b = Hex(0, 0), Hex(3, 0)
    dvs = {Hex(0, 0): 4, Hex(1, 0): 1, Hex(2, 0): 0, Hex(3, 0): 2}
    assert line_save_dv(line(a, b), lambda h: dvs.get(h, 0)) == 2
    dvs[Hex(3, 0)] = 0
    assert line_save_dv(line(a, b), lambda h: dvs.get(h, 0)) == 1


def test_line_save_dv_takes_the_lesser_hex_along_an_edge():
    """Terrain Saves; DHR-A07: the line from (0,0) to (1,1) runs along the edge of (1,0) and (0,1)."""
    steps = line(Hex(0, 0), Hex(1, 1))
    assert steps[1].along_edge
    dvs = {Hex(1, 0): 1, Hex(0, 1): 4}
    assert line_save_dv(steps, lambda h: dvs.get(h, 0)) == 1


def test_line_save_dv_counts_hexside_features_crossed():
    """Terrain Saves: a wall (DV 3) in front of the target counts."""
    wall = frozenset({Hex(2, 0), Hex(3, 0)})
    dv = line_save_dv(line(Hex(0, 0), Hex(3, 0)), lambda h: 0,
                      lambda x, y: 3 if frozenset({x, y}) == wall else 0)
    assert dv == 3


def test_line_save_dv_smoke_on_the_line():
    wreck = Hex(1, 0)
    assert line_save_dv(line(Hex(0, 0), Hex(3, 0)), lambda h: 1, smoky=lambda h: h == wreck) == 2
    assert line_save_dv(line(Hex(0, 0), Hex(3, 0)), lambda h: 1, smoky=lambda h: h == Hex(0, 0)) == 1


# --- Saves and casualties -------------------------------------------------------------------


def test_no_terrain_or_armour_dv_rolls_no_saves():
    dice = ScriptedDice()
    assert terrain_saves(4, 0, dice).remaining == 4
    assert armour_saves(4, 0, dice).remaining == 4
    assert dice.records == []


def test_helmet_and_shield_add_one_only_together():
    """Armor Saves: "DV +1 - for full helmet and shield"; DHR-A18: +1 only with both."""
    chain = {"arrows": 2}
    assert Armour(chain, helmet=True, shield=True).against("arrows") == 3
    assert Armour(chain, helmet=True).against("arrows") == 2
    assert Armour(chain, shield=True).against("arrows") == 2


def test_armour_dv_is_per_attack_type():
    """Armor Saves: "modern body armor stops modern small arms and fragments with a DV 2"."""
    vest = Armour({"small_arms": 2, "fragments": 2})
    assert vest.against("small_arms") == 2 and vest.against("cannon") == 0
    assert Armour({"all": 1}).against("arrows") == 1


def test_casualties_never_exceed_the_figures():
    damage = resolve_hits(6, Combatant(2, 3), 0, ScriptedDice())
    assert damage.casualties == 2 and damage.eliminated


def test_eliminated_unit_makes_no_morale_check():
    dice = ScriptedDice([1, 1, 1])
    result = resolve_fire(Firer(3, 3, 6), Combatant(2, 3), dice, distance=1, save_dv=0)
    assert result.casualties == 2 and result.morale is None


def test_medic_negates_a_casualty_on_a_one():
    """Special Figures, Medic: "Before someone is eliminated the Doc can negate their casualty on a 1"
    (DHR-A24: one d6 per casualty)."""
    assert medic_saves(3, ScriptedDice(1, 2, 1)) == 2
    dice = ScriptedDice([1, 2, 1], [6, 1, 4])
    result = resolve_fire(Firer(3, 3, 6), Combatant(5, 3, medic=True, terrain_dv=6), dice,
                          distance=1, save_dv=0, morale=False)
    assert result.damage.medic_saved == 1 and result.casualties == 2 and result.damage.figures_left == 3
    assert dice.records[-1].purpose == "medic"


def test_champion_shrugs_off_hits_until_his_toughness():
    """Special Figures, Champion: "can shrug of a few hits" (toughness, wounds carried)."""
    assert casualties_from_hits(2, 1, toughness=3) == (0, 2)
    assert casualties_from_hits(1, 1, toughness=3, wounds=2) == (1, 0)
    champ = Combatant(1, 5, toughness=3, wounds=1)
    damage = resolve_hits(1, champ, 0, ScriptedDice())
    assert damage.casualties == 0 and damage.wounds == 2


# --- Morale ---------------------------------------------------------------------------------


def test_morale_target_is_rating_plus_terrain_minus_casualties():
    """Morale; DHR-A11: terrain DV, never armour."""
    assert morale_target(3, 4, 3) == 4
    assert morale_target(3, 4, 3, untenable=True) == 0
    assert morale_target(2, 1, 0, leader_rating=4) == 5
    assert morale_target(4, 0, 0, leader_rating=2) == 4


def test_morale_target_of_zero_or_less_fails_by_the_roll():
    """DHR-A01: a target <= 0 always fails with a margin of roll - target."""
    check = morale_check(2, 0, 3, ScriptedDice(1))
    assert check.target == -1 and not check.passed and check.retreat == 2


def test_morale_is_checked_even_after_no_casualties():
    """DHR-A23: after every attack, even with no hits."""
    dice = ScriptedDice([4, 5], [3])
    result = resolve_fire(Firer(2, 3, 6), Combatant(5, 2, terrain_dv=0), dice, distance=1, save_dv=0)
    assert result.casualties == 0 and result.morale.target == 2 and result.retreat == 1


def test_untenable_terrain_loses_its_dv_for_morale_but_not_its_saves():
    """Area Effect: "if the terrain is untenable ... you would not add the DV # to the roll"."""
    unit = Combatant(5, 3, terrain_dv=3, untenable=True)
    check = after_attack_morale(unit, resolve_hits(0, unit, 3, ScriptedDice()), ScriptedDice(4))
    assert check.target == 3 and check.retreat == 1


def test_leader_rating_counts_for_checks_but_not_for_firing():
    """Special Figures, Leader; DHR-A25."""
    assert effective_check_rating(2, 4) == 4 and effective_check_rating(4, 2) == 4
    assert rating_check(2, ScriptedDice(4), leader_rating=4).passed
    unit = Combatant(5, 2, leader_rating=4)
    check = after_attack_morale(unit, resolve_hits(0, unit, 0, ScriptedDice()), ScriptedDice(4))
    assert check.target == 4 and check.passed
    assert fire_roll(Firer(1, 2, 6), 1, ScriptedDice(3)).possible_hits == 0


def test_rating_check_bounds():
    dice = ScriptedDice()
    assert rating_check(5, dice, modifier=1).passed and dice.records == []
    impossible = rating_check(1, dice, modifier=-1)
    assert not impossible.passed and not impossible.possible and dice.records == []


# --- Melee ----------------------------------------------------------------------------------


def test_melee_attacker_gets_no_terrain_save_even_from_cover():
    """Melee: "only the defender of a melee gets the benefit of terrain saves"."""
    attacker = Combatant(2, 3, terrain_dv=4)
    defender = Combatant(2, 3, terrain_dv=0)
    dice = ScriptedDice([6, 6], [1, 1], [1], [1])
    result = resolve_melee(attacker, defender, dice)
    assert result.attacker_damage.casualties == 2 and result.attacker_morale is None
    assert result.defender_morale.target == 3 and result.defender_morale.passed


def test_melee_attacker_morale_uses_the_hex_it_attacks_from():
    """Morale: "I would still benefit from any terrain DV in which I was attacking from"."""
    attacker = Combatant(4, 3, terrain_dv=2)
    defender = Combatant(4, 3, terrain_dv=4)
    dice = ScriptedDice([6] * 4, [6] * 4, [6], [6])
    result = resolve_melee(attacker, defender, dice)
    assert result.defender_morale.target == 7 - 0 and result.defender_morale.face is None
    assert result.attacker_morale.target == 5 and result.attacker_morale.retreat == 1


def test_melee_armour_saves_apply_to_both_sides():
    attacker = Combatant(1, 6, armour_dv=3)
    defender = Combatant(1, 6, armour_dv=3)
    dice = ScriptedDice([1], [1], [2], [2])
    result = resolve_melee(attacker, defender, dice, morale=False)
    assert result.attacker_damage.casualties == 0 and result.defender_damage.casualties == 0
    assert [r.purpose for r in dice.records] == ["melee", "melee", "armour save", "armour save"]


def test_champion_rolls_several_melee_dice():
    """Special Figures, Champion: "gets several attacks per round"."""
    champ = Combatant(1, 5, melee_dice=3, toughness=3)
    dice = ScriptedDice([1, 2, 6], [6] * 4, [6])
    result = resolve_melee(champ, Combatant(4, 2), dice, morale=False)
    assert result.attacker_attack.possible_hits == 2 and result.defender_damage.casualties == 2


# --- Machine-gun line and traversing fire -----------------------------------------------------


def test_spread_dice_gives_one_die_per_figure_nearest_first():
    """Rate of Fire; DHR-A10: "attack all figures ... up to max dice"."""
    assert spread_dice(6, [4, 5]) == [4, 2]
    assert spread_dice(12, [3, 4]) == [6, 6]
    assert spread_dice(3, [0, 2]) == [0, 3]


def test_line_fire_resolves_each_target_at_its_own_range_and_dv():
    mg = Firer(1, 4, weapon_range=6, rof=(3, 3, 2, 2, 2))
    near = LineTarget(Combatant(2, 3, side="b", unit="b1"), distance=2, save_dv=0, at=Hex(2, 0))
    far = LineTarget(Combatant(5, 3, side="b", unit="b2"), distance=8, save_dv=3, at=Hex(8, 0))
    dice = ScriptedDice([1, 4], [6], [3, 3, 1, 6], [2], [4], [3])
    result = resolve_line_fire(mg, [near, far], dice, slots=2)
    assert result.dice_available == 6 and result.allocation == (2, 4)
    first, second = result.results
    assert first.roll.target == 3 and first.casualties == 1 and first.morale.target == 2
    assert second.roll.target == 2 and second.roll.possible_hits == 1
    assert second.damage.terrain.saved == 1 and second.casualties == 0
    assert dice.records[0].purpose == "line fire" and "DHR-A10" in dice.records[0].rule


def test_line_fire_allocation_must_fit_the_dice():
    mg = Firer(1, 4, 6, (3, 3))
    t = LineTarget(Combatant(3, 3), 2, 0)
    with pytest.raises(ValueError):
        resolve_line_fire(mg, [t, t], ScriptedDice(), allocation=[2, 2])


def test_traversing_fire_is_for_one_hex_only():
    """DHR-A10: traversing fire hits figures in a single hex."""
    mg = Firer(1, 4, 6, (4,))
    a = LineTarget(Combatant(2, 3), 2, 0, at=Hex(2, 0))
    b = LineTarget(Combatant(2, 3), 3, 0, at=Hex(3, 0))
    with pytest.raises(ValueError):
        resolve_line_fire(mg, [a, b], ScriptedDice(), traverse=True)
    same = LineTarget(Combatant(2, 3), 2, 0, at=Hex(2, 0))
    res = resolve_line_fire(mg, [a, same], ScriptedDice([5, 5], [4], [5, 5], [4]), traverse=True)
    assert [r.casualties for r in res.results] == [0, 0]


# --- Area effect (optional) -------------------------------------------------------------------


def test_area_attack_in_melee_hits_automatically():
    """Area Effect: "if melee it is automatic hit" (DHR-A17)."""
    dice = ScriptedDice()
    assert area_hit(1, dice, melee=True).hit and dice.records == []


def test_area_attack_at_range_rolls_under_rating_less_range():
    """DHR-A17: 1D6 <= Rating - range penalty."""
    hit = area_hit(4, ScriptedDice(3), distance=10, weapon_range=6)
    assert hit.target == 3 and hit.hit
    assert not area_hit(4, ScriptedDice(4), distance=10, weapon_range=6).hit
    assert not area_hit(2, ScriptedDice(), distance=20, weapon_range=6).possible


def test_every_figure_in_the_hex_is_a_possible_hit():
    """Area Effect: "every defending figure in that hex makes a terrain save ... and an armored save"."""
    unit = Combatant(4, 3, terrain_dv=2, armour_dv=1)
    dice = ScriptedDice([1, 3, 4, 5], [1, 2, 3], [2])
    result = area_effect_on(unit, dice)
    assert result.possible_hits == 4 and result.damage.terrain.saved == 1
    assert result.damage.armour.saved == 1 and result.damage.casualties == 2
    assert result.morale.target == 3 + 2 - 2


def test_flame_throwers_skip_armour_saves():
    """Area Effect: "(because only sci-fi save you from flame throwers)"."""
    dice = ScriptedDice([6, 6], [6])
    result = area_effect_on(Combatant(2, 3, terrain_dv=1, armour_dv=3), dice, armour=False)
    assert result.damage.casualties == 2 and [r.purpose for r in dice.records] == ["terrain save"]


def test_light_charge_needs_an_n_in_six_per_figure():
    """Area Effect: an IED with "only a 3 in 6 chance they are hit to begin with" (DHR-A17)."""
    dice = ScriptedDice([1, 3, 4, 6], [2])
    result = area_effect_on(Combatant(4, 3), dice, light=3)
    assert result.light_faces == (1, 3, 4, 6) and result.possible_hits == 2
    assert result.damage.casualties == 2 and result.morale.target == 1


def test_area_attack_that_misses_touches_nobody():
    res = resolve_area_attack(3, [Combatant(4, 3)], ScriptedDice(5), distance=2, weapon_range=6)
    assert not res.hit.hit and res.effects == ()


def test_area_attack_resolves_each_unit_in_the_hex():
    dice = ScriptedDice([2])  # lands; then no DV and no armour: every figure falls, nothing to save
    res = resolve_area_attack(3, [Combatant(2, 3, unit="a"), Combatant(1, 3, unit="b")], dice,
                              distance=2, weapon_range=6)
    assert [e.damage.casualties for e in res.effects] == [2, 1]
    assert res.effects[0].morale is None and res.effects[1].morale is None
    assert dice.remaining == []


# --- Armoured vehicles (optional) -------------------------------------------------------------


def test_contest_highest_die_wins_outright():
    assert contest_winner([6], [5, 5, 5]).attacker_wins
    assert not contest_winner([5, 5, 5, 5], [6]).attacker_wins


def test_contest_ties_go_to_the_defender_unless_the_attacker_has_more_top_dice():
    """DHR-A15."""
    assert not contest_winner([6, 6], [6, 6, 1]).attacker_wins
    assert contest_winner([6, 6, 6], [6, 6]).attacker_wins


def test_effect_rolls_count_dice_above_the_defenders_best():
    """DHR-A16: dice strictly above the defender's highest; tie-rule wins use the surplus; min 1."""
    assert contest_winner([6, 5, 2], [4, 4]).effect_rolls == 2
    assert contest_winner([6, 6, 6], [6, 1]).effect_rolls == 2
    assert contest_winner([5], [1]).effect_rolls == 1


def test_damage_effect_table():
    """Armored Vehicles: the optional 1D6 effect table."""
    assert damage_effects(6, ScriptedDice(1, 2, 3, 4, 5, 6)) == (
        "main weapon knocked out", "crew bails", "ammo explosion", "crew casualty", "fuel explosion",
        "mobility kill")
    hurt = apply_effects(["main weapon knocked out", "mobility kill", "crew casualty"])
    assert hurt.weapon_out and hurt.immobile and hurt.crew_casualties == 1 and not hurt.killed
    boom = apply_effects(["fuel explosion"], hurt)
    assert boom.killed and boom.wreck and boom.smoke and boom.weapon_out
    bailed = apply_effects(["crew bails"])
    assert bailed.killed and bailed.immobile and not bailed.smoke


def test_vehicle_fire_with_the_damage_table_rolls_effects_per_winning_die():
    gun = Firer(2, 6, 8)
    dice = ScriptedDice([1, 1], [6, 2], [5, 1], [6], [5, 2], [6, 6])
    res = resolve_vehicle_fire(gun, 2, 2, dice, distance=3, damage_table=True)
    assert [c.outcome.effect_rolls for c in res.contests] == [1, 0]
    assert res.damage.immobile and not res.killed and res.damage.effects == ("mobility kill",)


def test_vehicle_fire_terrain_saves_come_before_the_contest():
    """DHR-A27: possible hits, then terrain saves, then one armour contest per remaining hit."""
    dice = ScriptedDice([1, 1], [2, 5], [6], [5])
    res = resolve_vehicle_fire(Firer(2, 4, 8), 1, 1, dice, distance=3, save_dv=2)
    assert res.terrain.saved == 1 and len(res.contests) == 1 and res.killed


def test_a_kill_ends_the_contests():
    dice = ScriptedDice([1, 1, 1], [6], [1])
    res = resolve_vehicle_fire(Firer(3, 4, 8), 1, 1, dice, distance=3)
    assert res.killed and len(res.contests) == 1 and dice.remaining == []


def test_overrun_skips_armour_saves():
    """DHR-A27: "any type of small arms armor would not" apply against an overrun."""
    dice = ScriptedDice([1, 1, 4], [4])
    result = vehicle_overrun(Combatant(3, 3, armour_dv=6), dice)
    assert result.casualties == 2 and result.morale.target == 1 and result.retreat == 3
    assert [r.purpose for r in dice.records] == ["overrun", "morale"]


# --- Special figures and crew (optional) --------------------------------------------------------


def test_rto_strike_needs_the_call_to_get_through():
    """Special Figures, RTO: a Rating check to call; then an area attack (interpretation)."""
    gun = OffBoardAsset("105mm battery", rating=4)
    failed = call_strike(2, gun, [Combatant(3, 3)], ScriptedDice(3))
    assert not failed.contact.passed and failed.attack is None
    dice = ScriptedDice([2], [4], [6, 6, 6])
    done = call_strike(2, gun, [Combatant(3, 3)], dice)
    assert done.contact.passed and done.attack.hit.hit and done.attack.effects[0].damage.casualties == 3
    assert dice.records[0].purpose == "RTO call"


def test_wizard_spells_are_ranged_or_area():
    """Special Figures, Wizard: "special attacks can be ranged and area effect"."""
    fireball = Spell("fireball", range=6, area=True, armour=False)
    res = cast_spell(4, fireball, [Combatant(2, 3)], ScriptedDice([4], [6, 6]), distance=5)
    assert res.hit.hit and res.effects[0].damage.casualties == 2
    bolt = Spell("bolt", range=6, dice=3)
    shot = cast_spell(4, bolt, [Combatant(5, 3)], ScriptedDice([1, 5, 6], [3]), distance=7)
    assert shot.roll.target == 3 and shot.casualties == 1


def test_crew_check_only_after_crew_losses():
    """Crew Served Weapons; DHR-A14."""
    dice = ScriptedDice()
    assert crew_check(4, 0, dice).passed and dice.records == []
    gone = crew_check(2, 2, dice)
    assert not gone.possible and not gone.passed
    assert crew_check(2, 1, ScriptedDice(3), leader_rating=4).passed


# --- The dice log -----------------------------------------------------------------------------


def test_every_roll_is_recorded_with_purpose_rule_side_and_need():
    """Every DHR roll leaves a record for the dice log: purpose, who, the rule, and for tests the
    number needed and "<=" (">" for the Movement terrain check, which rolls HIGHER)."""
    from rules.dice import SeededDice

    dice = SeededDice(7, 0)
    us = Firer(3, 4, 6, (2, 2), side="red", unit="r1")
    them = Combatant(5, 3, terrain_dv=2, armour_dv=2, medic=True, side="blue", unit="b1")
    for _ in range(5):
        terrain_check(3, 3, dice, side="red", unit="r1")
        resolve_fire(us, them, dice, distance=7, save_dv=2, slots=2)
        resolve_melee(Combatant(5, 4, side="red", unit="r1", armour_dv=1), them, dice)
        area_effect_on(them, dice, light=3)
        crew_check(4, 1, dice, side="red", unit="r1")
        vehicle_overrun(them, dice, side="red", unit="r1")
    purposes = {r.purpose for r in dice.records}
    assert {"terrain check", "fire", "terrain save", "armour save", "morale", "melee", "light charge",
            "overrun", "crew check"} <= purposes
    for r in dice.records:
        assert r.rule and r.side in ("red", "blue") and r.unit in ("r1", "b1") and r.outcome
        assert r.sides == 6 and r.need is not None
        assert r.test == (">" if r.purpose == "terrain check" else "<=")
