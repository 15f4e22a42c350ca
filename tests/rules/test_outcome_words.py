"""The generic words of an outcome (rules/outcomes.py), the contract's default `outcome_words`: made from the
outcome's effects with the reader's names, never stored on it."""

from __future__ import annotations

from fractions import Fraction

from rules.contract import RulesetDefaults
from rules.core import Outcome
from rules.outcomes import EFFECTS, SideEffect, UnitEffect, outcome_words

NAMES = {"u1": "Lancers", "u2": "Archers", "red": "The Kingdom"}


def test_a_units_effects_in_words_after_its_name():
    hurt = UnitEffect(unit="u1", losses=2, loss="steps", retreat=1, status=("pinned",))
    assert outcome_words(Outcome(chance=Fraction(1, 2), units=(hurt,)), NAMES) == (
        "Lancers: loses 2 steps, falls back 1 hex, pinned")
    both = Outcome(chance=Fraction(1), units=(UnitEffect(unit="u2", eliminated=True), UnitEffect(unit="u1")))
    assert outcome_words(both, NAMES) == "Archers: eliminated; Lancers: unharmed"


def test_a_sides_gains_and_the_event_around_the_effects():
    gain = SideEffect(side="red", cards=1, pips=-2, objectives=("3,5",))
    o = Outcome(chance=Fraction(1), sides=(gain,), event=f"arrives at 3,5 ({EFFECTS})")
    assert outcome_words(o, NAMES) == "arrives at 3,5 (The Kingdom: draws 1 card, -2 pips, takes 3,5)"


def test_the_words_follow_the_readers_names_and_an_outcome_with_no_effect_its_label():
    o = Outcome(chance=Fraction(1), units=(UnitEffect(unit="u9", losses=1, loss="figures"),))
    assert outcome_words(o, {}) == "u9: loses 1 figure"  # a unit the reader has no name for: its id
    assert outcome_words(o, {"u9": "a blind"}) == "a blind: loses 1 figure"
    assert outcome_words(Outcome(label="no effect", chance=Fraction(1)), NAMES) == "no effect"


def test_the_contracts_default_is_the_generic_words():
    o = Outcome(chance=Fraction(1), units=(UnitEffect(unit="u1", retreat=2),))
    assert RulesetDefaults().outcome_words(o, NAMES) == outcome_words(o, NAMES) == "Lancers: falls back 2 hexes"
