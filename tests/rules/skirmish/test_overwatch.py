"""Overwatch (text #3; SKIRM-A22): a pause of the enemy's move at the hex where the shot is taken."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import (
    Activate, Charge, HoldFire, Move, Overwatch, OverwatchFire, Pivot, Shoot, WatchCharge, WatchMove,
)

from tests.rules.skirmish.helpers import act, acting, model, o, setup, start, texts

PATH = [o(7, 6), o(8, 6), o(9, 6), o(10, 6), o(11, 6)]
"""From the watcher's rear into its front arc: the third step is the first it sees."""


def game(**options):
    s = setup([model("r1", "red", o(6, 6)), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(8, 3)), model("b2", "blue", o(14, 1))])
    state = start(s, **options)
    b1 = state.units["b1"]
    b1.facing, b1.overwatch, b1.activated = "E", True, True
    return acting(state, "r1")


def test_the_move_pauses_where_the_watcher_first_sees_the_mover():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    assert state.units["r1"].at == o(9, 6)
    assert state.watch().rest == PATH[3:] and state.watch().watchers == ["b1"]
    d = RULESET.decision(state)
    assert d.side == "blue" and "overwatch" in d.prompt
    legal = RULESET.legal_actions(state, "blue")
    assert OverwatchFire(side="blue", unit="b1", at=o(9, 6)) in legal and HoldFire(side="blue") in legal
    assert RULESET.legal_actions(state, "red") == []


def test_an_overwatch_shot_that_downs_the_mover_stops_the_move_and_the_initiative_switches():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    events = act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 10, 5, 3)
    # 5 + 0 = 15 vs TN 10 (+1 overwatch, -1 flanked: the mover faces away): a critical, two wound rolls,
    # 10 (downed) and 8 (nothing)
    assert any("vs TN 10: critical" in t for t in texts(events))
    r1 = state.units["r1"]
    assert r1.downed and r1.at == o(9, 6)
    assert not state.paused and state.acting is None
    assert state.active_side == "blue"  # 'Man down!'
    assert not state.units["b1"].overwatch and state.units["b1"].shot_on_overwatch


def test_without_man_down_the_side_keeps_the_initiative():
    state = game(man_down=False)
    act(state, Move(side="red", unit="r1", path=PATH))
    act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 10, 5, 3)
    assert state.active_side == "red"


def test_holding_fire_lets_the_move_go_on_and_the_watcher_may_fire_at_the_next_hex():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    act(state, HoldFire(side="blue"))
    assert state.units["r1"].at == o(10, 6) and state.watch().watchers == ["b1"]
    act(state, HoldFire(side="blue"))
    act(state, HoldFire(side="blue"))
    assert state.units["r1"].at == o(11, 6) and not state.paused and state.acting is not None


def test_a_miss_lets_the_move_go_on():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 2)
    assert state.units["r1"].at == o(11, 6) and not state.paused


def test_a_suppressed_mover_in_the_open_stops_advancing():
    state = game()
    act(state, Move(side="red", unit="r1", path=[o(7, 6), o(8, 6), o(9, 6), o(9, 5), o(10, 4)]))
    # hit (6 + 5 = 11), wound 2 + 5 = 7: unhurt; Will 5 + 2 = 7: suppressed; the rest would advance in the open
    events = act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 6, 2, 2)
    assert state.units["r1"].suppressed and state.units["r1"].at == o(9, 6)
    assert any("move stops" in t for t in texts(events))


def test_overwatch_fires_before_the_enemy_shoots():
    state = game()
    state.units["r1"].at = o(9, 6)
    act(state, Shoot(side="red", unit="r1", at=o(14, 1)))
    assert state.watch().then == "shoot" and RULESET.decision(state).side == "blue"
    events = act(state, HoldFire(side="blue"), 2)  # then the shot: 7 vs 10, a miss
    assert not state.paused and state.acting.shot  # it may still move: a passed model moves and shoots
    assert any("to hit" in t for t in texts(events))


