"""The game screen's panels, laid out once: the game and its replay show the same board the same way."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from tui.widgets.action_bar import ActionBar
from tui.widgets.dice_log import DiceLog
from tui.widgets.hex_map import HexMap
from tui.widgets.roster import Roster
from tui.widgets.status_line import StatusLine
from tui.widgets.unit_card import UnitCard


def game_panels() -> ComposeResult:
    """Map (largest), the side panel (roster, unit card, dice log), the action palette and the status line;
    for a screen's `compose` to `yield from` (app.tcss styles them by these ids)."""
    with Horizontal(id="game-main"):
        yield HexMap(id="map")
        with Horizontal(id="side-panel"):
            with VerticalScroll(id="roster-box"):
                yield Roster(id="roster")
            with Vertical(id="side-right"):
                yield UnitCard(id="card")
                yield DiceLog(id="dice")
    yield ActionBar(id="palette")
    yield StatusLine(id="status")
