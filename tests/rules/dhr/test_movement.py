"""Movement on hexes: one MP a hex, terrain checks, bought passes, challenge terrain, roads (DHR-A04/A05)."""

from __future__ import annotations


from rules.board import Board
from rules.rulesets.dhr import RULESET
from rules.rulesets.dhr.actions import Cross, Draw, Move
from rules.rulesets.dhr.turn import legal_actions

from rules.service import GameService
from tests.rules.dhr.helpers import H, board, scripted, setup, unit


def walled(edge_feature="wall", terrain=None, roads=()):
    # a wall on the east hexside of (2, 2)
    b = board(10, 6, terrain=terrain or {}, edges=[((2, 2), "E", edge_feature)], roads=roads)
    units = [unit("r1", "red", (1, 2), mp=3), unit("b1", "blue", (9, 5))]
    g = GameService.new(setup(units, b=b), seed=1)
    scripted(g, Draw(side="red"), 2)  # bag [blue:b1, red:r1] -> red:r1
    assert g.state.chip == "red:r1"
    return g


def test_the_wall_example_fail_then_buy_the_pass_with_another_point():
    """Movement, hex based: 3 MP, wall DV 3, roll a 3: fail; the player chooses to spend another MP
    and crosses automatically (`cross`, no roll); 1 MP left."""
    g = walled()
    g.state.units["r1"].at = H(2, 2)
    events, dice = scripted(g, Move(side="red", unit="r1", path=[H(3, 2), H(4, 2)]), 3)
    u = g.state.units["r1"]
    assert u.at == H(2, 2), "a failed check stops the move: the pass is the player's decision"
    assert g.state.mp_left == 2
    rec = dice.records[0]
    assert rec.purpose == "terrain check" and rec.need == 3 and rec.test == ">"
    offered = [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)]
    assert offered == [Cross(side="red", unit="r1", to=H(3, 2))]
    assert RULESET.action_kinds["cross"].key == "p"
    assert "may cross into" in dict(RULESET.unit_card(g.state, "r1"))["Status"]
    _, dice = scripted(g, offered[0])  # no die: the automatic pass
    assert dice.records == []
    assert u.at == H(3, 2) or g.state.units["r1"].at == H(3, 2)
    assert g.state.mp_left == 1, "the text: 'automatically cross with 1 Movement Point left'"
    assert not [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)], "the pass is used"


def test_the_automatic_pass_may_be_declined():
    """'you CAN pay the required points again': stopping is the other choice. Anything else the
    unit does (end, move elsewhere) leaves the pass; it lasts only this activation."""
    g = walled()
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 2)
    assert g.state.units["r1"].at == H(2, 2) and g.state.mp_left == 2
    scripted(g, Move(side="red", unit="r1", path=[H(2, 1)]))  # goes elsewhere instead
    assert g.state.mp_left == 1
    assert not [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)]
    assert not g.apply(Cross(side="red", unit="r1", to=H(3, 2))).ok


def test_no_pass_is_offered_into_a_hex_another_unit_has_taken_meanwhile():
    """Found by the computer in the tower: after the Men-at-arms failed to get into a house, their
    champion dropped out into that very hex; `cross` was still offered there, then refused."""
    g = walled()
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 2)
    assert [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)]
    g.state.units["b1"].at = H(3, 2)  # the hex is taken (in the tower: by the unit's own dropped champion)
    assert not [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)]
    done = g.apply(Cross(side="red", unit="r1", to=H(3, 2)))
    assert not done.ok and "is taken by" in done.reason


def test_a_move_that_starts_with_the_failed_step_takes_the_bought_pass():
    g = walled()
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 1)
    _, dice = scripted(g, Move(side="red", unit="r1", path=[H(3, 2), H(4, 2)]))
    assert dice.records == [] and g.state.units["r1"].at == H(4, 2) and g.state.mp_left == 0


def test_the_wall_alone_leaves_one_point_as_in_the_text():
    g = walled()
    scripted(g, Move(side="red", unit="r1", path=[H(2, 2)]))  # open: 1 MP, no roll
    assert g.state.mp_left == 2
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 3)
    assert g.state.units["r1"].at == H(2, 2) and g.state.mp_left == 1
    scripted(g, Cross(side="red", unit="r1", to=H(3, 2)))
    assert g.state.units["r1"].at == H(3, 2)
    assert g.state.mp_left == 0
    g = walled()
    # straight at the wall with 3 MP: the example's 3 -> 1 left
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 3)
    scripted(g, Cross(side="red", unit="r1", to=H(3, 2)))
    assert g.state.mp_left == 1, "3 MP: a failed check (1) and a bought pass (1) leave 1"


def test_a_passed_check_costs_one_point():
    g = walled()
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 4)
    assert g.state.mp_left == 2


