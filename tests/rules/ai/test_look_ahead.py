"""Normal's look-ahead (rules/ai/computer.py `_line`) steps by an attack's exact odds, not by its one throw (stop 44)."""

from __future__ import annotations

import math
import random

import pytest

import rules.ai.computer as computer_module
from rules.ai.decisive import Decisive
from rules.ai.levels import computer_for
from rules.ai.rollout import Step
from rules.core import GameResult
from rules.hexgrid import Hex
from rules.rulesets.quad.actions import Charge
from tests.rules.ai.test_quad_attacks import _teaching


def _kingdom():
    game, fort = _teaching(Hex(6, 3), 1)
    seat = game.seat("kingdom")
    normal = computer_for("normal", random.Random(1))
    ev, (world, *_) = normal._setup(seat)
    charge = next(a for a in seat.legal_actions() if isinstance(a, Charge) and a.at == fort)
    return seat, normal, ev, world, charge


def test_the_look_ahead_charges_the_enemy_whose_loss_wins_on_any_dice(monkeypatch):
    """QUAD teaching: the Lancers' charge at the Fort Guard wins the game 31% of the time by the preview's odds; its
    throw shows no win (that waits for the rebels' block), so a walk often looked better. The look-ahead played its
    own next step by the best of one throw each and walked on; by the exact odds it charges on every seed."""
    seat, normal, ev, world, charge = _kingdom()
    walks = [a for a in seat.legal_actions() if a.kind == "move" and a.unit_id == "k1"]
    walk = max(walks, key=lambda a: ev.score(normal.tried(seat.ruleset, world, a, random.Random(0)).state, "kingdom"))
    monkeypatch.setattr(normal, "_legal", lambda *args: [charge, walk])
    for seed in range(8):
        made, went_on = {}, []
        real = computer_module.Computer._try

        def spy(rs, st, a, rng):
            tried = real(normal, rs, st, a, rng)
            made[id(tried.state)] = a
            return tried

        monkeypatch.setattr(normal, "_try", spy)
        # the line's next call is where it goes on from: stop there
        monkeypatch.setattr(normal, "_line", lambda rs, e, st, *rest: went_on.append(st) or e.score(st, "kingdom"))
        computer_module.Computer._line(normal, seat.ruleset, ev, world, "kingdom", random.Random(seed), 1, math.inf,
                                       lambda: None)
        assert made[id(went_on[0])] == charge, seed


def test_a_step_whose_throw_decides_the_game_counts_its_exact_chance_not_the_throw(monkeypatch):
    """An own step's attack that may win the game at once: a line whose throw won stands at the attack's reading by
    its exact odds (not at the won game's worth), and a line whose throw did not win goes on and counts the chance
    beside it."""
    seat, normal, ev, world, charge = _kingdom()
    won = world.model_copy(deep=True)
    won.result = GameResult(winner="kingdom", reason="test")
    known = Decisive(0.25, 1000.0)
    monkeypatch.setattr(computer_module, "best_step", lambda *args: Step(charge, won, 180.0, True, known))
    line = computer_module.Computer._line
    assert line(normal, seat.ruleset, ev, world, "kingdom", random.Random(1), 1, math.inf, lambda: None) == 180.0
    on = world.model_copy(deep=True)
    monkeypatch.setattr(computer_module, "best_step", lambda *args: Step(charge, on, 180.0, True, known))
    monkeypatch.setattr(normal, "_line", lambda *args: -40.0)  # the rest of the line
    value = line(normal, seat.ruleset, ev, world, "kingdom", random.Random(1), 1, math.inf, lambda: None)
    assert value == pytest.approx(0.25 * 1000.0 + 0.75 * -40.0)
