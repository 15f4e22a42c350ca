"""Issue 24 items 7 and 8: the TN's modifiers in the odds and the dice log; a natural 0 counts 10 in the sum."""

from __future__ import annotations

from rules.events import Rolled
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.actions import Activate, Shoot

from tests.rules.skirmish.helpers import act, model, o, setup, start


def pair():
    return start(setup([model("r1", "red", o(2, 8)), model("b1", "blue", o(2, 1))]))


def rolls(events):
    return [e.record for e in events if isinstance(e, Rolled)]


def test_a_suppressed_models_activation_shows_its_tn_modifier_in_the_odds_and_the_log():
    state = pair()
    state.units["r1"].suppressed = True
    expected = ("TN (#3): 10 base + 2 suppressed = 12",)
    assert RULESET.preview(state, Activate(side="red", unit="r1")).modifiers == expected
    record = rolls(act(state, Activate(side="red", unit="r1"), 8))[0]
    assert record.modifiers == expected


def test_a_suppressed_shooters_to_hit_roll_shows_its_tn_modifier():
    state = pair()
    act(state, Activate(side="red", unit="r1"), 8)
    state.units["r1"].suppressed = True
    shot = Shoot(side="red", unit="r1", at=o(2, 1))
    expected = "TN (#5): 10 base + 2 suppressed = 12"
    assert expected in RULESET.preview(state, shot).modifiers
    record = rolls(act(state, shot, 2))[0]
    assert record.purpose == "to hit" and record.modifiers == (expected,)


def test_a_natural_zero_is_printed_as_ten_in_the_sum():
    """'Farid activation 1d10 [0]: 4 + 0 = 14' read wrong: the face shows 0, the sum counts 10."""
    state = pair()
    record = rolls(act(state, Activate(side="red", unit="r1"), 10))[0]
    assert record.shown_faces() == ["0"]
    skill = state.units["r1"].stats.skill
    assert record.outcome.startswith(f"{skill} + 10 = {skill + 10} vs TN 10")
    assert record.outcome.endswith("(natural 0)")


def test_a_fights_tn_modifiers_are_in_the_odds_and_the_cqc_rolls():
    from rules.rulesets.skirmish.actions import Charge

    state = start(setup([model("r1", "red", o(2, 5)), model("b1", "blue", o(2, 4))]))
    act(state, Activate(side="red", unit="r1"), 8)
    state.units["b1"].suppressed = True
    charge = next(a for a in RULESET.legal_actions(state, "red") if isinstance(a, Charge))
    expected = "b1: TN (#5B): 10 base + 2 weapon in CQC + 2 suppressed = 14"  # a rifle in a fight: +2
    assert expected in RULESET.preview(state, charge).modifiers
    records = rolls(act(state, charge, 9, 2, 5, 5, 5, 5, all_used=False))
    defender = next(r for r in records if r.purpose == "CQC (defender)")
    assert defender.modifiers == (expected.removeprefix("b1: "),)
