"""The `Seat` interface, and the `GameLink` a seat is built on.

A screen, a computer player, plain mode and the host read and change a game
only through a `Seat`. There is one implementation of the answers
(`rules.seat.ViewSeat`: everything from the seat's view), composed with a
`GameLink` that says where the game is and what this seat may do to it:

- a side's or the referee's seat on a game in this process (`rules.seat_local.LocalGame`);
- a spectator's (`rules.seat_local.LocalGame` with `SPECTATOR`): public view, no actions;
- a seat on a game a host holds (`tui.remote.client.HostLink`): the host's pushes, requests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from rules.actions import Action
from rules.core import Decision, GameResult, GameState, HexMark, Preview
from rules.dice import RollRecord
from rules.events import Event

if TYPE_CHECKING:
    from rules.service import Applied

UndoPolicy = Literal["own", "free", "none"]
"""'own': a side playing another person takes back only its own last action, and never
one that rolled dice or revealed something; 'free': anything (solo play, the referee, the
computer's orchestration taking its replies back); 'none': nothing (a spectator)."""


@dataclass(frozen=True)
class SeenStep:
    """One action of the log as a seat may see it."""

    number: int
    """From 1."""
    side: str
    text: str
    """The action in words, described from the seat's view of the state before it."""
    events: tuple[Event, ...]


Words = Callable[[GameState, Action], str]
"""How a seat puts an action into words, from a view of the state before it."""


@runtime_checkable
class GameLink(Protocol):
    """Where a seat's game is: the little a seat reads of it and writes to it."""

    side: str | None
    """The side the seat plays; None for the referee; `SPECTATOR` for a spectator."""
    undo_policy: UndoPolicy

    @property
    def ruleset(self): ...
    @property
    def version(self) -> tuple:
        """Changes whenever the game does: a key for caches."""
    @property
    def result(self) -> GameResult | None: ...
    @property
    def action_count(self) -> int: ...
    @property
    def can_redo(self) -> bool: ...
    def view(self) -> GameState:
        """The game as this seat may see it (never the seed)."""
    def decision(self) -> Decision:
        """Who decides now (the seat cuts the reactors to its own)."""
    def numbered_events(self, since: int = 0) -> list[tuple[int, Event]]:
        """(action index, event) from action `since` on (the seat keeps those it may see)."""
    def log(self, words: Words) -> list[SeenStep]:
        """The whole log, each action in `words` from the seat's view of the state before it."""
    def actors(self) -> list[str]:
        """The side of each action of the log, oldest first (who acted is never secret)."""
    def apply(self, action: Action) -> Applied:
        """Apply an action the seat may send (its side checked)."""
    def why_no_undo(self) -> str:
        """Why the seat may not take back the last action under its undo policy ('' when it may)."""
    def undo(self) -> bool:
        """Take back the last action (asked only when `why_no_undo` is '')."""
    def redo(self) -> bool: ...


@runtime_checkable
class Seat(Protocol):
    """One side's place at the table (or the referee's, with `side=None`): all a reader of the game uses."""

    @property
    def side(self) -> str | None:
        """The side this seat plays; None for the referee."""
    @property
    def undo_policy(self) -> UndoPolicy:
        """What this seat may take back (see `UndoPolicy`)."""
    @property
    def referee(self) -> bool: ...
    @property
    def ruleset(self):
        """The rule set (declarations, words, reference; never the state)."""
    @property
    def version(self) -> tuple:
        """Changes whenever the game does (an action, an undo, a redo): a key for caches."""
    @property
    def result(self) -> GameResult | None: ...
    @property
    def action_count(self) -> int: ...
    @property
    def can_redo(self) -> bool: ...

    # What the seat knows, from its view.
    def view(self) -> GameState: ...
    def decision(self) -> Decision: ...
    def may_act(self) -> bool: ...
    def acting_side(self) -> str | None: ...
    def legal_actions(self, side: str | None = None, unit: str | None = None, target=None) -> list[Action]: ...
    def describe(self, action: Action) -> str: ...
    def preview(self, action: Action) -> Preview | None: ...
    def unit_card(self, unit_id: str) -> list[tuple[str, str]]: ...
    def unit_marks(self, unit_id: str) -> str: ...
    def unit_note(self, unit_id: str) -> str: ...
    def side_lines(self, side: str) -> list[str]: ...
    def objectives(self) -> list: ...
    def hex_marks(self) -> list[HexMark]: ...
    def check(self, action: Action) -> str: ...
    def side_name(self, side_id: str | None) -> str: ...
    def why_not(self, kind: str, unit_id: str | None = None, side: str | None = None) -> str: ...

    # Events and the log.
    def sees(self, event: Event) -> bool: ...
    def events(self, since: int = 0) -> list[Event]: ...
    def numbered_events(self, since: int = 0) -> list[tuple[int, Event]]: ...
    def rolls(self) -> list[RollRecord]: ...
    def log(self) -> list[SeenStep]: ...
    def actors(self) -> list[str]: ...

    # Acting, under the seat's side and undo policy.
    def parse(self, text: str) -> Action: ...
    def apply(self, action: Action | str) -> Applied: ...
    def why_no_undo(self) -> str: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
