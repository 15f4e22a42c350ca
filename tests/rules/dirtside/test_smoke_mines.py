"""Smoke (artillery clouds, wind, thinning; smoke dischargers) and minefields (pre-laid, DMR, minelayers,
engineers) with forced dice and chits (dsii-core §5.6, §9.4, §10.1-10.2, §14.5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.board import Board, HexFeature
from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, combat, mines, odds, smoke
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import ClearMines, Discharge, LayMines
from rules.rulesets.dirtside.preview import fire_preview
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit


def battery(id="bat", cls="medium", guns=2, **stats):
    return unit(id, "blue", None, [tank(f"Gun {i + 1}", gun=("HVC", 3), artillery=cls, ammo=1) for i in range(guns)],
                role="battery", artillery=cls, off_table=True, **stats)


def smoke_game():
    return start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ"), team("B")]),
        battery(smoke=1),
        unit("rt", "red", at(5, 4), [tank("Red 1")], facing=4),
        unit("r2", "red", at(17, 2), [team("C")]),
    ]), first="blue")


def test_an_artillery_smoke_cloud_runs_downwind_blocks_sight_and_thins_each_turn_end():
    state = smoke_game()
    assert smoke.sees(state, at(5, 14), at(5, 4))
    play(state, "call blue unit=obs battery=bat at=5,8 munition=smoke", 6)  # leader d8 needs 6 off-table
    play(state, "done blue")
    play(state, "done red unit=rt")
    # the wind is rolled once, d6 -> one of the 6 hex directions: 4 blows west; 2 guns -> 4 hexes
    play(state, "bombard blue unit=bat at=5,8 munition=smoke", 4)
    assert state.wind == 3 and state.clouds[0].hexes == [at(5, 8), at(4, 8), at(3, 8), at(2, 8)]
    assert state.units["bat"].stats.smoke == 0 and all(e.ammo == 1 for e in state.units["bat"].stats.elements)
    assert not smoke.sees(state, at(5, 14), at(5, 4))
    assert "cannot see" in combat.can_fire(state, state.units["obs"], state.units["rt"])
    assert "Wind: blowing west" in RULESET.side_lines(state, "red")
    play(state, "done red unit=r2")  # turn 1 ends: 2 hexes go from the upwind end
    assert state.turn == 2 and state.clouds[0].hexes == [at(3, 8), at(2, 8)]
    assert smoke.sees(state, at(5, 14), at(5, 4))
    for a in ("done blue unit=obs", "done red unit=rt", "done blue unit=bat", "done red unit=r2"):
        play(state, a)
    assert state.turn == 3 and state.clouds == []


def test_a_battery_without_a_smoke_marker_cannot_fire_smoke():
    state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")]), battery(),
                         unit("rt", "red", at(5, 4), [tank("Red 1")])]), first="blue")
    assert not any(getattr(a, "munition", "") == "smoke" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="no smoke marker"):
        play(state, "call blue unit=obs battery=bat at=5,8 munition=smoke")


def discharger_game():
    return start(setup([
        unit("b", "blue", at(5, 14), [tank("Laser", gun=("HEL", 3), more=[{"type": "HKP", "cls": 3}], fcs=2)],
             facing=1),
        unit("rt", "red", at(5, 4), [tank("Red 1", dischargers=True)], facing=4),
        unit("r2", "red", at(17, 2), [team("C")]),
    ]), first="red")


def test_smoke_dischargers_stop_hel_and_gms_and_make_other_fire_one_band_longer():
    state = discharger_game()
    assert Discharge(side="red", unit="rt") in legal_actions(state, "red")
    before = fire_preview(state, state.units["b"], state.units["rt"])
    assert any("HEL" in o.label for o in before.outcomes)
    assert any("d12 against" in n for n in before.notes)  # HKP/3 at 10 hexes: close, superior d12
    play(state, "discharge red unit=rt")
    play(state, "done red unit=rt")
    assert "SMK" in RULESET.unit_marks(state, "rt")
    after = fire_preview(state, state.units["b"], state.units["rt"])
    assert not any("HEL" in o.label for o in after.outcomes)
    assert any("HKP/3" in o.label for o in after.outcomes)
    assert any("d10 against" in n for n in after.notes)  # one band longer: medium, d10
    shots = list(combat.shots(state, state.units["b"], state.units["rt"]))
    assert [w.type for _, w, _ in shots] == ["HKP"]


def test_discharger_smoke_lasts_to_the_end_of_the_next_activation_or_until_the_vehicle_moves():
    state = discharger_game()
    play(state, "discharge red unit=rt")
    play(state, "done red unit=rt")
    play(state, "done blue unit=b")
    play(state, "done red unit=r2")  # turn 2: red's tank activates again
    assert state.units["rt"].stats.smoked == 1 and state.turn == 2
    play(state, "done blue unit=b")
    play(state, "done red unit=rt")
    assert state.units["rt"].stats.smoked == 0
    state = discharger_game()
    play(state, "discharge red unit=rt")
    play(state, "move red unit=rt path=[5,3]")
    assert state.units["rt"].stats.smoked == 0


def mined_board(feature="minefield", where=None):
    b = board()
    return Board(width=b.width, height=b.height, terrain=b.terrain,
                 features=(HexFeature(at=where or at(10, 8), feature=feature),))


def test_a_vehicle_entering_a_minefield_draws_2_chits_against_bottom_armour_and_a_damaged_result_immobilises():
    state = start(setup([
        unit("t", "blue", at(10, 13), [tank("Blue 1", armour=3)], facing=1),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=mined_board()), first="blue")
    assert [m.at for m in state.mines] == [at(10, 8)]
    path = [at(10, 12), at(10, 11), at(10, 10), at(10, 9)]
    pv = RULESET.preview(state, RULESET.legal_actions(state, "blue")[0].model_copy(update={"path": path}))
    assert sum(o.chance for o in pv.outcomes) == 1 and "minefield" in " ".join(pv.notes)
    # the first hex within 2 of the marker is 10,10: R1 + R0 = 1 = bottom armour 1 (3 - 2): DAMAGED -> immobilised
    play(state, "move blue unit=t path=[10,12;10,11;10,10;10,9]", F("R1", "R0"), 8)
    t = state.units["t"]
    assert t.at == at(10, 10) and t.stats.elements[0].immobilised and not t.stats.elements[0].damaged
    assert t.stats.under_fire  # a damaged or destroyed element puts Under Fire on vehicles


def test_yellow_counts_and_a_total_over_bottom_armour_knocks_the_vehicle_out():
    state = start(setup([
        unit("t", "blue", at(10, 13), [tank("Blue 1", armour=3), tank("Blue 2", armour=3)], facing=1),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=mined_board()), first="blue")
    # Blue 1: Y2 = 2 > 1 knocked out; Blue 2: G3 + R0 = 0 (green does not count): no effect;
    # half the unit lost: a +2 confidence test (8 holds); the leader was lost: a d6 for the new leader's rating
    play(state, "move blue unit=t path=[10,12;10,11;10,10;10,9]", F("Y2", "R0"), F("G3", "R0"), 8, 4)
    t = state.units["t"]
    assert t.stats.elements[0].lost and not t.stats.elements[1].lost and t.at == at(10, 9)


def test_infantry_entering_mines_are_resolved_like_hef_and_units_inside_draw_again_when_they_act():
    state = start(setup([
        unit("i", "blue", at(10, 11), [team("A"), team("B")], facing=1),
        unit("rt", "red", at(10, 4), [tank("Red 1")]),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=mined_board()), first="blue")
    # A: R3 + Y2 = 5 >= 4 killed; B: G3 + G2 = 0 lives; then the casualty test (8 holds) and, the leader
    # lost, a d6 for the new leader's rating
    play(state, "move blue unit=i path=[10,10]", F("R3", "Y2"), F("G3", "G2"), 8, 4)
    i = state.units["i"]
    assert i.stats.elements[0].lost and not i.stats.elements[1].lost
    play(state, "hold red")  # no opportunity fire
    play(state, "done blue")
    play(state, "done red unit=rt")
    play(state, "done red unit=rx")
    assert state.turn == 2 and state.active_side == "blue"
    play(state, "done blue unit=i")  # activating to do nothing does not touch the mines
    for a in ("done red unit=rt", "done red unit=rx"):
        play(state, a)
    # turn 3: moving inside the field draws again, once in the activation (B: R0 + R0, unhurt)
    play(state, "move blue unit=i path=[10,9]", F("R0", "R0"))
    assert state.units["i"].at == at(10, 9) and state.mined == ["mines1"]


def test_dmr_fire_lays_an_armed_field_that_attacks_units_inside_when_they_next_move_or_act():
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ"), team("B")]),
        battery(dmr=1),
        unit("rt", "red", at(5, 4), [tank("Red 1", armour=3)], facing=4),
        unit("r2", "red", at(17, 2), [team("C")]),
    ]), first="blue")
    play(state, "call blue unit=obs battery=bat at=5,4 munition=DMR", 6)
    play(state, "done blue")
    play(state, "done red unit=r2")
    play(state, "bombard blue unit=bat at=5,4 munition=DMR")  # no dice: the field is laid, nobody draws yet
    assert [(m.at, m.armed) for m in state.mines] == [(at(5, 4), True)] and state.units["bat"].stats.dmr == 0
    play(state, "move red unit=rt path=[5,3]", F("R3", "R1"))  # 4 > bottom 1: knocked out before it moves
    assert state.units["rt"].eliminated and state.units["rt"].at == at(5, 4)


def test_light_artillery_cannot_fire_dmr():
    state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")]), battery(cls="light", dmr=1),
                         unit("rt", "red", at(5, 4), [tank("Red 1")])]), first="blue")
    with pytest.raises(Refusal, match="light artillery cannot fire DMR"):
        play(state, "call blue unit=obs battery=bat at=5,4 munition=DMR")


def test_an_effective_hef_mission_clears_the_mine_markers_in_its_zone():
    state = start(setup([
        unit("obs", "blue", at(5, 14), [team("HQ"), team("B")]),
        battery(guns=1),
        unit("rt", "red", at(10, 8), [team("R")]),
        unit("r2", "red", at(17, 2), [team("C")]),
    ], b=mined_board(where=at(11, 8))), first="blue")
    play(state, "call blue unit=obs battery=bat at=10,8 munition=HEF", 6)
    play(state, "done blue")
    play(state, "done red unit=r2")
    # medium, one gun: 3 chits against the infantry team (G values do not count): no kill; confidence +0 test
    play(state, "bombard blue unit=bat at=10,8 munition=HEF", F("G3", "G3", "G1"), 8)
    assert state.mines == []


def test_engineers_clear_a_minefield_on_a_d6_stepped_up_per_extra_engineer():
    state = start(setup([
        unit("eng", "blue", at(10, 10), [team("E1", kind="engineer"), team("E2", kind="engineer")]),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=mined_board()), first="blue")
    assert ClearMines(side="blue", unit="eng", at=at(10, 8)) in legal_actions(state, "blue")
    pv = RULESET.preview(state, ClearMines(side="blue", unit="eng", at=at(10, 8)))
    assert pv.dice.startswith("d8") and {o.label: o.chance for o in pv.outcomes}["cleared"] == Fraction(3, 8)
    # they act inside the field: each team draws first (no kill), then the d8 needs 6
    play(state, "clear blue unit=eng at=10,8", F("G3", "R1"), F("R0", "Y1"), 6)
    assert state.mines == []
    assert mines.clear_chance(1) == Fraction(1, 6) and mines.clear_chance(3) == Fraction(5, 10)


def test_a_minelayer_drops_a_field_behind_it_that_arms_once_it_is_more_than_2_hexes_away():
    state = start(setup([
        unit("ml", "blue", at(10, 10), [tank("Layer", minelayer=True)], facing=1),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    assert LayMines(side="blue", unit="ml") in legal_actions(state, "blue")
    play(state, "lay blue unit=ml")
    m = state.mines[0]
    assert m.at.distance(at(10, 10)) == 1 and not m.armed and state.units["ml"].stats.elements[0].mine_loads == 0
    play(state, "move blue unit=ml path=[10,9;10,8;10,7]")
    assert m.at.distance(state.units["ml"].at) > 2 and state.mines[0].armed
    assert "Minefield at" in " ".join(RULESET.side_lines(state, "red"))


@pytest.mark.parametrize("armour", [0, 1, 2, 3])
def test_mine_odds_against_a_vehicle_are_the_exact_draw_of_2_chits(armour):
    enumerated: dict[str, Fraction] = {}
    for drawn, p in odds.draws(2):
        r = mines.read_vehicle(drawn, armour)
        label = "knocked out" if r.destroyed else "immobilised" if r.immobilised else \
            "no effect (F)" if r.void else "no effect"
        if r.systems_down and not r.destroyed and not r.void:
            label += ", systems down"
        enumerated[label] = enumerated.get(label, Fraction(0)) + p
    assert mines.vehicle_odds(armour) == enumerated and sum(enumerated.values()) == 1
    assert mines.infantry_odds(4) == odds.draw_dist(2, lambda c: ch.read_infantry(c, ch.RY, 4))[True]


def test_a_unit_whose_gun_the_mines_put_down_as_it_acts_loses_its_fire_not_the_mine_attack():
    """Acting inside a field draws first (§10.1); if that leaves the unit unable to do what it set out to do, the
    attempt was its combat action and the mines' result stands (random play once saw the legal fire refused and
    the mine attack undone with it)."""
    state = start(setup([
        unit("t", "blue", at(10, 10), [tank("Blue 1", armour=3)], facing=1),
        unit("rt", "red", at(10, 4), [tank("Red 1")]),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=mined_board()), first="blue")
    fire = "fire blue unit=t at=10,4"
    assert any(a.text() == fire for a in legal_actions(state, "blue"))
    ctx = play(state, fire, F("R0", "T"), 8)  # nothing through bottom armour 1, but T: Systems Down; test holds
    t = state.units["t"]
    assert t.stats.elements[0].systems_down and state.acted  # its combat action is spent; it may still move
    assert any("cannot carry it out after that" in getattr(e, "message", "") for e in ctx.events)
    assert not state.units["rt"].stats.under_fire  # no shot was fired
