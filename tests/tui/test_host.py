"""The game host: players and spectators on its socket, live turns, secrets, refusals, restarts."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
import time

import pytest

from rules.service import GameService
from rules.unknown import UNKNOWN
from saves.scenarios import load_scenario
from rules.seat import ViewSeat
from tui.remote.client import HostGone, join
from tui.remote.host import SPECTATOR, Host
from tui.remote.protocol import encode


class Running:
    """A host serving in a thread of its own, as `hexwar serve` does in its process."""

    def __init__(self, folder, rate: int = 1000) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.host = Host(folder, rate=rate)
        self.seats: list[ViewSeat] = []
        self.host.load_games()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.host.start())

    def call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def stop(self) -> None:
        for seat in self.seats:  # a seat's connection, or a raw socket a test opened
            getattr(seat, "link", seat).close()
        self.call(self.host.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()

    def seat(self, code: str, **kw) -> ViewSeat:
        seat = join(str(self.host.socket_path), code=code, **kw)
        self.seats.append(seat)
        return seat


@pytest.fixture
def host(tmp_path):
    running = Running(tmp_path / "host")
    game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "fort")
    running.codes = running.host.codes(game.name)
    yield running
    running.stop()


def wait_for(condition, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the host never pushed the change"
        time.sleep(0.005)


def test_two_players_see_each_others_moves_live(host):
    kingdom_changed = threading.Event()
    kingdom = host.seat(host.codes["kingdom"], on_change=kingdom_changed.set)
    rebels = host.seat(host.codes["rebels"])
    assert kingdom.side == "kingdom" and rebels.side == "rebels"
    assert kingdom.link.connected == {"kingdom": 1, "rebels": 1} or kingdom.link.connected == {"kingdom": 1}
    action = kingdom.legal_actions()[0]
    assert kingdom.apply(action).ok
    wait_for(lambda: rebels.action_count == 1)
    assert rebels.decision().side == "rebels" and rebels.legal_actions()
    kingdom_changed.clear()
    assert rebels.apply(rebels.legal_actions()[0]).ok
    assert kingdom_changed.wait(5)
    wait_for(lambda: kingdom.action_count == 2)
    assert host.host.games["fort"].service.log == [action, *host.host.games["fort"].service.log[1:]]


def test_a_player_acts_only_for_their_own_seat(host):
    rebels = host.seat(host.codes["rebels"])
    forged = host.host.games["fort"].service.legal_actions("kingdom")[0]
    done = rebels.apply(forged)
    assert not done.ok and "this seat plays" in done.reason
    raw = rebels.link._ask({"op": "act", "action": forged.text()})  # past the client's own check
    assert raw["ok"] is False and "this seat plays" in raw["reason"]
    assert host.host.games["fort"].service.history == []


def test_neither_the_other_player_nor_a_spectator_sees_a_hidden_hand(host):
    kingdom = host.seat(host.codes["kingdom"])
    rebels = host.seat(host.codes["rebels"])
    watcher = host.seat(host.codes[SPECTATOR])
    assert kingdom.apply(kingdom.legal_actions()[0]).ok  # draws a card
    wait_for(lambda: rebels.action_count == 1 and watcher.action_count == 1)
    real = host.host.games["fort"].service.state.piles
    assert all(c is not UNKNOWN for c in kingdom.view().piles["kingdom"].hand)
    for seat in (rebels, watcher):  # a remote seat's view comes as JSON: UNKNOWN comes with it
        assert all(c is UNKNOWN for c in seat.view().piles["kingdom"].hand)
        assert all(c is UNKNOWN for c in seat.view().piles["kingdom"].deck)
        assert seat.view().seed is UNKNOWN
        assert not any(e.seen_by for e in seat.events())
    assert all(c is UNKNOWN for c in watcher.view().piles["rebels"].hand)
    assert len(real["kingdom"].hand) == len(rebels.view().piles["kingdom"].hand)
    assert watcher.legal_actions() == [] and not watcher.apply(kingdom.legal_actions()[0] if kingdom.legal_actions() else "draw rebels").ok


def test_a_wrong_code_is_refused_after_a_delay(host):
    start = time.monotonic()
    with pytest.raises(PermissionError, match="no game has that join code"):
        host.seat("aaaa-bbbb-cccc-dddd")
    assert time.monotonic() - start >= 0.9


def test_hostile_lines_are_refused_and_the_host_goes_on(host):
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(str(host.host.socket_path))
    host.seats.append(sock)  # closed with the host
    sock.sendall(b"not json\n" + encode({"op": "act", "action": "draw kingdom"}) + b"x" * 20000 + b"\n")
    data = b""
    sock.settimeout(5)
    while b"too long" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    assert b"not understood" in data and b"say hello" in data and b"too long" in data
    assert host.host.games["fort"].service.history == []
    host.seat(host.codes["kingdom"])  # still serving


def test_a_dropped_player_reconnects_to_the_same_seat(host):
    kingdom = host.seat(host.codes["kingdom"])
    rebels = host.seat(host.codes["rebels"])
    assert kingdom.apply(kingdom.legal_actions()[0]).ok
    kingdom.link._sock.shutdown(socket.SHUT_RDWR)  # the line drops
    wait_for(lambda: rebels.link.connected.get("kingdom", 0) == 0)
    again = host.seat(host.codes["kingdom"])
    assert again.action_count == 1 and again.view() == kingdom.view()
    wait_for(lambda: rebels.link.connected.get("kingdom") == 1)


def test_a_host_restart_resumes_the_game_from_its_file(tmp_path):
    first = Running(tmp_path / "h")
    game = first.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=4), "g1")
    codes = first.host.codes(game.name)
    kingdom = first.seat(codes["kingdom"])
    seats = {"kingdom": kingdom, "rebels": first.seat(codes["rebels"])}
    service = first.host.games["g1"].service
    for n in range(3):
        seat = seats[service.decision().side]
        wait_for(lambda: seat.action_count == n)
        assert seat.apply(seat.legal_actions()[0]).ok
    log = list(first.host.games["g1"].service.log)
    first.stop()
    with pytest.raises(HostGone):
        kingdom.apply(kingdom.legal_actions()[0] if kingdom.legal_actions() else "draw kingdom")
    second = Running(tmp_path / "h")
    try:
        assert second.host.codes("g1") == codes, "join codes survive a restart"
        assert second.host.games["g1"].service.log == log
        assert second.seat(codes["kingdom"]).action_count == 3
    finally:
        second.stop()


def test_two_players_play_many_actions_and_none_is_lost_or_doubled(host):
    """1,000 actions by two players over the socket (a new game on the host whenever one ends)."""
    rng = random.Random(3)
    played, game_no = 0, 0
    from saves.store import load_game

    while played < 1000:
        name = "fort" if game_no == 0 else host.host.add_game(
            GameService.new(load_scenario("teaching", "quad"), seed=game_no), f"fort{game_no}").name
        codes = host.host.codes(name)
        seats = {s: host.seat(codes[s]) for s in ("kingdom", "rebels")}
        service = host.host.games[name].service
        done = 0
        while played < 1000 and service.result is None:
            seat = seats[service.decision().side]
            wait_for(lambda: seat.action_count == done)
            assert seat.apply(rng.choice(seat.legal_actions())).ok
            done += 1
            played += 1
        assert len(service.history) == done, "an action was lost or doubled"
        wait_for(lambda: all(s.action_count == done for s in seats.values()))
        assert load_game(host.folder / f"{name}.toml").log == service.log
        for s in seats.values():
            s.link.close()
        game_no += 1
    assert played == 1000


def test_a_flood_of_requests_is_slowed_not_served(tmp_path):
    running = Running(tmp_path / "slow", rate=5)
    try:
        game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=1), "g")
        seat = running.seat(running.host.codes(game.name)["kingdom"])
        start = time.monotonic()
        for _ in range(12):
            seat.why_no_undo() and seat.link._ask({"op": "undo"})
        assert time.monotonic() - start >= 1.0, "12 requests at 5 a second took under a second"
    finally:
        running.stop()


async def test_the_game_screen_of_a_remote_seat_shows_the_other_players_move(host):
    """Two remote game screens: one acts, the other's map and dice log follow without a key press."""
    from tui.remote.app import RemoteApp
    from tui.screens.game import GameScreen

    kingdom = host.seat(host.codes["kingdom"])
    rebels = host.seat(host.codes["rebels"])
    watcher_app = RemoteApp(rebels)
    async with watcher_app.run_test(size=(100, 30)) as pilot:
        screen = watcher_app.screen
        assert isinstance(screen, GameScreen) and screen.remote
        await pilot.pause()
        assert "online: The Kingdom, The Rebels" in screen.seating.connected()
        assert kingdom.apply(kingdom.legal_actions()[0]).ok
        for _ in range(100):
            await pilot.pause(0.02)
            if screen._seen_actions == 1:
                break
        assert screen._seen_actions == 1, "the push never reached the other screen"
        assert screen.seat.decision().side == "rebels"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "host keeps this game" in screen.message
        assert not list(host.folder.glob("*-turn*.toml"))
        await pilot.press("d")  # the rebels draw, from their own screen
        for _ in range(100):
            await pilot.pause(0.02)
            if host.host.games["fort"].service.log[1:]:
                break
        assert [a.text() for a in host.host.games["fort"].service.log][1] == "draw rebels"
        for _ in range(100):
            await pilot.pause(0.02)
            if screen._seen_actions == 2:
                break
        assert screen._seen_actions == 2 and any(e.seen_by == ("rebels",) for e in screen.seat.events())


# A whole game of every rule set through the host, a player dropping and rejoining, every push
# checked for secrets: tests/tui/test_whole_games_hosted.py.
