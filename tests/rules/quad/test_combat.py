"""Combat modifiers and special rules (text: "Combat", "Special Rules"; QUAD-A04, A05, A12-A16, A21)."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Attack, Block, Charge
from rules.rulesets.quad.turn import attack_inputs, decision, legal_actions

from tests.rules.quad.helpers import Hex, activation, board, give, play, setup, start, unit

A, D = Hex(4, 3), Hex(5, 3)


def duel(att=None, dfn=None, extra=(), b=None):
    units = [att or unit("att", "red", A), dfn or unit("def", "blue", D), *extra]
    state = activation(start(setup(units, b)))
    give(state, "red", "att", "att")
    return state


def inputs(state, charged=False, at=None):
    return attack_inputs(state, state.units["att"], state.units["def"], charged=charged, attacker_at=at)


def test_each_other_friendly_unit_adjacent_to_the_target_adds_one_attack_die_but_not_the_attacker():
    """QUAD-A15."""
    state = duel(extra=[unit("r2", "red", Hex(5, 2)), unit("r3", "red", Hex(6, 3)), unit("r4", "red", Hex(8, 3))])
    assert inputs(state).attack_dice == 3 + 2


def test_support_units_adjacent_to_the_defender_add_one_defense_each_and_stack():
    """QUAD-A14: +1 per adjacent Support unit, not itself."""
    state = duel(dfn=unit("def", "blue", D, specials=["support"]),
                 extra=[unit("s1", "blue", Hex(6, 3), specials=["support"]),
                        unit("s2", "blue", Hex(5, 4), specials=["support"]),
                        unit("n", "blue", Hex(6, 2))])
    assert inputs(state).defense_dice == 2 + 2


def test_higher_ground_gives_plus_one_attack_to_the_attacker_and_plus_one_defense_to_the_defender():
    """Slope, QUAD-A16."""
    up = duel(b=board(heights={A: 1}))
    assert (inputs(up).attack_dice, inputs(up).defense_dice) == (4, 2)
    down = duel(b=board(heights={D: 2}))
    assert (inputs(down).attack_dice, inputs(down).defense_dice) == (3, 3)


@pytest.mark.parametrize("terrain,bonus", [("open", 0), ("forest", 2), ("fortified", 4), ("river", 2)])
def test_the_defenders_hex_gives_the_terrain_defense(terrain, bonus):
    """QUAD-A17 (and A01: forest is +2, not doubled)."""
    state = duel(b=board(terrain={D: terrain}))
    assert inputs(state).defense_dice == 2 + bonus
    attacker_in_it = duel(b=board(terrain={A: terrain}))
    assert inputs(attacker_in_it).defense_dice == 2


def test_elite_hits_of_five_cost_quality_but_only_when_the_five_hits():
    """QUAD-A13."""
    e = proc.AttackInputs(attack_dice=3, defense_dice=0, attacker_quality=3, defender_quality=4, elite=True)
    assert proc.tally_faces(e, (5, 6, 5), ()).hits_q == 3
    plain = proc.AttackInputs(attack_dice=3, defense_dice=0, attacker_quality=3, defender_quality=4)
    assert proc.tally_faces(plain, (5, 6, 5), ()) == proc.Tally(1, 2, 0, 0)
    high_q = proc.AttackInputs(attack_dice=1, defense_dice=0, attacker_quality=3, defender_quality=5, elite=True)
    assert proc.tally_faces(high_q, (5,), ()).hits == 0
    # Elite does not touch the Elite unit's own excess blocks (attack rolls only).
    assert proc.tally_faces(e, (), (5,)) == proc.Tally(0, 0, 0, 1)


def test_every_unblocked_hit_on_a_green_unit_costs_quality_instead_of_a_fall_back():
    """QUAD-A12: green target."""
    state = duel(dfn=unit("def", "blue", D, quality=2, defense=0, specials=["green"]))
    play(state, "attack red unit=att at=6,3", 3, 4, 1)
    assert state.units["def"].stats.quality == 0 and state.units["def"].eliminated
    assert not state.retreats


def test_excess_blocks_against_a_green_attacker_all_cost_quality():
    """QUAD-A12: the Green unit attacked and the defender's excess blocks hit it."""
    state = duel(att=unit("att", "red", A, quality=3, attack=1, specials=["green"]),
                 dfn=unit("def", "blue", D, quality=5, defense=2))
    play(state, "attack red unit=att at=6,3", 1, 4, 5)
    assert state.units["att"].stats.quality == 1 and state.units["att"].at == A


def test_steady_falls_back_one_hex_less():
    state = duel(dfn=unit("def", "blue", D, quality=2, defense=0, specials=["steady"]))
    play(state, "attack red unit=att at=6,3", 3, 4, 5)
    assert state.retreats[0].hexes == 2
    plain = duel(dfn=unit("def", "blue", D, quality=2, defense=0))
    play(plain, "attack red unit=att at=6,3", 3, 4, 5)
    assert plain.retreats[0].hexes == 3


def test_a_steady_unit_with_one_push_does_not_move():
    state = duel(dfn=unit("def", "blue", D, quality=2, defense=0, specials=["steady"]))
    play(state, "attack red unit=att at=6,3", 3, 1, 1)
    assert state.units["def"].at == D and state.units["def"].stats.quality == 2 and not state.retreats


