"""Dirtside in play with forced dice and chits: cruise missiles across turns, opportunity fire, fire missions,
close assault with the house bonus, passes, three sides, secrets."""

from __future__ import annotations

import random

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Fly, Hold, OpFire
from rules.rulesets.dirtside.turn import decision, legal_actions
from rules.unknown import UNKNOWN

from tests.rules.dirtside.helpers import F, at, launcher, play, setup, start, tank, team, unit


def missile_game(**kw):
    return start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")]),
        launcher(**kw),
        unit("inf", "red", at(10, 4), [team("A"), team("B")], leader=1),
        unit("rt", "red", at(16, 4), [tank("Red 1")], facing=4),
    ]))


def test_a_cruise_missile_launched_in_turn_1_lands_in_turn_2():
    state = missile_game()
    assert state.active_side == "blue"  # fewer units on the table goes first
    play(state, "launch blue unit=site at=10,4 warhead=HE")
    assert [f.launched for f in state.flights] == [1]
    assert "lands turn 2" in " ".join(RULESET.side_lines(state, "blue"))
    assert "inbound, lands turn 2" in " ".join(RULESET.side_lines(state, "red"))
    assert "CM>2" in RULESET.unit_marks(state, "site")
    assert not any(isinstance(a, Fly) for a in legal_actions(state, "blue"))  # on its way this turn
    play(state, "done red unit=inf")
    play(state, "done blue unit=t")
    with pytest.raises(Refusal):
        play(state, "fly red missile=cm1 at=10,4")
    play(state, "done red unit=rt")
    assert state.turn == 2 and state.active_side == "blue"
    flies = [a for a in legal_actions(state, "blue") if isinstance(a, Fly)]
    assert flies and all(a.at.distance(at(10, 4)) <= 6 for a in flies)
    with pytest.raises(Refusal, match="at most 6 hexes"):
        play(state, "fly blue missile=cm1 at=10,12")
    # HE warhead: 5 chits, all colours, on each element in the hex; A dies (7 >= 4), B lives (0); test +2 holds
    play(state, "fly blue missile=cm1 at=10,4", F("R3", "G3", "R1", "Y0", "G0"), F("R0", "R0", "G0", "Y0", "M"), 8)
    inf = state.units["inf"]
    assert [e.lost for e in inf.stats.elements] == [True, False]
    assert inf.stats.under_fire and at(10, 4) in state.rubble
    assert state.flights == [] and state.active_side == "red"
    assert "CM>" not in RULESET.unit_marks(state, "site")


def test_an_f_chit_makes_the_missile_a_dud():
    state = missile_game()
    play(state, "launch blue unit=site at=10,4 warhead=HE")
    for a in ("done red unit=inf", "done blue unit=t", "done red unit=rt"):
        play(state, a)
    play(state, "fly blue missile=cm1 at=10,4", F("F", "R3", "R3", "R3", "R3"))
    assert not any(e.lost for e in state.units["inf"].stats.elements)


def test_dmr_and_nuke_cruise_missiles_land_as_the_heavy_artillery_versions():
    state = missile_game(missiles=("DMR",))
    play(state, "launch blue unit=site at=10,4 warhead=DMR")
    for a in ("done red unit=inf", "done blue unit=t", "done red unit=rt"):
        play(state, a)
    play(state, "fly blue missile=cm1 at=10,4")
    assert [m.at for m in state.mines] == [at(10, 4)]
    state = missile_game(missiles=("nuke",))
    play(state, "launch blue unit=site at=16,4 warhead=nuke")
    for a in ("done red unit=inf", "done blue unit=t", "done red unit=rt"):
        play(state, a)
    # ground zero on the red tank (gone); the infantry 6 hexes off: 3 chits each (no kill); tests +2 own, +4 seen
    play(state, "fly blue missile=cm1 at=16,4", F("R0", "G0", "Y0"), F("R0", "G0", "Y0"), 8, 8)
    assert state.units["rt"].eliminated and state.ground_zero == [at(16, 4)]


def test_launch_limits_dummies_and_launchers():
    state = missile_game(missiles=("HE", "HE"))
    with pytest.raises(Refusal, match="at most two dummy"):
        play(state, "launch blue unit=site at=10,4 dummies=[3,3;4,4;5,5]")
    with pytest.raises(Refusal, match="no nuke cruise missile left"):
        play(state, "launch blue unit=site at=10,4 warhead=nuke")
    with pytest.raises(Refusal, match="not a cruise-missile warhead"):
        play(state, "launch blue unit=site at=10,4 warhead=napalm")
    play(state, "launch blue unit=site at=10,4 dummies=[3,3;14,8]")
    assert len(state.flights[0].chits) == 3


