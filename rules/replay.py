"""Watching a game again: the position after any action of a played log, fast.

A `Replay` wraps a game that was played (or loaded: a save's log is replayed
on load) and answers the exact state after action n, for any n from 0 (the
opening) to the end. It never rolls new dice: action i is run again with the
dice of (seed, i), as a load does, so the positions are the game's own.

Positions are cached as they are reached: the service already holds an exact
snapshot every `CHECKPOINT` actions (rules/service.py), this keeps one every
`KEYFRAME` actions it walks past and the most recent positions shown, so a
step forward runs one action, a step back runs at most KEYFRAME - 1 (from the
keyframe before it), and `goto(n)` at most CHECKPOINT - 1.

Why keyframes are packed (pickled bytes, with their turn) and recent positions
few: the cyclic garbage collector walks every object it tracks on a full
collection, and a mars-expedition state is some 1,200 of them. The first cache
(64 recent states and a live keyframe every 8 actions) grew by a state a step;
bytes are not tracked, so the collector now sees RECENT states at most, however
far the replay is walked. Packing a state costs 0.6 ms, unpacking 0.6 ms (less
than the 0.9 ms copy a live keyframe needed). The screen also freezes what was
alive when it opened (`freeze_heap`): the heap is not the replay's alone.

`shown` is a second `GameService` whose state and history are the position's:
a `Seat` over it (`seat(side)`) answers as the seat did at that moment (the
view, the events seen so far, who decided), which is how the replay keeps a
side's secrets. Nothing here may be applied to: it is for reading.
"""

from __future__ import annotations

import gc
import pickle
from collections import OrderedDict

from pydantic import BaseModel

from rules.clone import clone
from rules.core import GameState
from rules.seat import Seat
from rules.service import CHECKPOINT, GameService

KEYFRAME = 8
"""Walking forward keeps a packed copy of the position every this many actions."""
RECENT = 16
"""How many recently shown positions stay cached live (stepping back and forth over them is free)."""


_replays_open = 0


def freeze_heap() -> None:
    """Put every object alive now out of the cyclic garbage collector's sight while a replay is open.

    Opened from a finished game, the heap holds that game (a live game keeps the state before every action,
    for undo: some 400,000 objects after 350 mars-expedition actions), and each full collection walked it all:
    200-400 ms inside a single step. Safe: frozen objects are still freed by reference counting as usual; only
    garbage in reference cycles among them waits, until `thaw_heap` (the last replay closed) hands it all back.
    """
    global _replays_open
    _replays_open += 1
    gc.freeze()


def settle_heap() -> None:
    """After a step (while a replay is open): free the garbage made since the step before (a full collection
    walks only what is not frozen: what was made since then, a few milliseconds), then put what survived out of
    the collector's sight too, as `freeze_heap` did at opening.

    What a replay keeps grows as it is walked: the recent positions (a mars-expedition state is some 5,000
    tracked objects) and the dice log's and the map's rendered lines (Textual's strips, each with its own
    caches: 80,000 objects after 120 steps). A full collection walked all of it inside a step, 25-50 ms, the
    slowest steps of the replay screen. As with `freeze_heap`, frozen objects are still freed by reference
    counting; only cycles among them wait for `thaw_heap`.
    """
    if _replays_open:
        gc.collect()
        gc.freeze()


def thaw_heap() -> None:
    """The collector sees everything again once no replay is open (`gc.unfreeze`; it also ends the freeze of
    start-up's objects, tui/lean_start.py: a later full collection walks those again, as without it)."""
    global _replays_open
    _replays_open = max(0, _replays_open - 1)
    if _replays_open == 0:
        gc.unfreeze()


Packed = tuple[int, dict, bytes]
"""A cached position: its turn, its frozen top-level parts (shared, not copied: the board, whose identity the
rules' caches key on), and the rest pickled (bytes: nothing for the garbage collector to walk). Only bytes
this process packed are ever unpickled: nothing read from a file."""


def _pack(state: GameState) -> Packed:
    fields = state.__dict__
    shared = {k: v for k, v in fields.items() if isinstance(v, BaseModel) and v.model_config.get("frozen")}
    body = {k: (None if k in shared else v) for k, v in fields.items()}  # None keeps the fields' order
    extras = (state.__pydantic_fields_set__, state.__pydantic_extra__, state.__pydantic_private__)
    return state.turn, shared, pickle.dumps((type(state), body, extras), protocol=pickle.HIGHEST_PROTOCOL)


