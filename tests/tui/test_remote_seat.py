"""A seat on a host's game answers through the same `Seat` interface as a local one (issue 28 item 5):
a `ViewSeat` on a `HostLink`, for a player and for a spectator."""

from __future__ import annotations

from rules.seat import Seat, ViewSeat
from rules.seat_interface import GameLink
from rules.seat_local import SPECTATOR, spectator_seat
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.tui.test_host import Running, wait_for
from tui.remote.client import HostLink


def test_a_remote_player_and_spectator_answer_as_their_local_seats(tmp_path):
    running = Running(tmp_path / "host")
    try:
        game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=4), "g")
        service, codes = game.service, running.host.codes("g")
        kingdom, rebels, watcher = (running.seat(codes[s]) for s in ("kingdom", "rebels", SPECTATOR))
        for seat in (kingdom, rebels, watcher):
            assert isinstance(seat, ViewSeat) and isinstance(seat, Seat)
            assert isinstance(seat.link, HostLink) and isinstance(seat.link, GameLink)
        assert (kingdom.undo_policy, watcher.undo_policy) == ("own", "none")

        assert kingdom.apply(kingdom.legal_actions()[0]).ok  # a message only the kingdom reads
        wait_for(lambda: all(s.action_count == 1 for s in (kingdom, rebels, watcher)))
        local = spectator_seat(service)
        assert watcher.view() == local.view() and watcher.decision() == local.decision()
        assert [e.text() for e in watcher.events()] == [e.text() for e in local.events()]
        assert any(e.seen_by == ("kingdom",) for e in kingdom.events())
        assert all(e.seen_by is None for e in watcher.events() + rebels.events())
        assert rebels.view() == service.seat("rebels").view()

        # The spectator plays nothing: no actions, its requests refused, the game unchanged.
        assert watcher.legal_actions() == [] and not watcher.may_act()
        assert not watcher.apply(rebels.legal_actions()[0]).ok
        assert watcher.why_no_undo() == "a spectator does not play" and not watcher.undo()
        assert not watcher.can_redo and len(service.history) == 1

        # Undo follows the player's policy ("own"): the rebels may not take back the kingdom's action.
        assert rebels.why_no_undo() == "the last action was the other side's" and not rebels.undo()
        assert not kingdom.apply(rebels.legal_actions()[0]).ok, "a remote seat acted for another side"
        assert [s.side for s in watcher.log()] == watcher.actors() == ["kingdom"]
        assert len(service.history) == 1
    finally:
        running.stop()
