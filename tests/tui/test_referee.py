"""Referee mode (`hexwar new|load ... --referee`): the referee seat sees every side's secrets, says so on the
status line, and acts for any side (issue 8, item 1)."""

from __future__ import annotations

from tests.tui.test_quad import quad_game, roster_text
from tui.app import HexwarApp
from tui.cli import build_parser


def test_the_command_line_takes_referee_for_new_and_load():
    parser = build_parser()
    assert parser.parse_args(["new", "quad", "--referee"]).referee is True
    assert parser.parse_args(["load", "game.toml", "--referee"]).referee is True
    assert parser.parse_args(["new", "quad"]).referee is False


async def test_the_referee_sees_both_hands_and_says_referee():
    service = quad_game()
    app = HexwarApp({"new": service, "hide": True, "referee": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.seat.referee and screen.viewer is None
        assert "REFEREE" in screen.status.text
        text = roster_text(app)
        assert text.count("Hand: ") == 2 and "tactics" in text  # blue's card too
        await pilot.press("e")  # red releases: no pass screen for the referee
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        assert service.decision().side == "blue" and "REFEREE" in screen.status.text


async def test_a_players_screen_never_says_referee():
    app = HexwarApp({"new": quad_game(), "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)):
        assert "REFEREE" not in app.screen.status.text
        assert roster_text(app).count("Hand: ") == 1
