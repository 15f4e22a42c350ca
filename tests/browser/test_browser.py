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


@pytest.mark.slow
def test_a_browser_player_joins_a_hosted_game_by_code_and_the_other_player_sees_the_move(tmp_path):
    """`hexwar web --join` (issue 26 item 2: a valid code crashed it): the browser enters the
    Kingdom's join code, reaches the game screen, draws a card; the Rebels' player is pushed the move."""
    from tests.browser.page import join_in_browser

    shown, log = join_in_browser(tmp_path)
    assert "Session ended" not in shown and "internal error" not in shown, shown
    assert log == [("kingdom", "Draw one card")], log
    assert (tmp_path / "joined.png").exists()
