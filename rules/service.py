"""GameService: the one entry point the terminal UI (and saves, tests, the CLI) use.

It holds the scenario's opening state, the log of applied actions and a stack of
exact snapshots. `apply` works on a deep copy, so a refused action changes
nothing and undo restores the very state that was there before. Dice for the
action at index i always come from `SeededDice(seed, i)` (in the state's `dice`
derivation): a replay, a reload, or an undo-and-redo roll the same faces. The
seed stays here and in the host's files: a seat's view never carries it.

A replay (loading a save) applies the log in place and keeps a snapshot only
every `CHECKPOINT` actions: copying the state is most of an action's cost, and a
1,000-action load must stay fast. The states between checkpoints are rebuilt
from the nearest one when undo first needs them, which gives the same exact
state, since actions are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules import registry
from rules.actions import Action, parse_action, target_hex
from rules.clone import clone
from rules.core import Context, Decision, GameResult, GameState, Preview, Refusal, Ruleset, Setup
from rules.dice import KEYED, Dice, RollSink, SeededDice
from rules.events import Event, GameOver, Rolled
from rules.seat import Seat, UndoPolicy
from rules.seat_local import local_seat
from rules.unknown import UNKNOWN
from rules.words import possessive


class Store(Protocol):
    """Where the service autosaves after every action (`saves` implements it)."""

    def autosave(self, service: GameService) -> None: ...


class ReplayRefused(Refusal):
    """An action of a log being replayed is refused (or breaks the rules code)."""

    def __init__(self, index: int, action: Action, reason: str) -> None:
        super().__init__(f"action {index + 1} ({action.text()}) is refused: {reason}")
        self.index = index
        """Where in the log, from 0."""
        self.action = action
        self.reason = reason


@dataclass(frozen=True)
class Applied:
    """What `apply` answers: done with its events, or refused with the reason."""

    ok: bool
    events: tuple[Event, ...] = ()
    reason: str = ""


CHECKPOINT = 32
"""A replay keeps an exact snapshot every this many actions."""


@dataclass
class Step:
    """One applied action, the state before it, and what it did."""

    action: Action
    events: tuple[Event, ...]
    _before: GameState | None = None
    _rebuild: Callable[[], GameState] | None = field(default=None, repr=False)

    @property
    def before(self) -> GameState:
        """The exact state before the action (rebuilt on first use after a replay)."""
        if self._before is None:
            assert self._rebuild is not None
            self._before, self._rebuild = self._rebuild(), None
        return self._before


@dataclass(frozen=True)
class Undone:
    """An action taken back, kept for redo with the state it had led to."""

    action: Action
    after: GameState
    events: tuple[Event, ...]


@dataclass
class GameService:
    ruleset: Ruleset
    initial: GameState
    """The state at action 0, as the scenario and the seed made it."""
    store: Store | None = None
    setup: Setup | None = None
    """The scenario the game was made from (`new` sets it; saves write it out)."""
    dice_source: Callable[[int, int, RollSink], Dice] | None = None
    """Makes the dice of action `index` from (seed, index, sink); tests put scripted dice here. None: the
    `SeededDice` of the state's derivation."""
    computer_seed: int | None = None
    """The game's seed when a person gave it (`hexwar new --seed N`): the computer's own randomness is drawn
    from it too, so the same commands replay the same game. None: the computer's is secret (system entropy)."""
    prefs: dict[str, bool] = field(default_factory=dict)
    """How the game is shown, kept with it in saves (`[game] solo`: F4's pass-the-keyboard choice); no rule
    reads it."""
    state: GameState = field(init=False)
    history: list[Step] = field(default_factory=list, init=False)
    redo_stack: list[Undone] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.state = clone(self.initial)

    # --- creation ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Setup,
        seed: int,
        options: dict[str, bool | int | str] | None = None,
        store: Store | None = None,
        dice: int = KEYED,
    ) -> GameService:
        """A new game of the scenario `setup`, with the scenario's options overridden by `options`;
        `dice` is the dice derivation (LEGACY only for saves written before KEYED)."""
        ruleset = registry.get(setup.ruleset)
        chosen = {o.id: o.default for o in ruleset.options}
        chosen.update(setup.options)
        chosen.update(options or {})
        return cls(ruleset, ruleset.setup(setup, seed, chosen, dice), store, setup)

    @classmethod
    def replay(
        cls, ruleset: Ruleset, initial: GameState, actions: Sequence[Action], setup: Setup | None = None
    ) -> GameService:
        """Rebuild a game by applying `actions` from `initial`; raises ReplayRefused on a bad log."""
        return cls(ruleset, initial, setup=setup).replayed(actions)

    def replayed(self, actions: Sequence[Action]) -> GameService:
        """This game, new (no action yet), with `actions` applied as `replay` does; raises ReplayRefused."""
        assert not self.history, "replayed: the game has actions already"
        state = self.state
        for i, action in enumerate(actions):
            # The state before action 0 is `initial`: no copy of it is made until undo asks for it.
            before = clone(state) if i % CHECKPOINT == 0 and i else None
            rebuild = None if before is not None else (lambda i=i: self._rebuild_before(i))
            try:
                refusal = self._may_act(action)
                if refusal:
                    raise Refusal(refusal)
                events = self._run(state, action, i)
            except Refusal as exc:
                raise ReplayRefused(i, action, str(exc)) from None
            except Exception as exc:  # a log from a file must never crash the caller
                raise ReplayRefused(i, action, f"the rules failed: {type(exc).__name__}: {exc}") from exc
            self.history.append(Step(action, events, before, rebuild))
        return self

    def _rebuild_before(self, index: int) -> GameState:
        """The state before action `index`, replayed from the checkpoint at or before it."""
        start = index - index % CHECKPOINT
        state = clone(self.history[start].before if start else self.initial)
        for i in range(start, index):
            self._run(state, self.history[i].action, i)
        return state

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
            actions = [a for a in actions if target_hex(a, self.ruleset.action_kinds) == target]
        return actions

    def seat(self, side: str | None, undo: UndoPolicy = "own") -> Seat:
        """The place of `side` at the table (None: the referee's): what screens, computer
        players and remote clients read the game through. See rules/seat.py."""
        return local_seat(self, side, undo)

    def view_for(self, side: str | None, state: GameState | None = None) -> GameState:
        """What `side` may see of `state` (default: now); None: everything. Never the seed."""
        seen = self.ruleset.view(state if state is not None else self.state, side)
        if seen is self.state or seen is state:
            seen = clone(seen)
        seen.seed = UNKNOWN
        return seen

    def preview(self, action: Action) -> Preview | None:
        """The referee's preview (from the full state); players ask their seat."""
        return self.ruleset.preview(self.state, action)

    def describe(self, action: Action) -> str:
        """The referee's words for `action`; players ask their seat."""
        return self.ruleset.describe(self.state, action)

    def parse(self, text: str) -> Action:
        """Read an action's text form (raises ActionSyntaxError)."""
        return parse_action(self.ruleset.action_adapter, text)

    def check(self, action: Action) -> str:
        """Why `action` would be refused now ('' when it would be accepted); changes nothing.

        The UI asks this for a hex the player picked that is not among the
        highlighted targets, to show the rules' own reason.
        """
        refusal = self._may_act(action)
        if refusal:
            return refusal
        try:
            self._run(clone(self.state), action, len(self.history))
        except Refusal as exc:
            return str(exc)
        return ""

    # --- changes ----------------------------------------------------------------------

    def apply(self, action: Action | str, *, autosave: bool = True) -> Applied:
        """Apply one action. Refused actions (with the reason) change nothing."""
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except ValueError as exc:
                return Applied(False, reason=str(exc))
        refusal = self._may_act(action)
        if refusal:
            return Applied(False, reason=refusal)
        after = clone(self.state)
        try:
            events = self._run(after, action, len(self.history))
        except Refusal as exc:
            return Applied(False, reason=str(exc))
        self.history.append(Step(action, events, self.state))
        self.redo_stack.clear()
        self.state = after
        if autosave and self.store is not None:
            self.store.autosave(self)
        return Applied(True, events)

    def _may_act(self, action: Action) -> str:
        """Why `action`'s side may not act now ('' when it may)."""
        decision = self.decision()
        if decision.side is None:
            return "the game is over"
        if not decision.may_act(action.side):
            return f"it is {possessive(self.side_name(decision.side))} decision, not {possessive(self.side_name(action.side))}"
        return ""

    def side_name(self, side_id: str) -> str:
        try:
            return self.state.side(side_id).name
        except KeyError:
            return repr(side_id)  # a side that does not exist, named as given

    def _run(self, state: GameState, action: Action, index: int) -> tuple[Event, ...]:
        """Apply `action` to `state` in place with the dice of action `index`; raises Refusal."""
        seed, derivation, source = state.seed, state.dice, self.dice_source
        if source is None:
            ctx = Context(lambda sink: SeededDice(seed, index, sink, derivation=derivation))
        else:
            ctx = Context(lambda sink: source(seed, index, sink))
        self.ruleset.apply(state, action, ctx)
        if state.result is None:
            result = self.ruleset.victory(state)
            if result is not None:
                state.result = result
                ctx.emit(GameOver(winner=result.winner, reason=result.reason))
        return tuple(ctx.events)

    def why_no_undo(self, side: str | None = None) -> str:
        """Why the last action may not be taken back ('' when it may).

        With no `side` (solo play, a referee) anything may be undone. A side
        playing against another may take back only its own last action, and only
        if it rolled no dice and revealed nothing private: a roll stands.
        """
        if not self.history:
            return "nothing to undo"
        if side is None:
            return ""
        step = self.history[-1]
        if step.action.side != side:
            return "the last action was the other side's"
        if any(isinstance(e, Rolled) for e in step.events):
            return "dice were rolled: the roll stands"
        if any(e.seen_by is not None for e in step.events):
            return "it revealed a hidden card or counter"
        return ""

    def undo(self) -> bool:
        """Take back the last action; the state becomes exactly what it was before it."""
        if not self.history:
            return False
        step = self.history.pop()
        self.redo_stack.append(Undone(step.action, self.state, step.events))
        self.state = step.before
        if self.store is not None:
            self.store.autosave(self)
        return True

    def redo(self) -> bool:
        """Apply again the last action taken back (same dice: its index is the same)."""
        if not self.redo_stack:
            return False
        undone = self.redo_stack.pop()
        self.history.append(Step(undone.action, undone.events, self.state))
        self.state = undone.after
        if self.store is not None:
            self.store.autosave(self)
        return True
