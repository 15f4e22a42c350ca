"""hexwar in a real browser (`hexwar web`, headless Chromium, Playwright): keys reach the game and the map moves."""

from __future__ import annotations

import pytest

from tests.browser.page import play_in_browser


@pytest.mark.slow
def test_a_player_in_a_browser_starts_a_game_and_moves_the_map_cursor(tmp_path):
    before, after = play_in_browser(tmp_path)
    assert before != after, "the status line's hex did not change after a cursor key"
    (bx, by), (ax, ay) = (map(int, h.split(",")) for h in (before, after))
    assert (ax, ay) == (bx + 1, by), f"the cursor went from {before} to {after}, not one hex east"
    assert (tmp_path / "before.png").read_bytes() != (tmp_path / "after.png").read_bytes()
