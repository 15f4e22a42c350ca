"""A remote player's game screen (issue 26 items 10 and 11): while waiting, the message line says
what the other side just did; at 80 columns the status line still says who is online."""

from __future__ import annotations

import random

from tests.tui.test_host import host  # noqa: F401 - the fixture


async def wait_for_actions(pilot, screen, count: int) -> None:
    for _ in range(200):
        await pilot.pause(0.02)
        if screen._seen_actions >= count:
            return
    raise AssertionError(f"the screen never saw action {count}")


async def test_the_waiting_player_reads_what_the_other_side_did_and_who_is_online_at_80_columns(host):
    from tui.remote.app import RemoteApp

    kingdom = host.seat(host.codes["kingdom"])
    rebels = host.seat(host.codes["rebels"])
    app = RemoteApp(kingdom)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        online = screen.status._fields["deciding"]
        await pilot.press("d")  # the Kingdom draws: its own message
        await wait_for_actions(pilot, screen, 1)
        other_kingdom = host.seat(host.codes["kingdom"])  # the Kingdom plays on from another line
        service = host.host.games["fort"].service
        rng = random.Random(4)
        for _ in range(300):
            side = service.decision().side
            seat = rebels if side == "rebels" else other_kingdom
            for _ in range(200):  # the seat has the latest push
                if seat.action_count == len(service.history):
                    break
                await pilot.pause(0.01)
            assert seat.apply(rng.choice(seat.legal_actions())).ok
            await wait_for_actions(pilot, screen, len(service.history))
            await pilot.pause()
            if side == "rebels" and service.decision().side == "rebels":
                break  # the Rebels acted and still decide: the Kingdom's player is waiting
        else:
            raise AssertionError("the Rebels never acted twice in a row")
        assert screen.message != screen.last_message(screen._last[1]), (
            f"the message line shows the Kingdom's own last move, not the Rebels': {screen.message!r}")
        assert "2/2 online" in online, online


def test_a_refusal_names_the_side_whose_turn_it_is_in_good_english(host):
    """Item 12: "it is The Rebels's turn" (and "'kingdom''s" in mail messages)."""
    kingdom = host.seat(host.codes["kingdom"])
    assert kingdom.apply(kingdom.legal_actions()[0]).ok
    refused = kingdom.apply("draw kingdom")
    assert not refused.ok and "The Rebels' " in refused.reason and "Rebels's" not in refused.reason, refused.reason
    from rules.words import possessive

    assert [possessive(n) for n in ("The Kingdom", "The Rebels", "Marines")] == ["The Kingdom's", "The Rebels'", "Marines'"]


async def test_the_code_screen_ends_when_no_code_comes(host, monkeypatch):
    """A browser tab (or `hexwar join --ask-code`) left at the prompt does not hold a process for ever."""
    from tui.remote import app as remote_app

    monkeypatch.setattr(remote_app, "CODE_TIMEOUT", 0.3, raising=False)
    app = remote_app.RemoteApp(None, str(host.host.socket_path))
    async with app.run_test() as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if app._exit_renderables or not app.is_running:
                break
        assert not app.is_running or app._exit_renderables, "the code screen waited on"
