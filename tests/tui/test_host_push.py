"""The host pushes only what changed (issue 26 item 13): after the first push, a seat is sent a
patch of its view, and the client puts together exactly the view the host holds."""

from __future__ import annotations

import json
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves.scenarios import list_scenarios
from tests.bench.host import PUSH_BAR_BYTES, measure

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_the_old_view_into_the_new_one(old, new):
    from tui.remote.protocol import diff_json, patch_json

    patch = json.loads(json.dumps(diff_json(old, new)))  # as it travels
    assert patch_json(old, patch) == new


@pytest.mark.parametrize("info", [i for i in list_scenarios() if not i.error], ids=lambda i: f"{i.ruleset}-{i.name}")
def test_no_push_of_any_action_is_over_4_kb_on_every_bundled_scenario(info):
    """Bar: under 4 KB per action per seat, the largest line and not only the median, over a whole
    random game (its end reveals the log). Before: a busy action's events made 5 KB, the end's
    reveal up to 115 KB in one line; now a long message goes compressed, in parts asked for."""
    got = measure(info.ruleset, info.name, actions=400)
    assert got.lines
    assert statistics.median(got.totals) < PUSH_BAR_BYTES, statistics.median(got.totals)
    assert max(got.lines) < PUSH_BAR_BYTES, max(got.lines)


def test_a_long_message_travels_in_parts_each_asked_for():
    from tui.remote.protocol import PUSH_BUDGET, Unpacker, decode, pack

    message = {"op": "seat", "events": [{"kind": "message", "line": f"line {n}: " + "x" * (n % 40)} for n in range(3000)]}
    lines = list(pack(message))
    assert len(lines) > 1 and all(len(line) <= PUSH_BUDGET for line, _ in lines)
    assert [more for _, more in lines] == [True] * (len(lines) - 1) + [False]
    unpacker = Unpacker()
    got = [unpacker.feed(decode(line, PUSH_BUDGET)) for line, _ in lines]
    assert got[:-1] == [None] * (len(lines) - 1) and got[-1] == message
    assert list(pack({"op": "done", "ok": True})) == [(b'{"op":"done","ok":true}\n', False)]


def test_parts_that_would_inflate_past_the_limit_are_refused():
    from tui.remote.protocol import ProtocolError, Unpacker, decode, pack

    unpacker = Unpacker(limit=10_000)
    lines = [decode(line, 10**6) for line, _ in pack({"op": "seat", "data": "x" * 50_000})]
    with pytest.raises(ProtocolError):
        for line in lines:
            unpacker.feed(line)


def test_a_client_fed_in_small_parts_holds_what_the_host_holds(tmp_path, monkeypatch):
    """Over a real socket, with a budget so small that the board, every push and the end's log
    come in parts: each seat ends the game with exactly its seat's view, decision and events."""
    import random

    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tests.tui.test_host import Running, wait_for
    from tui.remote import client, protocol
    from tui.remote.host import Connection

    asked = []
    more = Connection.more
    monkeypatch.setattr(Connection, "more", lambda self: (asked.append(1), more(self))[1])
    monkeypatch.setattr(protocol, "PUSH_BUDGET", 400)
    monkeypatch.setattr(protocol, "_PIECE", 300)
    monkeypatch.setattr(client, "PUSH_BUDGET", 400)
    running = Running(tmp_path / "host")
    try:
        game = running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=4), "fort")
        codes = running.host.codes(game.name)
        seats = {side: running.seat(code) for side, code in codes.items()}
        rng, done = random.Random(4), 0
        while game.service.result is None and done < 300:
            seat = seats[game.service.decision().side]
            wait_for(lambda: seat.action_count == done)
            assert seat.apply(rng.choice(seat.legal_actions())).ok
            done += 1
        assert game.service.result is not None and len(asked) > done  # parts were asked for
        wait_for(lambda: all(s.result is not None and s.action_count == done for s in seats.values()))
        for side, seat in seats.items():
            held = game.seat(side)
            assert seat.view() == held.view() and seat.decision() == held.decision()
            assert [(i, e.text()) for i, e in seat.numbered_events()] == [(i, e.text()) for i, e in held.numbered_events()]
    finally:
        running.stop()


def test_an_undo_pushes_no_event_again(tmp_path):
    """After an undo the client keeps the events of the actions before it (`events_from`): the
    push carries none (it used to carry the seat's whole log again)."""
    import random

    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tui.remote.host import Connection, Host
    from tui.remote.protocol import Unpacker, decode

    class Lines:  # a client's stream: whole messages, each next part asked for at once
        def __init__(self):
            self.lines, self.unpacker = [], Unpacker()

        def write(self, data):
            message = self.unpacker.feed(decode(data, 10**7))
            if message is not None:
                self.lines.append(message)

        def is_closing(self):
            return False

    host = Host(tmp_path)
    service = GameService.new(load_scenario("teaching", "quad"), seed=2)
    game = host.add_game(service, "g")
    wire = Lines()
    conn = Connection(wire, game, "kingdom")  # type: ignore[arg-type]
    game.connections.append(conn)

    def push():
        host.push(game)
        while conn.awaiting_more:
            conn.more()

    push()
    rng = random.Random(1)
    for _ in range(20):
        service.apply(rng.choice(service.legal_actions(service.decision().side)), autosave=False)
        push()
    held = [(e["at"], e["line"]) for m in wire.lines for e in m["events"]]
    assert service.undo()
    push()
    push = wire.lines[-1]
    assert push["events"] == [] and push["action_count"] == 19
    expected = [(i, e.text()) for i, e in game.seat("kingdom").numbered_events()]
    assert held[: push["events_from"]] == expected
