"""The A Hundred Wars computer keeps its commander out of the enemy's fire (issue 25, mars-expedition).

Against the random player the Martians' Tilas of Lars (Armour 12, the side's only Orders) walked on into the
Colonials' Gatling Batteries (Fire 30, Range 60 cm) and was shot: a commander in reach counted the same share
of its points however near the guns and however many, so a step back was worth nothing, and the Martians,
without orders, lost on damage after turn 12 (seeds 3011, 3017, 3019 of the strength table)."""

from __future__ import annotations

import random

from rules.ai.computer import Computer
from rules.rulesets.hundred_wars import RULESET
from rules.rulesets.hundred_wars import ai_hints as hw
from rules.service import GameService
from tests.rules.hundred_wars.helpers import at, back_and_done_worth, board, game, unit

TILAS = {"move": [{"mode": "ground", "factor": 10}], "orders": 4, "orders_range": 30, "cqb": 16, "armour": 12}
GATLING = {"move": [{"mode": "ground", "factor": 3}], "weapons": [{"fire": 30, "range": 60}], "cqb": 15, "armour": 8}


def _tilas_walking_into_gatlings() -> GameService:
    """Seed 3017, turn 4, Phase 3: Tilas (blue) 8 hexes (40 cm) from two revealed Gatlings, his Move counter of
    turn 3 still taking him toward them; blue to give Move counters with 4 pips."""
    state = game([unit("m1", "blue", at(6, 9), **TILAS),
                  unit("c17", "red", at(6, 1), **GATLING), unit("c18", "red", at(7, 1), **GATLING)],
                 b=board(12, 16), phase="counters", order=("blue", "red"), pips={"m1": 4})
    state.units["m1"].counter = at(6, 3)
    return GameService(RULESET, state)


def test_nearer_the_guns_a_commander_counts_more_against_its_side():
    state = _tilas_walking_into_gatlings().state
    near = hw.commanders(state, "blue")
    state.units["m1"].counter = at(6, 15)  # walking away, still in their reach
    far = hw.commanders(state, "blue")
    assert far > near
    assert hw.kill_chance(30, 5, 30, 60, 12) > hw.kill_chance(50, 5, 30, 60, 12) > 0
    assert hw.kill_chance(65, 5, 30, 60, 12) == 0  # out of Range


def test_a_counter_back_from_the_guns_is_worth_more_than_walking_on():
    worth = back_and_done_worth(_tilas_walking_into_gatlings(), "blue", "m1", at(6, 15))
    assert worth["counter"] > worth["done"] + 0.1


def test_the_computer_does_not_let_its_commander_walk_on_into_the_guns():
    """Before: Done (every hex in reach counted alike), and Tilas walked two hexes nearer the Gatlings."""
    for seed in (1, 2, 3):
        service = _tilas_walking_into_gatlings()
        choice = Computer(random.Random(seed)).choose(service.seat("blue"))
        service.seat("blue").apply(choice)
        tilas = service.state.units["m1"]
        ahead = hw.heading(service.state, tilas) or tilas.at
        assert ahead.distance(at(6, 1)) >= tilas.at.distance(at(6, 1)), (seed, choice.text())