def test_normal_attacks_need_an_adjacent_target_and_ranged_units_reach_number_two_with_number_one_dice():
    """QUAD-A04."""
    far = Hex(7, 3)
    state = duel(att=unit("att", "red", A, attack=3, ranged=(2, 3)), dfn=unit("def", "blue", far))
    assert Attack(side="red", unit="att", at=far) in legal_actions(state, "red")
    assert inputs(state).attack_dice == 2
    state.units["def"].at = D
    assert inputs(state).attack_dice == 3  # adjacent: its normal Attack
    state.units["def"].at = Hex(8, 3)
    assert Attack(side="red", unit="att", at=Hex(8, 3)) not in legal_actions(state, "red")
    with pytest.raises(Refusal):
        play(state, "attack red unit=att at=9,3")
    melee = duel(dfn=unit("def", "blue", Hex(6, 3)))
    assert not [a for a in legal_actions(melee, "red") if isinstance(a, Attack)]


def test_excess_blocks_apply_against_a_ranged_attacker_at_range():
    """QUAD-A05: the attacker falls back away from the defender though it fired from 3 hexes."""
    state = duel(att=unit("att", "red", A, quality=3, ranged=(1, 3)), dfn=unit("def", "blue", Hex(7, 3), defense=2))
    play(state, "attack red unit=att at=8,3", 1, 4, 5)
    # One excess block after the single miss: a 4 or a 5; two blocks, no hits -> two non-6 excess: back 2.
    assert state.pending_attack is None
    assert state.retreats[0].unit == "att" and state.retreats[0].hexes == 2


def test_a_charger_moves_and_attacks_with_plus_two_in_one_card():
    """Charger; QUAD-A21."""
    state = duel(att=unit("att", "red", Hex(2, 3), attack=2, specials=["charger"]))
    charges = [a for a in legal_actions(state, "red") if isinstance(a, Charge)]
    assert charges and all(c.at == D for c in charges)
    c = next(c for c in charges if c.path[-1] == A)
    assert inputs(state, charged=True, at=A).attack_dice == 4
    hand = len(state.hand("red"))
    play(state, c, 1, 1, 1, 1, 1, 1)  # 4 attack dice, 2 defense dice, all miss
    assert state.units["att"].at == A and len(state.hand("red")) == hand - 1


def test_only_chargers_may_charge():
    state = duel(att=unit("att", "red", Hex(2, 3)))
    assert not [a for a in legal_actions(state, "red") if isinstance(a, Charge)]
    with pytest.raises(Refusal):
        play(state, Charge(side="red", unit="att", path=[Hex(3, 3), A], at=D))


def test_a_charge_stopped_by_terrain_makes_no_attack():
    state = duel(att=unit("att", "red", Hex(2, 3), quality=2, specials=["charger"]),
                 b=board(terrain={A: "forest"}))
    play(state, Charge(side="red", unit="att", path=[Hex(3, 3), A], at=D), 6)
    assert state.units["att"].at == Hex(3, 3) and state.units["def"].stats.quality == 3


def test_more_hits_than_blocks_the_defender_picks_which_kind_to_block():
    """Combat: "The defending player may choose which hits to block (6 or non-6 hits)"."""
    state = duel(att=unit("att", "red", A, quality=3, attack=3), dfn=unit("def", "blue", D, quality=3, defense=1))
    play(state, "attack red unit=att at=6,3", 6, 4, 1, 5)
    assert decision(state).side == "blue"
    assert legal_actions(state, "blue") == [Block(side="blue", quality=1), Block(side="blue", quality=0)]
    play(state, Block(side="blue", quality=0))  # takes the 6, blocks the push
    assert state.units["def"].stats.quality == 2 and not state.retreats


def test_a_block_that_is_not_offered_is_refused_and_changes_nothing():
    state = duel(att=unit("att", "red", A, quality=3, attack=3), dfn=unit("def", "blue", D, quality=3, defense=1))
    play(state, "attack red unit=att at=6,3", 6, 4, 1, 5)
    before = state.model_copy(deep=True)
    with pytest.raises(Refusal):
        play(state, Block(side="blue", quality=0, sixes=1))
    with pytest.raises(Refusal):
        play(state, "release red")
    assert state == before


def test_quality_zero_eliminates_and_sets_the_units_cards_aside():
    state = duel(dfn=unit("def", "blue", D, quality=1, defense=0))
    give(state, "blue", "def", "def")
    play(state, "attack red unit=att at=6,3", 6, 1, 1)
    dfn = state.units["def"]
    assert dfn.eliminated and not dfn.on_map
    pile = state.piles["blue"]
    assert all(c.unit != "def" for c in pile.deck + pile.hand + pile.discard)
    assert len([c for c in pile.removed if c.unit == "def"]) == 3 + 2  # three in the deck, two given in hand


def test_with_ask_blocks_off_the_default_block_is_applied_without_asking():
    state = duel(att=unit("att", "red", A, quality=3, attack=3), dfn=unit("def", "blue", D, quality=3, defense=1))
    state.options["ask_blocks"] = False
    play(state, "attack red unit=att at=6,3", 6, 4, 1, 5)  # a 6 and a push hit, one block
    assert state.pending_attack is None
    assert state.units["def"].stats.quality == 3 and state.retreats[0].hexes == 1  # the 6 was blocked
