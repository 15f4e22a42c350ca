"""The optional rules, each on and off: area effect, armoured vehicles (with the damage table and
overruns), special figures, crew-served weapons."""

from __future__ import annotations

from rules.events import Eliminated
from rules.rulesets.dhr import RULESET, combat
from rules.rulesets.dhr.actions import Attach, Call, Drop, Fire, Melee, Move, Overrun
from rules.service import GameService

from tests.rules.dhr.helpers import H, RIFLE, activate, board, scripted, setup, unit

GRENADE = {"name": "grenade launcher", "range": 6, "rof": [1, 1], "area": True, "attack": "blast"}
FLAME = {"name": "flamethrower", "range": 1, "rof": [1], "area": True, "untenable": True, "attack": "flame"}
MORTAR = {"name": "60mm mortar", "range": 8, "rof": [1], "area": True, "light": 3, "attack": "blast"}
GUN = {"name": "57mm", "range": 10, "rof": [1], "count": 1, "armament": 3, "attack": "ap"}


def make(units, b=None, **options):
    g = GameService.new(setup(units, b=b or board(14, 6), options=options), seed=1, options=options)
    return g


def acts(g, side="red"):
    return RULESET.legal_actions(g.state, side)


# --- area effect ----------------------------------------------------------------------------


def area_game(on: bool, weapon=GRENADE, terrain=None):
    units = [unit("r1", "red", (0, 2), rating=3, figures=2, weapons=[weapon]),
             unit("b1", "blue", (1 if weapon is FLAME else 3, 2), figures=3, rating=3, armour={"all": 1})]
    g = make(units, b=board(14, 6, terrain=terrain or {}), area_effect=on)
    activate(g, "r1")
    return g


def test_area_effect_on_hits_every_figure_in_the_hex_after_one_roll():
    g = area_game(True)
    target = H(3, 2)
    assert [a.slots for a in acts(g) if isinstance(a, Fire)] == [1], "an area attack has no RoF slots"
    # 1D6 <= 3 lands; 3 possible hits (one per figure); open ground: no terrain save;
    # armour DV 1: [1, 5, 6] saves one; 2 lost; morale 3 + 0 - 2 = 1: a 1 holds
    _, dice = scripted(g, Fire(side="red", unit="r1", at=target), 2, [1, 5, 6], 1)
    assert [(r.purpose, len(r.faces), r.need) for r in dice.records] == [
        ("area attack", 1, 3), ("armour save", 3, 1), ("morale", 1, 1)]
    assert g.state.units["b1"].figures == 1


def test_area_effect_off_fires_the_weapon_as_ordinary_fire():
    g = area_game(False)
    assert sorted(a.slots for a in acts(g) if isinstance(a, Fire)) == [1, 2]
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), [6, 6], 1)
    assert dice.records[0].purpose.startswith("fire") and len(dice.records[0].faces) == 2


def test_area_miss_does_nothing():
    g = area_game(True)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4)
    assert len(dice.records) == 1 and g.state.units["b1"].figures == 3


def test_untenable_terrain_no_dv_for_morale_and_no_armour():
    g = area_game(True, FLAME, terrain={(1, 2): "woods"})
    # adjacent with a range-1 weapon: a melee area attack hits without a roll (DHR-A17);
    # terrain save at the woods' DV 3; no armour save; morale 3 + 0 (untenable) - 1 = 2
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(1, 2)), [1, 2, 6], 2)
    assert [(r.purpose, r.need) for r in dice.records] == [("terrain save", 3), ("morale", 2)]


def test_a_light_charge_rolls_n_in_6_per_figure_first():
    g = area_game(True, MORTAR)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 1, [1, 4, 6], [6], 1)
    assert [(r.purpose, r.need) for r in dice.records] == [
        ("area attack", 3), ("light charge", 3), ("armour save", 1), ("morale", 2)]
    assert g.state.units["b1"].figures == 2


# --- armoured vehicles ------------------------------------------------------------------------


def tank_game(on: bool, table: bool = False, terrain=None):
    units = [unit("r1", "red", (0, 2), rating=4, figures=1, vehicle=True, armour_dice=2, mp=6,
                  weapons=[GUN, RIFLE]),
             unit("b1", "blue", (3, 2), rating=3, figures=1, vehicle=True, armour_dice=4, armour={"all": 4}),
             unit("b2", "blue", (0, 3), rating=3, figures=4)]
    g = make(units, b=board(14, 6, terrain=terrain or {}), vehicles=on, damage_table=table)
    activate(g, "r1")
    return g


def test_vehicles_on_only_armament_can_hurt_armour():
    g = tank_game(True)
    at_tank = {a.weapon for a in acts(g) if isinstance(a, Fire) and a.at == H(3, 2)}
    assert at_tank == {0}, "the rifle has no armament dice"