def test_the_enemy_cannot_tell_the_real_target_chit():
    state = missile_game()
    play(state, "launch blue unit=site at=10,4 dummies=[3,3;14,8]")
    seen = RULESET.view(state, "red")
    assert seen.flights[0].warhead is UNKNOWN and seen.flights[0].chits == state.flights[0].chits
    assert seen.flights[0].target is UNKNOWN
    assert RULESET.view(state, "blue").flights[0].target == at(10, 4)
    mixed = RULESET.hidden_from(state, "red", random.Random(3))
    assert mixed.flights[0].target in state.flights[0].chits
    mixed.flights[0].target = state.flights[0].target
    mixed.flights[0].warhead = state.flights[0].warhead
    for u in mixed.units.values():
        u.stats.leader = state.units[u.id].stats.leader
    assert mixed == state  # nothing else changed


def test_ads_within_36_of_the_path_shoots_down_the_missile():
    ads = tank("Sky Guard", gun=("RFAC", 2), ads="enhanced")
    state = start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")]),
        launcher(),
        unit("inf", "red", at(10, 4), [team("A"), team("B")]),
        unit("aa", "red", at(16, 4), [ads], sensors=True),
    ]))
    play(state, "launch blue unit=site at=10,4")
    for a in ("done red unit=inf", "done blue unit=t", "done red unit=aa"):
        play(state, a)
    play(state, "fly blue missile=cm1 at=10,4", 8, 7)  # ADS d8 rolls 8 against the missile's d12 7
    assert not any(e.lost for e in state.units["inf"].stats.elements)


def test_opportunity_fire_after_a_move_is_the_firers_activation():
    state = start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1"), tank("Blue 2")], facing=1, leader=1),
        unit("rt", "red", at(5, 4), [tank("Red 1")], facing=4),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]))
    play(state, "move blue unit=t path=[5,13;5,12]")
    d = decision(state)  # the move stops at the first hex where red may fire (§2.4, hex by hex)
    assert d.side == "red" and "opportunity fire" in d.prompt and state.units["t"].at == at(5, 13)
    assert set(legal_actions(state, "red")) == {OpFire(side="red", unit="rt", at=at(5, 13)), Hold(side="red")}
    play(state, "hold red")
    assert state.units["t"].at == at(5, 12)
    assert set(legal_actions(state, "red")) == {OpFire(side="red", unit="rt", at=at(5, 12)), Hold(side="red")}
    # superior FC at close d12 vs signature-3 d8: 10 beats 2; HKP/3 draws 3: 6 > front armour 3
    play(state, "opfire red unit=rt at=5,12", 2, 10, F("R3", "R2", "Y1"), 5)
    blue = state.units["t"]
    assert blue.stats.elements[0].lost and blue.stats.under_fire
    assert state.units["rt"].stats.activated
    assert decision(state).side == "blue" and state.current == "t"  # the mover finishes its activation


def test_a_called_mission_lands_at_the_batterys_next_activation_after_one_enemy_go():
    battery = unit("bat", "blue", None, [tank("Gun 1", gun=("HVC", 3), artillery="light", ammo=1),
                                         tank("Gun 2", gun=("HVC", 3), artillery="light", ammo=1)],
                   role="battery", artillery="light", off_table=True)
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ"), team("B")]),
        unit("bt", "blue", at(12, 14), [tank()]),
        battery,
        unit("inf", "red", at(5, 6), [team("A"), team("B")], leader=1),
        unit("r2", "red", at(15, 2), [team("C")]),
        unit("r3", "red", at(17, 2), [team("D")]),
    ]))
    play(state, "call blue unit=obs battery=bat at=5,6 munition=HEF", 6)  # leader d8 needs 6 off-table
    assert "fire@5,6" in RULESET.unit_marks(state, "bat")
    play(state, "done blue")
    assert decision(state).side == "red"
    play(state, "done red unit=r2")
    assert {a.kind for a in legal_actions(state, "blue")} - {"pass"} == {"bombard", "cancel"}
    with pytest.raises(Refusal, match="must fire its called mission"):
        play(state, "done blue unit=bt")
    play(state, "bombard blue unit=bat at=5,6 munition=HEF",
         F("R2", "Y2"), F("G0", "G1"), F("G3", "G3"), F("R0", "Y1"), 8, 8)
    assert [e.lost for e in state.units["inf"].stats.elements] == [True, False]
    assert state.missions == [] and state.units["bat"].stats.activated


def test_a_called_mission_can_be_called_off_by_its_caller_rolling_again():
    battery = unit("bat", "blue", None, [tank("Gun 1", gun=("HVC", 3), artillery="light", ammo=1)],
                   role="battery", artillery="light", off_table=True)
    def game():
        state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")]), battery,
                             unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")])]),
                      first="blue")
        play(state, "call blue unit=obs battery=bat at=5,6 munition=HEF", 6)
        play(state, "done blue")
        play(state, "done red unit=r2")
        return state
    state = game()
    play(state, "cancel blue unit=bat", 7)  # the leader's d8 again: 7 >= 6 calls it off
    assert state.missions == [] and state.units["bat"].stats.activated and state.units["bat"].stats.elements[0].ammo == 1
    state = game()
    play(state, "cancel blue unit=bat", 2, F("R3", "Y2"))  # 2 fails: the mission lands (light: 2 chits)
    assert state.units["inf"].eliminated and state.turn == 2  # the battery was the last go of turn 1


