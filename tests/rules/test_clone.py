"""The state copy the service takes for every action (and the computer for every try): equal, and
sharing nothing that can change."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

from rules.clone import clone
from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario

BUNDLED = [(i.ruleset, i.name) for i in list_scenarios() if not i.error]


def _mutable_parts(x, out: list) -> list:
    """Every list, dict, set and unfrozen model inside `x`."""
    if isinstance(x, BaseModel):
        if not x.model_config.get("frozen"):
            out.append(x)
            for v in x.__dict__.values():
                _mutable_parts(v, out)
    elif isinstance(x, (list, set)):
        out.append(x)
        for v in x:
            _mutable_parts(v, out)
    elif isinstance(x, dict):
        out.append(x)
        for v in x.values():
            _mutable_parts(v, out)
    elif isinstance(x, tuple):
        for v in x:
            _mutable_parts(v, out)
    return out


def _played(ruleset: str, name: str, actions: int = 30) -> GameService:
    game = GameService.new(load_scenario(name, ruleset), seed=3)
    rng = random.Random(3)
    for _ in range(actions):
        side = game.decision().side
        if side is None:
            break
        game.apply(rng.choice(game.legal_actions(side)), autosave=False)
    return game


@pytest.mark.parametrize("ruleset,name", BUNDLED)
def test_a_clone_equals_the_state_and_shares_nothing_mutable(ruleset, name):
    state = _played(ruleset, name).state
    copy = clone(state)
    assert copy == state and type(copy) is type(state)
    theirs = {id(p) for p in _mutable_parts(state, [])}
    assert not [p for p in _mutable_parts(copy, []) if id(p) in theirs]
    assert copy.board is state.board  # frozen: shared


def test_a_refused_action_changes_nothing_and_undo_restores_the_exact_state():
    game = _played("quad", "teaching", 10)
    before = clone(game.state)
    assert not game.apply("nonsense", autosave=False).ok
    assert game.state == before
    side = game.decision().side
    assert game.apply(game.legal_actions(side)[0], autosave=False).ok
    assert game.undo()
    assert game.state == before
