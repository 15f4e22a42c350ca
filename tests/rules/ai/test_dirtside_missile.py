"""Dirtside: a cruise missile flies at an enemy unit, not at the hex the cheap reading of a move likes (hint
`prune`, `aim`). Teaching against the greedy player, seeds 3000-3018: the Federals flew their missile into the
empty crossroads or next to it in 4 of the 7 games they lost."""

from __future__ import annotations

from rules.ai.simulate import legal
from rules.hexgrid import ring
from rules.registry import get
from rules.rulesets.dirtside import ai_hints as dirtside
from rules.rulesets.dirtside.state import Flight
from rules.service import GameService
from saves.scenarios import load_scenario

GUARD = "r1"


def _in_flight(seed: int = 3000):
    """Teaching's opening with a Federal HE missile launched last turn at the Village Guard's hex, due now, and
    the Guard moved two hexes off its chit."""
    game = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=seed)
    state = game.state
    guard = state.units[GUARD]
    chit = guard.at
    guard.at = next(h for h in ring(chit, 2) if state.board.in_bounds(h) and h not in state.occupied())
    state.turn = 2
    state.flights.append(Flight(id="cm1", side="federal", launcher="f3", target=chit, chits=[chit], warhead="HE",
                                launched=1))
    return game, guard.at


def test_the_missile_flies_only_at_enemy_units():
    game, guard = _in_flight()
    state = game.state
    actions = legal(get("dirtside"), state, "federal")
    flights = [a for a in actions if a.kind == "fly"]
    assert len(flights) > 100 and any(a.at == guard for a in flights)
    kept = dirtside.prune(state, "federal", actions)
    enemy = {u.at for u in state.units.values() if u.side == "rebels" and u.on_map}
    assert {a.at for a in kept if a.kind == "fly"} == {a.at for a in flights if a.at in enemy}
    assert [a for a in kept if a.kind != "fly"] == [a for a in dirtside.stand_off(state, "federal", actions)
                                                    if a.kind != "fly"]  # the rest as before


def test_without_an_enemy_in_reach_every_flight_is_left():
    game, _ = _in_flight()
    state = game.state
    for u in state.units.values():
        if u.side == "rebels":
            u.eliminated = True
    actions = legal(get("dirtside"), state, "federal")
    flights = [a for a in actions if a.kind == "fly"]
    assert flights and [a for a in dirtside.prune(state, "federal", actions) if a.kind == "fly"] == flights
