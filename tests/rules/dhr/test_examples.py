"""Every worked example of the DHR text (000_8feb917a61251d11.txt), with forced dice.

Each test cites the section of the text it reproduces, and the NOTES decisions
(DHR-Axx) it relies on.
"""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.dhr.procedures import (
    Combatant, Firer, armour_contest, contest_winner, crew_check, fire_roll, fire_target, free_form_terrain_check,
    max_range, morale_check, parse_rof, resolve_fire, resolve_hits, resolve_melee, resolve_vehicle_fire,
    rof_dice, rof_from_cyclic, save_dv, split_rof, terrain_check, vehicle_overrun,
)


def test_wall_crossing_on_hexes_fails_then_buys_an_automatic_pass():
    """Movement, Hex based: "Infantry have 3 Movement Points and want to cross a wall (DV 3) ...
    roll 1D6 and get a 3, so they fail ... spend another point and automatically cross with 1
    Movement Point left." (DHR-A04)"""
    dice = ScriptedDice(3)
    step = terrain_check(3, 3, dice, side="blue", unit="b1")
    assert step.rolls == (3,)
    assert step.passed and step.auto_pass
    assert step.mp_spent == 2 and step.mp_left == 1
    record = dice.records[0]
    assert record.purpose == "terrain check" and record.need == 3 and record.test == ">"
    assert record.outcome == "failed" and "Movement" in record.rule
    assert dice.remaining == []


def test_wall_crossing_free_form_pays_double_on_a_failure():
    """Movement, Free-form: 14 inches, a wall (DV 3), a roll of 3 fails: pay 6 inches, 8 left.
    "if I had 6 inches of movement left ... I would need 7 inches" (DHR-A06)."""
    check = free_form_terrain_check(3, 14, ScriptedDice(3))
    assert check.cost == 6 and check.crossed and check.inches_left == 8
    assert not free_form_terrain_check(3, 6, ScriptedDice(3)).crossed
    seven = free_form_terrain_check(3, 7, ScriptedDice(3))
    assert seven.crossed and seven.inches_left == 1


def test_firing_rolls_a_d6_per_figure_equal_or_under_the_rating():
    """Firing: "if I have 10 Seasoned (3) troops firing I roll 10D6, and for each 3 or less I have
    scored a possible hit"."""
    dice = ScriptedDice([1, 2, 3, 4, 5, 6, 3, 3, 6, 4])
    roll = fire_roll(Firer(10, 3, weapon_range=6), 2, dice)
    assert roll.dice_count == 10 and roll.target == 3
    assert roll.possible_hits == 5
    assert dice.records[0].need == 3 and dice.records[0].test == "<="


def test_range_bands_of_a_seasoned_rifleman_with_range_six():
    """Firing, Range: Seasoned (3), rifle Range 6: 3 or less out to 6 hexes, 2 or less from 7 to 12,
    1 or less from 13 to 18, cannot engage 19 or more (DHR-A01..A03)."""
    for distance, need in [(1, 3), (6, 3), (7, 2), (12, 2), (13, 1), (18, 1)]:
        assert fire_target(3, distance, 6) == need, distance
    assert max_range(3, 6) == 18
    rifleman = Firer(1, 3, weapon_range=6)
    dice = ScriptedDice()  # no faces: a shot at 19 hexes must not roll
    roll = fire_roll(rifleman, 19, dice)
    assert not roll.possible and dice.records == []
    assert fire_roll(rifleman, 13, ScriptedDice(1)).possible_hits == 1
    assert fire_roll(rifleman, 13, ScriptedDice(2)).possible_hits == 0


def test_rate_of_fire_three_shots_at_minus_two():
    """Rate of Fire: "RoF 1|1|1 means you can roll 1D6 per firer at no penalty, 2D6 at a -1 penalty,
    and 3D6 a -2 penalty. So a Seasoned (3) soldier firing three times with no Range penalty would
    roll 3D6 and score possible hits for any 1 or less." (DHR-A08)"""
    rof = parse_rof("1|1|1")
    assert [rof_dice(rof, n) for n in (1, 2, 3)] == [(1, 0), (2, 1), (3, 2)]
    dice = ScriptedDice(1, 2, 1)
    roll = fire_roll(Firer(1, 3, weapon_range=6, rof=rof), 4, dice, slots=3)
    assert roll.dice_count == 3 and roll.target == 1 and roll.possible_hits == 2


def test_rate_of_fire_list_of_weapons_parses_and_never_exceeds_minus_four():
    """Rate of Fire: the weapon list (Colt 1|1|1 ... M60 3|3|3|3); "no Rate of Fire should be longer
    than #|#|#|#|# or a -4 to the firing roll"."""
    assert parse_rof("3|3|3|3") == (3, 3, 3, 3)
    assert rof_dice(parse_rof("1|1|1|1|1"), 5) == (5, 4)
    assert rof_dice(parse_rof("2|2|2|2|2"), 5) == (10, 4)


