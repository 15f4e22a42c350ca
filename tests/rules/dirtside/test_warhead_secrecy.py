"""Issue 26 item 9: the other side never reads a launcher's warheads (before: "Cruise missiles HE, MAK")."""

from __future__ import annotations

import random

from rules.service import GameService
from rules.unknown import UNKNOWN
from saves.scenarios import load_scenario


def test_another_side_sees_how_many_missiles_a_launcher_holds_but_not_their_warheads():
    game = GameService.new(load_scenario("teaching", "dirtside"), seed=1)
    launchers = [u for u in game.state.units.values() if u.stats.missiles]
    assert launchers, "the teaching scenario has a missile launcher"
    for launcher in launchers:
        other = next(s for s in game.state.side_ids() if s != launcher.side)
        seen = game.ruleset.view(game.state, other).units[launcher.id].stats.missiles
        assert seen == [UNKNOWN] * len(launcher.stats.missiles), seen
        own = game.ruleset.view(game.state, launcher.side).units[launcher.id].stats.missiles
        assert own == launcher.stats.missiles
        # The secrecy test's twin (tests/rules/test_secrecy.py) changes them: a view cannot depend on them.
        twin = game.ruleset.hidden_from(game.state, other, random.Random(3))
        assert game.ruleset.view(twin, other) == game.ruleset.view(game.state, other)


def test_the_unit_card_of_another_sides_launcher_says_how_many_missiles_not_which():
    from rules.rulesets.dirtside.words import unit_card

    game = GameService.new(load_scenario("teaching", "dirtside"), seed=1)
    launcher = next(u for u in game.state.units.values() if u.stats.missiles)
    other = next(s for s in game.state.side_ids() if s != launcher.side)
    rows = dict(unit_card(game.ruleset.view(game.state, other), launcher.id))
    assert rows["Cruise missiles"].startswith("1 missile, warheads unknown"), rows["Cruise missiles"]
