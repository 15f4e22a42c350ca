"""The issue's "done when", on the host's own client protocol: a whole game of every rule set.

Two players and a spectator join one host with their join codes through
`HostLink`, the client every `hexwar join` and every SSH session runs. Each
player decides only from what its own seat was pushed (its legal actions, and
the reactions its seat is offered), with a seeded random choice. In the
middle of the game the first side's player sends a move and its connection
is cut at once; the other plays on; the first comes back with its code where
the game stands. Every line the host pushed is recorded as it came off the
wire, and after the game the log is replayed from scratch to check each push
against the game at that point:

- nothing lost or doubled: the host's log is exactly the moves sent (the one
  sent as the line dropped included, once), and the host's file and a fresh
  replay reach the same log and state;
- the other player saw the disconnect, then the return, in that order;
- nothing revealed: every push to a seat carries exactly that seat's view,
  decision and events, and the same whatever the seat may not know (the rule
  set's `hidden_from` changes it, with the dice's seed, as
  tests/rules/test_secrecy.py does); no seat got an event meant for another.
"""

from __future__ import annotations

import json
import logging
import random
import socket
import threading

import pytest

from rules import registry
from rules.ai.players import RandomPlayer
from rules.service import GameService
from saves.scenarios import default_scenario, load_scenario
from saves.store import load_game
from tests.rules.test_secrecy import twin_with_secrets_changed
from tests.tui.test_host import Running, wait_for
from rules.seat import ViewSeat
from tui.remote.client import HostLink
from tui.remote.host import SPECTATOR, HostedGame
from tui.remote.protocol import patch_json

RULESETS = [e.id for e in registry.entries() if e.id != "toy"]
MAX_ACTIONS = 300
"""A game that has not ended by then stops there (every teaching game ends sooner with these seeds)."""
DROP_AT = 8
"""The first player drops at its first decision from this action on."""
SEED = 5
PUSH_FIELDS = {"op", "version", "view", "view_patch", "decision", "result", "why_no_undo", "can_redo",
               "action_count", "events_from", "events", "connected"}
"""All a push may hold (tui/remote/protocol.py): each is checked below or carries nothing secret."""


class WireLink(HostLink):
    """A remote seat's link that keeps a copy of every push the host sent it, as it came off the wire."""

    def __init__(self, *args, **kw) -> None:
        self.pushes: list[dict] = []
        super().__init__(*args, **kw)

    def _read(self) -> dict:
        message = super()._read()
        if message.get("op") == "seat":  # a copy: reading the events changes the message
            push = json.loads(json.dumps(message))
            # A push carries the whole view once, then what changed: the view and decision the
            # client then holds are put together here, to be checked whole.
            held = getattr(self, "_held", {})
            view = push["view"] if push.get("view") is not None else patch_json(held["view"], push["view_patch"])
            decision = push["decision"] if push.get("decision") is not None else held["decision"]
            self._held = {"view": view, "decision": decision}
            self.pushes.append({**push, "view": view, "decision": decision})
        return message


def cut(link: HostLink) -> None:
    """The line drops: no goodbye, the socket just goes (as when the player's process dies)."""
    link._sock.shutdown(socket.SHUT_RDWR)
    link._sock.close()


def hands_over(service: GameService, action) -> bool:
    """Whether `action` passes the decision to another side (tried on a copy of the host's game):
    the first player drops on such a move, so the other has something to play while it is away."""
    trial = GameService(service.ruleset, service.initial, setup=service.setup)
    trial.state, trial.history = service.state.model_copy(deep=True), list(service.history)  # the same dice
    return trial.apply(action, autosave=False).ok and trial.decision().side not in (None, action.side)


def seat_answers(service: GameService, side: str) -> dict:
    """What the host may push to `side` (a side, or SPECTATOR) when its game is `service`."""
    seat = HostedGame("g", service).seat(side)
    return {
        "view": seat.view().model_dump(mode="json", exclude={"board"}),
        "decision": seat.decision().model_dump(mode="json"),
        "result": seat.result.model_dump(mode="json") if seat.result else None,
        "why_no_undo": seat.why_no_undo(),
        "events": [(i, e.text()) for i, e in seat.numbered_events()],
    }