def _unpack(packed: Packed) -> GameState:
    """A new state, as `clone` makes one: its own mutable parts, the frozen ones shared."""
    _, shared, data = packed
    kind, body, (fields_set, extra, private) = pickle.loads(data)
    body.update(shared)
    state = kind.__new__(kind)
    object.__setattr__(state, "__dict__", body)
    object.__setattr__(state, "__pydantic_fields_set__", fields_set)
    object.__setattr__(state, "__pydantic_extra__", extra)
    object.__setattr__(state, "__pydantic_private__", private)
    return state


class Replay:
    """The positions of a played game's log, each after n actions (0: the opening)."""

    def __init__(self, source: GameService) -> None:
        self.source = source
        self.length = len(source.history)
        """How many actions the log holds (the last position)."""
        self._keyframes: dict[int, Packed] = {}
        self._recent: OrderedDict[int, GameState] = OrderedDict()
        self._turns: list[int] | None = None
        self._spans: dict[int, list[int]] = {}
        """The turns of the positions of a CHECKPOINT span, by its first position (turn keys)."""
        self.shown = GameService(source.ruleset, source.initial, setup=source.setup,
                                 dice_source=source.dice_source)
        """The game as it stood at `position` (read it through `seat`)."""
        self.position = -1
        self.goto(self.length)

    # --- positions ---------------------------------------------------------------------

    def state_after(self, n: int) -> GameState:
        """The exact state after `n` actions (may be shared: never change it)."""
        if not 0 <= n <= self.length:
            raise IndexError(f"no action {n}: the log has actions 1 to {self.length}")
        known = self._known(n)
        if known is not None:
            return known
        start = self._nearest_before(n)
        state = self._fresh(start)
        for i in range(start, n):
            self._run(state, i)
            # A keyframe every KEYFRAME positions, not every one: packing costs about two actions' runs on
            # hundred_wars/mars-expedition (0.6 ms against 0.3 ms), so a step back runs < KEYFRAME actions.
            if (i + 1) % KEYFRAME == 0 and i + 1 < n and self._live(i + 1) is None and i + 1 not in self._keyframes:
                self._keyframes[i + 1] = _pack(state)
        self._remember(n, state)
        return state

    def _live(self, n: int) -> GameState | None:
        """A position held as a live state (the source's, the one shown, a recent one): shared, never changed."""
        if n == 0:
            return self.source.initial
        if n == self.length:
            return self.source.state
        if n == self.position:
            return self.shown.state
        if n in self._recent:
            self._recent.move_to_end(n)
            return self._recent[n]
        if n % CHECKPOINT == 0:
            return self.source.history[n].before  # a stored snapshot (GameService.replay keeps these)
        return None

    def _known(self, n: int) -> GameState | None:
        live = self._live(n)
        if live is not None:
            return live
        return _unpack(self._keyframes[n]) if n in self._keyframes else None

    def _fresh(self, n: int) -> GameState:
        """A state at known position `n` that may be changed: a copy of a live one (it shares the frozen parts:
        a quarter of the objects an unpacked state makes), else a keyframe unpacked."""
        live = self._live(n)
        return clone(live) if live is not None else _unpack(self._keyframes[n])

    def _nearest_before(self, n: int) -> int:
        cached = [m for m in (*self._keyframes, *self._recent, self.position) if 0 <= m <= n]
        return max(max(cached, default=0), n - n % CHECKPOINT)

    def _remember(self, n: int, state: GameState) -> None:
        self._recent[n] = state
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)

    def _run(self, state: GameState, i: int) -> None:
        # The service's own runner: the same dice of (seed, i) and the same victory check as the game had.
        self.source._run(state, self.source.history[i].action, i)

    # --- moving the shown position ----------------------------------------------------------

    def goto(self, n: int) -> int:
        """Show the position after `n` actions (clamped to the log); answers the position shown."""
        n = max(0, min(self.length, n))
        if n != self.position:
            self.shown.state = self.state_after(n)
            self.shown.history = self.source.history[:n]
            self.position = n
        return n

    def step(self, by: int) -> int:
        return self.goto(self.position + by)

    def turn_of(self, n: int) -> int:
        """The game turn at the position after `n` actions."""
        return self.turns()[n]

    def turns(self) -> list[int]:
        """The turn of every position, 0..length (one walk of the log on one copy, made on first use)."""
        if self._turns is None:
            state = clone(self.source.initial)
            turns = [state.turn]
            for i in range(self.length):
                self._run(state, i)
                turns.append(state.turn)
            self._turns = turns
        return self._turns

    def turn_at(self, n: int) -> int:
        """The turn at position `n`: free at a cached position, else one walk of its CHECKPOINT span (kept)."""
        live = self._live(n)
        if live is not None:
            return live.turn
        if n in self._keyframes:
            return self._keyframes[n][0]
        if self._turns is not None:
            return self._turns[n]
        start = n - n % CHECKPOINT
        if start not in self._spans:
            state = clone(self._live(start))
            turns = [state.turn]
            for i in range(start, min(start + CHECKPOINT, self.length)):
                self._run(state, i)
                turns.append(state.turn)
            self._spans[start] = turns
        return self._spans[start][n - start]

    # Turns never go back, so a turn key looks at the turn of the snapshots every CHECKPOINT actions
    # (free) to find the span where the turn changes, and walks that span alone: two spans at most,
    # however long the game (a walk of the whole log was over 300 ms on a busy machine).

    def next_turn(self) -> int:
        """Show the first position of the next turn (or the end)."""
        n, here = self.position, self.turn_at(self.position)
        c = n - n % CHECKPOINT + CHECKPOINT
        while c < self.length and self.turn_at(c) == here:
            c += CHECKPOINT
        c = min(c, self.length)
        if self.turn_at(c) == here:
            return self.goto(self.length)
        m = max(n, c - CHECKPOINT)
        while self.turn_at(m) == here:
            m += 1
        return self.goto(m)

    def previous_turn(self) -> int:
        """Show the first position of this turn, or of the turn before when already there."""
        n = self.position
        if n > 0 and self.turn_at(n - 1) == self.turn_at(n):
            return self.goto(self._start_of(n))
        return self.goto(self._start_of(max(0, n - 1)))

    def _start_of(self, n: int) -> int:
        """The first position of the turn of position `n`."""
        here = self.turn_at(n)
        c = n - n % CHECKPOINT
        while c > 0 and self.turn_at(c) == here:
            c -= CHECKPOINT
        m = min(n, c + CHECKPOINT)
        while m > c and self.turn_at(m - 1) == here:
            m -= 1
        return m

    # --- reading the position ----------------------------------------------------------------

    def seat(self, side: str | None) -> Seat:
        """What `side` could know at the shown position (None: everything but the seed)."""
        return self.shown.seat(side, undo="own")

    def default_side(self) -> str | None:
        """Whose eyes a replay opens with: everything for a finished game (no secret is left to keep);
        for a game still in progress one side (the one deciding at its end), never the referee."""
        if self.source.state.result is not None:
            return None
        deciding = self.source.decision().side
        return deciding if deciding is not None else self.source.state.side_ids()[0]

    def last_action_side(self) -> str | None:
        """The side of the action that led to the shown position (None at the opening)."""
        return self.source.history[self.position - 1].action.side if self.position else None

    def last_words(self, side: str | None) -> str:
        """The action that led to the shown position in `side`'s words ('' at the opening), worded from the
        view of the position before it, as `Seat.log` words it (another side's secret in the words for
        others, when the rule set has them)."""
        n = self.position
        if n == 0:
            return ""
        action = self.source.history[n - 1].action
        over = self.shown.state.result is not None
        ruleset = self.source.ruleset
        # The rule set's view without the service's copy: only words are read from it (a copy of a big
        # state is most of a step's time); a side's view is a new state anyway, the referee's the state.
        seen = ruleset.view(self.state_after(n - 1), None if over else side)
        secret = side is not None and not over and action.side != side
        try:
            text = (ruleset.describe_to_others if secret else ruleset.describe)(seen, action)
        except Exception:  # noqa: BLE001 - words are a courtesy; the text form always works
            text = action.text()
        name = self.shown.side_name(action.side)
        return f"{name}: {text}"
