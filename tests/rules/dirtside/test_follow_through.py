"""Follow-through after a won close assault (dsii-core §8.5 step 10, optional): the winner tests at +1 (defenders
destroyed) or +2 (they withdrew); passing, it gets an extra full activation from the captured position."""

from __future__ import annotations

import pytest

from rules.core import Refusal, VictoryCondition
from rules.rulesets.dirtside.actions import Move
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def game(follow=True, victory=()):
    return start(setup([
        unit("t", "blue", at(5, 8), [tank("Blue 1"), tank("Blue 2")]),
        unit("inf", "red", at(5, 6), [team("A"), team("B")], leader=1),
        unit("r2", "red", at(18, 1), [team("C")]),
    ], victory=victory), first="blue", follow_through=follow)


def assault(state, *follow):
    # the house +2 threat test passes; tanks' APSWs kill A; the teams' IAVRs miss; the defender's +3 round test
    # (half lost) rolls 2 and drops two levels: it falls back; then the follow-through test (+2)
    return play(state, "assault blue unit=t at=5,6", 1, 8, F("R2", "G2", "Y0"), F("R0", "G0", "Y0"),
                F("R1", "Y1"), F("G3", "G3"), 2, *follow)


def test_passing_the_plus_2_test_after_the_defenders_withdrew_gives_a_full_activation():
    state = game()
    ctx = assault(state, 5)  # Blue-2, d8: 5 beats 2 + 2
    assert state.current == "t" and not state.moved and not state.acted and state.followed
    assert "follows through" in " ".join(e.text() for e in ctx.events)
    assert any(isinstance(a, Move) for a in legal_actions(state, "blue"))
    play(state, "move blue unit=t path=[5,5]")
    assert state.units["t"].at == at(5, 5)


def test_failing_it_ends_the_activation_and_the_option_off_rolls_nothing():
    state = game()
    assault(state, 4)  # 4 does not beat 2 + 2
    assert state.current is None and state.units["t"].stats.activated
    state = game(follow=False)
    assault(state)
    assert state.current is None and not state.followed


def test_the_follow_through_move_goes_on_towards_the_nearest_objective():
    state = game(victory=[VictoryCondition(kind="hold", side="blue", hexes=[at(5, 1)])])
    assault(state, 5)
    with pytest.raises(Refusal, match="towards the nearest objective"):
        play(state, "move blue unit=t path=[5,7]")
    play(state, "move blue unit=t path=[5,5]")


def test_the_assault_preview_gives_the_follow_through_chances():
    from rules.rulesets.dirtside import RULESET
    from rules.rulesets.dirtside.actions import Assault
    p = RULESET.preview(game(), Assault(side="blue", unit="t", at=at(5, 6)))
    # Blue-2 on a d8: beat 3 (5/8) after destroying them, beat 4 (4/8) after they withdraw
    assert "follow-through (an extra activation) on 62.5% after destroying the defenders, 50.0% after" in p.notes[-1]
    assert not any("follow-through" in n for n in RULESET.preview(game(follow=False), Assault(
        side="blue", unit="t", at=at(5, 6))).notes)