def check_pushes_against_replay(setup, sent: list[str], wires: dict[str, list[WireLink]]) -> GameService:
    """Replay `sent` from the start; at each action count, every push made then must be exactly
    its seat's answers, and (while the game goes on) the same when only what that seat may not
    know is changed. Returns the replayed game."""
    replay = GameService.new(setup, seed=SEED)
    rng = random.Random("twins")
    by_count: dict[int, list[tuple[str, dict]]] = {}
    for side, connections in wires.items():
        for wire in connections:
            for push in wire.pushes:
                by_count.setdefault(push["action_count"], []).append((side, push))
    assert max(by_count) == len(sent)
    for count in range(len(sent) + 1):
        if count:
            action = replay.parse(sent[count - 1])
            assert replay.apply(action, autosave=False).ok
        seen = {side for side, _ in by_count.get(count, [])}
        for side in seen:
            mine = seat_answers(replay, side)
            if replay.result is None:
                twin = twin_with_secrets_changed(replay, side, rng)
                theirs = seat_answers(twin, side)
                for key in mine:
                    assert mine[key] == theirs[key], (
                        f"{side}'s seat's {key} changes with what it may not know (after {count} actions)")
            pushes = [p for s, p in by_count[count] if s == side]
            for push in pushes:
                assert set(push) <= PUSH_FIELDS, f"the host pushed {side} more: {sorted(set(push) - PUSH_FIELDS)}"
                for key in ("view", "decision", "result", "why_no_undo"):
                    assert push[key] == mine[key], f"the host pushed {side} another {key} after {count} actions"
                for event in push["events"]:
                    assert event["at"] < count, "an event of an action not yet made"
                    if replay.result is None:
                        allowed = event.get("seen_by") is None or side in event["seen_by"]
                        assert allowed, f"{side} was pushed an event meant for {event['seen_by']}: {event['line']}"
                    assert (event["at"], event["line"]) in mine["events"]
    return replay


def events_received(wire: WireLink) -> list[tuple[int, str]]:
    """The events one connection holds after its pushes, put together as the client does."""
    held: list[tuple[int, str]] = []
    for push in wire.pushes:
        held = held[: push["events_from"]] + [(e["at"], e["line"]) for e in push["events"]]
    return held


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_players_and_a_spectator_play_a_whole_game_one_dropping_and_rejoining(tmp_path, ruleset, caplog):
    setup = load_scenario(default_scenario(ruleset).name, ruleset)
    running = Running(tmp_path / "host")
    try:
        service = running.host.add_game(GameService.new(setup, seed=SEED), "g").service
        codes = running.host.codes("g")
        sides = service.state.side_ids()
        dropper, others = sides[0], sides[1:]
        wires: dict[str, list[WireLink]] = {s: [] for s in [*sides, SPECTATOR]}

        def join(side: str) -> ViewSeat:
            wire = WireLink(str(running.host.socket_path), code=codes[side])
            seat = ViewSeat(wire)
            running.seats.append(seat)
            wires[side].append(wire)
            return seat

        seats = {s: join(s) for s in sides}
        watcher = join(SPECTATOR)
        players = {s: RandomPlayer(random.Random(f"{ruleset}:{n}")) for n, s in enumerate(sides)}
        rng = random.Random(f"reactions:{ruleset}")
        sent: list[str] = []
        reactions = offered = 0
        stage, played_away = "before", 0
        while len(sent) < MAX_ACTIONS:
            live = [*seats.values(), watcher]
            wait_for(lambda: all(s.action_count == len(sent) for s in live))
            public = watcher.decision()  # who decides is public; whether a side may react is not
            if public.side is None:
                break
            deciding = public.side
            if stage == "away" and (deciding == dropper or played_away >= 12):
                seats[dropper] = back = join(dropper)  # the code again, where the game stands
                assert back.action_count == len(sent) and back.side == dropper
                wait_for(lambda: all(seats[s].link.connected.get(dropper) == 1 for s in others))
                stage = "back"
                continue
            reactors = [s for s in seats if seats[s].decision().reactors == (s,)]
            assert all(seats[s].decision().reactors in ((), (s,)) for s in seats), "a seat learnt another's reaction"
            offered += bool(reactors)
            if reactors and rng.random() < 0.3:
                side = rng.choice(reactors)
                action = players[side].react(seats[side])
                if action is not None:
                    done = seats[side].apply(action)
                    assert done.ok, f"{side}'s reaction {action.text()} refused: {done.reason}"
                    sent.append(action.text())
                    reactions += 1
                    continue
            action = players[deciding].choose(seats[deciding])
            if stage == "before" and deciding == dropper and len(sent) >= DROP_AT and hands_over(service, action):
                # The move leaves, and the line drops before its answer comes back.
                seats.pop(dropper).link._send({"op": "act", "action": action.text()})
                cut(wires[dropper][0])
                sent.append(action.text())
                stage = "away"
                wait_for(lambda: all(seats[s].action_count == len(sent) and seats[s].link.connected.get(dropper, 0) == 0
                                     for s in others))
                continue
            done = seats[deciding].apply(action)
            assert done.ok, f"{deciding}'s {action.text()} refused: {done.reason}"
            sent.append(action.text())
            played_away += stage == "away"
        print(f"\n{ruleset}: {len(sent)} actions, over={service.result is not None}, reactions={reactions}/{offered}, "
              f"away={played_away}, pushes={sum(len(w.pushes) for ws in wires.values() for w in ws)}")
        assert stage == "back", f"the game ended ({len(sent)} actions) before the player could drop and rejoin"
        assert played_away >= 1, "the other side played nothing while the first was away"

        # Nothing lost or doubled: the host, its file and a replay from scratch agree with what was sent.
        assert [a.text() for a in service.log] == sent, "an action was lost, doubled or changed"
        wait_for(lambda: load_game(running.folder / "g.toml").log == service.log)
        saved = load_game(running.folder / "g.toml")
        assert saved.state == service.state
        live = [*seats.values(), watcher]
        wait_for(lambda: all(s.action_count == len(sent) and (s.result is None) == (service.result is None)
                             for s in live))

        # The other player saw the drop, then the return.
        for side in others:
            presence = [p["connected"].get(dropper, 0) for p in wires[side][0].pushes]
            gone = presence.index(0)
            assert 1 in presence[gone:], f"{side} never saw the first player come back"

        # Nothing revealed: every push checked against the game at that point.
        replay = check_pushes_against_replay(setup, sent, wires)
        assert replay.state == service.state
        for side in sides:  # every event a side may see reached it once: the rejoined side's too
            assert events_received(wires[side][-1]) == seat_answers(service, side)["events"]
        assert events_received(watcher.link) == seat_answers(service, SPECTATOR)["events"]
        assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR], "the host logged an error"
        if service.result is not None:
            assert watcher.result == service.result and len(watcher.log()) == len(sent)
    finally:
        running.stop()


