"""Whole games through the service with seeded dice, and blinds kept secret from the other side's seat."""

from __future__ import annotations

import random

import pytest

from rules.service import GameService
from rules.unknown import UNKNOWN
from saves.scenarios import load_scenario
from tests.rules.test_secrecy import check_point

PREFER = ("piece", "orders", "blind", "counter", "fire", "move", "allocate", "roll_off", "edge", "reveal", "repair", "psi")


def policy(game: GameService, rng: random.Random):
    """A seeded player: mostly does something (blinds, counters, fire, moves), sometimes passes."""
    side = game.decision().side
    legal = [a for a in game.legal_actions(side) if a.text().split()[0] != "agree_end"]
    busy = [a for a in legal if a.text().split()[0] in PREFER]
    if busy and rng.random() < 0.75:
        return rng.choice(busy)
    done = [a for a in legal if a.text().startswith("done")]
    return done[0] if done else rng.choice(legal)


def play(seed: int, limit: int = 2500, scenario: str = "first-blinds") -> GameService:
    game = GameService.new(load_scenario(scenario, ruleset="hundred_wars"), seed=seed)
    rng = random.Random(seed)
    while game.result is None and len(game.history) < limit:
        done = game.apply(policy(game, rng))
        assert done.ok, done.reason
    return game


def test_the_teaching_scenario_is_played_to_its_end_and_replays():
    game = play(seed=4)
    assert game.result is not None and game.state.turn >= 2
    kinds = {a.text().split()[0] for a in game.log}
    assert {"roll_off", "edge", "orders", "blind", "counter", "move", "fire", "done"} <= kinds
    texts = [e.text() for e in game.events]
    assert any("dummy blind, removed" in t for t in texts) or any("revealed" in t for t in texts)
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state


def test_blinds_stay_hidden_from_the_other_sides_seat():
    game = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), seed=9)
    rng = random.Random(9)
    checked = changed = 0
    while game.result is None and len(game.history) < 140:
        game.apply(policy(game, rng))
        placed = [u for u in game.state.units.values() if u.blind and u.on_map]
        if not placed or len(game.history) % 7:
            continue
        for side in game.state.side_ids():
            seen = game.seat(side).view()
            for b in placed:
                if b.side != side:
                    shown = seen.units[b.id]
                    assert shown.contents is UNKNOWN and shown.dummy is UNKNOWN, "the other side sees what a blind is"
            twin = game.ruleset.hidden_from(game.state, side, random.Random(len(game.history)))
            changed += any(twin.units[b.id].contents != b.contents for b in placed if b.side != side)
        check_point(game, rng)
        checked += 1
    assert checked >= 5
    assert changed, "hidden_from never changed what a blind hides: the secrecy check would have no teeth"


def test_the_owner_sees_its_own_blinds():
    game = play(seed=2, limit=40)
    for b in (u for u in game.state.units.values() if u.blind):
        mine = game.seat(b.side).view().units[b.id]
        assert mine.contents == b.contents and mine.dummy == b.dummy


@pytest.mark.slow
def test_the_colonial_and_martian_battle_runs():
    game = play(seed=5, limit=60, scenario="mars-expedition")
    assert len(game.history) == 60 or game.result is not None
    assert sum(1 for u in game.state.units.values() if u.blind and u.on_map) + sum(
        1 for u in game.state.units.values() if not u.blind and u.on_map) > 0


def test_a_game_with_terrain_placed_by_the_players_replays():
    game = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), seed=8,
                           options={"place_terrain": True})
    rng = random.Random(8)
    while len(game.history) < 60 and game.result is None:
        assert game.apply(policy(game, rng)).ok
    assert any(a.kind == "piece" for a in game.log)
    assert game.state.board != game.initial.board
    again = GameService.replay(game.ruleset, game.initial, game.log)
    assert again.state == game.state
