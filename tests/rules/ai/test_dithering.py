"""No dithering: the computer neither steals QUAD's activation only to release it, nor turns a Skirmish model on
the spot while it must still act, and a computer-against-computer game ends in a sensible number of actions."""

from __future__ import annotations

import random

from rules.ai import Computer
from rules.ai.idle import cap_idle
from rules.ai.match import play_game, seeded_players
from rules.rulesets.quad.actions import Release, Steal
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.ai.test_quad_cards import _activation


def _give_tactics(game: GameService, side: str) -> None:
    pile = game.state.piles[side]
    card = next(c for c in pile.deck if c.kind == "tactics")
    pile.deck.remove(card)
    pile.hand.append(card)


def test_the_computer_plays_a_card_of_an_activation_it_stole():
    """Before, a stolen activation was worth as much as a fresh one, so the computer released it at once for two
    cards (QUAD teaching seed 3: 947 steals and releases in turn 7, the turn never ended)."""
    game, active, other = _activation()
    _give_tactics(game, other)
    assert any(c.kind == "activation" for c in game.state.piles[other].hand)
    assert game.seat(other).apply(Steal(side=other)).ok
    for seed in range(3):
        choice = Computer(random.Random(seed)).choose(game.seat(other))
        assert not isinstance(choice, Release), choice.text()


def test_no_steal_without_a_card_to_play_after_it():
    game, active, other = _activation()
    pile = game.state.piles[other]
    pile.deck, pile.hand = pile.deck + [c for c in pile.hand if c.kind == "activation"], []
    _give_tactics(game, other)
    assert Steal(side=other) in game.seat(other).legal_actions()
    for seed in range(3):
        assert Computer(random.Random(seed)).react(game.seat(other)) is None


def test_quad_teaching_between_two_computers_ends():
    """Seed 3 stole and released until the 4,000-action stop before; random against random takes about 90 actions
    over its 8 turns, and three times that is the bar."""
    setup = load_scenario("teaching", ruleset="quad")
    played = play_game(setup, 3, seeded_players({s.id: "computer" for s in setup.sides}, 3), max_actions=600)
    assert played.actions < 3 * 12 * max(1, played.turns), (played.actions, played.turns)
    assert not played.reason.startswith("stopped")


def test_a_skirmish_model_does_not_pivot_round_while_it_must_still_act():
    """Skirmish teaching, computer against computer, seed 1: a militia model that had shot pivoted NE, W, NW, E
    (each facing new) before it moved, since a pivot scored as the position itself and a move out of cover less."""
    setup = load_scenario("teaching", ruleset="skirmish")
    game = GameService.new(setup, seed=1)
    players = seeded_players({s.id: "computer" for s in setup.sides}, 1)
    seats = {s: game.seat(s) for s in game.state.side_ids()}
    run = []
    while game.result is None and len(game.history) < 30:
        d = game.decision()
        action = next((a for s in d.reactors if (a := players[s].react(seats[s])) is not None), None)
        action = action or players[d.side].choose(seats[d.side])
        run = run + [action] if action.kind == "pivot" else []
        assert len(run) < 2, [a.text() for a in run]
        assert seats[action.side].apply(action).ok


def test_an_idle_action_is_worth_a_hair_less_than_the_same_units_best_other():
    u = ["m4", "m4", "m4"]
    assert cap_idle([5.0, 3.0, 4.0], [True, False, False], u) == [4.0 - 1e-6, 3.0, 4.0]
    assert cap_idle([2.0, 3.0], [True, False], u[:2]) == [2.0, 3.0]  # worse than acting: left as it is
    assert cap_idle([2.0, 3.0], [True, True], u[:2]) == [2.0, 3.0]  # nothing else to do
    # Choosing a unit to activate opens its actions: not held below a pass (no unit) or another unit's action.
    assert cap_idle([5.0, 4.0, 3.0], [True, False, False], ["m1", None, "m2"]) == [5.0, 4.0, 3.0]


def test_the_balance_report_gives_actions_a_turn():
    from rules.ai.balance import Report
    from rules.ai.match import Played

    setup = load_scenario("teaching", ruleset="quad")
    games = [Played(seed=s, winner=None, reason="", actions=a, turns=t, survivors={}) for s, a, t in
             ((1, 100, 8), (2, 60, 2))]
    assert "16.0 actions a turn" in Report(setup, games).text()  # 160 actions over 10 turns


def test_the_greedy_yardstick_moves_on_when_every_tie_turns_back():
    """Skirmish teaching, seed 1000, the computer's Team against the greedy Militia (make bench's game):
    Sami's five pivots tied at 0 and all had been stood in, so the greedy player pivoted him 4,000 times
    (a draw by the action cap). It now takes its best action that moves on (ending his activation)."""
    from rules.ai.match import play_game, seeded_players
    from saves.scenarios import load_scenario

    setup = load_scenario("teaching", "skirmish")
    played = play_game(setup, 1000, seeded_players({"team": "computer", "militia": "greedy"}, 1000),
                       max_actions=400)
    assert played.actions < 400 and played.turns > 1, played.reason


def dhr_field_step_backs(seed: int, choose) -> list[str]:
    """DHR field's first turn, `choose(side, seat)` deciding every action: the moves that took a unit back onto
    a hex it had stood on in the same activation."""
    game = GameService.new(load_scenario("field", ruleset="dhr"), seed=seed)
    seats = {s: game.seat(s) for s in game.state.side_ids()}
    actor, stood, backs = None, set(), []
    while game.result is None and game.state.turn == 1:
        side = game.decision().side
        action = choose(side, seats[side])
        if (action.side, action.unit_id) != actor:
            actor, stood = (action.side, action.unit_id), set()
        unit = game.state.units.get(action.unit_id) if action.unit_id else None
        if unit is not None:
            stood.add(unit.at)
        assert seats[side].apply(action).ok
        now = game.state.units[unit.id].at if unit is not None else None
        if now is not None and now != unit.at and now in stood:
            backs.append(action.text())
    return backs


def test_a_dhr_unit_does_not_step_back_and_forth_in_one_activation():
    """DHR field, computer against computer, seed 9102: the Lancastrian billmen went 7,8 -> 6,9 -> 7,8 -> 6,9 in
    their first activation, a terrain check each step. A move that rolls dice always left a new placing (the
    movement points left differ), so nothing held it back (rules/ai/placings.py `steps_back`)."""
    players = seeded_players({"york": "computer:normal", "lancaster": "computer:normal"}, 9102)
    assert dhr_field_step_backs(9102, lambda side, seat: players[side].choose(seat)) == []