def test_mg42_from_its_cyclic_rate():
    """Rate of Fire: an MG 42 at 1200 RPM has 12D6, RoF 3|3|2|2|2 ("first I gave all slots an equal
    die value then started from left to right with the remainder"); "So I could fire 6D6 and be at a
    -1 for all shots" (DHR-A09)."""
    assert rof_from_cyclic(1200, 5) == split_rof(12, 5) == (3, 3, 2, 2, 2)
    assert rof_dice((3, 3, 2, 2, 2), 2) == (6, 1)
    gun = Firer(1, 4, weapon_range=10, rof=(3, 3, 2, 2, 2))
    roll = fire_roll(gun, 5, ScriptedDice(1, 2, 3, 4, 5, 6), slots=2)
    assert roll.dice_count == 6 and roll.target == 3 and roll.possible_hits == 3


def test_terrain_save_uses_the_highest_dv_along_the_line_of_sight():
    """Terrain Saves: "if I received 6 possible hits across a field of crops (DV 1) and I am hiding
    behind a wall (DV 3) then I simply roll 6D6 and any result of 3 or less negates the possible hit."
    Three walls of DV 3 still need 3 or less (DHR-A07)."""
    assert save_dv([[1], [0]], hexside_dvs=[3]) == 3
    assert save_dv([[0], [0], [0]], hexside_dvs=[3, 3, 3]) == 3
    dice = ScriptedDice(1, 2, 3, 4, 5, 6)
    damage = resolve_hits(6, Combatant(10, 3), 3, dice)
    assert damage.terrain.saved == 3 and damage.casualties == 3
    assert dice.records[0].purpose == "terrain save" and dice.records[0].need == 3


def test_terrain_save_along_a_hex_spine_takes_the_lesser_dv():
    """Terrain Saves: along a hex edge, a tilled field (DV 1) on one side and heavy woods (DV 4) on
    the other: "I can choose the lesser DV value" (DHR-A07)."""
    assert save_dv([[1, 4], [0]]) == 1


def test_armour_save_of_men_at_arms_behind_a_wall():
    """Armor Saves: 8 possible hits from arrows; the wall negates 3, leaving 5; chain armour DV 2 vs
    arrows: roll 5D6 "and unfortunately 3 of my men still are eliminated"."""
    men_at_arms = Combatant(10, 3, terrain_dv=3, armour_dv=2)
    dice = ScriptedDice([1, 2, 3, 4, 5, 6, 4, 6], [1, 2, 3, 5, 6])
    damage = resolve_hits(8, men_at_arms, 3, dice)
    assert damage.terrain.saved == 3 and damage.terrain.remaining == 5
    assert damage.armour.saved == 2 and damage.casualties == 3
    assert dice.records[1].purpose == "armour save" and dice.records[1].need == 2


def test_morale_of_veterans_behind_a_wall_after_fire_without_casualties():
    """Morale: Veteran (4) behind a wall (DV 3), machine-gun fire and no casualties: "(4+3-0=7) or
    less on a D6 which means they automatically save" (DHR-A01, DHR-A23)."""
    dice = ScriptedDice()
    check = morale_check(4, 3, 0, dice)
    assert check.target == 7 and check.passed and check.face is None and dice.records == []


def test_morale_of_veterans_behind_a_wall_after_losing_two():
    """Morale: the same unit loses 2 men: "(4+3-2=5) or less. If they happened to roll a 6 then they
    would have failed by 1, which means they would retreat ... 1 hex away" (DHR-A12)."""
    dice = ScriptedDice(6)
    check = morale_check(4, 3, 2, dice, side="blue", unit="vets")
    assert check.target == 5 and not check.passed and check.retreat == 1
    assert dice.records[0].purpose == "morale" and dice.records[0].need == 5
    assert "retreats 1 hex" in dice.records[0].outcome


def test_morale_after_machine_gun_fire_through_the_whole_procedure():
    """Morale: the wall example end to end: fire, terrain saves at the wall's DV 3, two casualties,
    then the check at 5 or less; a 6 retreats 1 hex (DHR-A11, DHR-A23)."""
    vets = Combatant(10, 4, terrain_dv=3)
    mg = Firer(1, 4, weapon_range=10, rof=(3, 3, 2, 2, 2))
    dice = ScriptedDice([1, 1, 2, 6, 6, 6], [3, 5, 6], [6])
    result = resolve_fire(mg, vets, dice, distance=3, save_dv=3, slots=2)
    assert result.roll.possible_hits == 3 and result.casualties == 2
    assert result.morale.target == 5 and result.retreat == 1


def farm_house_melee(defender_morale: int, attacker_morale: int):
    """Melee/Morale example: swordsmen (Seasoned 3) in a farm house (DV 4) attacked by infantry
    (Rating 4) from an open yard (DV 0); the infantry eliminate 3, the swordsmen 2."""
    infantry = Combatant(10, 4, terrain_dv=0, side="red", unit="inf")
    swordsmen = Combatant(10, 3, terrain_dv=4, side="blue", unit="swords")
    dice = ScriptedDice(
        [1, 1, 1, 2, 2, 3, 5, 5, 6, 6],  # infantry attack, 4 or less: 6 possible hits
        [1, 2, 4, 4, 5, 5, 6, 6, 6, 6],  # swordsmen attack back, 3 or less: 2 possible hits
        [5, 6, 5, 1, 2, 3],              # the house saves 3 of the 6 (4 or less)
        [defender_morale], [attacker_morale],
    )
    result = resolve_melee(infantry, swordsmen, dice)
    assert dice.remaining == []
    return result, dice


