"""Dice: seeded streams per action, scripted faces for tests, roll records."""

from __future__ import annotations

import math

import pytest

from rules.dice import KEYED, LEGACY, DiceExhausted, ImpossibleFace, RollRecord, ScriptedDice, SeededDice, new_seed


def test_seeded_dice_repeat_for_the_same_game_and_action():
    a = SeededDice(42, 7).roll(10, 6, "attack")
    b = SeededDice(42, 7).roll(10, 6, "attack")
    assert a == b


def test_seeded_dice_differ_between_actions_and_seeds():
    base = SeededDice(42, 7).roll(20, 6, "attack")
    assert SeededDice(42, 8).roll(20, 6, "attack") != base
    assert SeededDice(43, 7).roll(20, 6, "attack") != base


def test_seeded_faces_stay_on_the_die():
    for sides in (4, 6, 8, 10, 12, 20, 100):
        faces = SeededDice(1, 0).roll(500, sides, "range")
        assert set(faces) <= set(range(1, sides + 1))
        assert min(faces) == 1 and max(faces) == sides


def test_scripted_dice_hand_out_faces_in_order_across_rolls():
    dice = ScriptedDice([1, 3, 5, 6], [4, 6])
    assert dice.roll(4, 6, "attack") == (1, 3, 5, 6)
    assert dice.roll(1, 6, "defence") == (4,)
    assert dice.remaining == [6]


def test_scripted_dice_fail_loudly_when_exhausted():
    dice = ScriptedDice(2)
    with pytest.raises(DiceExhausted, match="asked for 2d6"):
        dice.roll(2, 6, "attack")


def test_scripted_dice_refuse_a_face_the_die_cannot_show():
    with pytest.raises(ImpossibleFace, match="d6 cannot show 7"):
        ScriptedDice(7).roll(1, 6, "attack")


def test_every_roll_is_recorded_and_sent_to_the_sink():
    seen: list[RollRecord] = []
    dice = ScriptedDice(1, 5, 6, sink=seen.append)
    dice.roll(3, 6, "fire", side="red", unit="r1", need=5, test="<=", rule="Firing")
    assert seen == dice.records
    rec = seen[0]
    assert rec.faces == (1, 5, 6) and rec.successes == 2
    assert rec.outcome == "2 successes"
    assert rec.text() == "fire 3d6 [1 5 6] <=5: 2 successes"


def test_a_d10_ten_shows_as_zero_where_the_rule_says_so():
    dice = ScriptedDice(10, 3)
    dice.roll(2, 10, "activation", zero_is_ten=True)
    assert dice.records[0].shown_faces() == ["0", "3"]
    dice2 = ScriptedDice(10)
    dice2.roll(1, 10, "range")
    assert dice2.records[0].shown_faces() == ["10"]


def test_outcome_may_be_computed_from_the_faces():
    dice = ScriptedDice(6, 2)
    dice.roll(2, 6, "attack", outcome=lambda f: f"{f.count(6)} six")
    assert dice.records[0].outcome == "1 six"


def test_d100_and_any_dn():
    dice = ScriptedDice(100, 1, 37)
    assert dice.roll(1, 100, "percent") == (100,)
    assert dice.roll(2, 37, "odd die") == (1, 37)


def test_zero_dice_roll_nothing_and_bad_dice_are_refused():
    dice = ScriptedDice()
    assert dice.roll(0, 6, "nothing") == ()
    with pytest.raises(ValueError):
        dice.roll(-1, 6, "negative")
    with pytest.raises(ValueError):
        dice.roll(1, 1, "one-sided")


def test_dice_that_only_walk_outcomes_keep_no_record_and_skip_the_log_text():
    class Walk(ScriptedDice):
        keeps_records = False

    seen = []
    dice = Walk([3, 4], sink=seen.append)
    assert dice.roll(2, 6, "fire", outcome=lambda fs: 1 / 0) == (3, 4)  # the log text is never built
    assert dice.records == [] and seen == []
    with pytest.raises(ValueError):
        dice.roll(1, 1, "still checked")


# --- keyed dice: what a seat's rolls give away ---------------------------------------------------------

OLD_SEEDS = range(1, 3001)
"""A bounded sample of the old default seeds (1 to 1,000,000): enough to show the search, quick in a test."""