def test_an_all_vehicle_assault_on_infantry_adds_2_to_the_threat_test():
    state = start(setup([
        unit("t", "blue", at(5, 8), [tank("Blue 1"), tank("Blue 2")]),
        unit("inf", "red", at(5, 6), [team("A"), team("B")], leader=1),
        unit("r2", "red", at(18, 1), [team("C")]),
    ]))
    # threat 0 (Confident): N = 2; a 1 + 2 = 3 passes only with the house bonus
    ctx = play(state, "assault blue unit=t at=5,6", 1, 8,
               F("R2", "G2", "Y0"), F("R0", "G0", "Y0"),  # tanks' APSWs: 3 chits, all colours in the open
               F("R1", "Y1"), F("G3", "G3"),  # the teams' IAVRs at the tanks: no effect
               2)  # the defender's round test at +3 (half lost): 2 drops two levels
    red = state.units["inf"]
    assert red.stats.activated and red.stats.confidence == "SH"
    assert [e.lost for e in red.stats.elements] == [True, False]
    assert state.units["t"].at == at(5, 6) and red.at != at(5, 6)
    assert any("house +2" in t for t in (e.text() for e in ctx.events))


def test_without_the_bonus_the_same_roll_fails():
    state = start(setup([
        unit("t", "blue", at(5, 8), [tank("Blue 1"), team("Riders")]),
        unit("inf", "red", at(5, 6), [team("A"), team("B")]),
        unit("r2", "red", at(18, 1), [team("C")]),
    ]))
    play(state, "assault blue unit=t at=5,6", 1)
    assert not state.units["inf"].stats.activated


def test_only_the_side_with_fewer_activations_may_pass():
    state = start(setup([
        unit("t", "blue", at(5, 14), [tank()]),
        unit("a", "red", at(5, 2), [team()]),
        unit("b", "red", at(9, 2), [team()]),
    ]))
    assert any(a.kind == "pass" for a in legal_actions(state, "blue"))
    play(state, "pass blue")
    assert not any(a.kind == "pass" for a in legal_actions(state, "red"))


def test_three_sides_take_turns_fewest_units_first():
    state = start(setup([
        unit("b1", "blue", at(2, 14), [tank()]), unit("b2", "blue", at(6, 14), [tank()]),
        unit("r1", "red", at(2, 1), [team()]),
        unit("g1", "green", at(18, 8), [team()]), unit("g2", "green", at(18, 10), [team()]),
        unit("g3", "green", at(16, 10), [team()]),
    ], sides=("blue", "red", "green")))
    assert state.order == ["red", "blue", "green"]
    seen = []
    for _ in range(6):
        side = decision(state).side
        seen.append(side)
        mine = next(a for a in legal_actions(state, side) if a.kind == "done" and a.unit)
        play(state, mine)
    assert seen == ["red", "blue", "green", "blue", "green", "green"]
    assert state.turn == 2


def test_under_fire_units_test_before_moving_and_a_failure_keeps_them_still():
    state = start(setup([
        unit("i", "blue", at(5, 14), [team()], under_fire=True),
        unit("r", "red", at(5, 2), [team()]),
    ]))
    play(state, "move blue unit=i path=[5,13]", 3)  # d8 must beat 2 + 1
    assert state.units["i"].at == at(5, 14) and state.moved


def test_refusals_say_why():
    state = missile_game()
    with pytest.raises(Refusal, match="movement"):
        play(state, "move blue unit=t path=[" + ";".join(f"5,{r}" for r in range(13, 0, -1)) + "]")
    state = missile_game()
    with pytest.raises(Refusal, match="not yours"):
        play(state, "done blue unit=rt")
    with pytest.raises(Refusal, match="there is no unit at"):
        play(state, "fire blue unit=t at=1,1")


def test_a_refused_action_through_the_service_changes_nothing():
    from rules.service import GameService
    game = GameService.new(setup([
        unit("t", "blue", at(2, 15), [tank(gun=("RFAC", 1))]),
        unit("inf", "red", at(18, 0), [team("A")]),
        unit("r2", "red", at(19, 1), [team("B")]),
    ]), seed=4)
    before = game.state.model_copy(deep=True)
    done = game.apply(game.parse("fire blue unit=t at=18,0"))
    assert not done.ok and "no weapon that can reach" in done.reason
    assert game.state == before


def test_a_panicked_battery_with_a_called_mission_only_removes_its_marker_and_the_mission_is_lost():
    from rules.rulesets.dirtside.actions import Done
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ")]),
        unit("bat", "blue", at(2, 14), [tank("Gun", gun=("HVC", 3), artillery="medium", ammo=1)]),
        unit("rt", "red", at(5, 4), [tank("Red 1")]),
        unit("r2", "red", at(17, 2), [team("C")]),
    ]), first="blue")
    play(state, "call blue unit=obs battery=bat at=5,4", 4)
    play(state, "done blue")
    play(state, "done red unit=rt")
    state.units["bat"].stats.panic = True
    assert legal_actions(state, "blue") == [Done(side="blue", unit="bat")]
    play(state, "done blue unit=bat")
    assert not state.missions and not state.units["bat"].stats.panic