def test_farm_house_melee_casualties_and_morale_targets():
    """Melee, Morale: "your Morale check would be a (Seasoned 3 + Farm House DV 4 - 3 Casualties) 4 or
    less ... My check would be a (Veteran 4 + Open ground 0 - 2 Casualties) 2 or less" (DHR-A13)."""
    result, dice = farm_house_melee(4, 2)
    assert result.defender_damage.casualties == 3 and result.attacker_damage.casualties == 2
    assert result.defender_morale.target == 4 and result.attacker_morale.target == 2
    # Only the defender got terrain saves: no save was rolled for the attacker.
    assert [r.purpose for r in dice.records] == ["melee", "melee", "terrain save", "morale", "morale"]
    assert not result.attacker_may_enter  # "my guys will remain just outside the house"


def test_farm_house_melee_defender_flees_and_attacker_takes_the_house():
    """Melee: "If you happen to flee and I do not, then I can stay in the house"."""
    result, _ = farm_house_melee(5, 1)
    assert result.defender_morale.retreat == 1 and result.attacker_morale.passed
    assert result.attacker_may_enter


def test_m5_against_the_panther():
    """Armored Vehicles & Heavy Weapons: a Veteran (4) M5 hits a Panther (4 or less), then 3D6 (57mm,
    DHR-A26) against 4D6: [5,5,5] vs [1,1,1,6] the defender wins; [1,6,6] vs [1,1,1,6] "my little
    tanker got in a lucky shot and the Panther takes damage" (DHR-A15)."""
    assert not contest_winner([5, 5, 5], [1, 1, 1, 6]).attacker_wins
    lucky = contest_winner([1, 6, 6], [1, 1, 1, 6])
    assert lucky.attacker_wins and lucky.by_tie_rule and lucky.effect_rolls == 1
    m5 = Firer(1, 4, weapon_range=8)
    miss = resolve_vehicle_fire(m5, 3, 4, ScriptedDice([4], [5, 5, 5], [1, 1, 1, 6]), distance=5)
    assert miss.roll.possible_hits == 1 and not miss.killed
    hit = resolve_vehicle_fire(m5, 3, 4, ScriptedDice([4], [1, 6, 6], [1, 1, 1, 6]), distance=5)
    assert hit.killed and hit.damage.wreck and hit.damage.smoke and hit.damage.immobile


def test_armour_contest_records_both_sides_dice():
    """Armored Vehicles: the armament dice and the armour dice are both logged."""
    dice = ScriptedDice([1, 6, 6], [1, 1, 1, 6])
    contest = armour_contest(3, 4, dice, side="us", unit="m5", target_side="de", target_unit="panther")
    assert contest.attacker_wins
    assert [(r.purpose, r.unit, len(r.faces)) for r in dice.records] == [
        ("armament", "m5", 3), ("armour", "panther", 4)]


def test_tie_rule_counts_only_the_top_value():
    """DHR-A15: [6,5,1] vs [6,2,2,2]: one 6 each, so the defender wins (a die-by-die comparison would
    give it to the attacker on 5 > 2)."""
    outcome = contest_winner([6, 5, 1], [6, 2, 2, 2])
    assert not outcome.attacker_wins and outcome.effect_rolls == 0


def test_overrun_of_an_infantry_squad_of_eight():
    """Armored Vehicles: "a tank can dash through an infantry squad of 8 soldiers, which means roll
    8D6 and trying to get 1s for possible hits. Terrain DV negation still applies" (DHR-A27)."""
    squad = Combatant(8, 3, terrain_dv=1, armour_dv=2)
    dice = ScriptedDice([1, 1, 1, 2, 3, 4, 5, 6], [1, 4, 5], [3])
    result = vehicle_overrun(squad, dice)
    assert result.roll.dice_count == 8 and result.roll.possible_hits == 3
    assert result.damage.terrain.saved == 1 and result.casualties == 2  # no armour save rolled
    assert result.morale.target == 3 + 1 - 2
    assert [r.purpose for r in dice.records] == ["overrun", "terrain save", "morale"]


def test_crew_served_mg42_that_lost_two_needs_a_two():
    """Crew Served Weapons: "a Veteran (4) MG-42 machine gun team of 5 and 2 were eliminated, the next
    time that gun would want to fire it would have to roll (4-2) a 2 or less" (DHR-A14)."""
    dice = ScriptedDice(2)
    check = crew_check(4, 2, dice)
    assert check.target == 2 and check.passed
    assert dice.records[0].purpose == "crew check" and dice.records[0].need == 2
    assert not crew_check(4, 2, ScriptedDice(3)).passed