def test_vehicles_off_a_tank_is_a_unit_with_an_armour_dv():
    g = tank_game(False)
    at_tank = {a.weapon for a in acts(g) if isinstance(a, Fire) and a.at == H(3, 2)}
    assert at_tank == {0, 1}
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2), weapon=1), [1], [1], 1)
    assert [r.purpose for r in dice.records] == ["fire rifle", "armour save", "morale"]


def test_m5_against_the_panther_defender_wins_the_tie_then_a_lucky_shot_kills():
    """Armored Vehicles: 3D6 against 4D6. [5,5,5] vs [1,1,1,6]: the defender wins.
    [1,6,6] vs [1,1,1,6]: two 6s to one, the Panther is knocked out (DHR-A15)."""
    g = tank_game(True)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [5, 5, 5], [1, 1, 1, 6], 1)
    assert g.state.units["b1"].on_map
    assert [r.purpose for r in dice.records] == ["fire", "armament", "armour", "morale"]
    g = tank_game(True)
    events, _ = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [1, 6, 6], [1, 1, 1, 6])
    assert not g.state.units["b1"].on_map
    assert H(3, 2) in g.state.wrecks and H(3, 2) in g.state.smoke
    assert any(isinstance(e, Eliminated) for e in events)


def test_a_wreck_is_cover_and_its_smoke_adds_one():
    g = tank_game(True)
    scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [1, 6, 6], [1, 1, 1, 6])
    # fire from (0, 2) past the wreck at (3, 2) to (5, 2): wreck DV 3, +1 smoke (DHR-A20)
    assert combat.save_dv(g.state, H(0, 2), H(5, 2)) == 4
    g2 = tank_game(False)
    assert combat.save_dv(g2.state, H(0, 2), H(5, 2)) == 0


def test_damage_table_rolls_an_effect_per_die_that_beat_the_armour():
    g = tank_game(True, table=True)
    # [6,6,2] vs [5,1,1,1]: two dice beat the 5 -> 2 effect rolls: 6 mobility kill, 1 main weapon
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [6, 6, 2], [5, 1, 1, 1], [6, 1], 1)
    b1 = g.state.units["b1"]
    assert b1.on_map and b1.mp_lost and b1.weapon_out
    assert [r.purpose for r in dice.records][-2:] == ["damage effect", "morale"]
    g = tank_game(True, table=True)
    scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [6, 2, 2], [5, 1, 1, 1], [3])
    assert not g.state.units["b1"].on_map, "ammo explosion"


def test_damage_table_off_a_win_is_a_kill():
    g = tank_game(True, table=False)
    scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 4, [6, 6, 2], [5, 1, 1, 1])
    assert not g.state.units["b1"].on_map


def test_overrun_is_an_area_attack_with_kill_value_one_and_no_armour():
    g = tank_game(True)
    assert Overrun(side="red", unit="r1", at=H(0, 3)) in acts(g)
    g.state.units["b2"].stats.armour = {"all": 3}
    _, dice = scripted(g, Overrun(side="red", unit="r1", at=H(0, 3)), [1, 1, 2, 6], 1)
    assert [(r.purpose, r.need) for r in dice.records] == [("overrun", 1), ("morale", 1)]
    assert g.state.units["b2"].figures == 2
    g = tank_game(False)
    assert not any(isinstance(a, Overrun) for a in acts(g))


# --- special figures ------------------------------------------------------------------------


def specials(on: bool):
    units = [unit("r1", "red", (0, 2), rating=5, figures=6, weapons=[RIFLE]),
             unit("b1", "blue", (3, 2), rating=2, figures=6),
             unit("b9", "blue", None, special="leader", rating=5, figures=1, attached_to="b1"),
             unit("b8", "blue", None, special="medic", rating=3, figures=1, attached_to="b1"),
             unit("r9", "red", (0, 3), special="rto", rating=4, figures=1, artillery=1, air=1, strike_rating=3),
             unit("r8", "red", (1, 1), special="champion", rating=5, figures=1, melee=3, toughness=3,
                  weapons=[])]
    g = make(units, b=board(14, 6), special_figures=on)
    activate(g, "r1")
    return g


def test_leader_and_medic_with_special_figures_on():
    g = specials(True)
    assert g.state.units["b9"].attached_to == "b1" and g.state.units["b9"].at == H(3, 2)
    # 2 hits, no saves in the open; medic: a 1 saves one; morale with the Leader's 5: 5 + 0 - 1 = 4
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), [1, 1, 6, 6, 6, 6], [1, 4], 4)
    assert [(r.purpose, r.need) for r in dice.records] == [("fire rifle", 5), ("medic", 1), ("morale", 4)]
    assert g.state.units["b1"].figures == 5


