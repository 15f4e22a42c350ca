"""A refused DHR action says what is really wrong, in a player's words, hexes as col,row."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dhr.actions import Attach, Call, Cast, Drop, Fire, Melee, Move, Overrun

from tests.rules.dhr.helpers import RIFLE, H, activate, board, game, scripted, setup, unit
from rules.core import Context
from rules.dice import SeededDice
from rules.rulesets.dhr import RULESET
from rules.service import GameService

TANK = dict(figures=1, rating=4, mp=6, vehicle=True, armour_dice=4, armour={"all": 6},
            weapons=[{"name": "75mm", "range": 12, "rof": [1], "count": 1, "armament": 4}])


def refused(g, action) -> str:
    with pytest.raises(Refusal) as e:
        scripted(g, action)
    return str(e.value)


def new(options=None, units=None):
    units = units or [
        unit("r1", "red", (1, 1), name="1st Squad", figures=6, weapons=[RIFLE]),
        unit("r2", "red", (1, 3), name="Radio", special="rto", artillery=0, air=1, figures=1),
        unit("r3", "red", (5, 5), name="Medic", special="medic", figures=1, attached_to="r1"),
        unit("b1", "blue", (3, 1), name="Grenadiers", figures=6, weapons=[RIFLE]),
        unit("b2", "blue", (8, 6), name="Panther", **TANK),
    ]
    s = setup(units, b=board(terrain={(4, 4): "water"}), options=options or {})
    return GameService.new(s, seed=1, options=options)


def test_moving_into_water_says_it_is_impassable():
    g = new()
    activate(g, "r1")
    assert refused(g, Move(side="red", unit="r1", path=[H(3, 3), H(4, 4)])) == "4,4 is impassable (Deep water)"


def test_moving_too_far_names_the_mp():
    g = new()
    activate(g, "r1")
    assert refused(g, Move(side="red", unit="r1", path=[H(6, 1)])) == "1st Squad cannot reach 6,1 with 3 MP (5 hexes away)"


def test_moving_onto_a_unit_names_it_and_a_jump_is_called_a_jump():
    g = new()
    activate(g, "r1")
    assert refused(g, Move(side="red", unit="r1", path=[H(2, 1), H(3, 1)])) == "3,1 is taken by Grenadiers"
    assert refused(g, Move(side="red", unit="r1", path=[H(1, 3), H(1, 2)])) == \
        "the path jumps from 1,1 to 1,3, which are not next to each other"


def test_attacks_name_the_target_and_the_problem():
    g = new(options={"vehicles": True, "special_figures": True})
    activate(g, "r1")
    assert refused(g, Fire(side="red", unit="r1", at=H(6, 6))) == "no enemy at 6,6"
    assert refused(g, Fire(side="red", unit="r1", at=H(8, 6))) == \
        "the rifle cannot hurt Panther, an armoured vehicle (it has no armament dice)"
    assert refused(g, Fire(side="red", unit="r1", at=H(3, 1), slots=5)) == "the rifle has 2 RoF slots, not 5"
    assert refused(g, Melee(side="red", unit="r1", at=H(3, 1))) == "Grenadiers at 3,1 is not next to 1st Squad"
    assert refused(g, Overrun(side="red", unit="r1", at=H(3, 1))) == "1st Squad is not a vehicle: only vehicles overrun"
    assert refused(g, Cast(side="red", unit="r1", at=H(3, 1))) == "1st Squad is not a Wizard: only a Wizard casts spells"
    assert refused(g, Call(side="red", unit="r1", at=H(3, 1))) == \
        "1st Squad is not an RTO: only an RTO calls artillery or air strikes"


def test_a_shot_beyond_reach_says_too_far():
    units = [unit("r1", "red", (0, 0), name="1st Squad", rating=1, figures=6, weapons=[RIFLE]),
             unit("b1", "blue", (9, 7), name="Grenadiers", figures=6)]
    g = GameService.new(setup(units), seed=1)
    activate(g, "r1")
    why = refused(g, Fire(side="red", unit="r1", at=H(9, 7)))
    assert why.startswith("Grenadiers at 9,7 is too far for the rifle:")


def test_rto_refusals_name_the_strikes_left():
    g = new(options={"special_figures": True})
    activate(g, "r2")
    assert refused(g, Call(side="red", unit="r2", at=H(3, 1), strike="artillery")) == \
        "Radio has no artillery missions left"


def test_special_figure_refusals():
    g = new(options={"special_figures": True})
    activate(g, "r2")
    assert refused(g, Attach(side="red", unit="r2", at=H(3, 1))) == "Grenadiers at 3,1 are an enemy unit"
    assert refused(g, Attach(side="red", unit="r2", at=H(5, 5))) == "no unit at 5,5 for Radio to join"
    assert refused(g, Attach(side="red", unit="r2", at=H(1, 1))) == "1st Squad at 1,1 is not next to Radio at 1,3"
    activate(g, "r3")
    assert refused(g, Drop(side="red", unit="r3", at=H(3, 1))) == "Medic cannot drop out into 3,1: it is not next to 1,1"
    assert refused(g, Drop(side="red", unit="r3", at=H(4, 4))).startswith("Medic cannot drop out into 4,4")


def test_turn_refusals_use_side_names():
    g = new()
    activate(g, "r1")
    with pytest.raises(Refusal, match="it is Red's turn to decide, not Blue's"):
        RULESET.apply(g.state.model_copy(deep=True), Move(side="blue", unit="b1", path=[H(4, 1)]), Context(lambda sink: SeededDice(1, 0, sink=sink)))
    assert refused(g, Move(side="red", unit="b1", path=[H(4, 1)])) == "Grenadiers belong to Blue"
    assert refused(g, Move(side="red", unit="zz", path=[H(4, 1)])) == "there is no unit 'zz'"
    why = refused(g, Move(side="red", unit="r2", path=[H(1, 4)]))
    assert "Radio may not act on it" in why and "chip drawn is" in why


def test_the_pass_key_asks_for_no_hex():
    """QA: help said 'p Pass the obstacle, then choose the hex on the map', but there is only
    ever one hex: the one the failed check was for."""
    assert RULESET.action_kinds["cross"].needs_target is False


def test_an_unknown_challenge_terrain_id_stops_the_game_from_starting_with_the_known_ids():
    """QA: typing 'x2' in "More challenge terrain" started the game with no error."""
    units = [unit("r1", "red", (1, 1)), unit("b1", "blue", (5, 5))]
    with pytest.raises(ValueError, match=r"unknown terrain 'x2' \(known: .*woods"):
        GameService.new(setup(units), seed=1, options={"challenge": "woods, x2"})
    g = GameService.new(setup(units), seed=1, options={"challenge": "woods, hedge"})
    assert g.state.options["challenge"] == "woods, hedge"



def test_a_winding_path_longer_than_the_movement_points_is_refused_not_cut_short():
    """DHR-A04: one MP a hex, so a path of more hexes than the MP left is refused whole."""
    g = new()
    activate(g, "r1")
    start = g.state.units["r1"].at
    ring = [start.neighbour(d) for d in ("E", "NE", "NW", "W")]
    assert refused(g, Move(side="red", unit="r1", path=ring)) == \
        "the path is 4 hexes long and 1st Squad has 3 MP"
    assert g.state.units["r1"].at == start

