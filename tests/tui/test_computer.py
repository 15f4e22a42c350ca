"""The computer plays its side on the game screen, and undo returns to the person's own decision."""

from __future__ import annotations

from tests.tui.conftest import toy_service
from tui.app import HexwarApp
from tui.cli import build_parser


def test_the_command_line_takes_ai_sides():
    assert build_parser().parse_args(["new", "toy", "--ai", "b"]).ai == ["b"]
    assert build_parser().parse_args(["new", "toy", "--ai", "all"]).ai == ["all"]


async def test_the_computer_answers_the_persons_move_and_undo_takes_both_back():
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.viewer == "a" and screen.is_computer("b")
        screen._pace = 2  # fast
        move = next(a for a in screen.seat.legal_actions() if a.kind == "move")
        screen.apply(move)
        for _ in range(200):
            await pilot.pause(0.05)
            if screen.seat.action_count >= 2 and not screen._thinking:
                break
        log = screen.seat.log()
        assert [s.side for s in log[:2]] == ["a", "b"], "the computer did not answer"
        assert type(app.screen).__name__ == "GameScreen", "a pass screen for the computer's side"
        assert screen.viewer == "a"
        await pilot.press("u")
        await pilot.pause()
        assert screen.seat.action_count == 0
