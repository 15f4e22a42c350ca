"""Infantry firefights and close assault (house commandos), artillery, counter-battery, cruise missiles."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.hexgrid import Hex
from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import infantry as inf

F = ch.faces_for


def test_fire_effectiveness_levels_and_under_fire_steps_down():
    assert inf.fire_effectiveness(8, 2, ScriptedDice(1)).level == "ineffective"
    assert inf.fire_effectiveness(8, 2, ScriptedDice(3)).level == "partial"
    assert inf.fire_effectiveness(8, 2, ScriptedDice(4)).level == "full"
    assert inf.fire_effectiveness(8, 1, ScriptedDice(1)).level == "partial"  # L = 1 never ineffective
    dice = ScriptedDice(2)
    inf.fire_effectiveness(8, 2, dice, under_fire=True)
    assert dice.records[0].sides == 6
    assert inf.Effectiveness(3, "partial").shooters(3) == 2


def test_commandos_never_roll_for_effectiveness():
    dice = ScriptedDice()
    assert inf.fire_effectiveness(6, 3, dice, commandos=True).level == "full" and dice.records == []


def test_firefight_partial_puts_apsw_teams_in_the_firing_half():
    shooters = [("line", "rifle"), ("line", "rifle"), ("line", "apsw")]
    r = inf.firefight(shooters, [4, 4], "open", 8, 2, ScriptedDice(3, F("R3", "Y1", "G3"), F("R1", "R1")))
    assert r.effectiveness.level == "partial" and len(r.draws) == 2
    assert len(r.draws[0]) == 3 and r.kills == (True, False)


def test_firefight_validity_by_position():
    r = inf.firefight([("line", "rifle")], [3], "soft", 8, 2, ScriptedDice(8, F("R2", "Y2")))
    assert r.kills == (False,)  # soft cover: red only, 2 < 3


def test_chits_per_team_and_commando_extra():
    assert inf.firefight_chits("line", "rifle") == 2 and inf.firefight_chits("powered", "rifle") == 3
    assert inf.firefight_chits("militia", "apsw") == 3
    assert [inf.assault_chits(t, "commando") for t in ("militia", "line", "powered")] == [3, 3, 4]
    assert [inf.assault_chits(t, "rifle") for t in ("militia", "line", "powered")] == [2, 2, 3]
    assert inf.assault_chits("line", "assault") == 3


def test_commando_kill_numbers_in_urban_or_woods_only():
    assert [inf.assault_kill(t, "commando", "urban") for t in ("militia", "line", "powered")] == [5, 6, 7]
    assert [inf.assault_kill(t, "commando", "woods") for t in ("militia", "line", "powered")] == [5, 6, 7]
    assert inf.assault_kill("line", "commando", "open") == 4  # DS2-A22
    assert inf.assault_kill("line", "rifle", "urban") == 4


def test_costs_rifle_mortar_commando():
    assert [inf.team_cost(t, "rifle") for t in ("militia", "line", "powered")] == [15, 20, 40]
    assert inf.team_cost("line", "mortar") == 50  # rifle team + 30 (DS2-A21)
    assert inf.team_cost("powered", "mortar") == 70
    assert inf.team_cost("militia", "commando") == 85 and inf.team_cost("powered", "commando") == 110
    assert inf.team_cost("line", "apsw") == 30 and inf.team_cost("line", "anti_armour", gms="enhanced") == 50


def test_assault_positions_house_rule():
    assert inf.assault_position(True, "dug_in", True) == "dug_in"
    assert inf.assault_position(False, "dug_in", True) == "open"  # only defenders dig in
    assert inf.assault_position(False, "soft", True, advancing_through_soft=True) == "soft"
    assert inf.assault_position(True, "soft", False) == "open"  # DS2-A06


def test_assault_draw_all_colours_in_the_open():
    drawn, killed = inf.assault_draw("line", "rifle", 4, "open", ScriptedDice(F("G2", "G2")))
    assert killed


def test_multiple_fcs_limit_apsws_in_assault():
    assert inf.vehicle_assault_systems(fcs=2, apsws=1, rfacs=2) == 2
    assert inf.vehicle_assault_systems(fcs=3, apsws=1, rfacs=1) == 2


def test_call_fire_dice_and_needs():
    assert art.call_die(True, 3) == 12 and [art.call_die(False, lv) for lv in (1, 2, 3)] == [10, 8, 6]
    assert art.call_fire(False, 2, False, ScriptedDice(4))
    assert not art.call_fire(False, 2, True, ScriptedDice(5))
    assert art.call_fire(True, 3, True, ScriptedDice(6))
    dice = ScriptedDice()
    assert art.call_fire(False, 3, True, dice, self_spotting=True) and dice.records == []


def test_converged_zone_is_19_hexes():
    assert len(art.zone(Hex(5, 5))) == 19


def test_bombardment_chits_per_element_per_gun_and_top_armour():
    assert [art.element_chits(b, "vehicle") for b in art.CLASSES] == [1, 2, 3]
    assert [art.element_chits(b, "infantry") for b in art.CLASSES] == [2, 3, 4]
    hit = art.bombard_element("medium", "MAK", "vehicle", 2, ScriptedDice(F("R1", "Y1"), F("R0", "R0")), armour=3)
    assert hit.vehicle[0].damaged and not hit.vehicle[1].damaged  # top armour 2
    hit = art.bombard_element("light", "HEF", "infantry", 1, ScriptedDice(F("R2", "Y2")), kill=4)
    assert hit.killed
    hit = art.bombard_element("light", "HEF", "infantry", 1, ScriptedDice(F("R2", "Y2")), kill=4, dug_in=True)
    assert not hit.killed


def test_counter_battery_house_limits():
    assert art.counter_battery_allowed(True, "heavy", True, "light")
    assert not art.counter_battery_allowed(True, "light", False, "heavy")
    assert art.counter_battery_allowed(False, "light", True, "medium")
    assert art.counter_battery_allowed(False, "medium", True, "heavy")
    assert not art.counter_battery_allowed(False, "medium", True, "medium")
    assert not art.counter_battery_allowed(False, "light", True, "light")


def test_cbr_needs_6_and_steps_up_after_firing_twice():
    assert not art.locate_battery("basic", False, ScriptedDice(5))
    dice = ScriptedDice(6)
    assert art.locate_battery("basic", True, dice) and dice.records[0].sides == 8


def test_house_ammo_space_and_costs():
    assert [art.HOUSE_SPACE[c] for c in art.CLASSES] == [4, 9, 14]
    assert [art.ammo_space(c, 1) for c in art.CLASSES] == [4, 9, 14]
    assert [art.ammo_space(c, 3) for c in art.CLASSES] == [6, 15, 26]
    assert art.ammo_cost("medium", 3, 2) == 180
    assert art.WEAPON_SIZE == {"light": 2, "medium": 4, "heavy": 6}


def test_cruise_missile_and_launcher_costs():
    assert art.MISSILE_COST == {"HEF": 150, "MAK": 150, "HE": 150, "DMR": 200, "biochem": 300, "nuke": 1200}
    assert [art.launcher_cost(n) for n in range(1, 6)] == [50, 150, 300, 500, 750]
    assert art.STEER == 6 and art.MAX_DUMMIES == 2


def test_he_warhead_five_chits_all_colours_and_f_is_a_dud():
    hit = art.he_direct_hits(2, ScriptedDice(F("R1", "G2", "Y0", "G1", "M"), F("R3", "R3", "R3", "R3", "R3")))
    assert not hit.dud and ch.read_vehicle(hit.draws[0], ch.ALL, 3).knocked_out
    hit = art.he_direct_hits(2, ScriptedDice(F("F", "R3", "R3", "R3", "R3")))
    assert hit.dud and len(hit.draws) == 1


def test_spent_ammunition_and_mine_loads_survive_a_state_read_back():
    """A save or a remote seat reads the state back: an empty gun or minelayer stays empty."""
    from rules.rulesets.dirtside.units import Element
    gun = Element(kind="vehicle", design={"size": 3, "artillery": "medium", "ammo": 2})
    layer = Element(kind="vehicle", design={"size": 3, "minelayer": True})
    mortar = Element(kind="infantry", team="mortar")
    assert (gun.ammo, layer.mine_loads, mortar.ammo) == (2, 1, 1)
    gun.ammo = layer.mine_loads = mortar.ammo = 0
    for e in (gun, layer, mortar):
        back = Element.model_validate(e.model_dump(mode="json"))
        assert back.ammo == 0 and back.mine_loads == 0
