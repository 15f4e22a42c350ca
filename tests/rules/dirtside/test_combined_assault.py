"""A combined assault (dsii-core §8.5): several units assault one enemy unit in one activation; each takes its own
threat test, all of them fire in every round, and each tests on its own losses."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Assault
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, team, unit
from tests.said import said


def game():
    return start(setup([
        unit("a", "blue", at(5, 8), [team("A1"), team("A2")]),
        unit("b", "blue", at(7, 8), [team("B1"), team("B2")]),
        unit("far", "blue", at(15, 14), [team("F1")]),
        unit("d", "red", at(6, 7), [team("D1"), team("D2")]),
        unit("r2", "red", at(18, 1), [team("C")]),
    ]), first="blue")


def test_two_units_assault_together_and_the_second_is_activated():
    state = game()
    combined = Assault(side="blue", unit="a", at=at(6, 7), with_units=["b"])
    assert combined in legal_actions(state, "blue")
    assert "with b" in RULESET.describe(state, combined)
    assert any("b joins on" in n for n in RULESET.preview(state, combined).notes)
    # a's threat test 5 > 2; b's 6 > 2, it joins; the defender's +2 test 8 holds;
    # round 1, all colours in the open: A1 and A2 kill D1 and D2 (4 >= 4); B's teams draw blanks; D's miss
    play(state, "assault blue unit=a at=6,7 with_units=[b]", 5, 6, 8,
         F("R3", "Y1"), F("R3", "Y1"), F("R0", "G0"), F("R0", "G0"), F("R0", "G0"), F("R0", "G0"))
    assert state.units["d"].eliminated and state.units["a"].at == at(6, 7)
    assert state.units["b"].stats.activated


def test_a_partner_failing_its_threat_test_stays_out_and_keeps_its_activation():
    state = game()
    # a passes (5); b fails (1); the defender falls back at once (its test 1 drops it two levels)
    play(state, "assault blue unit=a at=6,7 with_units=[b]", 5, 1, 1)
    assert not state.units["b"].stats.activated and state.units["d"].at != at(6, 7)


def test_each_unit_tests_separately_so_a_partner_goes_in_when_the_lead_fails():
    state = game()
    # a fails (1) and stays where it stands; b passes (6) and assaults alone; the defender's test 1: it falls back
    # and b takes the position
    play(state, "assault blue unit=a at=6,7 with_units=[b]", 1, 6, 1)
    assert state.units["a"].at == at(5, 8) and state.units["b"].at == at(6, 7)
    assert state.units["b"].stats.activated and state.units["d"].at != at(6, 7)
    state = game()
    play(state, "assault blue unit=a at=6,7 with_units=[b]", 1, 1)  # both fail: no assault
    assert state.units["d"].at == at(6, 7) and not state.units["b"].stats.activated


def test_a_partner_must_stand_within_2_hexes_unactivated():
    state = game()
    with pytest.raises(Refusal, match="within 2 hexes"):
        play(state, "assault blue unit=a at=6,7 with_units=[far]")


def _powered_partner_game(confidence: str = "CO"):
    return start(setup([
        unit("a", "blue", at(5, 8), [team("A1"), team("A2")]),
        unit("b", "blue", at(7, 8), [team("P1", troop="powered"), team("P2", troop="powered")]),
        unit("d", "red", at(6, 7), [team("D1"), team("D2")], quality="veteran",
             confidence=confidence),
        unit("r2", "red", at(18, 1), [team("C")]),
    ]), first="blue")


def _resolved_first_test(faces: tuple[int, ...], confidence: str) -> str:
    """Run the combined assault with these three faces (lead test, partner test, defender test) and read how it
    went: the rounds need chits, so a defender that stands runs the scripted dice out."""
    from rules.core import Context
    from rules.dice import DiceExhausted, ScriptedDice
    state = _powered_partner_game(confidence)
    try:
        RULESET.apply(state, Assault(side="blue", unit="a", at=at(6, 7), with_units=["b"]),
                      Context(lambda sink: ScriptedDice(*faces, sink=sink)))
    except DiceExhausted:
        return "the defender stands: combat rounds"
    if not state.units["d"].stats.activated:
        return "the threat test fails: no assault"
    return "the defender gives way at once"


@pytest.mark.parametrize("confidence", ["CO", "BR"])
def test_the_combined_preview_is_the_exact_distribution_the_resolution_rolls(confidence):
    """Every face of the three dice played through the real assault: the preview's chances are the resolution's
    (the defender's first test is at +3 only when the powered partner joins; the lead alone has none; Broken
    infantry assaulted is routed and gives way whatever it rolls)."""
    from fractions import Fraction
    state = _powered_partner_game(confidence)
    preview = RULESET.preview(state, Assault(side="blue", unit="a", at=at(6, 7), with_units=["b"]))
    dies = [state.units["a"].stats.die(), state.units["b"].stats.die(), state.units["d"].stats.die()]
    seen: dict[str, Fraction] = {}
    for x in range(1, dies[0] + 1):
        for y in range(1, dies[1] + 1):
            for z in range(1, dies[2] + 1):
                how = _resolved_first_test((x, y, z), confidence)
                seen[how] = seen.get(how, Fraction(0)) + Fraction(1, dies[0] * dies[1] * dies[2])
    shown = {said(o, state): o.chance for o in preview.outcomes if o.chance}
    assert shown == seen
    alone = RULESET.preview(state, Assault(side="blue", unit="a", at=at(6, 7)))
    if confidence == "CO":
        assert {said(o, state): o.chance for o in alone.outcomes} != shown  # the partner's powered troops count
