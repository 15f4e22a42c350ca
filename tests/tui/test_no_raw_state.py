"""Nothing under tui/ reads the game's raw state: screens read through a Seat (issue 8, item 1).

The referee wiring (tui/seating.py) is the one module of the game screen that
asks the service for seats; `ALLOWED` names the one other that reads a game
(the command line). Everything else must go through the seat it is handed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TUI = Path(__file__).resolve().parents[2] / "tui"

RAW = re.compile(
    r"\.state\b"  # the service's (or anything's) full state
    r"|\bview_for\("  # a view made for any side the caller names
    r"|\bservice\.(legal_actions|describe|preview|check|decision|apply|undo|redo|history|events|log|initial"
    r"|why_no_undo|redo_stack|parse|seat)\b"
    r"|\bruleset\.(legal_actions|describe|preview|apply|decision|view|unit_card|side_lines|victory)\("
)
"""What reading the raw game looks like."""

ALLOWED = {
    "tui/seating.py": "the referee wiring: makes the seats (and reads who decides, which is public)",
    "tui/cli.py": "prints the scenario's name and turn on the command line, before any screen",
    "tui/cli_play.py": "`hexwar new`/`load` (split from tui/cli.py): names the sides and scenario on the command line",
    "tui/cli_host.py": "`hexwar serve` (split from tui/cli.py): lists the host's games and their sides on the command line",
}
"""The plain mode and the game host read their games through seats too (tests/rules/test_seat_composition.py)."""


def offences(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if RAW.search(line.split("#", 1)[0])]


def test_the_pattern_catches_raw_reads():
    for line in ("units = self.service.state.units", "v = service.view_for('red')",
                 "self.service.legal_actions(side)", "ruleset.describe(state, action)", "self.service.seat(None)"):
        assert offences(line), line
    for line in ("self.seat.legal_actions()", "seat.describe(action)", "self.map.set_state(view, r)"):
        assert not offences(line), line


@pytest.mark.parametrize("path", sorted(TUI.rglob("*.py")), ids=lambda p: str(p.relative_to(TUI)))
def test_no_module_reads_the_raw_state(path):
    if str(path.relative_to(TUI.parent)) in ALLOWED:
        return
    found = offences(path.read_text())
    assert not found, f"{path.relative_to(TUI.parent)} reads the raw game: {found}"
