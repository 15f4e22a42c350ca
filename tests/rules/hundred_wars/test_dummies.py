"""Blinds no one can count: a side sees the others' blinds and units on the table only, dummies imitate a Move
of their force (their owner's secret), blind labels count nothing, hidden commanders roll in private."""

from __future__ import annotations

import pytest

from rules.core import Refusal, Setup, SideSetup
from rules.dice import LEGACY
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import RULESET, moving, view
from rules.rulesets.hundred_wars.dummies import imitable
from rules.rulesets.hundred_wars.turn import blind_actions
from rules.unknown import UNKNOWN
from tests.rules.hundred_wars.helpers import HQ, INF, act, at, board, game, unit

SLOW = {**INF, "move": [{"mode": "ground", "factor": 5}]}
FAST = {**INF, "move": [{"mode": "ground", "factor": 25}]}


def force(**kw):
    """Red: a commander and a slow and a fast unit, all under blinds, and one dummy; blue: one unit on the table."""
    units = [unit("h", "red", None, **HQ), unit("slow", "red", None, **SLOW), unit("fast", "red", None, **FAST),
             unit("e", "blue", at(1, 6))]
    return game(units, phase="blinds", pips={"h": 3}, dummies=1, **kw)


def dummy_of(s):
    return next(u for u in s.units.values() if u.blind and u.side == "red" and u.dummy)


def test_a_dummy_is_placed_imitating_any_move_of_its_force():
    s = force()
    d = dummy_of(s)
    assert imitable(s, "red") == [5, 10, 25]
    offered = {a.move for a in blind_actions(s, "red") if a.unit == d.id}
    assert offered == {5, 10, 25}
    real = s.blind_of("fast")
    assert {a.move for a in blind_actions(s, "red") if a.unit == real.id} == {None}
    act(s, f"blind red unit={d.id} at=5,1 move=25")
    assert d.imitates == 25 and moving.move_factor(s, d) == 25 == moving.move_factor(s, real)


def test_a_dummy_without_a_choice_moves_at_the_option_and_bad_choices_are_refused():
    s = force()
    d = dummy_of(s)
    assert moving.move_factor(s, d) == moving.DUMMY_MOVE
    with pytest.raises(Refusal, match="no unit of yours moves at 7"):
        act(s, f"blind red unit={d.id} at=5,1 move=7")
    with pytest.raises(Refusal, match="imitates nothing"):
        act(s, f"blind red unit={s.blind_of('slow').id} at=5,1 move=5")


def test_the_other_side_sees_placed_blinds_only_and_nothing_under_them():
    s = force()
    d = dummy_of(s)
    act(s, f"blind red unit={d.id} at=5,1 move=5")
    seen = view.view(s, "blue")
    red = {u.id for u in seen.units.values() if u.side == "red"}
    assert red == {d.id}, "blue sees red's waiting units or blinds not yet placed"
    b = seen.units[d.id]
    assert (b.contents, b.dummy, b.imitates) == (UNKNOWN, UNKNOWN, UNKNOWN)
    assert "h" not in seen.pips and "dummy_blinds" not in seen.options
    own = view.view(s, "red")
    assert own.units[d.id].imitates == 5 and {"h", "slow", "fast"} <= set(own.units)


def test_the_others_words_for_placing_a_blind_name_neither_the_blind_nor_its_imitation():
    s = force()
    d = dummy_of(s)
    a = next(a for a in blind_actions(s, "red") if a.unit == d.id and a.move == 5)
    assert "Move 5" in RULESET.describe(view.view(s, "red"), a)
    told = RULESET.describe_to_others(view.view(s, "blue"), a)
    assert told == f"Place a blind at {Hex(*a.at)} (1 pip)"


def test_side_lines_say_nothing_of_the_others_blinds_to_come_unless_army_lists_are_known():
    s = force()
    assert "Blinds off table: 4" in RULESET.side_lines(view.view(s, "red"), "red")
    lines = RULESET.side_lines(view.view(s, "blue"), "red")
    assert not any("off table" in line or "Army list" in line for line in lines)
    known = force(options={"army_lists": True})
    lines = RULESET.side_lines(view.view(known, "blue"), "red")
    assert "Army list: fast, h, slow" in lines  # names, sorted: never which are still hidden
    assert {u.id for u in view.view(known, "blue").units.values() if u.side == "red"} == set()


def test_a_hidden_commanders_orders_roll_is_seen_by_its_side_only():
    s = force()
    s.phase = "orders"
    events = act(s, "orders red", 3)
    (rolled,) = [e for e in events if e.kind == "rolled"]
    assert rolled.seen_by == ("red",)


def test_blind_labels_count_nothing_in_new_games_and_stay_numbered_in_old_ones():
    setup = Setup(ruleset="hundred_wars", name="t", board=board(),
                  sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")],
                  units=[unit(f"r{i}", "red", None) for i in range(6)] + [unit("e", "blue", at(1, 6))])
    new = RULESET.setup(setup, 1, {"dummy_blinds": 2})
    labels = sorted(u.id for u in new.units.values() if u.blind and u.side == "red")
    assert len(labels) == 8 and not any(label[-1].isdigit() for label in labels)
    old = RULESET.setup(setup, 1, {"dummy_blinds": 2}, dice=LEGACY)
    assert sorted(u.id for u in old.units.values() if u.blind and u.side == "red") == [f"red-b{i}" for i in range(1, 9)]
