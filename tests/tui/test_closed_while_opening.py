"""A screen closed by a key that lands before it has mounted (CI's monkey, stop 32) must not raise.

Each screen is pushed and dismissed in the same tick, as type-ahead or a hint arriving from the computer's
thread can do; the screen then mounts with its children gone.
"""

from __future__ import annotations

import pytest
from rich.text import Text

from tests.tui.test_robustness import teaching
from tui.app import HexwarApp


def screens(seat):
    from tui.dialogs.text_view import TextDialog
    from tui.screens.game_log import GameLogScreen
    from tui.screens.game_over import GameOverScreen
    from tui.screens.help import HelpScreen
    from tui.screens.rules_reference import RulesReferenceScreen

    return {
        "text": lambda app: TextDialog(Text("odds")),
        "log": lambda app: GameLogScreen(seat),
        "over": lambda app: GameOverScreen(seat),
        "help": lambda app: HelpScreen(Text("help")),
        "reference": lambda app: RulesReferenceScreen(app.screen.ruleset),
    }


@pytest.mark.parametrize("name", ["text", "log", "over", "help", "reference"])
async def test_a_screen_dismissed_before_it_mounts_raises_nothing(name):
    service = teaching("dhr", 3)
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        screen = screens(game.seat)[name](app)
        app.push_screen(screen)
        screen.dismiss(None)
        await pilot.pause()
        await pilot.pause(0.05)
        assert app._exception is None, repr(app._exception)
        assert app.screen is game
