"""A refused QUAD action says what is really wrong, in a player's words, with hexes as col,row
(QA: moving onto the impassable 4,4 said "4,4 is not next to 1,5")."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.hexgrid import from_offset as H
from rules.rulesets.quad.actions import Attack, Block, Charge, Move, Retreat, Steal
from rules.rulesets.quad.state import PendingRetreat

from tests.rules.quad.helpers import activation, board, give, play, setup, start, unit


def refused(state, action) -> str:
    with pytest.raises(Refusal) as e:
        play(state, action)
    return str(e.value)


def game(**kw):
    b = board(terrain={H(4, 4): "impassable", H(3, 2): "impassable", H(3, 3): "impassable", H(2, 2): "impassable",
                       H(2, 3): "impassable"})
    s = start(setup([
        unit("a", "red", H(1, 5), speed=2, name="Archers", ranged=(2, 3)),
        unit("l", "red", H(1, 0), speed=2, name="Lancers", specials=("charger",)),
        unit("p", "red", H(6, 6), speed=1, name="Pikes"),
        unit("e", "blue", H(6, 5), name="Woodsmen"),
        unit("f", "blue", H(8, 1), name="Fort Guard"),
    ], b))
    activation(s)
    give(s, "red", "a", "l", "p")
    return s


def test_moving_onto_an_impassable_hex_says_it_is_impassable():
    s = game()
    assert refused(s, Move(side="red", unit="a", path=[H(4, 4)])) == "4,4 is impassable"


def test_a_hex_beyond_the_units_speed():
    s = game()
    why = refused(s, Move(side="red", unit="l", path=[H(6, 0)]))
    assert why == "Lancers cannot reach 6,0 with Speed 2 (5 hexes away)"


def test_a_hex_that_the_way_to_is_blocked():
    s = game()
    # 3,3 and 2,3 are impassable: the Archers' way to ... is around them
    s.board = board(terrain={H(2, 4): "impassable", H(2, 5): "impassable", H(1, 4): "impassable",
                             H(1, 6): "impassable", H(2, 6): "impassable", H(0, 4): "impassable",
                             H(0, 5): "impassable", H(0, 6): "impassable"})
    why = refused(s, Move(side="red", unit="a", path=[H(3, 5)]))
    assert why == "Archers cannot reach 3,5 with Speed 2: the way is blocked"


def test_a_taken_hex_names_who_stands_there():
    s = game()
    assert refused(s, Move(side="red", unit="p", path=[H(6, 5)])) == "6,5 is taken by Woodsmen"


def test_a_path_through_an_impassable_hex_says_so():
    s = game()
    path = [H(3, 4), H(4, 4), H(5, 4)]
    s.units["l"].stats.speed = 5
    s.units["l"].at = H(2, 4)
    assert refused(s, Move(side="red", unit="l", path=path)) == "the path crosses 4,4, which is impassable"


def test_a_path_that_jumps_says_so():
    s = game()
    why = refused(s, Move(side="red", unit="a", path=[H(1, 3), H(1, 4)]))
    assert why == "the path jumps from 1,5 to 1,3, which are not next to each other"


def test_attack_and_charge_refusals_name_the_target_and_the_numbers():
    s = game()
    assert refused(s, Attack(side="red", unit="a", at=H(5, 0))) == "no enemy at 5,0"
    assert refused(s, Attack(side="red", unit="a", at=H(6, 6))) == "Pikes at 6,6 is your own unit"
    why = refused(s, Attack(side="red", unit="a", at=H(8, 1)))
    assert why == "Archers cannot reach Fort Guard at 8,1: it is 9 hexes away and its range is 3"
    assert refused(s, Charge(side="red", unit="a", path=[H(2, 5)], at=H(6, 5))) == \
        "Archers cannot charge (it is not a Charger)"
    why = refused(s, Charge(side="red", unit="l", path=[H(2, 0)], at=H(8, 1)))
    assert why == "the charge ends at 2,0, which is not next to Fort Guard at 8,1"


def test_turn_and_hand_refusals_use_side_and_unit_names():
    s = game()
    assert refused(s, Move(side="blue", unit="e", path=[H(7, 5)])) == "it is Red's turn to decide, not Blue's"
    assert refused(s, Move(side="red", unit="e", path=[H(7, 5)])) == "Woodsmen belong to Blue"
    assert refused(s, Move(side="red", unit="zz", path=[H(7, 5)])) == "there is no unit 'zz'"
    give(s, "red", "a")
    assert refused(s, Move(side="red", unit="l", path=[H(2, 0)])) == "you hold no card that activates Lancers"
    give(s, "blue", "e")
    assert "tactics card" in refused(s, Steal(side="blue"))


def test_fall_back_refusal_names_the_hex_and_the_reason():
    s = game()
    s.retreats = [PendingRetreat(unit="a", away_from=H(2, 5), hexes=1, path=[H(1, 5)])]
    s.active_side = "red"
    why = refused(s, Retreat(side="red", unit="a", to=H(2, 4)))
    assert why.startswith("Archers cannot fall back into 2,4: it is not farther from the enemy at 2,5")
    assert "(choose " in why
    assert refused(s, Retreat(side="red", unit="a", to=H(5, 5))).startswith(
        "Archers cannot fall back into 5,5: it is not next to 1,5")
    assert refused(s, Block(side="red", quality=0, sixes=0)).startswith("Archers must fall back first")


def test_no_refusal_text_uses_axial_coordinates_or_bare_ids():
    """Every refusal seen above names hexes by col,row; none is 'not next to' for a far destination."""
    s = game()
    for action in (Move(side="red", unit="a", path=[H(4, 4)]), Move(side="red", unit="l", path=[H(6, 0)])):
        assert "not next to" not in refused(s, action)


def test_a_good_path_is_taken_without_finding_every_reachable_hex(monkeypatch):
    """Validating a move built the unit's whole reachable set: most of a QUAD replay's cost per action.
    A path that is fine as given no longer needs it; a bad one still gets the refusal that says why."""
    from rules.rulesets.quad import moving

    s = game()
    real = moving._moves
    monkeypatch.setattr(moving, "_moves", lambda *a: pytest.fail("the reachable set was built for a good path"))
    play(s, Move(side="red", unit="a", path=[H(1, 4), H(1, 3)]))
    assert s.units["a"].at == H(1, 3)
    monkeypatch.setattr(moving, "_moves", real)
    assert refused(game(), Move(side="red", unit="a", path=[H(1, 3), H(1, 4)])).startswith("the path jumps")
