"""The after-action report's figures (rules/after_action.py) and its Markdown (tui/report_text.py)."""

from __future__ import annotations

import pytest

from rules.after_action import build, luck, turn_ends
from rules.ai.evaluate import evaluator_for
from rules.dice import RollRecord
from rules.replay import Replay
from tests.saves.test_replay import played
from tui.report_text import markdown, plain


def roll(side: str, faces: tuple[int, ...], need: int = 4) -> RollRecord:
    return RollRecord(purpose="attack", sides=6, faces=faces, side=side, need=need, test=">=")


def test_luck_is_counted_against_the_exact_odds():
    records = [roll("a", (6,)), roll("a", (5,)), roll("b", (1, 2)), RollRecord(purpose="scatter", sides=6, faces=(3,), side="b")]
    figures = luck(records, ["a", "b"])
    a, b = figures["a"], figures["b"]
    assert (a.rolls, a.dice, a.rolled, a.expected) == (2, 2, 2, 1.0)
    assert a.p_at_least == pytest.approx(0.25) and a.p_at_most == pytest.approx(1.0)
    assert a.verdict().startswith("lucky: +1.0 successes; 25.0% chance")
    assert (b.rolls, b.dice, b.rolled, b.untested) == (1, 2, 0, 1)
    assert b.p_at_most == pytest.approx(0.25) and b.verdict().startswith("unlucky: -1.0")


def test_the_report_has_a_row_per_turn_and_the_same_tables_in_markdown():
    game = played(80)
    replay = Replay(game)
    report = build(replay, None)
    turns = replay.turns()
    assert [r.turn for r in report.rows] == sorted(set(turns[:-1]) | ({turns[-1]} if turns[-2] == turns[-1] else set()))
    for r in report.rows:  # each turn measured at its end: after the action that ended it, or at the last position
        ended = r.action > 0 and turns[r.action - 1] == r.turn and turns[r.action] != r.turn
        assert ended or (r.action == replay.length and turns[r.action] == r.turn)
    text, md = plain(report), markdown(report)
    for title in ("Losses by turn", "Strength by turn", "Luck: tested rolls against the exact odds"):
        assert title in text and f"## {title}" in md
    assert replay.position == replay.length  # building the report moves nothing shown


def test_a_turn_ends_after_the_action_that_ended_it_and_a_finished_game_has_no_extra_turn():
    """Turns of positions 0..5: two actions in turn 1, the third ends it; the fifth ends turn 2 and the game (the
    state stands at turn 3 with nothing played in it)."""
    assert turn_ends([1, 1, 1, 2, 2, 3]) == [(1, 3), (2, 5)]
    assert turn_ends([1, 1, 2, 2]) == [(1, 2), (2, 3)]  # a game in progress, or won in the middle of turn 2
    assert turn_ends([1]) == [(1, 0)]  # nothing played yet


def test_who_was_ahead_comes_from_the_evaluator_the_caller_passes_in():
    """The rules core does not import the computer (tests/test_layers.py): the screens pass its evaluator."""
    game = played(40)
    scored = build(Replay(game), None, evaluator_for(game.ruleset))
    assert all(t.score is not None for r in scored.rows for t in r.sides.values())
    unscored = build(Replay(game), None)
    assert all(t.score is None for r in unscored.rows for t in r.sides.values())


def test_a_sides_report_of_a_game_in_progress_reads_nothing_it_may_not_know(monkeypatch):
    """Everything the side may not know changed at random in every position: the same report."""
    import random

    from rules.service import GameService
    from saves.scenarios import load_scenario

    rng = random.Random(6)
    game = GameService.new(load_scenario("quad/teaching"), 5)  # hands and a deck: secrets
    while len(game.history) < 40:
        assert game.apply(rng.choice(game.legal_actions()), autosave=False).ok
    side = game.decision().side
    evaluator = evaluator_for(game.ruleset)  # the computer's reading is what may leak: it is in the report
    expected = plain(build(Replay(game), side, evaluator))
    original = Replay.state_after
    hide = random.Random(1)
    monkeypatch.setattr(Replay, "state_after",
                        lambda self, n: game.ruleset.hidden_from(original(self, n), side, hide))
    assert plain(build(Replay(game), side, evaluator)) == expected
    assert plain(build(Replay(game), None, evaluator)) != plain(build(Replay(game), side, evaluator))  # the referee's differs
