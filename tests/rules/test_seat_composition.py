"""Seats by composition (issue 28 item 5): one `Seat` interface, every seat a `ViewSeat` on a link, and the
host, the computer's orchestration and plain mode reach a game only through a seat."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from rules.seat import Seat, ViewSeat
from rules.seat_interface import GameLink
from rules.seat_local import SPECTATOR, LocalGame, local_seat, spectator_seat
from rules.service import GameService
from saves.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]
THROUGH_SEATS = sorted([*(ROOT / "tui" / "remote").glob("*.py"), ROOT / "rules" / "ai" / "autoplay.py",
                        ROOT / "rules" / "ai" / "match.py", ROOT / "tui" / "computer.py", *(ROOT / "tui").glob("plain*.py")])
"""The host, the computer's orchestration (in a person's game, and computer against computer) and plain mode."""
SERVICE_ALLOWED = {"seat", "store", "ruleset"}
"""What these modules may ask a GameService: a seat, where it saves, and its rule set's declarations."""
INTERNALS = {"history", "redo_stack", "_service"}
"""A service's log and undo stack, and a seat's service: never read outside rules/service.py and rules/seat*.py."""


def _names_a_service(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "service") or (
        isinstance(node, ast.Attribute) and node.attr == "service")


def offences(source: str) -> list[str]:
    """Each place `source` reads a game past its seats, as 'line: text'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        past_seat = node.attr in INTERNALS or node.attr == "state" and _names_a_service(node.value)
        if past_seat or (_names_a_service(node.value) and node.attr not in SERVICE_ALLOWED):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_catches_the_old_ways_past_a_seat():
    old = [
        "return set(self.players) >= set(self.service.state.side_ids())",  # rules/ai/autoplay.py
        "s = self.service\nwhile s.history:\n    s.undo()",  # autoplay's undo past the seat's policy
        "d = self.service.decision()",
        "state = conn.game.service.state",  # the host's welcome
        "self._view = self._service.view_for(SPECTATOR)",  # the spectator reaching a seat's service
        "sides = self.games[game].service.state.side_ids()",
    ]
    for line in old:
        assert offences(line), line
    for line in ("seat = self.service.seat(side, undo='free')", "service.store = HostFileStore(path)",
                 "base = service.ruleset.id", "save_game(self.service, path)", "view = seat.view()",
                 "self._state = state", "table.undo()"):
        assert not offences(line), line


@pytest.mark.parametrize("path", THROUGH_SEATS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_host_the_computer_and_plain_mode_reach_a_game_only_through_seats(path):
    found = offences(path.read_text())
    assert not found, f"{path.relative_to(ROOT)} reads the game past its seats: {found}"


def test_no_seat_is_made_by_subclassing_another():
    for path in [*(ROOT / "rules").rglob("*.py"), *(ROOT / "tui").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b) for b in node.bases}
                assert not bases & {"Seat", "ViewSeat", "LocalGame", "HostLink"}, f"{path}: {node.name}{bases}"


def _quad(seed: int = 4) -> GameService:
    return GameService.new(load_scenario("teaching", "quad"), seed=seed)


def test_every_seat_kind_implements_the_interface_on_a_link():
    game = _quad()
    for seat in (game.seat("kingdom"), game.seat(None), spectator_seat(game), local_seat(game, "rebels", "free")):
        assert isinstance(seat, ViewSeat) and isinstance(seat, Seat) and isinstance(seat.link, GameLink)
    declared = {n for n in vars(Seat) if not n.startswith("_")}
    assert declared <= {n for n in dir(ViewSeat) if not n.startswith("_")}
    linked = {n for n in vars(GameLink) if not n.startswith("_")} | {"side", "undo_policy"}
    assert linked <= set(dir(LocalGame)) | {"side", "undo_policy"}


def test_a_spectator_sees_only_what_is_public_and_cannot_act():
    game = _quad()
    watcher = spectator_seat(game)
    rng = random.Random(4)
    private = 0
    while game.result is None and len(game.history) < 60:
        assert game.seat(None).apply(rng.choice(game.seat(None).legal_actions())).ok
        private += sum(e.seen_by is not None for e in game.history[-1].events)
        assert watcher.view() == game.view_for(SPECTATOR)
        assert watcher.legal_actions() == [] and not watcher.may_act() and watcher.decision().reactors == ()
        assert all(e.seen_by is None for e in watcher.events())
    assert private, "nothing private happened: the check saw nothing"
    assert watcher.side == SPECTATOR and watcher.undo_policy == "none" and not watcher.referee
    action = game.seat(None).legal_actions()[0]
    before = len(game.history)
    assert not watcher.apply(action).ok and len(game.history) == before
    assert watcher.why_no_undo() == "a spectator does not play" and not watcher.undo() and len(game.history) == before
    assert game.seat(None).undo() and not watcher.can_redo and not watcher.redo()
    assert [s.side for s in watcher.log()] == watcher.actors() == [a.side for a in game.log]
    assert all(e.seen_by is None for step in watcher.log() for e in step.events)


def test_each_seat_undoes_under_the_policy_it_states():
    game = _quad()
    kingdom, rebels, referee = game.seat("kingdom"), game.seat("rebels"), game.seat(None)
    assert (kingdom.undo_policy, referee.undo_policy, game.seat("kingdom", undo="free").undo_policy) == (
        "own", "free", "free")
    assert kingdom.apply(kingdom.legal_actions()[0]).ok  # it reveals a message to the kingdom alone
    assert rebels.why_no_undo() == "the last action was the other side's" and not rebels.undo()
    assert kingdom.why_no_undo() and not kingdom.undo(), "an action that revealed something was taken back"
    assert referee.why_no_undo() == "" and referee.undo() and game.history == []
    assert not rebels.redo(), "a side redid the other's action"
    assert referee.redo() and len(game.history) == 1
    assert not kingdom.apply(rebels.legal_actions()[0]).ok, "a seat acted for another side"


def test_a_seat_of_no_side_is_refused_with_the_sides():
    with pytest.raises(KeyError, match="kingdom"):
        _quad().seat("elves")
