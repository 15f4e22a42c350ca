"""House rule: aerospace craft may shoot down a cruise missile with RFAC/1s or HELs on the turn it is due to
land (the turn after launch), never with AAMs; a hit destroys it in the air."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Intercept
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, launcher, play, setup, start, tank, unit
from tests.rules.dirtside.test_house_in_play import jet


def game(**design):
    return start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")]),
        launcher(),
        unit("rt", "red", at(10, 4), [tank("Red 1")], facing=4),
        jet("kite", side="red", **design),
    ]), first="blue")


def to_turn_2(state):
    play(state, "launch blue unit=site at=10,4 warhead=HE")
    play(state, "done red unit=rt")
    play(state, "done blue unit=t")
    play(state, "done red unit=kite")
    assert state.turn == 2
    state.order, state.active_side = ["red", "blue"], "red"  # red goes first in turn 2


def test_a_missile_on_its_way_cannot_be_shot_at_before_the_turn_it_lands():
    state = game()
    play(state, "launch blue unit=site at=10,4 warhead=HE")
    assert not any(isinstance(a, Intercept) for a in legal_actions(state, "red"))
    with pytest.raises(Refusal, match="only on its way: it can be shot at in turn 2"):
        play(state, "intercept red unit=kite missile=cm1")


def test_guns_hit_the_missile_and_it_never_lands():
    state = game()
    to_turn_2(state)
    assert Intercept(side="red", unit="kite", missile="cm1") in legal_actions(state, "red")
    # enhanced fire control, regular pilot: d8; 8 beats the missile's d12 roll of 7
    ctx = play(state, "intercept red unit=kite missile=cm1", 8, 7)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [8, 12]
    assert state.flights == [] and state.units["kite"].stats.activated
    assert "shoots down cruise missile cm1" in " ".join(e.text() for e in ctx.events)
    assert not state.due_flights("blue")  # no go left to fly it


def test_a_tie_misses_and_the_missile_lands_as_normal():
    state = game()
    to_turn_2(state)
    play(state, "intercept red unit=kite missile=cm1", 7, 7)
    assert [f.id for f in state.flights] == ["cm1"]


def test_a_green_pilot_steps_the_attack_die_down_and_aams_cannot_catch_a_missile():
    state = start(setup([
        unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(),
        unit("rt", "red", at(10, 4), [tank("Red 1")]),
        unit("kite", "red", None, [{"name": "kite", "kind": "aircraft", "design": {
            "size": 3, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "enhanced", "aam": "superior",
            "weapons": [{"type": "RFAC", "cls": 2, "mount": "fixed"}]}}], role="aircraft", quality="green"),
    ]), first="blue")
    to_turn_2(state)
    with pytest.raises(Refusal, match="no RFAC/1 or HEL"):
        play(state, "intercept red unit=kite missile=cm1")
    state = game()
    state.units["kite"].stats.quality = "green"
    to_turn_2(state)
    ctx = play(state, "intercept red unit=kite missile=cm1", 6, 5)
    assert [e.record.sides for e in ctx.events if e.kind == "rolled"] == [6, 12]
    assert state.flights == []


def test_the_preview_is_the_exact_contest_against_d12():
    state = game()
    to_turn_2(state)
    p = RULESET.preview(state, Intercept(side="red", unit="kite", missile="cm1"))
    # d8 against d12: sum over a of (a - 1) / 12, over 8 faces = 28 / 96
    assert p.outcomes[0].chance == Fraction(7, 24) and p.outcomes[1].chance == Fraction(17, 24)
    state.units["kite"].stats.quality = "veteran"  # an ace: d10, 45 / 120
    p = RULESET.preview(state, Intercept(side="red", unit="kite", missile="cm1"))
    assert p.outcomes[0].chance == Fraction(3, 8)


def test_own_missiles_and_craft_away_from_the_battle_area_are_refused():
    state = game()
    to_turn_2(state)
    state.units["kite"].stats.off_table = True
    with pytest.raises(Refusal, match="over the battle area"):
        play(state, "intercept red unit=kite missile=cm1")
    state.units["kite"].stats.off_table = False
    with pytest.raises(Refusal, match="no enemy cruise missile"):
        play(state, "intercept red unit=kite missile=cm9")
    assert "cruise missile cm1" in RULESET.describe(state, Intercept(side="red", unit="kite", missile="cm1"))
