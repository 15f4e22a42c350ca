"""Pilot tests of QUAD in the game screen: stealing the activation, and the hidden hand."""

from __future__ import annotations

import pytest


from rules.hexgrid import from_offset  # noqa: E402
from rules.service import GameService  # noqa: E402
from rules.rulesets.quad import RULESET  # noqa: E402
from tests.rules.quad.helpers import activation, give, setup, unit  # noqa: E402
from tui.app import HexwarApp  # noqa: E402


def quad_game() -> GameService:
    s = setup([
        unit("r1", "red", from_offset(2, 2), name="Red Lancers"),
        unit("r2", "red", from_offset(2, 4), name="Red Foot"),
        unit("b1", "blue", from_offset(6, 2), name="Blue Guard"),
        unit("b2", "blue", from_offset(6, 4), name="Blue Rifles"),
    ])
    service = GameService.new(s, 5)
    state = service.state
    activation(state, "red")
    give(state, "red", "r1", "r2")
    give(state, "blue", "b1", tactics=1)
    return service


def roster_text(app) -> str:
    """The roster's text with wrapped side lines joined again."""
    return app.screen.query_one("Roster").text.plain.replace("\n    ", " ")


async def test_the_inactive_side_steals_the_activation_with_its_key():
    service = quad_game()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        palette = app.screen.palette.text.plain
        assert "Blue may react" in palette and "Steal" in palette
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.pending is not None and service.log == []  # an interruption waits for Enter
        assert "Enter confirm" in app.screen.palette.text.plain
        await pilot.press("enter")
        await pilot.pause()
        assert service.log[-1].kind == "steal"
        assert service.state.active_side == "blue"
        assert service.decision().side == "blue"


async def test_a_card_play_then_a_steal_between_card_plays():
    service = quad_game()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n")
        assert screen.selected == "r1"
        await pilot.press("m", "6", "enter", "enter")
        assert service.log[-1].kind == "move"
        assert service.state.units["r1"].at == from_offset(3, 2)
        await pilot.press("s", "space")
        assert service.log[-1].kind == "steal"


async def test_the_other_sides_hand_is_never_rendered():
    service = quad_game()
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = roster_text(app)
        assert "Hand: " in text and "Red Lancers" in text.split("Hand: ")[1].splitlines()[0]
        assert "tactics" not in text  # blue's tactics card is blue's secret
        assert text.count("Hand: ") == 1
        await pilot.press("e")  # red releases: blue decides next
        await pilot.pause()
        assert type(app.screen).__name__ == "PassKeyboardScreen"
        shot = app.export_screenshot()
        assert "Hand" not in shot and "Red Lancers" not in shot
        await pilot.press("enter")
        await pilot.pause()
        text = roster_text(app)
        assert text.count("Hand: ") == 1
        hand = text.split("Hand: ")[1].splitlines()[0]
        assert "tactics" in hand and "Red" not in hand


def duel(seed: int) -> GameService:
    """Red Lancers next to Blue Guard, red holding the activation with the Lancers' card."""
    s = setup([
        unit("r1", "red", from_offset(2, 2), attack=4, quality=4, name="Red Lancers"),
        unit("b1", "blue", from_offset(3, 2), defense=4, quality=4, name="Blue Guard"),
        unit("b2", "blue", from_offset(7, 6), name="Blue Reserve"),
    ])
    service = GameService.new(s, seed)
    activation(service.state, "red")
    give(service.state, "red", "r1")
    give(service.state, "blue", "b1")
    return service


async def test_the_defender_chooses_its_blocks_by_letter():
    service = duel(4)  # seed 4: hits and blocks both, so blue has a real choice
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a")  # one target: straight to the preview
        assert screen.pending is not None and screen.pending.kind == "attack"
        assert "%" in screen.palette.text.plain  # the exact odds are shown
        await pilot.press("enter")
        await pilot.pause()
        assert service.decision().side == "blue"
        assert "b Choose blocks" in screen.palette.text.plain.replace("  ", " ")
        await pilot.press("b")
        assert screen.choices is not None and len(screen.choices) == 2
        first = screen.palette.text.plain.split("\n")[0]
        assert "attack [" in first and "defen" in first  # the dice the blocks answer, shown with the choice
        assert "Block 0 Quality" in screen.palette.text.plain
        await pilot.press("b")  # the second choice
        await pilot.pause()
        assert service.log[-1].kind == "block"
        assert service.log[-1] == service.log[-1].model_copy(update={"quality": 0})


async def test_the_falling_back_unit_picks_its_hex_on_the_map():
    service = duel(2)  # seed 2: Blue Guard must fall back one hex, three hexes to choose from
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a", "enter")
        await pilot.pause()
        assert service.decision().side == "blue"
        assert screen.map.cursor == from_offset(3, 2)  # the cursor went to the unit that must act
        await pilot.press("f")
        assert screen.mode == "retreat" and len(screen.candidates) == 3, (screen.message, screen.pending, screen.palette.text.plain)
        await pilot.press("6", "enter", "enter")
        await pilot.pause()
        assert service.log[-1].kind == "retreat"
        assert service.state.units["b1"].at == from_offset(4, 2)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _red_screens(service: GameService, size) -> list[str]:
    """What red's screen shows at the start, with a unit selected, aiming, and in the game log."""
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    shots = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shots.append(screen_text(app))
        for keys in (("n",), ("m",), ("escape", "escape", "I"), ("escape", "G")):
            await pilot.press(*keys)
            await pilot.pause()
            shots.append(screen_text(app))
    return shots


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_opponents_hand_never_appears_on_screen(size):
    """Red's screens are the same whatever blue holds: only what red may not know is changed
    (rules' `hidden_from`), and the rendered text must not change with it (issue 8, item 1)."""
    import random

    service = quad_game()
    shots = await _red_screens(service, size)
    assert "J tactics" not in "\n".join(shots)  # blue's card
    assert "Hand: " in shots[0]  # red's own hand is shown
    differs = 0
    for seed in range(4):
        hidden = RULESET.hidden_from(service.state, "red", random.Random(seed))
        differs += hidden.piles["blue"].hand != service.state.piles["blue"].hand
        other = GameService(RULESET, hidden)
        assert await _red_screens(other, size) == shots
    assert differs, "no seed changed blue's hand: the test would prove nothing"
