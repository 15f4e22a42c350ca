"""Initiative: the chip bag By Unit and By Type, chips set aside, rounds, commanders (DHR-A21)."""

from __future__ import annotations

from rules.rulesets.dhr import RULESET
from rules.rulesets.dhr.actions import Draw, End, Fire, Move

from tests.rules.dhr.helpers import RIFLE, game, scripted, unit


def four_units(**kw):
    return [
        unit("r1", "red", (1, 1), kind="infantry", weapons=[RIFLE]),
        unit("r2", "red", (1, 3), kind="infantry", weapons=[RIFLE]),
        unit("r3", "red", (1, 5), kind="mounted", mp=6, mounted=True),
        unit("b1", "blue", (8, 1), kind="infantry", weapons=[RIFLE]),
    ]


def test_by_unit_bag_has_one_chip_per_unit_and_no_order():
    g = game(four_units(), options={"chip_draw": "unit"})
    assert g.state.bag == sorted(["red:r1", "red:r2", "red:r3", "blue:b1"])
    # the bag is the same whatever the seed: the order is only made by the draw roll
    assert game(four_units(), seed=99, options={"chip_draw": "unit"}).state.bag == g.state.bag
    assert g.seat("blue").view().bag == g.state.bag
    assert g.decision().prompt.startswith("draw")
    assert g.legal_actions() == [Draw(side="red")]


def test_by_unit_draw_activates_exactly_that_unit():
    g = game(four_units(), options={"chip_draw": "unit"})
    # bag sorted: blue:b1, red:r1, red:r2, red:r3 -> a 3 on the d4 pulls red:r2
    events, _ = scripted(g, Draw(side="red"), 3)
    assert g.state.chip == "red:r2"
    assert g.state.bag == ["blue:b1", "red:r1", "red:r3"]
    assert g.decision().side == "red"
    units = {a.unit_id for a in RULESET.legal_actions(g.state, "red") if a.unit_id}
    assert units == {"r2"}
    assert RULESET.legal_actions(g.state, "blue") == []


def test_by_type_chip_lets_the_commander_pick_any_unit_of_that_type():
    g = game(four_units(), options={"chip_draw": "type"})
    assert g.state.bag == sorted(["red:infantry", "red:infantry", "red:mounted", "blue:infantry"])
    # sorted: blue:infantry, red:infantry, red:infantry, red:mounted -> 2 = red infantry
    scripted(g, Draw(side="red"), 2)
    assert g.state.chip == "red:infantry"
    movers = {a.unit_id for a in RULESET.legal_actions(g.state, "red") if isinstance(a, Move)}
    assert movers == {"r1", "r2"}
    # acting with r2 makes it the unit of this chip
    mv = next(a for a in RULESET.legal_actions(g.state, "red") if isinstance(a, Move) and a.unit_id == "r2")
    scripted(g, mv)
    assert g.state.active_unit == "r2"
    assert {a.unit_id for a in RULESET.legal_actions(g.state, "red") if a.unit_id} <= {"r2"}
    # end: r2 has gone, the chip is set aside, the next chip is drawn (3 left: a d3)
    # left: blue:infantry, red:infantry, red:mounted -> 2 = the other red infantry chip
    scripted(g, End(side="red"), 2)
    assert "r2" in g.state.activated
    assert g.state.set_aside == ["red:infantry"]
    assert g.state.chip == "red:infantry"
    movers = {a.unit_id for a in RULESET.legal_actions(g.state, "red") if isinstance(a, Move)}
    assert movers == {"r1"}, "a unit that has gone gets no double action"


def test_round_ends_when_the_bag_is_empty_and_the_bag_is_refilled():
    units = [unit("r1", "red", (1, 1)), unit("b1", "blue", (8, 1))]
    g = game(units, options={"chip_draw": "unit"})
    scripted(g, Draw(side="red"), 2)          # bag [blue:b1, red:r1] -> red:r1
    assert g.state.turn == 1
    scripted(g, End(side="red"))              # one chip left: drawn without a roll
    assert g.state.chip == "blue:b1" and g.state.bag == []
    scripted(g, End(side="blue"), 1)          # empty bag: new round, refill, draw (d2 -> blue)
    assert g.state.turn == 2
    assert g.state.activated == [] and g.state.set_aside == []
    assert g.state.chip == "blue:b1" and g.state.bag == ["red:r1"]


def test_a_chip_no_unit_can_use_is_set_aside():
    units = [unit("r1", "red", (1, 1)), unit("r2", "red", (1, 3)), unit("b1", "blue", (8, 1))]
    g = game(units, options={"chip_draw": "unit"})
    g.state.units["r2"].eliminated = True
    # bag: blue:b1, red:r1, red:r2 -> 3 pulls the dead r2's chip, set aside; then d2 -> 1 = blue
    scripted(g, Draw(side="red"), 3, 1)
    assert g.state.chip == "blue:b1"
    assert "red:r2" in g.state.set_aside


def test_commanders_rotate_youngest_first_each_time_the_side_is_selected():
    units = [unit("r1", "red", (1, 1)), unit("r2", "red", (1, 3)), unit("b1", "blue", (8, 1))]
    g = game(units, options={"chip_draw": "unit"}, players={"red": ["Ann", "Ben", "Cat"], "blue": ["Dan"]})
    scripted(g, Draw(side="red"), 2)                  # red:r1
    assert g.decision().player == "Ann"
    scripted(g, End(side="red"), 2)                   # left blue:b1, red:r2 -> red:r2
    assert g.decision().player == "Ben"
    scripted(g, End(side="red"))                      # blue:b1
    assert g.decision().player == "Dan"
    scripted(g, End(side="blue"), 2)                  # new round: d3 -> red:r1
    assert g.decision().player == "Cat"
    scripted(g, End(side="red"), 2)                   # left blue:b1, red:r2 -> red:r2
    assert g.decision().player == "Ann", "after everyone has gone, start over with the youngest"
    assert "commander: Ann" in RULESET.side_lines(g.state, "red")


def test_side_lines_count_chips_left_by_side():
    g = game(four_units(), options={"chip_draw": "type"})
    lines = RULESET.side_lines(g.state, "red")
    assert lines[0] == "chips in the bag: 3"
    assert "infantry 2, mounted 1" in lines[1]


def test_pass_sets_the_chip_aside_without_acting():
    g = game(four_units(), options={"chip_draw": "unit"})
    scripted(g, Draw(side="red"), 1)  # blue:b1
    assert g.decision().side == "blue"
    scripted(g, End(side="blue"), 2)
    assert "b1" in g.state.activated
    assert not any(isinstance(a, Fire) and a.unit_id == "b1" for a in RULESET.legal_actions(g.state, "blue"))
