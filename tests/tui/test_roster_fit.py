"""The roster at 80x24 (issue 24 item 4): whole on its first draw, and a unit's states never cut."""

from __future__ import annotations

from rules.rulesets.skirmish import RULESET as SKIRMISH
from rules.service import GameService
from saves.scenarios import load_scenario
from tui.app import HexwarApp
from tui.glossary import explain
from tui.widgets.roster import Roster, fit_name


async def test_the_roster_is_whole_on_its_first_draw_against_the_computer():
    # The side lines wrap again once the panel has its width, inside a resize: the roster kept
    # the height of the first draw, and the Rebels showed 2 or 3 of their 4 units.
    for seed in (0, 1, 2):
        service = GameService.new(load_scenario("quad/teaching"), seed=seed)
        app = HexwarApp({"new": service, "hide": True, "ai": ["rebels"]}, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            roster = app.screen.query_one(Roster)
            lines = roster.text.plain.count("\n") + 1
            assert roster.size.height == lines, seed
            for unit in service.state.units.values():
                assert unit.name in roster.text.plain


async def test_a_units_marks_and_hex_stay_whole_and_the_name_gives_way():
    service = GameService.new(load_scenario("skirmish/teaching"), seed=1)
    aziz = service.state.units["m1"]
    aziz.suppressed = aziz.overwatch = True
    service.initial = service.state.model_copy(deep=True)
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        roster = app.screen.query_one(Roster)
        room = app.screen.query_one("#roster-box").size.width - 1  # a column for the scrollbar
        row = next(line for line in roster.text.plain.splitlines() if " l " in line)
        assert row.rstrip().endswith(f"L sup ow {aziz.at}"), row
        assert len(row) <= room, (row, room)
        assert "…" in row


def test_fit_name_keeps_short_names_and_cuts_long_ones_with_an_ellipsis():
    assert fit_name("Farid", 10) == "Farid"
    assert fit_name("Captain Aziz", 8) == "Captain…"


def test_the_skirmish_marks_are_in_the_glossary_and_match_only_as_words():
    assert explain("L sup ow", SKIRMISH.glossary, marks=True) == [
        "L: the team's leader", "sup: suppressed (pinned by fire)", "ow: on overwatch (may interrupt the enemy)"]
    assert explain("Reyes moves now, below the wall", SKIRMISH.glossary) == []
