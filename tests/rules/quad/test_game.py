"""Whole games through `GameService`: seeded dice, a simple policy, victory, undo, speed."""

from __future__ import annotations


from rules.board import Board
from rules.core import Context
from rules.dice import SeededDice
from rules.hexgrid import from_offset
from rules.rulesets.quad import RULESET
from rules.rulesets.quad.actions import Attack, Block, Charge, Decline, Draw, Hold, Move, Release, Retreat, Steal
from rules.service import GameService

from tests.rules.quad.helpers import Hex, activation, setup, start, unit


def battle():
    o = from_offset
    return setup([
        unit("r1", "red", o(1, 1), quality=4, attack=4, specials=["charger"]),
        unit("r2", "red", o(1, 3), quality=3, ranged=(2, 3)),
        unit("r3", "red", o(1, 5), quality=3, specials=["steady", "support"]),
        unit("b1", "blue", o(7, 1), quality=3, specials=["elite"]),
        unit("b2", "blue", o(7, 3), quality=2, attack=4, specials=["green"]),
        unit("b3", "blue", o(7, 5), quality=4, defense=3, specials=["forester"]),
    ], leaders=(1, 1))


def policy(game: GameService, side: str):
    """Attack when possible, else close in on the nearest enemy, else release; steal rarely."""
    actions = game.legal_actions(side)
    if side != game.decision().side:
        return actions[0] if actions and len(game.history) % 7 == 0 else None
    for kind in (Block, Retreat, Draw):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0]
    hits = [a for a in actions if isinstance(a, (Attack, Charge))]
    if hits:
        return hits[0]
    state = game.state
    enemies = [u.at for u in state.units.values() if u.side != side and u.on_map]

    def gap(a: Move) -> int:
        return min(e.distance(a.path[-1]) for e in enemies) - min(e.distance(state.units[a.unit].at) for e in enemies)

    moves = sorted((a for a in actions if isinstance(a, Move)), key=gap)
    if moves and gap(moves[0]) < 0:
        return moves[0]
    holds = [a for a in actions if isinstance(a, Hold)]
    return holds[0] if holds and state.played == 0 and len(state.hand(side)) > 4 else Release(side=side)


def play_out(seed: int, limit: int = 3000) -> GameService:
    game = GameService.new(battle(), seed=seed)
    for _ in range(limit):
        if game.result is not None:
            break
        d = game.decision()
        action = None
        for r in d.reactors:
            action = policy(game, r)
            if action:
                break
        action = action or policy(game, d.side)
        done = game.apply(action)
        assert done.ok, (action.text(), done.reason)
    return game


def test_a_full_game_with_seeded_dice_ends_in_victory_and_replays_identically():
    game = play_out(seed=7)
    assert game.result is not None and game.result.winner in ("red", "blue")
    loser = "blue" if game.result.winner == "red" else "red"
    assert not game.state.units_of(loser)
    again = GameService.replay(RULESET, game.initial, game.log)
    assert again.state == game.state


def test_several_seeds_all_terminate():
    for seed in range(4):
        assert play_out(seed).result is not None


def test_undo_restores_the_exact_state_and_redo_the_same_dice():
    game = play_out(seed=3, limit=60)
    snapshots = [step.before for step in game.history]
    after = game.state.model_copy(deep=True)
    for expected in reversed(snapshots[-20:]):
        assert game.undo()
        assert game.state == expected
    for _ in range(20):
        assert game.redo()
    assert game.state == after


def test_text_forms_parse_back_and_describe_names_the_card():
    game = GameService.new(battle(), seed=1)
    game.state = activation(game.state)
    game.state.piles["red"].hand = [c for c in game.state.piles["red"].deck if c.unit == "r1"][:1]
    for action in game.legal_actions("red"):
        assert game.parse(action.text()) == action
    move = next(a for a in game.legal_actions("red") if isinstance(a, Move))
    assert game.describe(move).startswith("Play A: r1 move to ")


def big_state():
    width = height = 60
    terrain = ["open"] * (width * height)
    for i in range(0, width * height, 7):
        terrain[i] = "forest"
    b = Board(width=width, height=height, terrain=tuple(terrain))
    units = [unit(f"r{i}", "red", from_offset(5 + 4 * i, 30), speed=3, specials=["charger"]) for i in range(10)]
    units += [unit(f"b{i}", "blue", from_offset(7 + 4 * i, 31), speed=3) for i in range(10)]
    state = activation(start(setup(units, b)))
    pile = state.piles["red"]
    pile.hand = [c for c in pile.deck if c.kind == "activation"][:20]
    return state


def test_legal_moves_of_a_unit_on_a_60x60_map_are_found():
    """Their speed (under 20 ms) is `make bench`'s figure, not a timed test."""
    game = GameService(RULESET, big_state())
    actions = game.legal_actions("red", unit="r3")
    assert actions and all(a.unit_id == "r3" for a in actions)


def test_moves_and_releases_apply_on_a_big_map():
    """Their speed (under 1 ms median) is `make bench`'s figure, not a timed test."""
    state = big_state()
    for i in range(4):
        s = state.model_copy(deep=True)
        action = Move(side="red", unit="r3", path=[Hex(*s.units["r3"].at).neighbour("NW")]) if i % 2 else Release(side="red")
        ctx = Context(lambda sink, i=i: SeededDice(1, i, sink))
        RULESET.apply(s, action, ctx)
        assert s != state


def test_the_draw_phase_offers_a_real_choice_to_each_side_in_turn():
    game = GameService.new(battle(), seed=2)
    assert game.legal_actions() == [Draw(side="red"), Decline(side="red")]
    assert game.apply(Steal(side="blue")).ok is False