def test_a_failure_with_no_point_left_stops_the_unit():
    g = walled()
    scripted(g, Move(side="red", unit="r1", path=[H(2, 2)]))
    scripted(g, Move(side="red", unit="r1", path=[H(1, 2)]))  # wander back: 1 MP left
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 2)
    assert g.state.units["r1"].at == H(2, 2), "failed with its last MP: it stays"
    assert g.state.mp_left == 0


def test_challenge_terrain_is_rolled_until_passed():
    """DHR-A05: barbed wire has no bought pass; each try costs a point."""
    g = walled("barbed_wire")
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 1, 2, 3)  # DV 2: 1 fail, 2 fail, 3 pass
    assert g.state.units["r1"].at == H(3, 2)
    assert g.state.mp_left == 0
    g = walled("barbed_wire")
    g.state.units["r1"].at = H(2, 2)
    scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 1, 1, 2)
    assert g.state.units["r1"].at == H(2, 2), "three failures and no pass bought"


def test_hex_terrain_takes_the_higher_of_hex_and_hexside():
    g = walled("fence", terrain={(3, 2): "house"})  # fence DV 1, house DV 4
    g.state.units["r1"].at = H(2, 2)
    _, dice = scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), 5)
    assert dice.records[0].need == 4


def test_a_road_through_woods_is_dv_zero():
    roads = [(c, 2) for c in range(0, 6)]
    g = walled("fence", terrain={(c, 2): "dense_woods" for c in range(2, 6)}, roads=roads)
    # along the road: no checks at all (the road carries over the fence too, DHR-A04)
    _, dice = scripted(g, Move(side="red", unit="r1", path=[H(2, 2), H(3, 2), H(4, 2)]))
    assert dice.records == []
    assert g.state.units["r1"].at == H(4, 2)


def test_leaving_the_road_into_woods_checks_the_woods():
    roads = [(c, 2) for c in range(0, 6)]
    g = walled("fence", terrain={(2, 3): "dense_woods"}, roads=roads)
    _, dice = scripted(g, Move(side="red", unit="r1", path=[H(2, 2), H(2, 3)]), 5)
    assert dice.records[0].need == 4


def test_legal_moves_avoid_occupied_and_impassable_hexes_and_respect_mp():
    b = board(10, 6, terrain={(3, 2): "water"})
    units = [unit("r1", "red", (2, 2), mp=3), unit("r2", "red", (1, 2)), unit("b1", "blue", (9, 5))]
    g = GameService.new(setup(units, b=b, options={"chip_draw": "unit"}), seed=1)
    scripted(g, Draw(side="red"), 2)  # [blue:b1, red:r1, red:r2] -> red:r1
    dests = {a.path[-1] for a in g.legal_actions(unit="r1") if isinstance(a, Move)}
    assert H(3, 2) not in dests and H(1, 2) not in dests
    assert all(H(2, 2).distance(d) <= 3 for d in dests)
    assert H(4, 2) in dests  # around the water: 3 hexes
    assert H(5, 2) not in dests
    assert not g.apply(Move(side="red", unit="r1", path=[H(3, 2)])).ok


def test_a_unit_that_moved_keeps_its_remaining_points_in_the_activation():
    g = walled()
    scripted(g, Move(side="red", unit="r1", path=[H(1, 1)]))
    assert g.state.mp_left == 2 and g.state.active_unit == "r1"
    dests = {a.path[-1] for a in legal_actions(g.state, "red") if isinstance(a, Move)}
    assert all(H(1, 1).distance(d) <= 2 for d in dests)


def test_legal_moves_on_a_60x60_map_are_fast():
    b = Board.flat(60, 60)
    units = [unit("r1", "red", (30, 30), mp=6, mounted=True), unit("b1", "blue", (0, 0))]
    g = GameService.new(setup(units, b=b), seed=1)
    scripted(g, Draw(side="red"), 2)
    acts = g.legal_actions(unit="r1")  # the speed bar (20 ms) is `make bench`'s figure
    assert len([a for a in acts if isinstance(a, Move)]) == 126  # every hex within 6


def test_the_challenge_option_makes_more_terrain_a_challenge():
    b = board(10, 6, edges=[((2, 2), "E", "wall")])
    units = [unit("r1", "red", (2, 2), mp=3), unit("b1", "blue", (9, 5))]
    for extra, faces, crossable in (("", (1,), True), ("wall", (1, 1, 1), False)):
        g = GameService.new(setup(units, b=b, options={"challenge": extra}), seed=1)
        scripted(g, Draw(side="red"), 2)
        scripted(g, Move(side="red", unit="r1", path=[H(3, 2)]), *faces)
        assert g.state.units["r1"].at == H(2, 2)
        offered = [a for a in legal_actions(g.state, "red") if isinstance(a, Cross)]
        assert bool(offered) == crossable, "challenge terrain has no bought pass (DHR-A05)"
