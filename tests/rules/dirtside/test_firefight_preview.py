"""Issue 24 item 7: a firefight's odds give the target's casualties, not only the effectiveness roll."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Fire

from tests.rules.dirtside.helpers import at, setup, start, team, unit
from tests.said import chances as said_chances


def squads():
    return start(setup([unit("b", "blue", at(4, 4), [team("A"), team("B")]),
                        unit("r", "red", at(4, 7), [team("X"), team("Y")])]), first="blue")


def test_the_firefight_preview_gives_each_number_of_teams_killed():
    state = squads()
    p = RULESET.preview(state, Fire(side="blue", unit="b", at=at(4, 7)))
    chances = {k: v for k, v in said_chances(p, state).items() if k.startswith("firefight")}
    firer = state.units["b"]
    die, lead = firer.stats.die(), firer.stats.leadership
    full = Fraction(sum(1 for r in range(1, die + 1) if r >= 2 * lead), die)
    partial = Fraction(sum(1 for r in range(1, die + 1) if lead <= r < 2 * lead), die)
    k = odds.infantry_kill(2, ch.RY, state.units["r"].infantry()[0].kill())  # two chits, red+yellow in the open
    assert chances == {
        "firefight kills 0 teams of 2": (1 - full - partial) + partial * (1 - k) + full * (1 - k) ** 2,
        "firefight against 2 teams: one killed": partial * k + full * 2 * k * (1 - k),
        "firefight against 2 teams: 2 teams killed": full * k * k,
    }
    assert any(n.startswith(f"firefight effectiveness (§8.3): d{die} against Leadership {lead}") for n in p.notes)


def test_a_shots_die_shifts_are_explained_with_their_rules_in_the_fire_roll():
    from rules.dice import ScriptedDice
    from rules.rulesets.dirtside import fire

    shot = fire.Shot("HKP", 3, 20, fc="enhanced", fast=True, damaged_firer=True, signature=4, stealth=1,
                     secondary=frozenset({"hull_down"}))
    expected = (
        "range band: medium at 20, one band longer for a damaged firer (§5.1) = long",
        "fire die: enhanced fire control at long range d6, one type down after moving more than half its move "
        "(§5.2) = d4",
        "target die: signature 4 - 1 stealth (§5.3) = 3: d8",
        "target die: the better of d8 and d10 for hull down (§5.3)",
    )
    assert shot.modifiers() == expected
    dice = ScriptedDice(8, 10, 1)
    fire.direct_fire(shot, dice)
    assert dice.records[-1].purpose == "fire" and dice.records[-1].modifiers == expected


def test_an_effectiveness_roll_under_fire_says_its_die_is_one_type_down():
    from rules.dice import ScriptedDice
    from rules.rulesets.dirtside import infantry as inf

    dice = ScriptedDice(3)
    inf.fire_effectiveness(8, 2, dice, under_fire=True)
    assert dice.records[0].sides == 6
    assert dice.records[0].modifiers == ("quality die d8, one type down Under Fire (§8.3) = d6",)
