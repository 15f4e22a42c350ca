"""Dice: seeded streams per action, scripted faces for tests, roll records."""

from __future__ import annotations

import pytest

from rules.dice import DiceExhausted, ImpossibleFace, RollRecord, ScriptedDice, SeededDice


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
