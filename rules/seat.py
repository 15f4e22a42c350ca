"""Seats: what one side may know of a game and do in it — the one hidden-information boundary.

A screen, a computer player and a remote client read a game only through a
`Seat`. Everything a seat answers is computed from its side's *view* (the rule
set's `view(state, side)`, with the seed removed by the core): the legal
actions, their descriptions and previews, the unit card, the roster lines.
Events are filtered by `Event.seen_by`. A seat never hands out the seed, a dice
stream, an unseen deck order or another side's hand, because its view has none
of them; the secrecy test (tests/rules/test_secrecy.py) checks that changing
only what a side may not know leaves everything its seat answers unchanged.

The referee seat (`side=None`) sees the whole state (still without the seed)
and may act for any side: it is for an explicit referee mode and for solo play
of both sides through one screen.

Writing to the game goes through the seat too: `apply` refuses an action of
another side, and `undo` follows the seat's undo policy.

`Seat` is the interface (rules/seat_interface.py). `ViewSeat` is its one
implementation of the answers, composed with a `GameLink`: what a seat reads
from its game (the view, the decision, events, the log) and writes (apply,
undo, redo). A local, referee or spectator seat (rules/seat_local.py) and a
remote one (tui/remote/client.py) differ only in their link; every answer
computed from the view (legal actions, words, previews, checks) is this code.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.actions import Action, target_hex
from rules.clone import clone
from rules.core import Decision, GameResult, GameState, HexMark, Preview, Refusal
from rules.dice import Dice, RollRecord
from rules.events import Event
from rules.seat_interface import GameLink, Seat, SeenStep, UndoPolicy

if TYPE_CHECKING:
    from rules.service import Applied

__all__ = ["GameLink", "Seat", "SeenStep", "UndoPolicy", "ViewSeat"]


class _WouldRoll(Exception):
    """Raised by `_NoDice` at the first roll: the action got past every legality check."""


class _NoDice(Dice):
    """Dice for `Seat.check`: an action checked on a view must never see a real face."""

    def _faces(self, n: int, sides: int, purpose: str) -> tuple[int, ...]:
        raise _WouldRoll


class ViewSeat:
    """A `Seat` whose answers come from its view, on the game its `GameLink` reaches."""

    def __init__(self, link: GameLink) -> None:
        self._link = link
        self._cache_key: tuple | None = None
        self._view: GameState | None = None
        self._legal: dict[str, list[Action]] = {}

    def __repr__(self) -> str:
        return f"Seat({self.side or 'referee'})"

    @property
    def link(self) -> GameLink:
        """Where the game is (a remote seat's connection: `seat.link.close()`)."""
        return self._link

    # --- what the seat knows --------------------------------------------------------

    @property
    def side(self) -> str | None:
        """The side this seat plays; None for the referee."""
        return self._link.side

    @property
    def undo_policy(self) -> UndoPolicy:
        return self._link.undo_policy

    @property
    def referee(self) -> bool:
        return self.side is None

    @property
    def ruleset(self):
        """The rule set (declarations, words, reference; never the state)."""
        return self._link.ruleset

    @property
    def version(self) -> tuple:
        """Changes whenever the game does (an action, an undo, a redo): a key for caches."""
        return self._link.version

    def _fresh(self) -> None:
        key = self.version
        if key != self._cache_key:
            self._cache_key, self._view, self._legal = key, None, {}

    def view(self) -> GameState:
        """The game as this side may see it (a copy; never carries the seed)."""
        self._fresh()
        if self._view is None:
            self._view = self._link.view()
        return self._view

    @property
    def result(self) -> GameResult | None:
        return self._link.result

    @property
    def action_count(self) -> int:
        return self._link.action_count

    def decision(self) -> Decision:
        """Who decides now. A side learns only its own chance to react, never another's."""
        d = self._link.decision()
        if self.side is None or not d.reactors:
            return d
        mine = tuple(s for s in d.reactors if s == self.side)
        return d.model_copy(update={"reactors": mine})

    def may_act(self) -> bool:
        d = self.decision()
        if self.side is None:
            return d.side is not None
        return d.may_act(self.side)

    def acting_side(self) -> str | None:
        """The side this seat would act for now: its own, or for the referee the deciding side."""
        return self.decision().side if self.side is None else self.side

    def legal_actions(self, side: str | None = None, unit: str | None = None, target=None) -> list[Action]:
        """This seat's legal actions now, from its view alone (the referee may name a side)."""
        side = self._own(side)
        decision = self.decision()
        if side is None or not decision.may_act(side):
            return []
        self._fresh()
        if side not in self._legal:
            self._legal[side] = self.ruleset.legal_actions(self.view(), side)
        actions = self._legal[side]
        if unit is not None:
            actions = [a for a in actions if a.unit_id == unit]
        if target is not None:
            actions = [a for a in actions if target_hex(a, self.ruleset.action_kinds) == target]
        return list(actions)

    def describe(self, action: Action) -> str:
        """The action in this seat's words: another side's in the words the rule set gives others, if it has
        any (Dirtside: a cruise missile's real target and warhead are its side's secret), as `log()` does."""
        if self._secret_of_others(action):
            return self.ruleset.describe_to_others(self.view(), action)
        return self.ruleset.describe(self.view(), action)

    def _secret_of_others(self, action: Action) -> bool:
        return self.side is not None and self.result is None and action.side != self.side

    def preview(self, action: Action) -> Preview | None:
        """The exact odds of `action` as this side can know them (from its view)."""
        return self.ruleset.preview(self.view(), action)

    def unit_card(self, unit_id: str) -> list[tuple[str, str]]:
        return self.ruleset.unit_card(self.view(), unit_id)

    def unit_marks(self, unit_id: str) -> str:
        return self.ruleset.unit_marks(self.view(), unit_id)

    def unit_note(self, unit_id: str) -> str:
        """A few words the roster adds after a unit's marks (a Hundred Wars blind's contents, to its owner);
        '' when the rule set has none. Read from this seat's view, so it tells only what the seat knows."""
        return self.ruleset.unit_note(self.view(), unit_id)

    def side_lines(self, side: str) -> list[str]:
        return self.ruleset.side_lines(self.view(), side)

    def objectives(self) -> list:
        """How far each side is from each victory condition, from this seat's view (rules/victory.py
        `Objective`; none when the rule set does not say)."""
        return self.ruleset.objectives(self.view())

    def hex_marks(self) -> list[HexMark]:
        """The markers on empty hexes this seat may know of (none when the rule set draws none)."""
        return self.ruleset.hex_marks(self.view(), self.side)

    def check(self, action: Action) -> str:
        """Why `action` would be refused now ('' when it would be accepted), from the view.

        The action is tried on a copy of the view with dice that stop it at the
        first roll, so the answer never depends on anything this side may not know.
        """
        why = self._may_send(action)
        if why:
            return why
        from rules.core import Context

        trial = clone(self.view())
        ctx = Context(lambda sink: _NoDice())
        try:
            self.ruleset.apply(trial, action, ctx)
        except Refusal as exc:
            return str(exc)
        except _WouldRoll:
            return ""
        except Exception:  # noqa: BLE001 - a view lacks hidden parts; the real apply decides
            return ""
        return ""

    # --- events and the log ------------------------------------------------------------

    def sees(self, event: Event) -> bool:
        """Whether this seat may see `event` (after the game, everything may be seen)."""
        return event.visible_to(self.side) or self.result is not None

    def events(self, since: int = 0) -> list[Event]:
        """The events of actions `since` onwards (an index into the log) that this seat may see."""
        return [e for _, e in self.numbered_events(since)]

    def numbered_events(self, since: int = 0) -> list[tuple[int, Event]]:
        """(action index, event) of the events of actions `since` onwards that this seat may see."""
        return [(i, e) for i, e in self._link.numbered_events(since) if self.sees(e)]

    def rolls(self) -> list[RollRecord]:
        """Every roll this seat has seen, oldest first (the dice log)."""
        return [e.record for e in self.events() if e.kind == "rolled"]  # type: ignore[attr-defined]

    def log(self) -> list[SeenStep]:
        """The whole log in this seat's words. Costs a view per action: for the log screen."""
        return [replace(step, events=tuple(e for e in step.events if self.sees(e)))
                for step in self._link.log(self._words_before)]

    def _words_before(self, seen: GameState, action: Action) -> str:
        """`action` in this seat's words, from `seen` (its view of the state before the action)."""
        # An action may carry a secret of its side (Dirtside: a cruise missile's real target and
        # warhead): another side reads it in the words the rule set gives others, if it has any.
        secret = self._secret_of_others(action)
        try:
            return (self.ruleset.describe_to_others if secret else self.ruleset.describe)(seen, action)
        except Exception:  # noqa: BLE001 - an old state the words no longer fit
            return action.text()

    def actors(self) -> list[str]:
        """The side of each action of the log, oldest first (who acted is never secret)."""
        return self._link.actors()

    # --- acting --------------------------------------------------------------------

    def _own(self, side: str | None) -> str | None:
        if self.side is None:
            return side or self.decision().side
        return self.side

    def side_name(self, side_id: str | None) -> str:
        if side_id is None:
            return "nobody"
        try:
            return self.view().side(side_id).name or side_id
        except KeyError:
            return repr(side_id)

    def why_not(self, kind: str, unit_id: str | None = None, side: str | None = None) -> str:
        """Why `side` (default: this seat's) has no `kind` action now, in the rules' words; never empty.

        The rule set's own `why_not` first (QUAD, DHR); else the refusal of the plainest action of that kind
        (a side-only action like 'done', or one naming the unit) checked on this seat's view; else who decides
        now and what they are asked.
        """
        side = side or self.side or self.decision().side
        if side is not None:
            why = self.ruleset.why_not(self.view(), side, kind, unit_id)
            if why:
                return why
        d = self.decision()
        if d.side is None:
            return "the game is over"
        for fields in ({"unit": unit_id} if unit_id else {}, {}):
            try:
                action = self.ruleset.action_adapter.validate_python({"kind": kind, "side": side, **fields})
            except Exception:  # noqa: BLE001 - this kind needs more than a side and a unit: no plain form
                continue
            why = self.check(action)
            if why:
                return why
        if side != d.side and side not in d.reactors:
            return f"it is {self.side_name(d.side)}'s decision now"
        return f"{self.side_name(d.side)} is asked to {d.prompt}" if d.prompt else "it is not among the choices now"

    def _may_send(self, action: Action) -> str:
        if self.side is not None and action.side != self.side:
            return f"this seat plays {self.side_name(self.side)}, not {self.side_name(action.side)}"
        return ""

    def parse(self, text: str) -> Action:
        """Read an action's text form (raises ValueError)."""
        from rules.actions import parse_action

        return parse_action(self.ruleset.action_adapter, text)

    def apply(self, action: Action | str) -> Applied:
        """Apply one action for this seat's side (the referee: for any side)."""
        from rules.service import Applied

        if isinstance(action, str):
            try:
                action = self.parse(action)
            except ValueError as exc:
                return Applied(False, reason=str(exc))
        why = self._may_send(action)
        if why:
            return Applied(False, reason=why)
        return self._link.apply(action)

    def why_no_undo(self) -> str:
        """Why this seat may not take back the last action under its undo policy ('' when it may)."""
        return self._link.why_no_undo()

    def undo(self) -> bool:
        """Take back the last action if this seat's undo policy allows it (`undo_policy`, `why_no_undo`)."""
        if self.why_no_undo():
            return False
        return self._link.undo()

    def redo(self) -> bool:
        return self._link.redo()

    @property
    def can_redo(self) -> bool:
        return self._link.can_redo
