"""A Routed unit that cannot withdraw surrenders to the nearest enemy (dsii-core §1.4)."""

from __future__ import annotations

from tests.rules.dirtside.helpers import at, play, setup, start, tank, team, unit


def cornered(where=at(0, 0)):
    return start(setup([
        unit("t", "blue", at(1, 0), [tank("Blue 1"), tank("Blue 2")]),
        unit("inf", "red", where, [team("A"), team("B")], confidence="BR"),
        unit("r2", "red", at(18, 14), [team("C")]),
    ]), first="blue")


def test_broken_infantry_assaulted_in_a_corner_cannot_withdraw_and_surrenders():
    state = cornered()
    # threat test: Confident N = 2, 5 + 2 passes; the Routed defender's +2 test (it falls back whatever it rolls)
    ctx = play(state, "assault blue unit=t at=0,0", 5, 8)
    red = state.units["inf"]
    assert red.eliminated and all(e.lost for e in red.stats.elements)
    assert state.units["t"].at == at(0, 0)  # the attacker takes the position
    assert "inf is Routed and cannot withdraw: it surrenders to t" in " ".join(e.text() for e in ctx.events)


def test_with_room_to_fall_back_it_withdraws_instead():
    state = cornered(at(2, 2))
    state.units["t"].at = at(2, 1)
    play(state, "assault blue unit=t at=2,2", 5, 8)
    red = state.units["inf"]
    assert not red.eliminated and red.at.distance(at(2, 1)) >= 2 and red.stats.confidence == "RO"
