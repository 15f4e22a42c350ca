"""The core's pause-and-continue helper: an action waits for a reaction, then goes on or is cut."""

from __future__ import annotations

import pytest

from rules.core import Context, Refusal
from rules.dice import ScriptedDice
from rules.reaction import Pausable, Pause, decision, pause, refuse_while_paused, resume, waiting


class Walk(Pausable):
    """A move of four steps that an overwatch may stop."""

    steps: list[int] = []


def ctx() -> Context:
    return Context(lambda sink: ScriptedDice(sink=sink))


def go_on(state: Walk, p: Pause, c: Context, cut: bool) -> None:
    if not cut:
        state.steps.extend(p.data["rest"])


def test_a_paused_move_waits_for_the_reactor_then_goes_on():
    s, c = Walk(steps=[1, 2]), ctx()
    pause(s, Pause(kind="overwatch", actor="red", reactor="blue", prompt="shoot or let it pass",
                   data={"rest": [3, 4]}), c)
    assert decision(s).side == "blue" and waiting(s, "overwatch") is not None
    with pytest.raises(Refusal, match="blue must first decide"):
        refuse_while_paused(s, "red")
    resume(s, c, {"overwatch": go_on})
    assert s.steps == [1, 2, 3, 4] and decision(s) is None
    assert any("may react" in e.text() for e in c.events)


def test_a_cut_move_stops_where_it_was_paused():
    s, c = Walk(steps=[1]), ctx()
    pause(s, Pause(kind="overwatch", actor="red", reactor="blue", prompt="shoot", data={"rest": [2]}), c)
    resume(s, c, {"overwatch": go_on}, cut=True)
    assert s.steps == [1] and not s.paused


def test_pauses_nest_and_the_newest_decides_first():
    s, c = Walk(), ctx()
    pause(s, Pause(kind="a", actor="red", reactor="blue", prompt="first"), c)
    pause(s, Pause(kind="b", actor="blue", reactor="red", prompt="second"), c)
    assert decision(s).side == "red" and waiting(s, "a") is None
    resume(s, c, {"b": lambda *_: None})
    assert decision(s).side == "blue"


def test_resuming_with_nothing_waiting_is_refused():
    with pytest.raises(Refusal, match="no action is waiting"):
        resume(Walk(), ctx(), {})
