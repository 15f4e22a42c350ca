"""Issue 24 item 7: a firefight's odds give the target's casualties, not only the effectiveness roll."""

from __future__ import annotations

from fractions import Fraction

from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import Fire

from tests.rules.dirtside.helpers import at, setup, start, team, unit


def squads():
    return start(setup([unit("b", "blue", at(4, 4), [team("A"), team("B")]),
                        unit("r", "red", at(4, 7), [team("X"), team("Y")])]), first="blue")


def test_the_firefight_preview_gives_each_number_of_teams_killed():
    state = squads()
    p = RULESET.preview(state, Fire(side="blue", unit="b", at=at(4, 7)))
    chances = {o.label: o.chance for o in p.outcomes if o.label.startswith("firefight")}
    firer = state.units["b"]
    die, lead = firer.stats.die(), firer.stats.leadership
    full = Fraction(sum(1 for r in range(1, die + 1) if r >= 2 * lead), die)
    partial = Fraction(sum(1 for r in range(1, die + 1) if lead <= r < 2 * lead), die)
    k = odds.infantry_kill(2, ch.RY, state.units["r"].infantry()[0].kill())  # two chits, red+yellow in the open
    assert chances == {
        "firefight kills 0 teams of 2": (1 - full - partial) + partial * (1 - k) + full * (1 - k) ** 2,
        "firefight kills 1 team of 2": partial * k + full * 2 * k * (1 - k),
        "firefight kills 2 teams of 2": full * k * k,
    }
    assert any(n.startswith(f"firefight effectiveness (§8.3): d{die} against Leadership {lead}") for n in p.notes)
