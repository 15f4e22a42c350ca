"""Snapshots of the replay and the after-action report at 80x24 (look at each SVG before updating)."""

from __future__ import annotations

from tests.tui.conftest import finished_toy_service
from tests.tui.test_replay_screen import replay_app


def test_report_80x24(snap_compare):
    """The after-action report of a finished toy game: title, result, the strength chart with its table."""
    assert snap_compare(replay_app(finished_toy_service()), terminal_size=(80, 24), press=["r"])


def test_replay_80x24(snap_compare):
    """The replay after the second action: map, roster, dice log, the replay keys, the status line."""
    assert snap_compare(replay_app(finished_toy_service()), terminal_size=(80, 24), press=["home", "full_stop", "full_stop"])