def seen_rolls(ruleset: str, scenario: str, seed: int, derivation: int, side: str, actions: int = 300):
    """(action index, [roll record, ...]) of the rolls `side`'s seat saw in random play."""
    import random as stdlib_random

    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tests.rules.test_conformance import actors

    game = GameService.new(load_scenario(scenario, ruleset), seed, dice=derivation)
    rng = stdlib_random.Random(7)
    for _ in range(actions):
        if game.result is not None:
            break
        side_now = rng.choice(actors(game))
        legal = game.legal_actions(side_now)
        if legal:
            assert game.apply(rng.choice(legal)).ok
    seen: dict[int, list[RollRecord]] = {}
    for index, event in game.seat(side).numbered_events():
        if event.kind == "rolled":
            seen.setdefault(index, []).append(event.record)
    shown = sorted(seen.items())
    bits = sum(len(r.faces) * math.log2(r.sides) for _, rolls in shown for r in rolls)
    assert bits >= 30, "too few rolls to tell the candidate seeds apart"
    return shown


def fits(seed: int, derivation: int, seen) -> bool:
    """Whether the dice of (seed, derivation) give the rolls of each seen action, in order."""
    for index, rolls in seen:
        dice = SeededDice(seed, index, derivation=derivation)
        for r in rolls:
            if dice.roll(len(r.faces), r.sides, r.purpose, side=r.side, unit=r.unit) != r.faces:
                return False
    return True


def attack(seen, extra: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """Every (seed, derivation) of the old seed space (and `extra` seeds) that explains what was seen."""
    return [(s, d) for s in (*OLD_SEEDS, *extra) for d in (LEGACY, KEYED) if fits(s, d, seen)]


def test_the_attacker_finds_the_seed_of_an_old_derivation_game():
    """The control: with the old derivation, a side's own dice log gives the seed away."""
    seen = seen_rolls("quad", "river-battle", 2024, LEGACY, "east")
    assert attack(seen) == [(2024, LEGACY)]


NEW_GAME_SEED = 0x5D1C_83A7_F04E_29B6_C713_8E05_B2F9_64AD
"""A seed as `new_seed()` draws them (128 bits), fixed so that the game, and how many rolls the east sees,
is the same on every run (a drawn one sometimes ended the game before enough rolls were seen)."""


def test_the_attacker_finds_nothing_in_a_new_game():
    """A default seed: no seed of the old space, in either derivation, gives the rolls the east saw."""
    seen = seen_rolls("quad", "river-battle", NEW_GAME_SEED, KEYED, "east")
    assert attack(seen) == []


def test_even_a_known_small_seed_does_not_give_keyed_dice_to_the_old_derivation():
    """A game started with `--seed 2024`: the old derivation, even with the true seed, explains nothing
    (the keyed derivation with the true seed does: the seed is the key, so keep it secret)."""
    seen = seen_rolls("hundred_wars", "first-blinds", 2024, KEYED, "blue")
    assert attack(seen, extra=(2024,)) == [(2024, KEYED)] * 2  # the sample holds 2024 too


def test_new_seeds_have_128_random_bits_and_differ():
    seeds = {new_seed() for _ in range(200)}
    assert len(seeds) == 200 and all(s.bit_length() == 129 for s in seeds)
    assert {s >> 127 & 1 for s in seeds} == {0, 1}  # the top random bit varies too


def test_keyed_faces_do_not_follow_from_the_seed_in_the_old_way():
    assert SeededDice(42, 7).roll(20, 6, "attack") != SeededDice(42, 7, derivation=LEGACY).roll(20, 6, "attack")


def test_legacy_dice_are_the_old_stream():
    import random as stdlib_random

    old = stdlib_random.Random("hexwar:42:7")
    assert SeededDice(42, 7, derivation=LEGACY).roll(20, 6, "attack") == tuple(old.randint(1, 6) for _ in range(20))


def test_keyed_faces_are_even():
    faces = SeededDice(new_seed(), 0).roll(60_000, 6, "count")
    counts = [faces.count(f) for f in range(1, 7)]
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_a_keyed_shuffle_is_a_permutation_that_depends_on_the_stream():
    items = list(range(30))
    a, b = list(items), list(items)
    SeededDice(5, stream="one").shuffle(a)
    SeededDice(5, stream="two").shuffle(b)
    assert sorted(a) == items and a != b and a != items


def test_an_unknown_derivation_is_refused():
    with pytest.raises(ValueError, match="unknown dice derivation"):
        SeededDice(1, 0, derivation=9)


def test_a_roll_only_its_side_sees_moves_no_other_roll():
    """Each (purpose, side, unit) of an action has its own keyed stream: a hidden unit's extra roll leaves
    every other roll of the action as it was, so how many there were shows nowhere."""
    with_hidden = SeededDice(5, 3)
    with_hidden.roll(1, 10, "orders", side="red", unit="red-hidden")
    after = with_hidden.roll(3, 10, "orders", side="red", unit="red-hq")
    assert after == SeededDice(5, 3).roll(3, 10, "orders", side="red", unit="red-hq")
    twice = SeededDice(5, 3)
    assert twice.roll(3, 10, "fire", unit="a") != twice.roll(3, 10, "fire", unit="a")  # the second: a new stream