def test_without_special_figures_no_leader_no_medic():
    g = specials(False)
    assert g.state.units["b9"].attached_to is None and g.state.units["b9"].at != H(3, 2)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), [1, 1, 6, 6, 6, 6], 1)
    assert [(r.purpose, r.need) for r in dice.records] == [("fire rifle", 5), ("morale", 0)]
    assert not any(isinstance(a, (Attach, Call)) for a in
                   [*RULESET.legal_actions(g.state, "red"), *combat.attack_actions(g.state, g.state.units["r9"])])


def test_rto_calls_artillery():
    g = specials(True)
    activate(g, "r9")
    g.state.bag = ["blue:b8"]  # the next chip: one whose unit survives the strike
    assert Call(side="red", unit="r9", at=H(3, 2), strike="artillery") in acts(g)
    # the call: Rating 4 check; the battery lands on 3 or less; 6 figures hit; morale 5 - 6 ... all gone
    _, dice = scripted(g, Call(side="red", unit="r9", at=H(3, 2)), 2, 3, [6] * 6)
    assert [r.purpose for r in dice.records] == ["RTO call", "area attack", "medic"]
    assert g.state.units["b1"].figures == 0 and g.state.units["r9"].artillery == 0
    assert g.state.units["b9"].attached_to is None, "its figures drop out where they stand"


def test_champion_shrugs_off_hits_and_strikes_several_times():
    g = specials(True)
    activate(g, "r8")
    assert Melee(side="red", unit="r8", at=H(1, 2)) not in acts(g)  # r1 is a friend
    g.state.units["r8"].at = H(2, 2)
    melee = Melee(side="red", unit="r8", at=H(3, 2))
    assert melee in acts(g)
    # champion: 3 dice at 5; b1: 6 dice at 2; the champion takes 2 hits: wounded, standing
    _, dice = scripted(g, melee, [6, 6, 6], [1, 1, 6, 6, 6, 6], 1, 1)
    assert len(dice.records[0].faces) == 3
    r8 = g.state.units["r8"]
    assert r8.figures == 1 and r8.wounds == 2
    g = specials(False)
    activate(g, "r8")
    g.state.units["r8"].at = H(2, 2)
    _, dice = scripted(g, Melee(side="red", unit="r8", at=H(3, 2)), [6], [1, 1, 6, 6, 6, 6], 1)
    assert not g.state.units["r8"].on_map


def test_attach_moves_with_the_unit_and_drop_out_while_it_moves():
    g = specials(True)
    activate(g, "r9")
    attach = Attach(side="red", unit="r9", at=H(0, 2))
    assert attach in acts(g)
    scripted(g, attach)
    assert g.state.units["r9"].attached_to == "r1" and g.state.units["r9"].at == H(0, 2)
    activate(g, "r1")
    scripted(g, Move(side="red", unit="r1", path=[H(1, 2)]))
    assert g.state.units["r9"].at == H(1, 2)
    drop = next(a for a in acts(g) if isinstance(a, Drop) and a.at != H(2, 2))
    scripted(g, drop)
    assert g.state.units["r9"].attached_to is None and g.state.units["r9"].at == drop.at
    scripted(g, Move(side="red", unit="r1", path=[H(2, 2)]))
    assert g.state.units["r9"].at == drop.at


# --- crew-served weapons -----------------------------------------------------------------------


def crew_game(on: bool):
    mg = {"name": "MG-42", "range": 8, "rof": [3, 3, 2, 2, 2], "count": 1, "crew_served": True}
    units = [unit("r1", "red", (0, 2), rating=4, figures=5, crew_served=True, weapons=[mg]),
             unit("b1", "blue", (3, 2), figures=4)]
    g = make(units, crew_served=on)
    g.state.units["r1"].figures = 3  # 2 of the crew of 5 are lost
    activate(g, "r1")
    return g


def test_crew_served_on_a_reduced_crew_checks_rating_minus_losses():
    """Crew Served Weapons: Veteran (4) team of 5 lost 2: roll 2 or less (DHR-A14)."""
    g = crew_game(True)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 3)
    assert [(r.purpose, r.need) for r in dice.records] == [("crew check", 2)]
    assert g.state.active_unit is None, "the gun does not fire this activation"
    g = crew_game(True)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), 2, [6, 6, 6], 1)
    assert [r.purpose for r in dice.records] == ["crew check", "fire MG-42", "morale"]


def test_crew_served_off_no_check():
    g = crew_game(False)
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2)), [6, 6, 6], 1)
    assert [r.purpose for r in dice.records] == ["fire MG-42", "morale"]
