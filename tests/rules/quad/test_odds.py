"""The odds preview is exact and agrees with the attack procedure run over every dice outcome."""

from __future__ import annotations

import time
from collections import defaultdict
from fractions import Fraction

import pytest

from rules import odds
from rules.dice import ScriptedDice
from rules.rulesets.quad import RULESET
from rules.rulesets.quad import odds as qodds
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Attack, Move

from tests.rules.quad.helpers import Hex, activation, board, setup, start, unit


def enumerated(inputs, **kw):
    """Run the real procedure (roll_attack with forced dice) for every ordered dice outcome."""
    out = defaultdict(Fraction)
    n = inputs.attack_dice + inputs.defense_dice
    for faces, p in odds.faces_of(n, 6):
        tally, _, _ = proc.roll_attack(inputs, ScriptedDice(faces))
        out[qodds.outcome_of(tally, inputs, **kw)] += p
    return dict(out)


CASES = [
    (proc.AttackInputs(attack_dice=4, defense_dice=2, attacker_quality=3, defender_quality=5), {}),
    (proc.AttackInputs(attack_dice=3, defense_dice=3, attacker_quality=2, defender_quality=3, elite=True),
     {"defender_steady": True, "defender_room": 1, "attacker_room": 0}),
    (proc.AttackInputs(attack_dice=3, defense_dice=2, attacker_quality=4, defender_quality=1,
                       defender_green=True, attacker_green=True), {"defender_room": 2, "attacker_room": 2}),
]


@pytest.mark.parametrize("inputs,kw", CASES)
def test_exact_distribution_equals_the_procedure_over_all_dice_outcomes(inputs, kw):
    exact = qodds.attack_distribution(inputs, **kw)
    assert exact == enumerated(inputs, **kw)
    assert sum(exact.values()) == 1


def test_example_2_odds_the_printed_outcome_has_its_exact_chance():
    inputs = proc.AttackInputs(attack_dice=5, defense_dice=3, attacker_quality=5, defender_quality=3)
    dist = qodds.attack_distribution(inputs)
    # Example 2's result: defender -1 Q and 3 hexes back, attacker untouched.
    assert dist[(1, 3, 0, 0)] == enumerated(inputs)[(1, 3, 0, 0)] > 0


def test_preview_of_an_attack_in_play_is_fast_and_sums_to_one():
    state = activation(start(setup([unit("att", "red", Hex(4, 3), attack=6),
                                    unit("a2", "red", Hex(5, 2)), unit("a3", "red", Hex(6, 3)),
                                    unit("def", "blue", Hex(5, 3), defense=4)],
                                   board(terrain={Hex(5, 3): "fortified"}))))
    action = Attack(side="red", unit="att", at=Hex(5, 3))
    t0 = time.perf_counter()
    preview = RULESET.preview(state, action)
    elapsed = time.perf_counter() - t0
    assert sum(o.chance for o in preview.outcomes) == 1
    assert preview.dice.startswith("8d6") and "8d6 defense" in preview.dice
    assert elapsed < 0.05


def test_move_preview_gives_the_chance_the_terrain_stops_the_unit():
    state = activation(start(setup([unit("m", "red", Hex(3, 3), quality=4), unit("b", "blue", Hex(8, 6))],
                                   board(terrain={Hex(4, 3): "forest"}))))
    preview = RULESET.preview(state, Move(side="red", unit="m", path=[Hex(4, 3)]))
    chances = {o.label.split(" (")[0]: o.chance for o in preview.outcomes}
    assert chances["arrives"] == Fraction(4, 6)
    assert sum(chances.values()) == 1
