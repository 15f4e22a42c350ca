"""Dirtside: a unit standing on the hex its side must hold does not walk off it (hint `prune`)."""

from __future__ import annotations

import dataclasses
import random

from rules.ai.computer import Computer
from rules.rulesets.dirtside import ai_hints as dirtside
from rules.ai.simulate import legal
from rules.hexgrid import Hex, from_offset
from rules.registry import get
from rules.service import GameService
from saves.scenarios import load_scenario

CROSSROADS = from_offset(12, 4)
"""The hex the Federals must hold at the end of the hold condition's turn (teaching.toml)."""


def _federals_on_the_crossroads():
    game = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=1)
    state = game.state
    state.units["r1"].at = Hex(CROSSROADS.q, CROSSROADS.r + 3)  # the Village Guard driven out
    state.units["f2"].at = CROSSROADS
    state.turn = _hold_turn(state) - 1  # the turn before the hold is checked
    return game, state


def _hold_turn(state) -> int:
    """The turn at whose end teaching's hold condition is checked (read from the scenario, not assumed)."""
    return next(c.turn for c in state.victory if c.kind == "hold")


def test_the_crossroads_hold_is_read_from_the_scenario():
    _, state = _federals_on_the_crossroads()
    assert [tuple(h) for c in state.victory if c.kind == "hold" for h in c.hexes] == [tuple(CROSSROADS)]


def test_a_unit_on_the_hex_to_hold_neither_moves_nor_assaults_off_it():
    _, state = _federals_on_the_crossroads()
    actions = legal(get("dirtside"), state, "federal")
    f2_moves = [a for a in actions if a.unit_id == "f2" and a.kind in ("move", "assault")]
    assert f2_moves, "the rifle platoon could walk off the crossroads"
    kept = dirtside.prune(state, "federal", actions)
    assert not [a for a in kept if a.unit_id == "f2" and a.kind in ("move", "assault")]
    assert [a for a in kept if a.unit_id == "f1" and a.kind == "move"]  # the tanks still move
    assert dirtside.prune(state, "rebels", actions) == actions  # the rebels hold nothing by a hold condition


def test_before_the_turn_the_hold_is_checked_the_unit_may_leave():
    _, state = _federals_on_the_crossroads()
    state.turn = _hold_turn(state) - 2
    actions = legal(get("dirtside"), state, "federal")
    assert _platoon(dirtside.prune(state, "federal", actions)) == _platoon(actions)


def test_a_unit_off_the_hex_to_hold_keeps_every_action():
    _, state = _federals_on_the_crossroads()
    state.units["f2"].at = Hex(CROSSROADS.q, CROSSROADS.r + 2)
    actions = legal(get("dirtside"), state, "federal")
    assert _platoon(dirtside.prune(state, "federal", actions)) == _platoon(actions)


def _platoon(actions):
    """The rifle platoon's actions (the tanks' are the business of test_dirtside_stand_off.py before the last turns)."""
    return [a for a in actions if a.unit_id == "f2"]


def test_the_computer_never_plays_an_action_the_hints_prune(monkeypatch):
    game, _ = _federals_on_the_crossroads()
    seat = game.seat("federal")
    actions = seat.legal_actions()
    only = next(a for a in actions if a.kind == "move" and a.unit_id == "f1")
    rules = get("dirtside")
    pruning = dataclasses.replace(rules.ai_hints, prune=lambda view, side, acts: [a for a in acts if a == only])
    monkeypatch.setattr(rules, "ai_hints", pruning)  # the hints the computer reads: the rule set's, by the contract
    assert Computer(random.Random(0), budget=30).choose(seat) == only
