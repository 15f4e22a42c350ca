"""GameService: decisions, legal actions, refusals, exact undo/redo, views, replay."""

from __future__ import annotations

import pytest

from rules.actions import target_hex
from rules.core import Refusal
from rules.hexgrid import Hex
from rules.service import GameService
from tests.conftest import toy_setup
from tests.toy_ruleset import Attack, Brace, Move, Pass


@pytest.fixture
def game() -> GameService:
    return GameService.new(toy_setup(), seed=5)


def test_new_game_takes_option_defaults_then_scenario_then_caller():
    assert GameService.new(toy_setup(), seed=1).state.options == {"need": 4, "bracing": True}
    g = GameService.new(toy_setup(options={"need": 6}), seed=1, options={"bracing": False})
    assert g.state.options == {"need": 6, "bracing": False}


def test_decision_names_the_side_to_act(game):
    assert game.decision().side == "a"
    assert game.legal_actions()[0].side == "a"
    assert game.legal_actions("b") == []


def test_legal_actions_filter_by_unit_and_target(game):
    mine = game.legal_actions(unit="a1")
    assert mine and all(a.unit_id == "a1" for a in mine)
    target = target_hex(mine[-1], game.ruleset.action_kinds)
    assert target is not None
    assert all(target_hex(a, game.ruleset.action_kinds) == target for a in game.legal_actions(target=target))


def test_apply_moves_and_passes_the_turn(game):
    move = game.legal_actions(unit="a1")[1]
    done = game.apply(move)
    assert done.ok and done.events
    assert game.state.units["a1"].at == target_hex(move, game.ruleset.action_kinds)
    assert game.decision().side == "b"
    assert game.log == [move]


def test_refusal_gives_a_reason_and_changes_nothing(game):
    before = game.state.model_copy(deep=True)
    done = game.apply(Move(side="a", unit="a1", path=[Hex(7, 1)]))
    assert not done.ok and "blocked or too long" in done.reason
    assert game.state == before and game.log == []
    assert not game.apply(Pass(side="b")).ok  # not b's decision
    assert "not Side B's" in game.apply(Pass(side="b")).reason
    assert not game.apply("warp a").ok  # text that does not parse
    assert game.state == before


def test_undo_restores_the_exact_state_and_redo_reapplies_it(game):
    states = [game.state.model_copy(deep=True)]
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
        states.append(game.state.model_copy(deep=True))
    for expected in reversed(states[:-1]):
        assert game.undo()
        assert game.state == expected
    assert not game.undo()
    for expected in states[1:]:
        assert game.redo()
        assert game.state == expected
    assert not game.redo()


def test_redo_is_cleared_by_a_new_action(game):
    game.apply(game.legal_actions()[-1])
    game.undo()
    game.apply(Pass(side="a"))
    assert not game.redo()


def test_the_same_action_index_rolls_the_same_dice_after_undo():
    g = GameService.new(toy_setup(), seed=9)
    # Bring a1 next to b1 and attack; undo and attack again: same faces.
    g.state.units["a1"].at = g.state.units["b1"].at + (-1, 0)
    g.initial = g.state.model_copy(deep=True)
    first = g.apply(Attack(side="a", unit="a1", target="b1"))
    g.undo()
    second = g.apply(Attack(side="a", unit="a1", target="b1"))
    assert [e for e in first.events if e.kind == "rolled"] == [e for e in second.events if e.kind == "rolled"]


def test_reactions_are_offered_to_the_side_hit():
    g = GameService.new(toy_setup(options={"need": 1}), seed=3)
    g.state.units["a1"].at = g.state.units["b1"].at + (-1, 0)
    assert g.apply(Attack(side="a", unit="a1", target="b1")).ok
    assert g.decision().side == "b"
    assert Brace(side="b", unit="b1") in g.legal_actions()
    assert g.apply(Brace(side="b", unit="b1")).ok
    assert g.state.units["b1"].stats.strength == 2


def test_replay_rebuilds_the_same_state(game):
    for _ in range(10):
        game.apply(game.legal_actions()[len(game.log) % 3])
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state


def test_replay_of_a_bad_log_names_the_action(game):
    with pytest.raises(Refusal, match="action 1"):
        GameService.replay(game.ruleset, game.initial, [Pass(side="b")])


def test_view_hides_the_other_sides_secret(game):
    assert set(game.view_for("a").secret) == {"a"}
    assert set(game.view_for(None).secret) == {"a", "b"}
    assert set(game.state.secret) == {"a", "b"}  # the view is a copy


def test_victory_ends_the_game_and_nothing_more_is_legal():
    g = GameService.new(toy_setup(options={"need": 1, "bracing": False}), seed=3)
    g.state.units["a1"].at = g.state.units["b2"].at + (-1, 0)
    g.state.units["b1"].eliminated = True
    done = g.apply(Attack(side="a", unit="a1", target="b2"))
    assert done.events[-1].kind == "game_over"
    assert g.result.winner == "a"
    assert g.decision().side is None and g.legal_actions() == []
    assert g.apply(Pass(side="b")).reason == "the game is over"


def test_preview_gives_exact_chances(game):
    p = game.preview(Attack(side="a", unit="a1", target="b1"))
    assert sum(o.chance for o in p.outcomes) == 1
    assert p.outcomes[0].percent == 50.0


class _Recorder:
    def __init__(self):
        self.count = 0

    def autosave(self, service):
        self.count += 1


def test_the_store_autosaves_after_every_change():
    store = _Recorder()
    g = GameService.new(toy_setup(), seed=1, store=store)
    g.apply(Pass(side="a"))
    g.apply(Pass(side="b"))
    g.undo()
    g.redo()
    g.apply(Pass(side="b"))  # refused: nothing to save
    assert store.count == 4


def test_undo_after_a_replay_rebuilds_the_exact_states_between_checkpoints():
    game = GameService.new(toy_setup(), seed=11)
    states = []
    for i in range(70):  # past two checkpoints
        states.append(game.state.model_copy(deep=True))
        assert game.apply(game.legal_actions()[i % 4 if i % 4 < len(game.legal_actions()) else 0]).ok
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state
    assert sum(step._before is not None for step in again.history) == 2  # actions 32, 64 (0's is `initial`)
    for expected in reversed(states):
        assert again.undo()
        assert again.state == expected
    assert not again.undo()
    assert again.state is not again.initial  # a copy: playing on from the start never changes `initial`


def test_check_gives_the_refusal_reason_without_changing_anything(game):
    before = game.state.model_copy(deep=True)
    assert game.check(Move(side="a", unit="a1", path=[Hex(7, 1)])) == "that path is blocked or too long"
    assert game.check(Pass(side="b")) == "it is Side A's decision, not Side B's"
    assert game.check(Pass(side="zz")) == "it is Side A's decision, not 'zz''s"
    assert game.check(Pass(side="a")) == ""
    assert game.state == before and game.log == []


def test_a_side_may_take_back_only_its_own_action_and_never_a_roll():
    g = GameService.new(toy_setup(options={"bracing": False}), seed=3)
    assert g.why_no_undo() == "nothing to undo"
    g.apply(g.legal_actions(unit="a1")[1])  # a move: no dice
    assert g.why_no_undo("a") == "" and g.why_no_undo() == ""
    assert g.why_no_undo("b") == "the last action was the other side's"
    g.state.units["b1"].at = g.state.units["a1"].at + (1, 0)
    g.apply(Attack(side="b", unit="b1", target="a1"))
    assert g.why_no_undo("b") == "dice were rolled: the roll stands"
    assert g.why_no_undo() == ""  # solo play: anything goes
