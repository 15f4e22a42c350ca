"""One conformance test for every registered rule set: random legal play through the service.

Hypothesis drives random legal actions (and reactions) through `GameService` and
checks that nothing raises, every legal action is accepted, refusals change
nothing, undo restores the exact state, text forms parse back, no two legal actions read alike, and replaying
the log (and, once `saves` can, saving and loading) reproduces the state.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from rules import registry
from rules.core import Setup
from rules.events import Rolled
from rules.service import GameService
from rules.unknown import UNKNOWN
from tests.conftest import toy_setup


def setup_for(ruleset_id: str) -> Setup:
    """The teaching scenario of a rule set (the toy builds its own)."""
    if ruleset_id == "toy":
        return toy_setup()
    from saves.scenarios import list_scenarios, load_scenario

    found = sorted(list_scenarios(ruleset_id), key=lambda s: s.name)
    assert found, f"no bundled scenario for {ruleset_id}"
    return load_scenario(found[0].name, ruleset=ruleset_id)


def actors(game: GameService) -> list[str]:
    d = game.decision()
    return [s for s in ([d.side] if d.side else []) + list(d.reactors)]


def ends_on_its_path(game: GameService, action, events) -> None:
    """A move that rolled no dice and gave no other side a say on the way (an overwatch, an opportunity fire)
    ends on its path's last hex: a Skirmish crawl stopped after its first hex, and only the hint showed it."""
    path = getattr(action, "path", None)
    unit = game.state.units.get(getattr(action, "unit", None) or "")
    if action.kind != "move" or not path or unit is None or not unit.on_map:
        return
    if any(isinstance(e, Rolled) for e in events) or game.result is not None:
        return
    after = game.decision()
    if after.side == action.side and not after.reactors:
        assert unit.at == path[-1], f"{action.text()} ended at {unit.at}"


def make_machine(ruleset_id: str, setup: Setup):
    class RandomPlay(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 2**31 - 1))
        def start(self, seed):
            self.game = GameService.new(setup, seed=seed)

        @precondition(lambda self: self.game.result is None)
        @rule(data=st.data())
        def play_a_legal_action(self, data):
            side = data.draw(st.sampled_from(actors(self.game)))
            actions = self.game.legal_actions(side)
            if not actions:
                assert side != self.game.decision().side, "the deciding side has no legal action"
                return
            words = [self.game.describe(a) for a in actions]
            assert len(set(words)) == len(words), "two legal actions read alike: " + \
                ", ".join(sorted({w for w in words if words.count(w) > 1}))
            action = data.draw(st.sampled_from(actions))
            assert self.game.parse(action.text()) == action
            before = self.game.state.model_copy(deep=True)
            done = self.game.apply(action)
            assert done.ok, f"legal action refused: {action.text()}: {done.reason}"
            assert self.game.history[-1].before == before
            ends_on_its_path(self.game, action, done.events)

        @precondition(lambda self: self.game.result is None)
        @rule(data=st.data())
        def an_action_of_a_side_that_may_not_act_is_refused(self, data):
            idle = [s for s in self.game.state.side_ids() if s not in actors(self.game)]
            if not idle:
                return
            side = data.draw(st.sampled_from(idle))
            mine = self.game.legal_actions(self.game.decision().side)
            if not mine:
                return
            action = data.draw(st.sampled_from(mine)).model_copy(update={"side": side})
            before = self.game.state.model_copy(deep=True)
            assert not self.game.apply(action).ok
            assert self.game.state == before

        @precondition(lambda self: self.game.history)
        @rule()
        def undo_restores_exactly_and_redo_returns(self):
            after = self.game.state.model_copy(deep=True)
            before = self.game.history[-1].before
            assert self.game.undo()
            assert self.game.state == before
            assert self.game.redo()
            assert self.game.state == after

        @invariant()
        def units_stand_on_the_map(self):
            board = self.game.state.board
            for unit in self.game.state.units.values():
                if unit.on_map:
                    assert board.in_bounds(unit.at), f"{unit.id} is off the map at {unit.at}"

        @invariant()
        def views_are_copies_without_the_seed(self):
            state = self.game.state.model_copy(deep=True)
            for side in [*self.game.state.side_ids(), None]:
                assert self.game.view_for(side).seed is UNKNOWN
            assert self.game.view_for(None) == self.game.state.model_copy(update={"seed": UNKNOWN})
            assert self.game.state == state

        def teardown(self):
            if not hasattr(self, "game"):
                return
            again = GameService.replay(self.game.ruleset, self.game.initial, self.game.log)
            assert again.state == self.game.state, "replaying the log gives another state"
            from saves.store import load_game, save_game

            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "game.toml"
                save_game(self.game, path)
                assert load_game(path).state == self.game.state

    RandomPlay.TestCase.settings = settings(
        max_examples=12, stateful_step_count=25, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return RandomPlay


@pytest.mark.parametrize("ruleset_id", [e.id for e in registry.entries()])
def test_random_legal_play_keeps_every_promise(ruleset_id):
    machine = make_machine(ruleset_id, setup_for(ruleset_id))
    machine.TestCase("runTest").runTest()
