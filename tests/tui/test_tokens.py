"""Every short token explained where it appears and in ? / l (issue 9, item 13), and the UI's wording (item 16)."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from rules.core import Outcome, Preview
from rules.rulesets.dhr import RULESET as DHR
from rules.service import GameService
from saves.scenarios import default_scenario, load_scenario
from tests.tui.conftest import toy_service
from tui.app import HexwarApp
from tui.flow import Flow
from tui.glossary import explain
from tui.screens import game_text, odds_text
from tui.screens.help import help_text
from tui.seating import Seating


def dhr_game() -> GameService:
    """Seed 17: the first chip drawn activates a one-figure unit with a rate-of-fire choice (x4 at -1)."""
    return GameService.new(load_scenario(default_scenario("dhr").name, "dhr"), 17)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def test_the_tokens_of_the_report_are_explained_in_words():
    assert explain("1f!", DHR.glossary, marks=True) == [
        "1f: figures left in the unit: 1", "!: activated now: the unit acting"]
    assert explain("1f*", DHR.glossary, marks=True)[1] == "*: already activated this turn"
    fire = explain("M5 Stuart: fire .30 cal coax x4 (-1) at MG-42 team", DHR.glossary)
    assert fire[0].startswith("x4: 4 dice") and fire[1].startswith("(-1): -1 to the number needed")
    (save,) = explain("4d6 needing 3 or less, saves on 4/0", DHR.glossary)
    assert save == "saves on 4/0: a hit figure is saved on terrain DV 4, then armour DV 0 (0: none)"


async def test_the_unit_card_says_what_the_roster_marks_mean():
    app = HexwarApp({"new": dhr_game(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "n")
        await pilot.pause()
        card = app.screen.query_one("UnitCard").text.plain
        assert "1f: figures left in the unit: 1" in card


async def test_a_choice_of_fire_explains_its_rate_of_fire_tokens():
    app = HexwarApp({"new": dhr_game(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "n", "f", "enter")  # aiming starts on the nearest target
        await pilot.pause()
        palette = " ".join(app.screen.palette.text.plain.split())
        assert "x4 (-1)" in palette
        assert "x#: # dice" in palette and "(-#): -# to the number needed" in palette


async def test_help_and_legend_list_every_token_and_the_option_count():
    kinds = DHR.action_kinds
    text = help_text("the game screen", (), map_keys=True, kinds=kinds, words=DHR.glossary).plain
    for token in ("#f", "saves on #/#", "x#", "(# options)"):
        assert token in text, token
    app = HexwarApp({"new": dhr_game(), "hide": False}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert "'#f' figures left in the" in screen_text(app)


async def test_the_palette_counts_options_in_words():
    app = HexwarApp({"new": toy_service(), "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        palette = app.screen.palette.text.plain
        assert "Move (" in palette and " options)" in palette
        assert "Move(" not in palette


def test_one_highlighted_hex_is_not_one_of_one():
    service = toy_service()
    seating = Seating(service)
    flow = Flow(seating.for_screen(), others=seating.seat)
    flow.select("a1")
    flow.choose_kind("move")
    flow.candidates = flow.candidates[:1]
    screen = SimpleNamespace(flow=flow, mode=flow.kind)
    assert game_text.aim_count(screen) == "choose the highlighted hex to go to"
    flow.candidates = flow.candidates * 1 + [c for c in seating.seat("a").legal_actions() if c.kind == "move"][1:3]
    assert game_text.aim_count(screen) == "choose one of 3 highlighted hexes to go to"


def test_an_outcome_that_cannot_happen_says_never_not_zero():
    preview = Preview(title="fire", dice="4d6", outcomes=(
        Outcome(label="MG-42 team: fails morale", chance=Fraction(0)),
        Outcome(label="1 casualty", chance=Fraction(1, 3))))
    screen = SimpleNamespace(pending=object(), preview=preview, describe=lambda a: "fire", ruleset=DHR,
                             seat=SimpleNamespace(view=lambda: SimpleNamespace(sides=[], units={})))  # a seat whose view names no unit
    text = odds_text.preview_text(screen).plain
    assert "never  MG-42 team: fails morale" in text
    assert "0.00%" not in text and "(0)" not in text
    assert "33.33%  1 casualty  (exactly 1/3)" in text
