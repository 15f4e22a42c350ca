"""Whole games through the GameService with seeded dice: the bundled scenarios load, and a game of the
teaching scenario is played to its end with fire, a close assault and a cruise missile that lands a turn
after its launch; the log replays to the same state."""

from __future__ import annotations

import pytest

from rules.hexgrid import Hex
from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario

PRIORITY = ("fly", "launch", "assault", "opfire", "fire", "bombard", "call", "run", "sam", "airfight", "counter")


def policy(game: GameService, side: str):
    """A plain, deterministic player: strike first; otherwise advance on the nearest enemy; else end."""
    actions = game.legal_actions(side)
    for kind in PRIORITY:
        found = [a for a in actions if a.kind == kind]
        if found:
            return found[0]
    state = game.state
    enemies = [u.at for u in state.units.values() if u.side != side and u.on_map]
    moves = [a for a in actions if a.kind == "move"]
    if moves and enemies:
        def closeness(a):
            end = Hex(*a.path[-1])
            return (min(end.distance(e) for e in enemies), len(a.path), a.text())
        best = min(moves, key=closeness)
        unit = state.units[best.unit]
        if min(Hex(*best.path[-1]).distance(e) for e in enemies) < min(unit.at.distance(e) for e in enemies):
            return best
    for kind in ("done", "hold", "sortie", "sensors", "pass"):
        found = [a for a in actions if a.kind == kind]
        if found:
            return found[0]
    return actions[0]


def test_both_bundled_scenarios_load_with_a_teaching_one_first():
    found = list_scenarios("dirtside")
    assert [i.name for i in found][:1] == ["teaching"] and {"teaching", "valley"} <= {i.name for i in found}
    valley = load_scenario("valley", ruleset="dirtside")
    assert len(valley.sides) == 3
    kinds = {u.stats.get("role", "ground") for u in valley.units}
    assert {"battery", "launcher", "aircraft", "ground"} <= kinds


@pytest.mark.slow
def test_the_teaching_scenario_played_to_its_end_through_the_service():
    game = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=20261123)
    kinds, landed = [], None
    for _ in range(600):
        if game.result is not None:
            break
        side = game.decision().side
        action = policy(game, side)
        turn = game.state.turn
        done = game.apply(action)
        assert done.ok, (action.text(), done.reason)
        kinds.append(action.kind)
        if action.kind == "launch":
            launched = turn
        if action.kind == "fly":
            landed = turn
    assert game.result is not None
    assert {"fire", "assault", "launch", "fly"} <= set(kinds)
    assert landed == launched + 1
    draws = [e for step in game.history for e in step.events if e.kind == "rolled" and e.record.purpose == "draw chit"]
    assert draws and all(d.record.sides in range(115, 120) for d in draws)
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state


@pytest.mark.slow
def test_the_three_sided_valley_runs_to_its_end():
    game = GameService.new(load_scenario("valley", ruleset="dirtside"), seed=7)
    seen_sides = set()
    for _ in range(900):
        if game.result is not None:
            break
        side = game.decision().side
        seen_sides.add(side)
        assert game.apply(policy(game, side)).ok
    assert game.result is not None and seen_sides == {"federal", "rebels", "free"}