def test_a_push_is_taken_in_whole_before_the_seat_answers_from_it(tmp_path, monkeypatch):
    """The reader thread takes in a push while the player's thread reads the seat: the new action
    count must not show before the new view does (legal actions read off the old view were empty)."""
    import tui.remote.client as client

    running = Running(tmp_path / "host")
    try:
        running.host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "g")
        codes = running.host.codes("g")
        kingdom, rebels = running.seat(codes["kingdom"]), running.seat(codes["rebels"])
        seen_while_reading: list[tuple[int, object]] = []  # the views themselves: an id could be reused
        real_decode, real_apply = client.event_from_wire, rebels.link._apply_push
        in_rebels_push = threading.local()  # the kingdom's reader decodes events too: not counted

        def applying(message):
            in_rebels_push.on = True
            try:
                real_apply(message)
            finally:
                in_rebels_push.on = False

        def reading(data):  # called halfway through taking in a push, before it is all in
            if getattr(in_rebels_push, "on", False):
                seen_while_reading.append((rebels.action_count, rebels.view()))
            return real_decode(data)

        monkeypatch.setattr(client, "event_from_wire", reading)
        monkeypatch.setattr(rebels.link, "_apply_push", applying)
        old_view = rebels.view()
        assert kingdom.apply(kingdom.legal_actions()[0]).ok
        wait_for(lambda: rebels.action_count == 1)
        assert seen_while_reading and all(count == 0 and view is old_view for count, view in seen_while_reading)
        assert rebels.legal_actions(), "the rebels' decision came with their view"
    finally:
        running.stop()


def test_the_log_another_player_asks_for_never_names_a_missiles_secret(tmp_path):
    """Dirtside: which chit is a cruise missile's real target, and its warhead, are its side's secret
    (the view hides them; an event tells only that side). The log the other player and a spectator
    ask the host for tells the launch without them; the launching side's log names both."""
    import re

    game = GameService.new(load_scenario(default_scenario("dirtside").name, "dirtside"), seed=5)
    rng = random.Random(1)
    while not (game.history and game.history[-1].action.kind == "launch"):
        assert game.result is None and len(game.history) < 200, "no cruise missile was launched"
        decision = game.decision()
        side = rng.choice([decision.side, *decision.reactors])
        assert game.apply(rng.choice(game.legal_actions(side)), autosave=False).ok
    launch = game.history[-1].action
    flight = game.state.flights[-1]
    target = game.state.unit_at(flight.target)
    secrets = [re.compile(rf"\b{re.escape(flight.warhead)}\b")] + ([re.compile(re.escape(target.name))] if target else [])
    running = Running(tmp_path / "host")
    try:
        running.host.add_game(game, "g")
        codes = running.host.codes("g")
        other = next(s for s in game.state.side_ids() if s != launch.side)
        for seat in (running.seat(codes[other]), running.seat(codes[SPECTATOR])):
            told = seat.log()[-1].text
            assert "launch" in told and not any(s.search(told) for s in secrets), f"{seat.side} reads: {told}"
        told = running.seat(codes[launch.side]).log()[-1].text
        assert all(s.search(told) for s in secrets), told
    finally:
        running.stop()
