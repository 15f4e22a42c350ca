"""A cruise missile's real target and warhead are its side's secret: every seat of another side words the
launch without them (the log did; the seat's `describe`, read by the game screen's message line and the plain
mode after another side's action, must too)."""

from __future__ import annotations

from rules.actions import parse_action
from rules.rulesets.dirtside import RULESET
from rules.service import GameService

from tests.rules.dirtside.helpers import at, launcher, setup, tank, unit


def test_another_sides_seat_never_words_a_launchs_target_or_warhead():
    game = GameService.new(setup([unit("t", "blue", at(5, 14), [tank("Blue 1")]), launcher(missiles=("nuke",)),
                                  unit("rt", "red", at(10, 4), [tank("Red 1")], facing=4)]), seed=1)
    launch = parse_action(RULESET.action_adapter, "launch blue unit=site at=10,4 warhead=nuke")
    for _ in range(20):  # pass red's goes until blue may launch
        side = game.decision().side
        if side == "blue" and not game.seat("blue").check(launch):
            break
        game.apply(next(a for a in game.legal_actions(side) if a.kind == "done"))
    else:
        raise AssertionError("blue never could launch")
    own = game.seat("blue").describe(launch)
    assert "10,4" in own or "nuke" in own, own  # the launching side reads its own secret
    for seat in (game.seat("red"), game.seat("red", undo="free")):
        said = seat.describe(launch)
        assert "10,4" not in said and "nuke" not in said and "Red 1" not in said, said
    assert game.seat(None).describe(launch) == own  # the referee sees everything
    assert game.seat("blue").apply(launch).ok
    red_log = game.seat("red").log()[-1].text
    assert red_log == game.seat("red").describe(launch)

