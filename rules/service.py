"""GameService: the one entry point the terminal UI (and saves, tests, the CLI) use.

It holds the scenario's opening state, the log of applied actions and a stack of
exact snapshots. `apply` works on a deep copy, so a refused action changes
nothing and undo restores the very state that was there before. Dice for the
action at index i always come from `SeededDice(seed, i)`: a replay, a reload,
or an undo-and-redo roll the same faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules import registry
from rules.actions import Action, parse_action
from rules.core import Context, Decision, GameResult, GameState, Preview, Refusal, Ruleset, Setup
from rules.dice import SeededDice
from rules.events import Event, GameOver


class Store(Protocol):
    """Where the service autosaves after every action (`saves` implements it)."""

    def autosave(self, service: GameService) -> None: ...


@dataclass(frozen=True)
class Applied:
    """What `apply` answers: done with its events, or refused with the reason."""

    ok: bool
    events: tuple[Event, ...] = ()
    reason: str = ""


@dataclass
class Step:
    """One applied action, the state before it, and what it did."""

    action: Action
    before: GameState
    events: tuple[Event, ...]


@dataclass
class GameService:
    ruleset: Ruleset
    initial: GameState
    """The state at action 0, as the scenario and the seed made it."""
    store: Store | None = None
    setup: Setup | None = None
    """The scenario the game was made from (`new` sets it; saves write it out)."""
    state: GameState = field(init=False)
    history: list[Step] = field(default_factory=list, init=False)
    redo_stack: list[Step] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.state = self.initial.model_copy(deep=True)

    # --- creation ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Setup,
        seed: int,
        options: dict[str, bool | int | str] | None = None,
        store: Store | None = None,
    ) -> GameService:
        """A new game of the scenario `setup`, with the scenario's options overridden by `options`."""
        ruleset = registry.get(setup.ruleset)
        chosen = {o.id: o.default for o in ruleset.options}
        chosen.update(setup.options)
        chosen.update(options or {})
        return cls(ruleset, ruleset.setup(setup, seed, chosen), store, setup)

    @classmethod
    def replay(cls, ruleset: Ruleset, initial: GameState, actions: Sequence[Action]) -> GameService:
        """Rebuild a game by applying `actions` from `initial`; raises Refusal on a bad log."""
        service = cls(ruleset, initial)
        for i, action in enumerate(actions):
            done = service.apply(action, autosave=False)
            if not done.ok:
                raise Refusal(f"action {i + 1} ({action.text()}) is refused: {done.reason}")
        return service

    # --- questions ------------------------------------------------------------------

    @property
    def log(self) -> list[Action]:
        """The applied actions, oldest first."""
        return [step.action for step in self.history]

    @property
    def events(self) -> list[Event]:
        """Every event of every applied action, oldest first."""
        return [e for step in self.history for e in step.events]

    @property
    def result(self) -> GameResult | None:
        return self.state.result

    def decision(self) -> Decision:
        if self.state.result is not None:
            return Decision(side=None, prompt="the game is over")
        return self.ruleset.decision(self.state)

    def legal_actions(
        self, side: str | None = None, unit: str | None = None, target=None
    ) -> list[Action]:
        """Legal actions of `side` (default: the deciding side), optionally for one unit or hex."""
        decision = self.decision()
        side = side or decision.side
        if side is None or not decision.may_act(side):
            return []
        actions = self.ruleset.legal_actions(self.state, side)
        if unit is not None:
            actions = [a for a in actions if a.unit_id == unit]
        if target is not None:
            actions = [a for a in actions if a.target_hex == target]
        return actions

    def view(self, side: str | None) -> GameState:
        """What `side` may see; None gives the referee's full view."""
        return self.ruleset.view(self.state, side)

    def preview(self, action: Action) -> Preview | None:
        return self.ruleset.preview(self.state, action)

    def describe(self, action: Action) -> str:
        return self.ruleset.describe(self.state, action)

    def parse(self, text: str) -> Action:
        """Read an action's text form (raises ActionSyntaxError)."""
        return parse_action(self.ruleset.action_adapter, text)

    # --- changes ----------------------------------------------------------------------

    def apply(self, action: Action | str, *, autosave: bool = True) -> Applied:
        """Apply one action. Refused actions (with the reason) change nothing."""
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except ValueError as exc:
                return Applied(False, reason=str(exc))
        decision = self.decision()
        if decision.side is None:
            return Applied(False, reason="the game is over")
        if not decision.may_act(action.side):
            return Applied(False, reason=f"it is {decision.side}'s decision, not {action.side}'s")
        index = len(self.history)
        seed = self.state.seed
        ctx = Context(lambda sink: SeededDice(seed, index, sink))
        after = self.state.model_copy(deep=True)
        try:
            self.ruleset.apply(after, action, ctx)
        except Refusal as exc:
            return Applied(False, reason=str(exc))
        if after.result is None:
            result = self.ruleset.victory(after)
            if result is not None:
                after.result = result
                ctx.emit(GameOver(winner=result.winner, reason=result.reason))
        events = tuple(ctx.events)
        self.history.append(Step(action, self.state, events))
        self.redo_stack.clear()
        self.state = after
        if autosave and self.store is not None:
            self.store.autosave(self)
        return Applied(True, events)

    def undo(self) -> bool:
        """Take back the last action; the state becomes exactly what it was before it."""
        if not self.history:
            return False
        step = self.history.pop()
        self.redo_stack.append(Step(step.action, self.state, step.events))
        self.state = step.before
        if self.store is not None:
            self.store.autosave(self)
        return True

    def redo(self) -> bool:
        """Apply again the last action taken back (same dice: its index is the same)."""
        if not self.redo_stack:
            return False
        step = self.redo_stack.pop()
        self.history.append(Step(step.action, self.state, step.events))
        self.state = step.before  # a redo step's `before` holds the state after the action
        if self.store is not None:
            self.store.autosave(self)
        return True
