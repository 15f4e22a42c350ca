"""(hexwar) Agreeing to end ends the game as it stands: an agreement lapses once a side that has not agreed plays on."""

from __future__ import annotations

from rules.actions import parse_action
from rules.core import Context
from rules.dice import ScriptedDice
from rules.rulesets.hundred_wars import RULESET, turn, victory
from tests.rules.hundred_wars.helpers import act, at, game, unit


def agree(state, side: str) -> list:
    ctx = Context(lambda sink: ScriptedDice(sink=sink))
    turn.apply(state, parse_action(RULESET.action_adapter, f"agree_end {side}"), ctx)
    return ctx.events


def two_rifles():
    return game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4)), unit("b2", "blue", at(8, 6))])


def test_an_agreement_lapses_when_the_other_side_fires_instead_of_agreeing():
    s = two_rifles()
    s.step = 1  # blue acts
    agree(s, "blue")  # blue agrees at 0 to 0 ...
    s.step = 0  # red acts
    events = act(s, "fire red unit=r at=3,4", 8, 30, 70)  # ... and red destroys a blue rifle company first
    assert s.units["b"].eliminated and s.agreed_end == []
    assert any("agreement to end the game lapses" in e.text() for e in events)
    agree(s, "red")  # red, ahead now, agrees: blue has not agreed to this
    assert victory.check(s) is None


def test_an_agreement_answered_at_once_ends_the_game():
    s = two_rifles()
    s.step = 1  # blue acts
    agree(s, "blue")
    s.step = 0  # red acts
    agree(s, "red")
    result = victory.check(s)
    assert result is not None and result.winner is None and "agree" in result.reason


def test_the_agreeing_sides_own_actions_keep_its_agreement():
    s = two_rifles()
    agree(s, "red")
    act(s, "fire red unit=r at=3,4", 8, 30, 70)  # red plays on itself: it has agreed to the game as it becomes
    assert s.agreed_end == ["red"]
    s.step = 1  # blue acts
    agree(s, "blue")
    assert victory.check(s).winner == "red"
