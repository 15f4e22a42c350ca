"""Issue 24 item 7: a DHR shot's odds and its dice log line say where the firing number comes from."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.dhr.odds import fire_odds
from rules.rulesets.dhr.procedures import Combatant, Firer, resolve_fire

EXPECTED = ("to hit (roll this or less): 4 Rating - 1 range (8 hexes at range 6) (Firing: Range; DHR-A01..A03)"
            " - 1 2 RoF slots (Firing: Rate of Fire; DHR-A08) = 2",)


def test_the_odds_and_the_fire_roll_cite_range_and_rate_of_fire():
    firer = Firer(figures=2, rating=4, weapon_range=6, rof=(1, 1))
    target = Combatant(figures=3, rating=3)
    assert fire_odds(firer, target, distance=8, save_dv=0, slots=2).modifiers == EXPECTED
    dice = ScriptedDice([6, 6, 6, 6])
    result = resolve_fire(firer, target, dice, distance=8, save_dv=0, slots=2, morale=False)
    assert result.roll.target == 2
    assert dice.records[0].modifiers == EXPECTED


def test_a_shot_at_the_bare_rating_explains_nothing():
    firer = Firer(figures=1, rating=3, weapon_range=6, rof=(1,))
    assert fire_odds(firer, Combatant(figures=1, rating=3), distance=2, save_dv=0).modifiers == ()
