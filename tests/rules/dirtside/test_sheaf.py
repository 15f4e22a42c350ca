"""Open sheaf and harassing fire with forced dice and chits (dsii-core §9.4-9.5, §14.5)."""

from __future__ import annotations

from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside import sheaf as sh
from rules.rulesets.dirtside.actions import Bombard
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def guns(n=2, ammo=1):
    return [tank(f"Gun {i + 1}", gun=("HVC", 3), artillery="medium", ammo=ammo) for i in range(n)]


def game(n=2, ammo=1):
    return start(setup([
        unit("bat", "blue", at(2, 8), guns(n, ammo), facing=0),
        unit("a", "red", at(8, 8), [team("A")]),
        unit("b", "red", at(13, 8), [tank("B", armour=3)]),
        unit("c", "red", at(18, 1), [team("C")]),
    ]), first="blue")


def test_an_open_sheaf_lays_two_impacts_4_per_extra_gun_apart_along_or_across_the_line_of_fire():
    state = game(n=3)
    assert sh.impacts(state, at(2, 8), at(8, 8), 3, "open") == (at(8, 8), at(16, 8))  # east, 8 hexes on
    first, second = sh.impacts(state, at(2, 8), at(8, 8), 3, "open_across")
    assert first == at(8, 8) and second.distance(first) == 8 and second.r < first.r  # north-west, up the map
    assert at(13, 8) in sh.zone(at(8, 8), at(16, 8)) and at(13, 11) not in sh.zone(at(8, 8), at(16, 8))
    assert sh.impacts(state, at(2, 8), at(8, 8), 3, "converged") == (at(8, 8), at(8, 8))


def test_open_sheaf_each_element_in_the_stadium_draws_once_for_one_gun():
    state = game()
    assert Bombard(side="blue", unit="bat", at=at(8, 8), munition="HEF", sheaf="open") in legal_actions(state, "blue")
    pv = RULESET.preview(state, Bombard(side="blue", unit="bat", at=at(8, 8), munition="HEF", sheaf="open"))
    assert "1 draw per element" in pv.dice and any(o.label.startswith("b B") for o in pv.outcomes)
    # 2 guns: the second impact 4 hexes east (12,8): the tank at 13,8 is inside; the converged circle misses it.
    # A (infantry, medium: 3 chits, HEF red + yellow): R3 Y2 G0 = 5 >= 4, killed; B (vehicle, 2 chits,
    # HEF yellow only against top armour 2): Y3 R3 = 3 > 2, knocked out
    play(state, "bombard blue unit=bat at=8,8 munition=HEF sheaf=open", F("R3", "Y2", "G0"), F("Y3", "R3"))
    assert state.units["a"].eliminated and state.units["b"].eliminated
    assert all(e.ammo == 0 for e in state.units["bat"].stats.elements)


def test_harassing_fire_needs_no_ammunition_marks_under_fire_and_tests_infantry_only():
    state = game()
    for e in state.units["bat"].stats.elements:
        e.ammo = 0  # every HEF / MAK chit fired
    assert {(a.munition, a.sheaf) for a in legal_actions(state, "blue") if isinstance(a, Bombard)} == \
        {("harass", "open"), ("harass", "open_across")}
    pv = RULESET.preview(state, Bombard(side="blue", unit="bat", at=at(8, 8), munition="harass", sheaf="open"))
    assert [o.label for o in pv.outcomes][0].startswith("a: ") and sum(o.chance for o in pv.outcomes) == 1
    play(state, "bombard blue unit=bat at=8,8 munition=harass sheaf=open", 2)  # A's +0 test: d8 2 <= 2, one down
    assert state.units["a"].stats.under_fire and state.units["b"].stats.under_fire
    assert state.units["a"].stats.confidence == "ST" and state.units["b"].stats.confidence == "CO"
