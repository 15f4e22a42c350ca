"""House rules in play with forced dice: SAMs, air-to-air, attack runs through ZAD, mortar teams spotting for
themselves, counter-battery limits, commandos as observers, RFACs and multiple fire controls at infantry."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside.turn import decision, legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def fighter(name="Jet", **design) -> dict:
    return {"name": name, "kind": "aircraft",
            "design": {"size": 3, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "enhanced",
                       "weapons": [{"type": "RFAC", "cls": 2, "mount": "fixed"}, {"type": "RFAC", "cls": 1, "mount": "fixed"}],
                       **design}}


def jet(id="jet", side="blue", over=True, **design):
    return unit(id, side, None, [fighter(id, **design)], role="aircraft", off_table=not over)


def draws(ctx) -> list:
    return [e.record for e in ctx.events if e.kind == "rolled" and e.record.purpose == "draw chit"]


def test_a_sam_needs_its_radar_on_and_a_hit_destroys_the_evading_craft():
    state = start(setup([
        unit("aa", "red", at(10, 2), [tank("SAM", gun=("RFAC", 1), sam="enhanced", size=4)]),
        jet(), unit("t", "blue", at(10, 14), [tank()]), unit("b", "blue", at(4, 14), [tank()]),
    ]), first="red")
    with pytest.raises(Refusal, match="radar is off"):
        play(state, "sam red unit=aa target=jet")
    state = start(setup([
        unit("aa", "red", at(10, 2), [tank("SAM", gun=("RFAC", 1), sam="enhanced", size=4)], sensors=True),
        jet(), unit("t", "blue", at(10, 14), [tank()]), unit("b", "blue", at(4, 14), [tank()]),
    ]), first="red")
    play(state, "sam red unit=aa target=jet", 5)  # the pilot's reaction test: d8 beats 2 + 1
    assert decision(state).side == "blue"
    assert [a.choice for a in legal_actions(state, "blue")] == ["none", "evade"]  # no decoys carried
    # SAM d8 against ECM d4 and the evading pilot's d8
    ctx = play(state, "react blue choice=evade", 8, 3, 7)
    assert state.units["jet"].eliminated
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [8, 4, 8]
    assert decision(state).side == "red" and state.current == "aa"  # the SAM unit may still move


def test_a_sam_system_down_is_not_offered_and_is_refused():
    """Random play once saw the SAM offered while its only launcher was Systems Down, then refused."""
    state = start(setup([
        unit("aa", "red", at(10, 2), [tank("SAM", gun=("RFAC", 1), sam="enhanced", size=4)], sensors=True),
        jet(), unit("t", "blue", at(10, 14), [tank()]), unit("b", "blue", at(4, 14), [tank()]),
    ]), first="red")
    assert any(a.kind == "sam" for a in legal_actions(state, "red"))
    state.units["aa"].stats.elements[0].systems_down = True
    assert not any(a.kind == "sam" for a in legal_actions(state, "red"))
    with pytest.raises(Refusal, match="no working SAM system"):
        play(state, "sam red unit=aa target=jet", 1)  # the activation's systems repair roll: 1, still down


def test_decoys_add_a_d4_and_evading_with_decoys_one_type_above_the_marker():
    def game():
        return start(setup([
            unit("aa", "red", at(10, 2), [tank("SAM", gun=("RFAC", 1), sam="basic", size=4)], sensors=True),
            jet(decoys=True), unit("t", "blue", at(10, 14), [tank()]), unit("b", "blue", at(4, 14), [tank()]),
        ]), first="red")
    state = game()
    play(state, "sam red unit=aa target=jet", 5)
    assert [a.choice for a in legal_actions(state, "blue")] == ["none", "evade", "decoys", "both"]
    ctx = play(state, "react blue choice=both", 6, 4, 7)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [6, 4, 10]
    assert not state.units["jet"].eliminated and state.units["jet"].stats.activated
    state = game()
    play(state, "sam red unit=aa target=jet", 5)
    ctx = play(state, "react blue choice=decoys", 5, 4, 4)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [6, 4, 4]
    assert state.units["jet"].eliminated and not state.units["jet"].stats.activated


def test_a_pilot_failing_the_sam_reaction_test_leaves_at_once():
    state = start(setup([
        unit("aa", "red", at(10, 2), [tank("SAM", gun=("RFAC", 1), sam="basic", size=4)], sensors=True),
        jet(), unit("t", "blue", at(10, 14), [tank()]), unit("b", "blue", at(4, 14), [tank()]),
    ]), first="red")
    play(state, "sam red unit=aa target=jet", 3)
    assert state.units["jet"].stats.off_table and not state.units["jet"].eliminated


def test_air_to_air_guns_hit_one_red_chit_damage_equal_to_armour_sends_it_home():
    state = start(setup([
        jet("hawk"), unit("t", "blue", at(10, 14), [tank()]),
        jet("kite", side="red"), unit("r", "red", at(10, 2), [tank()]), unit("r2", "red", at(4, 2), [tank()]),
    ]))
    play(state, "airfight blue unit=hawk target=kite weapon=guns")
    assert [a.choice for a in legal_actions(state, "red")] == ["none", "evade", "dogfight"]
    # enhanced FC d8 (regular pilot); target signature d8 + evading d8 (it has not activated)
    play(state, "react red choice=evade", 8, 4, 5, F("R2"))
    kite = state.units["kite"].stats
    assert kite.home and kite.off_table and kite.confidence == "ST" and kite.activated


def test_an_attack_run_faces_zad_first_then_strikes_the_top_armour():
    state = start(setup([
        jet("hawk"), unit("t", "blue", at(10, 14), [tank()]),
        unit("aa", "red", at(14, 2), [tank("ADS", gun=("RFAC", 2), ads="enhanced")], sensors=True),
        unit("r", "red", at(10, 4), [tank("R1"), tank("R2")], leader=1),
    ]))
    # reaction test 6 > 3; ADS d8 rolls 2 against the pilot's d8 5: miss; RFAC/2 close d10 9 beats d8 3;
    # 2 chits R1 + Y2 = 3 > top armour 2: knocked out; casualty test +2: 8 holds
    play(state, "run blue unit=hawk at=10,4", 6, 2, 5, 3, 9, F("R1", "Y2"), 8)
    assert state.units["r"].stats.elements[0].lost


def test_a_mortar_team_spots_for_itself_before_moving_and_carries_one_bombardment():
    state = start(setup([
        unit("m", "blue", at(10, 12), [team("Rifles"), team("Mortar", kind="mortar")], facing=1),
        unit("r", "red", at(10, 6), [team("A"), team("B")], leader=1),
        unit("r2", "red", at(2, 1), [team()]),
    ]))
    assert any(a.kind == "bombard" for a in legal_actions(state, "blue"))
    play(state, "bombard blue unit=m at=10,6 munition=HEF",
         F("R2", "Y2"), F("G0", "G0"), 8, 8)  # light: 2 chits per team, one gun; A dies; tests hold
    assert state.units["r"].stats.elements[0].lost
    assert state.units["m"].stats.elements[1].ammo == 0
    state2 = start(setup([
        unit("m", "blue", at(10, 12), [team("Mortar", kind="mortar")], facing=1),
        unit("r", "red", at(10, 6), [team("A")]), unit("r2", "red", at(2, 1), [team()]),
    ]))
    play(state2, "move blue unit=m path=[10,11]")
    with pytest.raises(Refusal, match="before it moves"):
        play(state2, "bombard blue unit=m at=10,6")


def test_off_table_batteries_cannot_counter_off_table_batteries():
    guns = [tank("G1", gun=("HVC", 3), artillery="light"), tank("G2", gun=("HVC", 3), artillery="light")]
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ")]),
        unit("bb", "blue", None, guns, role="battery", artillery="light", off_table=True),
        unit("rb", "red", None, [dict(g) for g in guns], role="battery", artillery="light", off_table=True, cbr="basic"),
        unit("inf", "red", at(5, 6), [team("A"), team("B")], leader=1),
        unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    play(state, "call blue unit=obs battery=bb at=5,6", 6)
    play(state, "done blue")
    play(state, "done red unit=r2")
    play(state, "bombard blue unit=bb at=5,6", F("G0", "G0"), F("G0", "G0"), F("G0", "G0"), F("G0", "G0"), 8)
    assert "bb" in state.fired
    assert not any(a.kind == "counter" for a in legal_actions(state, "red"))
    with pytest.raises(Refusal, match="too far away"):
        play(state, "counter red unit=rb target=bb")


def test_commandos_call_artillery_as_specialised_observers_on_a_d12():
    guns = [tank("G1", gun=("HVC", 3), artillery="light")]
    state = start(setup([
        unit("c", "blue", at(5, 14), [team("Shade", kind="commando")]),
        unit("bb", "blue", None, guns, role="battery", artillery="light", off_table=True),
        unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    ctx = play(state, "call blue unit=c battery=bb at=5,6", 11)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [12] and state.missions


def test_rfacs_draw_3_at_close_against_infantry_and_a_second_fire_control_adds_the_apsw():
    def game(fcs):
        return start(setup([
            unit("t", "blue", at(10, 12), [tank(gun=("RFAC", 1), fcs=fcs, size=3)], facing=1),
            unit("r", "red", at(10, 6), [team("A"), team("B")]), unit("r2", "red", at(2, 1), [team()]),
        ]))
    ctx = play(game(1), "fire blue unit=t at=10,6", F("G0", "G0", "G0"))
    assert len(draws(ctx)) == 3
    ctx = play(game(2), "fire blue unit=t at=10,6", F("G0", "G0", "G0"), F("G0", "G0", "G0"))
    assert len(draws(ctx)) == 6


def test_emplacements_have_equal_armour_all_round_and_vehicles_are_weaker_off_the_front():
    from rules.rulesets.dirtside.combat import facing_armour

    state = start(setup([
        unit("e", "red", at(10, 6), [{"name": "Bunker", "kind": "emplacement",
                                      "design": {"size": 3, "armour": 4, "mobility": None, "emplacement": True}}]),
        unit("v", "red", at(4, 6), [tank("Tank", armour=3)], facing=0),
        unit("b", "blue", at(10, 12), [tank()]),
    ]))
    bunker = state.units["e"]
    for firer in (at(10, 12), at(10, 1), at(16, 6), at(4, 6)):
        assert facing_armour(bunker, bunker.stats.elements[0], firer) == 4
    tank_unit = state.units["v"]
    e = tank_unit.stats.elements[0]
    assert facing_armour(tank_unit, e, at(9, 6)) == 3  # dead ahead (facing east)
    assert facing_armour(tank_unit, e, at(0, 6)) == 2  # from behind
    assert facing_armour(tank_unit, e, None) == 2  # from above (aircraft, artillery)


def test_vehicles_in_an_assault_shoot_enemy_vehicles_on_4_to_6_and_apfcs_fire_at_a_team():
    state = start(setup([
        unit("t", "blue", at(5, 8), [tank("Blue 1", apfc=True)]),
        unit("mix", "red", at(5, 6), [tank("Red 1", armour=2, size=2, gun=("RFAC", 1)), team("A")], leader=0),
        unit("r2", "red", at(18, 1), [team("C")]),
    ]))
    # house +1: Red 1 has lower armour and a smaller gun than Blue 1 (a +2 needs a unit with no vehicles)
    from rules.rulesets.dirtside.assault import threat_bonus
    assert threat_bonus(state.units["t"], state.units["mix"]) == 1
    play(state, "assault blue unit=t at=5,6", 3, 8,
         4, F("R2", "Y1", "G0"),  # Blue 1's HKP/3 hits Red 1 on a 4: 3 > armour 2
         F("R2", "Y2"),  # Blue 1's APFC: 2 chits at team A (open: red + yellow): 4 kills line
         # Red 1 (1 FC): its RFAC/1 at Blue 1 on a d6 (3: miss); team A's IAVR: 2 chits, no effect
         3, F("G1", "G1"))
    red = state.units["mix"]
    assert red.eliminated or all(e.lost for e in red.stats.elements)


def test_in_a_dog_fight_the_aams_fly_at_the_same_time_so_a_craft_shot_down_still_fires_its_own():
    """Random play once crashed here: the kite, downed by the hawk's AAM, had no craft left to fire with."""
    state = start(setup([
        jet("hawk", aam="basic"), unit("t", "blue", at(10, 14), [tank()]),
        jet("kite", side="red", aam="basic"), unit("r", "red", at(10, 2), [tank()]), unit("r2", "red", at(4, 2), [tank()]),
    ]))
    play(state, "airfight blue unit=hawk target=kite weapon=aam")
    # the hawk's AAM d6 5 against the kite's d4 2: down; the kite's AAM, fired at the same time, 5 against 2: down
    play(state, "react red choice=dogfight", 5, 2, 5, 2)
    assert state.units["hawk"].eliminated and state.units["kite"].eliminated


def test_a_dog_fight_fires_aams_first_then_the_survivors_guns_and_nobody_evades():
    state = start(setup([
        jet("hawk"), unit("t", "blue", at(10, 14), [tank()]),
        jet("kite", side="red", aam="basic"), unit("r", "red", at(10, 2), [tank()]), unit("r2", "red", at(4, 2), [tank()]),
    ]))
    play(state, "airfight blue unit=hawk target=kite weapon=guns")
    # the kite's AAM first: guidance d6 5 against the hawk's ECM d4 2: shot down; the hawk's guns never fire
    play(state, "react red choice=dogfight", 5, 2)
    assert state.units["hawk"].eliminated and not state.units["kite"].eliminated
    assert state.units["kite"].stats.activated
