"""VTOLs with forced dice and chits: modes paid in movement, high mode (sight, only air defence may fire), zone
air defence and SAMs against high-mode VTOLs, pop-up attacks, jumping mines (dsii-core §4.4, §10.1, §11;
house rules on SAMs and air-to-air combat)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.board import Board, HexFeature
from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, combat, odds, vtol
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Hold, Mode, OpFire, PopUp
from rules.rulesets.dirtside.preview import fire_preview
from rules.rulesets.dirtside.turn import decision, legal_actions

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit

WOODS = {at(c, 12): "light_woods" for c in range(0, 20)}


def heli(name="Hawk", **kw):
    return tank(name, size=2, armour=2, gun=("RFAC", 2), fc="enhanced", mobility="vtol", **kw)


def ads(name="Sky", quality="basic"):
    return tank(name, size=3, armour=3, gun=("RFAC", 2), ads=quality)


def game(*extra, b=None, first="blue", **vkw):
    return start(setup([unit("v", "blue", at(5, 14), [heli(**vkw)], facing=1), *extra,
                        unit("rx", "red", at(18, 1), [team("X")])], b=b), first=first)


def test_a_mode_change_costs_half_the_move_and_high_to_grounded_the_whole_move():
    state = game()
    assert {a.mode for a in legal_actions(state, "blue") if isinstance(a, Mode)} == {"grounded", "high"}
    play(state, "mode blue unit=v mode=high")
    assert state.units["v"].stats.mode == "high" and state.spent == 15  # BMF 30 (attack VTOL)
    with pytest.raises(Refusal, match="has 15 movement"):
        play(state, "move blue unit=v path=[" + ";".join(f"5,{r}" for r in range(13, -1, -1)) + ";6,0;7,0]")
    play(state, "move blue unit=v path=[5,13;5,12;5,11]")
    assert state.spent == 18
    with pytest.raises(Refusal, match="costs 30"):
        play(state, "mode blue unit=v mode=grounded")
    assert vtol.mode_cost(state.units["v"], "grounded") == 30 and vtol.mode_cost(state.units["v"], "low") == 15


def test_a_grounded_vtol_must_take_off_before_it_moves():
    state = game()
    state.units["v"].stats.mode = "grounded"
    assert not any(a.kind == "move" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="grounded"):
        play(state, "move blue unit=v path=[5,13]")


def test_in_high_mode_it_sees_over_woods_and_only_air_defence_may_fire_at_it():
    state = game(unit("rt", "red", at(5, 8), [tank("Red 1")], facing=4), b=board(terrain=WOODS))
    v, rt = state.units["v"], state.units["rt"]
    assert "cannot see" in combat.can_fire(state, v, rt)
    play(state, "mode blue unit=v mode=high")
    assert combat.can_fire(state, v, rt) == ""
    assert "only air defence" in combat.can_fire(state, rt, v)
    play(state, "move blue unit=v path=[6,14]")
    assert decision(state).side == "blue"  # no opportunity fire at a high-mode VTOL
    assert "HIGH" in RULESET.unit_marks(state, "v")


def test_zone_air_defence_failing_the_test_drops_it_to_low_mode_a_level_down_and_it_may_not_climb_back():
    state = game(unit("sky", "red", at(5, 2), [ads()], sensors=True))
    # climbing into sight of an active ADS: reaction test +1, Blue-2 d8 needs more than 3; a 2 fails
    play(state, "mode blue unit=v mode=high", 2)
    v = state.units["v"]
    assert v.stats.mode == "low" and v.stats.confidence == "ST" and v.stats.forced_low
    assert not any(isinstance(a, Mode) and a.mode == "high" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="may not climb back"):
        play(state, "mode blue unit=v mode=high")


def test_zone_air_defence_passing_the_test_then_a_higher_ads_roll_draws_chits_all_colours():
    state = game(unit("sky", "red", at(5, 2), [ads()], sensors=True))
    # test 6 passes; basic ADS d6 rolls 5 against the pilot's d8 3: a hit, 2 chits all colours, specials
    # ignored: G3 + M = 3 > armour 2: destroyed
    play(state, "mode blue unit=v mode=high", 6, 5, 3, F("G3", "M"))
    assert state.units["v"].eliminated
    state = game(unit("sky", "red", at(5, 2), [ads()], sensors=True))
    play(state, "mode blue unit=v mode=high", 6, 4, 4)  # equal: it aborts, down to low mode
    assert state.units["v"].stats.mode == "low" and not state.units["v"].stats.forced_low
    play(state, "mode blue unit=v mode=grounded")  # the ADS has fired at it this turn: no second ZAD
    assert state.zad_done == ["sky:0>v"]


def test_zad_odds_are_exact_and_add_up():
    dist = vtol.zad_odds(6, (8,), 2, 2)
    assert sum(dist.values()) == 1
    assert dist["miss"] == Fraction(sum(1 for a in range(1, 7) for b in range(1, 9) if a < b), 48)
    hit = Fraction(sum(1 for a in range(1, 7) for b in range(1, 9) if a > b), 48)
    tally = odds.draw_dist(2, lambda d: ch.read_air_defence(d, 2).outcome)
    assert dist["destroyed"] == hit * tally["destroyed"] and dist["damaged"] == hit * tally["damaged"]


def test_a_sam_at_a_high_vtol_whose_pilot_fails_the_test_drops_it_out_of_high_mode():
    sam = tank("Launcher", size=3, armour=2, gun=("RFAC", 1), sam="basic")
    state = game(unit("s", "red", at(10, 2), [sam], sensors=True), first="red")
    state.units["v"].stats.mode = "high"
    play(state, "sam red unit=s target=v", 2)  # the pilot's +1 test fails
    v = state.units["v"]
    assert v.stats.mode == "low" and v.stats.activated and v.alive


def test_a_high_vtol_that_evades_a_sam_drops_out_of_high_mode_and_never_dog_fights():
    sam = tank("Launcher", size=3, armour=2, gun=("RFAC", 1), sam="basic")
    state = game(unit("s", "red", at(10, 2), [sam], sensors=True), first="red")
    state.units["v"].stats.mode = "high"
    play(state, "sam red unit=s target=v", 6)
    assert {a.choice for a in RULESET.legal_actions(state, "blue")} == {"none", "evade"}  # never a dog-fight
    play(state, "react blue choice=evade", 3, 2, 5)  # SAM d6 3 against ECM d4 2 and the d8 5: missed
    v = state.units["v"]
    assert v.alive and v.stats.mode == "low" and v.stats.activated


def test_a_pop_up_attack_fires_over_cover_and_only_opportunity_fire_answers_with_a_d6_secondary_die():
    state = game(unit("rt", "red", at(5, 8), [tank("Red 1", gun=("HVC", 3))], facing=4), b=board(terrain=WOODS))
    assert PopUp(side="blue", unit="v", at=at(5, 8)) in legal_actions(state, "blue")
    # the RFAC/2 at 6 hexes (close): enhanced d10 against the tank's d8 (size 3): 2 against 8, a miss
    play(state, "popup blue unit=v at=5,8", 8, 2)
    assert decision(state).side == "red" and state.popup == "v"
    assert OpFire(side="red", unit="rt", at=at(5, 14)) in legal_actions(state, "red")
    pv = fire_preview(state, state.units["rt"], state.units["v"], opportunity=True)
    assert any("/ d6" in n for n in pv.notes)  # signature 2 d10, popping up d6
    play(state, Hold(side="red"))
    assert state.popup is None and "cannot see" in combat.can_fire(state, state.units["rt"], state.units["v"])


def test_jumping_mines_attack_a_low_vtol_against_its_full_armour_and_other_mines_do_not():
    def mined(feature):
        b = board()
        return Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=at(5, 10), feature=feature),))
    state = game(b=mined("minefield"))
    play(state, "move blue unit=v path=[5,13;5,12;5,11]")  # no dice: plain mines do not reach a flying VTOL
    state = game(b=mined("jumping_minefield"))
    # R1 + Y1 = 2 = full armour 2 (not the bottom): DAMAGED means immobilised, so it stops at 5,12; test +1
    play(state, "move blue unit=v path=[5,13;5,12;5,11]", F("R1", "Y1"), 8)
    v = state.units["v"]
    assert v.at == at(5, 12) and v.stats.elements[0].immobilised
