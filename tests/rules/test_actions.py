"""Actions are data with a text form that parses back."""

from __future__ import annotations

import pytest

from rules.actions import ActionSyntaxError, parse_action, target_hex
from rules.hexgrid import Hex
from tests.toy_ruleset import RULESET, Attack, Move, Pass

ADAPTER = RULESET.action_adapter


@pytest.mark.parametrize("action", [
    Move(side="a", unit="a1", path=[Hex(1, 2), Hex(-2, 3)]),
    Attack(side="b", unit="b1", target="a2"),
    Pass(side="a"),
])
def test_text_form_parses_back_to_the_same_action(action):
    text = action.text()
    assert parse_action(ADAPTER, text) == action


def test_text_form_is_short_and_readable():
    assert Move(side="a", unit="a1", path=[Hex(1, 2), Hex(2, 2)]).text() == "move a unit=a1 path=[2,2;3,2]"
    assert Pass(side="b").text() == "pass b"


def test_bad_text_is_refused_with_a_reason():
    with pytest.raises(ActionSyntaxError, match="kind"):
        parse_action(ADAPTER, "teleport a unit=a1")
    with pytest.raises(ActionSyntaxError, match="key=value"):
        parse_action(ADAPTER, "attack a a1")
    with pytest.raises(ActionSyntaxError):
        parse_action(ADAPTER, "attack a unit=a1")  # no target
    with pytest.raises(ActionSyntaxError):
        parse_action(ADAPTER, "move")


def test_actions_are_frozen_and_reject_unknown_fields():
    with pytest.raises(Exception):
        Pass(side="a", bogus=1)
    a = Pass(side="a")
    with pytest.raises(Exception):
        a.side = "b"


def test_unit_and_target_hex_accessors():
    m = Move(side="a", unit="a1", path=[Hex(1, 2), Hex(2, 2)])
    kinds = RULESET.action_kinds
    assert m.unit_id == "a1" and target_hex(m, kinds) == Hex(2, 2)
    assert Pass(side="a").unit_id is None and target_hex(Pass(side="a"), kinds) is None
    assert target_hex(Attack(side="a", unit="a1", target="b1"), kinds) is None  # a unit named by id has no hex here
