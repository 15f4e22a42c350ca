"""The text's worked examples (QUAD, "Combat": Example 1 and Example 2) with the printed dice."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Block, Retreat
from rules.rulesets.quad.turn import decision, legal_actions

from tests.rules.quad.helpers import Hex, activation, give, play, setup, start, unit

A, D = Hex(4, 3), Hex(5, 3)


def test_example_1_procedure_one_six_hits_and_the_defender_blocks_with_its_six():
    """Example 1: Q3 A4 attacks Q5 D2; 1 3 5 6 against 4 6. The 6 hits; both defense dice block;
    the defender blocks with the 6 and turns the 4 on the attacker, which falls back 1 hex."""
    inputs = proc.AttackInputs(attack_dice=4, defense_dice=2, attacker_quality=3, defender_quality=5)
    tally, a, d = proc.roll_attack(inputs, ScriptedDice([1, 3, 5, 6], [4, 6]))
    assert (a, d) == ((1, 3, 5, 6), (4, 6))
    assert tally == proc.Tally(hits_q=1, hits_p=0, blocks_q=1, blocks_p=1)
    # The defender may keep the 6 or the 4 as the excess block: a real choice.
    assert proc.block_choices(tally) == [(0, 1), (0, 0)]
    assert proc.losses(tally, 0, 0) == proc.Losses(attacker_push=1)
    assert proc.losses(tally, 0, 1) == proc.Losses(attacker_q=1)


def test_example_1_in_play_the_defender_chooses_and_the_attacker_falls_back_one_hex():
    state = activation(start(setup([
        unit("att", "red", A, quality=3, attack=4, defense=1),
        unit("def", "blue", D, quality=5, attack=1, defense=2),
    ])))
    give(state, "red", "att", "att")
    play(state, "attack red unit=att at=6,3", 1, 3, 5, 6, 4, 6)
    # The block choice is the defender's decision, the sensible default (the 6 turned on the attacker) first.
    assert decision(state).side == "blue"
    assert legal_actions(state, "blue") == [Block(side="blue", quality=0, sixes=1), Block(side="blue", quality=0, sixes=0)]
    assert legal_actions(state, "red") == []
    play(state, Block(side="blue", quality=0, sixes=0))  # "chooses to block with the 6 and applies the 4"
    att, dfn = state.units["att"], state.units["def"]
    assert (att.stats.quality, dfn.stats.quality) == (3, 5)
    # The attacker falls back 1 hex, away from the defender; its owner picks among three hexes.
    assert decision(state).side == "red"
    options = {a.to for a in legal_actions(state, "red")}
    assert options == {Hex(3, 3), Hex(3, 4), Hex(4, 2)}
    play(state, Retreat(side="red", unit="att", to=Hex(3, 3)))
    assert att.at == Hex(3, 3) and dfn.at == D
    assert decision(state).side == "red" and state.active_side == "red"


def test_example_2_four_hits_no_blocks_quality_2_and_three_hexes_back():
    """Example 2: Q5 A5 attacks Q3 D3; 2 4 5 5 6 scores 4 hits (one 6); 1 4 5 blocks nothing.
    The defender is now Q2 and must fall back 3 hexes."""
    inputs = proc.AttackInputs(attack_dice=5, defense_dice=3, attacker_quality=5, defender_quality=3)
    tally, _, _ = proc.roll_attack(inputs, ScriptedDice([2, 4, 5, 5, 6], [1, 4, 5]))
    assert tally == proc.Tally(hits_q=1, hits_p=3, blocks_q=0, blocks_p=0)
    assert proc.block_choices(tally) == [(0, 0)]
    assert proc.losses(tally, 0, 0) == proc.Losses(defender_q=1, defender_push=3)

    state = activation(start(setup([
        unit("att", "red", A, quality=5, attack=5, defense=1),
        unit("def", "blue", D, quality=3, attack=1, defense=3),
    ])))
    give(state, "red", "att", "att")
    play(state, "attack red unit=att at=6,3", 2, 4, 5, 5, 6, 1, 4, 5)
    dfn = state.units["def"]
    assert dfn.stats.quality == 2
    assert state.pending_attack is None  # no blocks: nothing to choose
    for _ in range(3):
        assert decision(state).side == "blue"
        options = legal_actions(state, "blue")
        assert all(o.to.distance(A) == dfn.at.distance(A) + 1 for o in options)
        play(state, options[0])
    assert dfn.at.distance(A) == 4 and dfn.stats.quality == 2
    assert not state.retreats


def test_example_1_choices_are_described_in_the_defenders_words():
    from rules.rulesets.quad import RULESET

    state = activation(start(setup([
        unit("att", "red", A, quality=3, attack=4, defense=1),
        unit("def", "blue", D, quality=5, attack=1, defense=2),
    ])))
    give(state, "red", "att")
    play(state, "attack red unit=att at=6,3", 1, 3, 5, 6, 4, 6)
    texts = [RULESET.describe(state, a) for a in legal_actions(state, "blue")]
    assert texts == ["Keep 1 six over: att loses 1 Q, falls back 0", "Keep 0 sixes over: att loses 0 Q, falls back 1"]
    prompt = decision(state).prompt
    assert prompt == ("att rolled 1 hit (1 cost Quality, 0 push back); def rolled 2 blocks (1 of them 6s): "
                      "1 block left over; choose how many 6s to keep (each costs att 1 Quality, the others push it back)")
