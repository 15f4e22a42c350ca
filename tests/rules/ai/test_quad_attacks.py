"""The QUAD computer attacks the enemy whose loss wins the game (rules/ai/decisive.py, `best_charges`)."""

from __future__ import annotations

import random

import pytest

from rules.ai import Computer
from rules.ai.decisive import decisive
from rules.ai.evaluate import Evaluator
from rules.hexgrid import Hex
from rules.rulesets.quad import ai_hints as quad
from rules.rulesets.quad.actions import Attack, Charge
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.quad.helpers import activation, give


def _teaching(lancers: Hex, guard_quality: int) -> tuple[GameService, Hex]:
    """QUAD teaching, turn 7, the Kingdom's activation (a card played): the Peasant Levy is destroyed, so
    destroying the Fort Guard, standing on the fort, destroys half the rebels and wins. The Lancers may charge
    it; the other rebels stand out of reach."""
    game = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1)
    state = activation(game.state, "kingdom")
    state.turn, state.played = 7, 1
    state.units["r3"].eliminated = True
    fort = Hex(*next(c for c in state.victory if c.kind == "hold").hexes[0])
    guard = state.unit_at(fort)
    assert guard is not None and guard.id == "r1"
    guard.stats.quality = guard_quality
    state.units["r2"].at, state.units["r4"].at = Hex(11, 6), Hex(12, 6)
    state.units["k1"].at = lancers
    give(state, "kingdom", "k1", "k2")
    give(state, "rebels", "r2", "r4")
    return game, fort


@pytest.mark.parametrize("lancers, quality", [(Hex(6, 3), 1), (Hex(7, 3), 2)])
def test_the_computer_charges_the_enemy_on_the_objective_whose_loss_wins(lancers, quality):
    """The charge wins 31% and 16% of games here. Before, one unlucky try cut it from the field (and the
    charge's many ways were cut to a few by where they land), and the Lancers walked on in 4 of 12 seeds."""
    game, fort = _teaching(lancers, quality)
    charges = [a for a in game.legal_actions("kingdom") if isinstance(a, (Attack, Charge)) and a.at == fort]
    assert charges
    for seed in range(8):
        action = Computer(random.Random(seed)).choose(game.seat("kingdom"))
        assert isinstance(action, (Attack, Charge)) and action.at == fort, (seed, action.text())


def test_an_attack_that_may_destroy_the_last_unit_needed_decides_the_game_by_the_exact_odds():
    game, fort = _teaching(Hex(7, 3), 1)
    state = game.state
    ev = Evaluator(game.ruleset.ai_hints, game.ruleset)
    charge = next(a for a in game.legal_actions("kingdom") if isinstance(a, Charge) and a.at == fort)
    known = decisive(game.ruleset, state, charge, "kingdom", ev)
    eliminated = sum(float(o.chance) for o in game.preview(charge).outcomes
                     if any(e.unit == "r1" and e.eliminated for e in o.units))
    assert known is not None and abs(known.chance - eliminated) < 1e-9 and known.value > 500
    state.units["r3"].eliminated = False  # now one rebel lost is not half: the charge decides nothing
    assert decisive(game.ruleset, state, charge, "kingdom", ev) is None


def test_of_a_units_charges_at_one_enemy_the_two_best_ways_are_kept():
    game, fort = _teaching(Hex(7, 3), 1)
    actions = game.legal_actions("kingdom")
    kept = quad.best_charges(game.state, actions)
    ways = [a for a in actions if isinstance(a, Charge) and a.at == fort]
    assert len(ways) > quad.CHARGE_WAYS
    assert len([a for a in kept if isinstance(a, Charge) and a.at == fort]) == quad.CHARGE_WAYS
    assert [a for a in kept if not isinstance(a, Charge)] == [a for a in actions if not isinstance(a, Charge)]
    best = max(ways, key=lambda a: sum(float(o.chance) for o in game.preview(a).outcomes
                                       if any(e.unit == "r1" and e.eliminated for e in o.units)))
    assert best in kept  # the likeliest to destroy the Guard is among the ways kept
