"""Previews, words, cards and marks: what a player reads before and after acting."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import parse_action
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.actions import (
    ADAPTER, Activate, Charge, HoldFire, Lock, Move, Nominate, Overwatch, OverwatchFire, Pivot, PushBack, RollOff,
    Shoot, Spray, WatchCharge, WatchMove, EndActivation,
)
from rules.rulesets.skirmish.odds import attack_odds
from rules.rulesets.skirmish.procedures.shooting import Situation, shot_for

from tests.rules.skirmish.helpers import acting, model, o, setup, start
from tests.said import said


def game():
    s = setup([model("r1", "red", o(4, 8), leader=True), model("r2", "red", o(6, 8)),
               model("b1", "blue", o(4, 1), armour="light"), model("b2", "blue", o(6, 2))])
    return acting(start(s), "r1")


def test_a_shot_preview_is_the_exact_odds_of_the_shot():
    state = game()
    p = RULESET.preview(state, Shoot(side="red", unit="r1", at=o(4, 1), shots=2))
    shot = shot_for(5, Situation(weapon="carbine", distance=7, shots=2), 11)
    exact = attack_odds([shot, shot], False, 5)
    fate = dict(miss="missed", unhurt="hit, unhurt", downed="downed", dead="dead")
    harmless = lambda f: f in ("miss", "unhurt")  # noqa: E731 - a harmless blow that suppresses says how it went
    assert {said(o, state): o.chance for o in p.outcomes} == {
        (f"b1 suppressed ({fate[f]})" if sup and harmless(f) else f"b1 {fate[f]}" + (", suppressed" if sup else "")): q
        for (f, sup), q in exact.items()}
    assert sum(x.chance for x in p.outcomes) == 1
    assert any("TN 10" in n and "vs 11" in n for n in p.notes)


def test_previews_of_a_fight_and_an_activation_sum_to_one():
    state = game()
    state.units["b1"].at = o(4, 6)
    fight = RULESET.preview(state, Charge(side="red", unit="r1", path=[o(4, 7)], at=o(4, 6)))
    assert sum(x.chance for x in fight.outcomes) == 1
    state.acting = None
    state.units["r2"].activated = False
    act_p = RULESET.preview(state, Activate(side="red", unit="r2"))
    assert [x.chance for x in act_p.outcomes] == [Fraction(7, 10), Fraction(3, 10)]  # leader within 6": TN 9


def test_a_spray_preview_names_every_model_in_the_area():
    s = setup([model("r1", "red", o(4, 8), weapon="saw"), model("b1", "blue", o(4, 3)), model("b2", "blue", o(6, 3))])
    state = acting(start(s), "r1")
    p = RULESET.preview(state, Spray(side="red", unit="r1", at=o(4, 3), hits=[o(4, 3)] * 4))
    assert any(said(x, state) == "b2 suppressed (in the area)" for x in p.outcomes)


def test_every_action_has_words_and_a_text_that_parses_back():
    state = game()
    actions = [RollOff(side="red"), Activate(side="red", unit="r1"), Nominate(side="red", unit="r1", target="b1"),
               Move(side="red", unit="r1", path=[o(4, 7)], face="NE"), Pivot(side="red", unit="r1", face="W"),
               Shoot(side="red", unit="r1", at=o(4, 1), shots=2, second=o(6, 2)),
               Shoot(side="red", unit="r1", at=o(4, 1), aim="reroll"),
               Spray(side="red", unit="r1", at=o(4, 1), hits=[o(4, 1), o(6, 2)]),
               Charge(side="red", unit="r1", path=[o(4, 7)], at=o(4, 6)), Overwatch(side="red", unit="r1"),
               EndActivation(side="red", unit="r1"), OverwatchFire(side="blue", unit="b1", at=o(4, 8), shots=2),
               WatchCharge(side="blue", unit="b1", path=[o(4, 2)], at=o(4, 8)),
               WatchMove(side="blue", unit="b1", path=[o(4, 0)]), HoldFire(side="blue"),
               PushBack(side="red", fire=True), Lock(side="red")]
    kinds = {a.kind for a in actions}
    assert kinds == set(RULESET.action_kinds)
    for a in actions:
        assert parse_action(ADAPTER, a.text()) == a
        words = RULESET.describe(state, a)
        assert words and words != a.text()


def test_the_unit_card_shows_every_stat_the_weapon_and_the_tokens():
    state = game()
    state.units["b1"].suppressed = True
    rows = dict(RULESET.unit_card(state, "b1"))
    for label in ("Skill", "Willpower", "Shooting", "CQC", "Physique", "Agility", "Defence", "Move", "Weapon"):
        assert label in rows
    assert rows["Skill"] == "5 (regular/sound/trained)"
    assert "wound TN 11" in rows["Defence"]
    assert "suppressed" in rows["Status"]
    assert RULESET.unit_marks(state, "b1") == "sup"
    assert RULESET.unit_marks(state, "r1") == "L *"


def test_side_lines_and_the_reference():
    state = game()
    lines = RULESET.side_lines(state, "red")
    assert any("Points downed or dead: 0/3" in x for x in lines)
    ref = RULESET.reference()
    for words in ("natural 0", "Overwatch", "Horde", "Clean up", "coup de grâce", "| Weapon |"):
        assert words.lower() in ref.lower()


def test_two_sprays_at_one_hex_say_how_their_hit_rolls_are_spread():
    """A spray's hit rolls may go to any enemy in the area (text #6 Spray): the sprays at one hex differ only by that
    spread, and the words said it not ('Okafor sprays the area at 10,2 (4 hit rolls)', twice in a list)."""
    state = game()
    all_at_b1 = Spray(side="red", unit="r1", at=o(4, 1), hits=[o(4, 1)] * 3)
    spread = Spray(side="red", unit="r1", at=o(4, 1), hits=[o(4, 1), o(6, 2), o(4, 1)])
    assert RULESET.describe(state, all_at_b1) == "r1 sprays the area at 4,1: 3 hit rolls, 3 at b1 at 4,1"
    assert RULESET.describe(state, spread) == "r1 sprays the area at 4,1: 3 hit rolls, 2 at b1 at 4,1, 1 at b2 at 6,2"