def test_going_on_overwatch_ends_the_activation_and_is_refused_when_off():
    state = game()
    act(state, Overwatch(side="red", unit="r1"))
    assert state.units["r1"].overwatch and state.acting is None
    state = game(overwatch=False)
    with pytest.raises(Refusal, match="off"):
        act(state, Overwatch(side="red", unit="r1"))


def test_a_suppressed_model_may_not_go_on_overwatch():
    state = game()
    state.units["r1"].suppressed = True
    with pytest.raises(Refusal, match="suppressed"):
        act(state, Overwatch(side="red", unit="r1"))


def test_the_overwatch_shot_must_go_at_the_mover():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    with pytest.raises(Refusal, match="interrupted model"):
        act(state, OverwatchFire(side="blue", unit="b1", at=o(1, 9)))
    with pytest.raises(Refusal, match="is not one of your models on overwatch"):
        act(state, OverwatchFire(side="blue", unit="b2", at=o(9, 6)))


def test_activating_a_model_ends_its_old_overwatch():
    s = setup([model("r1", "red", o(6, 6)), model("b1", "blue", o(8, 3))])
    state = start(s, active="blue")
    state.units["b1"].overwatch = True
    act(state, Activate(side="blue", unit="b1"), 5)
    assert not state.units["b1"].overwatch


def test_overwatch_as_movement_is_an_option():
    state = game()
    act(state, Move(side="red", unit="r1", path=PATH))
    assert not any(isinstance(a, (WatchCharge, WatchMove)) for a in RULESET.legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="option"):
        act(state, WatchCharge(side="blue", unit="b1", path=[o(8, 4), o(8, 5)], at=o(9, 6)))


def test_an_overwatch_charge_fights_the_mover_where_it_stands():
    state = game(overwatch_moves=True)
    act(state, Move(side="red", unit="r1", path=PATH))
    charge = next(a for a in RULESET.legal_actions(state, "blue") if isinstance(a, WatchCharge))
    # b1 rolls a natural 0, r1 a natural 1: b1 wins by far more than 5, but with a rifle, so it wounds:
    # Physique 4 + 6 = 10: downed, and in contact: coup de grâce. The mover's move is over.
    events = act(state, charge, 10, 1, 6)
    assert state.units["r1"].eliminated and not state.paused and not state.units["b1"].overwatch
    assert state.acting is None and state.active_side == "blue"
    assert any("charges from overwatch" in t for t in texts(events))


def test_a_locked_mover_stops_its_move():
    state = game(overwatch_moves=True)
    act(state, Move(side="red", unit="r1", path=PATH))
    charge = next(a for a in RULESET.legal_actions(state, "blue") if isinstance(a, WatchCharge))
    act(state, charge, 2, 3)  # both fail: no winner, the two stay in contact
    assert state.units["r1"].at == o(9, 6) and not state.paused
    legal = RULESET.legal_actions(state, "red")  # the rest of its activation: locked, it may only fight
    assert not any(isinstance(a, (Move, Shoot)) for a in legal)
    fight = Charge(side="red", unit="r1", at=state.units["b1"].at)
    if not ter.in_front(state.units["r1"].at, state.units["r1"].facing, fight.at):  # behind it: pivot first
        assert fight not in legal
        act(state, Pivot(side="red", unit="r1", face=ter.facing_towards(state.units["r1"].at, fight.at)))
    assert fight in RULESET.legal_actions(state, "red")


def test_an_overwatch_move_gets_away_and_the_mover_goes_on():
    state = game(overwatch_moves=True)
    act(state, Move(side="red", unit="r1", path=PATH))
    away = next(a for a in RULESET.legal_actions(state, "blue") if isinstance(a, WatchMove))
    act(state, away)
    b1 = state.units["b1"]
    assert b1.at == away.path[-1] and not b1.overwatch
    assert state.units["r1"].at == o(11, 6) and not state.paused
