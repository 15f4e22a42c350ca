"""Nuclear and biochem shells with forced dice and chits (dsii-core §9.2, §10.3-10.4, §3.2)."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import movement as mv

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def heavy(**stats):
    return unit("bat", "blue", at(2, 14), [tank("Big Gun", gun=("HVC", 5), artillery="heavy", ammo=1)], facing=0,
                **stats)


def test_a_nuke_destroys_within_2_draws_5_chits_within_5_and_3_within_9_then_everyone_tests():
    state = start(setup([
        heavy(nukes=1),
        unit("a", "red", at(12, 13), [team("A")]),
        unit("t", "red", at(15, 14), [tank("T", armour=3)]),
        unit("i", "red", at(19, 14), [team("I")]),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    # a (1 hex): gone; t (3 hexes): 5 chits all colours, 15 > top armour 2; i (7 hexes): 3 chits, 0 < 4;
    # tests: the firer's side +2 (8 holds), the enemy in sight of ground zero +4 (i: 7 holds; rx: 1 drops two)
    play(state, "bombard blue unit=bat at=12,14 munition=nuke", F("R3", "R3", "R3", "G3", "Y3"), F("R0", "G0", "Y0"),
         8, 7, 1)
    assert state.units["a"].eliminated and state.units["t"].eliminated and state.units["i"].alive
    assert state.units["rx"].stats.confidence == "SH" and state.units["bat"].stats.nukes == 0
    assert state.ground_zero == [at(12, 14)] and at(12, 14) in state.rubble
    i = state.units["i"]
    assert mv.entry_problem(state, i, at(17, 14)) and "sealed" in mv.entry_problem(state, i, at(17, 14))
    assert "within 2" in mv.entry_problem(state, i, at(13, 14)) and not mv.entry_problem(state, i, at(19, 13))


def test_only_heavy_artillery_fires_nuclear_or_biochem_shells():
    state = start(setup([unit("bat", "blue", at(2, 14), [tank("Gun", gun=("HVC", 3), artillery="medium", ammo=1)],
                              facing=0, nukes=1), unit("r", "red", at(12, 14), [team("A")])]), first="blue")
    with pytest.raises(Refusal, match="only heavy artillery"):
        play(state, "bombard blue unit=bat at=12,14 munition=nuke")


def test_biochem_first_use_spares_powered_and_sealed_and_shakes_both_sides():
    state = start(setup([
        heavy(biochem=1),
        unit("r", "red", at(12, 14), [team("Line"), team("Suit", troop="powered"), tank("Open", armour=2),
                                      tank("Sealed", armour=2, sealed=True)]),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    # open sheaf (1 gun: the circle); Line: R2 G2 Y0 = 4, killed; Open (as line infantry): G1 R1 Y1 = 3, lives;
    # the leader lost: a d6 (4) for the new one; tests: the firer +1 (bat: 8 holds), the attacked side +3
    # (r: 8 holds; rx: 4 drops one)
    play(state, "bombard blue unit=bat at=12,14 munition=biochem sheaf=open", F("R2", "G2", "Y0"), F("G1", "R1", "Y1"),
         4, 8, 8, 4)
    r = state.units["r"]
    assert [e.lost for e in r.stats.elements] == [True, False, False, False] and state.biochem_used
    assert r.stats.under_fire and state.units["rx"].stats.confidence == "ST"
