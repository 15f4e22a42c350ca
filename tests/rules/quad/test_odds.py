"""The odds preview is exact and agrees with the attack procedure run over every dice outcome."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

import pytest

from rules import odds
from rules.dice import ScriptedDice
from rules.rulesets.quad import RULESET
from rules.rulesets.quad import odds as qodds
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Attack, Move

from tests.rules.quad.helpers import Hex, activation, board, setup, start, unit
from tests.said import said


def enumerated(inputs, **kw):
    """Run the real procedure (roll_attack with forced dice) for every ordered dice outcome."""
    out = defaultdict(Fraction)
    n = inputs.attack_dice + inputs.defense_dice
    for faces, p in odds.faces_of(n, 6):
        tally, _, _ = proc.roll_attack(inputs, ScriptedDice(faces))
        out[qodds.outcome_of(tally, inputs, **kw)] += p
    return dict(out)


def by_multisets(inputs, **kw):
    """`enumerated`, one run per multiset of attack faces and of defense faces, weighted by how many
    orders give it: 14,112 runs for 5 + 3 dice instead of 6**8 (1.7 million, a minute and a half).
    Right only while the order of the dice within each roll does not matter (checked below)."""
    out = defaultdict(Fraction)
    a, d = inputs.attack_dice, inputs.defense_dice
    for attack in combinations_with_replacement(range(1, 7), a):
        for defense in combinations_with_replacement(range(1, 7), d):
            tally, _, _ = proc.roll_attack(inputs, ScriptedDice(attack + defense))
            out[qodds.outcome_of(tally, inputs, **kw)] += Fraction(orders(attack) * orders(defense), 6 ** (a + d))
    return dict(out)


def orders(faces: tuple[int, ...]) -> int:
    """How many ordered rolls show these faces."""
    n = factorial(len(faces))
    for k in Counter(faces).values():
        n //= factorial(k)
    return n


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
    assert exact == enumerated(inputs, **kw) == by_multisets(inputs, **kw)
    assert sum(exact.values()) == 1


EXAMPLE_2 = proc.AttackInputs(attack_dice=5, defense_dice=3, attacker_quality=5, defender_quality=3)


def test_example_2_odds_the_printed_outcome_has_its_exact_chance():
    dist = qodds.attack_distribution(EXAMPLE_2)
    # Example 2's result: defender -1 Q and 3 hexes back, attacker untouched.
    assert dist == by_multisets(EXAMPLE_2)
    assert dist[(1, 3, 0, 0)] > 0


@pytest.mark.parametrize("inputs,kw", [(EXAMPLE_2, {}), *CASES])
def test_the_order_of_the_dice_within_a_roll_does_not_change_the_outcome(inputs, kw):
    """What `by_multisets` relies on, on 300 seeded rolls each shuffled within its attack and defense dice."""
    rng = random.Random(2)
    a, d = inputs.attack_dice, inputs.defense_dice
    for _ in range(300):
        attack, defense = [rng.randint(1, 6) for _ in range(a)], [rng.randint(1, 6) for _ in range(d)]
        outcomes = set()
        for _ in range(3):
            rng.shuffle(attack)
            rng.shuffle(defense)
            tally, _, _ = proc.roll_attack(inputs, ScriptedDice(tuple(attack + defense)))
            outcomes.add(qodds.outcome_of(tally, inputs, **kw))
        assert len(outcomes) == 1, (attack, defense, outcomes)


def test_preview_of_an_attack_in_play_is_fast_and_sums_to_one():
    state = activation(start(setup([unit("att", "red", Hex(4, 3), attack=6),
                                    unit("a2", "red", Hex(5, 2)), unit("a3", "red", Hex(6, 3)),
                                    unit("def", "blue", Hex(5, 3), defense=4)],
                                   board(terrain={Hex(5, 3): "fortified"}))))
    action = Attack(side="red", unit="att", at=Hex(5, 3))
    preview = RULESET.preview(state, action)  # its speed is `make bench`'s figure
    assert sum(o.chance for o in preview.outcomes) == 1
    assert preview.dice.startswith("8d6") and "8d6 defense" in preview.dice


def test_move_preview_gives_the_chance_the_terrain_stops_the_unit():
    state = activation(start(setup([unit("m", "red", Hex(3, 3), quality=4), unit("b", "blue", Hex(8, 6))],
                                   board(terrain={Hex(4, 3): "forest"}))))
    preview = RULESET.preview(state, Move(side="red", unit="m", path=[Hex(4, 3)]))
    chances = {said(o, state).split(" (")[0]: o.chance for o in preview.outcomes}
    assert chances["arrives"] == Fraction(4, 6)
    assert sum(chances.values()) == 1


def test_charge_preview_scales_by_the_chance_to_arrive_through_difficult_terrain():
    state = activation(start(setup([unit("c", "red", Hex(2, 3), quality=3, specials=["charger"]),
                                    unit("d", "blue", Hex(5, 3))], board(terrain={Hex(4, 3): "forest"}))))
    from rules.rulesets.quad.actions import Charge
    preview = RULESET.preview(state, Charge(side="red", unit="c", path=[Hex(3, 3), Hex(4, 3)], at=Hex(5, 3)))
    broken = [o for o in preview.outcomes if "breaks the charge" in said(o, state)]
    assert broken and broken[0].chance == Fraction(1, 2)
    assert sum(o.chance for o in preview.outcomes) == 1
    assert preview.dice.startswith("5d6")  # Attack 3 + 2 for the charge


def test_the_preview_matches_the_real_attack_in_play_over_every_dice_outcome():
    """End to end: apply the attack for each of the 6**n face rows (default block, roomiest fall-back)."""
    from rules.events import Retreated
    from tests.rules.quad.helpers import give, play

    walls = [unit("w1", "red", Hex(6, 2), attack=0), unit("w2", "blue", Hex(6, 4))]
    state = activation(start(setup([unit("att", "red", Hex(4, 3), quality=3, attack=1),
                                    unit("def", "blue", Hex(5, 3), quality=3, defense=2, specials=["steady"]),
                                    *walls], board(width=8))))
    state.options.update(ask_blocks=False, ask_retreats=False)
    give(state, "red", "att")
    action = Attack(side="red", unit="att", at=Hex(5, 3))
    preview = RULESET.preview(state, action)
    n = 2 + 2  # 1 attack + 1 ally next to the target, 2 defense
    seen: dict[str, Fraction] = defaultdict(Fraction)
    for faces, p in odds.faces_of(n, 6):
        s = state.model_copy(deep=True)
        ctx, _ = play(s, action, *faces)
        back = {e.unit: len(e.path) - 1 for e in ctx.events if isinstance(e, Retreated)}
        label = []
        for uid in ("def", "att"):
            u = s.units[uid]
            label.append(qodds._side_text(u.name, u.start_quality - u.stats.quality, back.get(uid, 0), u.start_quality))
        seen["; ".join(label)] += p
    assert {said(o, state): o.chance for o in preview.outcomes} == dict(seen)


def every_tally(inputs, **kw):
    """The slow reference: every (attack counts) x (defense counts) tally through `outcome_of`."""
    da = qodds._ways(inputs.attack_dice, qodds._face_counts(lambda f: proc.attack_category(f, inputs)))
    dd = qodds._ways(inputs.defense_dice, qodds._face_counts(lambda f: proc.block_category(f, inputs)))
    out = defaultdict(int)
    for (hq, hp), wa in da.items():
        for (bq, bp), wd in dd.items():
            out[qodds.outcome_of(proc.Tally(hq, hp, bq, bp), inputs, **kw)] += wa * wd
    rows = 6 ** (inputs.attack_dice + inputs.defense_dice)
    return {k: Fraction(w, rows) for k, w in out.items()}


@pytest.mark.parametrize("a,d,aq,dq,flags,kw", [
    (7, 6, 3, 3, {}, {"defender_room": 2, "attacker_room": 1}),
    (9, 4, 2, 4, {"elite": True}, {"defender_steady": True, "defender_room": 0}),
    (5, 9, 4, 2, {"defender_green": True, "attacker_green": True}, {"attacker_steady": True, "attacker_room": 3}),
    (12, 12, 5, 1, {}, {}),
    (1, 0, 3, 3, {}, {}),
    (0, 3, 3, 3, {}, {}),
])
def test_the_fast_distribution_equals_every_tally_through_the_procedure(a, d, aq, dq, flags, kw):
    inputs = proc.AttackInputs(attack_dice=a, defense_dice=d, attacker_quality=aq, defender_quality=dq, **flags)
    qodds._distribution.cache_clear()
    fast = qodds.attack_distribution(inputs, **kw)
    assert fast == every_tally(inputs, **kw)
    assert sum(fast.values()) == 1


def test_fifteen_against_fifteen_dice_is_exact_and_remembered():
    inputs = proc.AttackInputs(attack_dice=15, defense_dice=15, attacker_quality=3, defender_quality=3)
    qodds._distribution.cache_clear()
    dist = qodds.attack_distribution(inputs, defender_room=2, attacker_room=1)
    assert sum(dist.values()) == 1
    assert qodds.attack_distribution(inputs, defender_room=2, attacker_room=1) == dist
    assert qodds._distribution.cache_info().hits >= 1, "asked again, it is remembered"
