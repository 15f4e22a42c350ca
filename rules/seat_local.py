"""Seats on a game in this process: a side's, the referee's and a spectator's.

Each is a `ViewSeat` (rules/seat.py) on a `LocalGame`, the link that reads the
`GameService` for one viewer and writes to it under one undo policy. Only this
link and the service itself touch the service's state, history and undo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.actions import Action
from rules.core import Decision, GameResult, GameState
from rules.events import Event
from rules.seat import ViewSeat
from rules.seat_interface import SeenStep, UndoPolicy, Words

if TYPE_CHECKING:
    from rules.service import Applied, GameService

SPECTATOR = "*"
"""The spectator's seat: never a real side, so its view (a rule set's view of an unknown
side) shows nothing private and it sees only public events; after the game, everything."""


class LocalGame:
    """The `GameLink` of one seat on a `GameService` of this process."""

    def __init__(self, service: GameService, side: str | None, undo: UndoPolicy = "own") -> None:
        if side not in (None, SPECTATOR) and side not in service.state.side_ids():
            raise KeyError(f"no side {side!r} (sides: {', '.join(service.state.side_ids())})")
        self._service = service
        self.side = side
        self.undo_policy: UndoPolicy = "free" if side is None else "none" if side == SPECTATOR else undo

    @property
    def ruleset(self):
        return self._service.ruleset

    @property
    def version(self) -> tuple:
        s = self._service
        return (len(s.history), len(s.redo_stack), id(s.state))

    @property
    def result(self) -> GameResult | None:
        return self._service.state.result

    @property
    def action_count(self) -> int:
        return len(self._service.history)

    @property
    def can_redo(self) -> bool:
        return self.undo_policy != "none" and bool(self._service.redo_stack)

    def view(self) -> GameState:
        over = self.result is not None
        return self._service.view_for(None if self.side == SPECTATOR and over else self.side)

    def decision(self) -> Decision:
        return self._service.decision()

    def numbered_events(self, since: int = 0) -> list[tuple[int, Event]]:
        history = self._service.history
        return [(i, e) for i in range(since, len(history)) for e in history[i].events]

    def log(self, words: Words) -> list[SeenStep]:
        viewer = self.side if self.result is None else None
        return [SeenStep(n, step.action.side, words(self._service.view_for(viewer, step.before), step.action),
                         step.events)
                for n, step in enumerate(self._service.history, 1)]

    def actors(self) -> list[str]:
        return [step.action.side for step in self._service.history]

    def apply(self, action: Action) -> Applied:
        if self.side == SPECTATOR:
            from rules.service import Applied

            return Applied(False, reason="a spectator does not play")
        return self._service.apply(action)

    def why_no_undo(self) -> str:
        if self.undo_policy == "none":
            return "a spectator does not play"
        return self._service.why_no_undo(None if self.undo_policy == "free" else self.side)

    def undo(self) -> bool:
        return not self.why_no_undo() and self._service.undo()

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        if self.undo_policy != "free" and self._service.redo_stack[-1].action.side != self.side:
            return False
        return self._service.redo()


def local_seat(service: GameService, side: str | None, undo: UndoPolicy = "own") -> ViewSeat:
    """The seat of `side` (None: the referee, who may undo anything) on `service`."""
    return ViewSeat(LocalGame(service, side, undo))


def spectator_seat(service: GameService) -> ViewSeat:
    """What everybody may see of `service`: public view and events, no actions; after the game, everything."""
    return ViewSeat(LocalGame(service, SPECTATOR))
