"""The computer's sides on the game screen: it thinks in a worker, plays at a pace a person can follow.

A mixin for the game screen. The computer reads the game only through its own
seats (rules/ai/autoplay.py); its actions go through the screen's own `apply`,
so they reach the dice log with the rule cited like a player's. Undo takes back
the computer's replies together with the person's own last decision.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work

if TYPE_CHECKING:
    from rules.ai.autoplay import Autopilot

PACES = (("normal", 0.8), ("slow", 2.0), ("fast", 0.15))
"""Seconds between the computer's actions, at least; `+` cycles through them."""
SHOW_THINKING = 0.5
"""A progress line appears when the computer thinks longer than this (seconds)."""
REACTION_WAIT = 6
"""Seconds a person who may react now (a QUAD steal) gets, counted down on screen, before the computer
plays on; P holds the count, and P again lets the computer play at once (issue 24 item 6)."""


class ComputerSides:
    """Mixin: `start_computers(sides)` once; `computer_turn()` after every change."""

    pilot: Autopilot | None = None
    computer_levels: dict[str, str] = {}
    """Side -> the computer's level (easy, normal, hard), as chosen and kept in the save."""
    _pace = 0
    _thinking = False
    _waiting: tuple | None = None
    """(action, action count) the computer holds back while a person may react."""
    _held = False
    _left = 0
    _countdown = None
    _hinting = False
    _hinter = None
    """The game's `Hinter` (rules/ai/hint.py), made at the first hint: it remembers where the hinted units stood."""

    def start_computers(self, levels) -> None:
        """`levels`: side -> level (or side ids alone: each at the default level)."""
        from saves.players import as_levels

        self.computer_levels = as_levels(levels)
        if not self.computer_levels:  # rules.ai is imported only for a game with a computer side (start-up time)
            self.pilot = None
            return
        from rules.ai.autoplay import Autopilot

        self.pilot = Autopilot.computers(self.service, list(self.computer_levels), dict(self.computer_levels))

    def one_person(self) -> bool:
        """One person against the computer: nobody else at this keyboard to hide a side's secrets from."""
        return self.pilot is not None and len(set(self.seating.sides()) - set(self.computer_levels)) <= 1

    def is_computer(self, side: str | None) -> bool:
        return self.pilot is not None and side in self.pilot.players

    def computer_turn(self) -> None:
        """If a computer side must act (or may react) now, let it think in a worker."""
        if self.pilot is None or self._thinking or self.seat.result is not None:
            return
        due = self.pilot.due()
        if due is None:
            return
        self._thinking = True
        self._think(self.seat.action_count)

    @work(thread=True, exclusive=True, group="computer")
    def _think(self, count: int) -> None:
        start = time.monotonic()

        def progress(done: int, total: int) -> None:
            if time.monotonic() - start > SHOW_THINKING:
                self.app.call_from_thread(self.say, f"The computer is thinking... {100 * done // max(total, 1)}%")

        action = self.pilot.think(progress)
        self.app.call_from_thread(self._thought, action, count, time.monotonic() - start)

    def _thought(self, action, count: int, spent: float) -> None:
        if action is not None and self.seat.action_count == count and self.reactions_here():
            self._wait_for_reaction(action, count)
            return
        wait = PACES[self._pace][1] - spent
        if wait <= 0:  # it thought longer than the pace: play now (a timer of 0 s never fires in Textual)
            self.call_later(self._computer_plays, action, count)
        else:
            self.set_timer(wait, lambda: self._computer_plays(action, count))

    def _computer_plays(self, action, count: int) -> None:
        self._thinking = False
        if self.seat.action_count != count:
            self.computer_turn()  # the game moved meanwhile (an undo): think again
            return
        if action is not None:
            # Through its side's own seat (no key at this keyboard acts for that side); it reaches
            # the dice log like a player's.
            self.apply(action, seat=self.seating.seat(action.side))
        else:
            self.computer_turn()  # it let a reaction go: the side that decides may be a computer too

    # --- a person's chance to react ------------------------------------------------------------

    def reactions_here(self) -> list[str]:
        """The keys and labels of what a person at this keyboard may do now while the computer decides."""
        decision = self.seat.decision()
        if decision.side is None or not self.is_computer(decision.side):
            return []
        found: dict[str, str] = {}
        for side in self.flow.acting_sides()[1:]:
            if self.is_computer(side):
                continue
            for action in self.legal(side):
                found.setdefault(self.kind_key(action.kind), self.kind_label(action.kind))
        return [f"{key} {label}" for key, label in found.items()]

    def _wait_for_reaction(self, action, count: int) -> None:
        self._waiting, self._held, self._left = (action, count), False, REACTION_WAIT
        self._say_countdown()
        self._countdown = self.set_interval(1.0, self._tick)

    def _say_countdown(self) -> None:
        keys = ", ".join(self.reactions_here()) or "your reaction"
        if self._held:
            self.say(f"You may react ({keys}): the computer waits; P lets it play on")
        else:
            self.say(f"You may react ({keys}): the computer plays on in {self._left} s; P holds it")

    def _stop_waiting(self) -> tuple | None:
        waiting, self._waiting, self._held = self._waiting, None, False
        if self._countdown is not None:
            self._countdown.stop()
            self._countdown = None
        return waiting

    def _tick(self) -> None:
        if self._waiting is None:
            self._stop_waiting()
            return
        action, count = self._waiting
        if self.seat.action_count != count:  # the person reacted: the computer thinks again
            self._stop_waiting()
            self._computer_plays(action, count)
            return
        if (self._held or self.flow.pending is not None or self.flow.choices is not None or self.flow.kind
                or self.app.screen is not self):
            return  # held, the person is choosing or confirming a reaction, or another screen is up: no count
        self._left -= 1
        if self._left > 0:
            self._say_countdown()
            return
        self._stop_waiting()
        self._computer_plays(action, count)

    def action_hold_computer(self) -> None:
        if self._waiting is None:
            self.say("The computer is not waiting: P holds it while you may react to it")
            return
        if not self._held:
            self._held = True
            self._say_countdown()
            return
        action, count = self._stop_waiting()
        self.say("")
        self._computer_plays(action, count)

    def action_hint(self) -> None:
        """What the computer would do for the person's side now, decided from the person's own seat."""
        seat = self.seat
        if seat.result is not None:
            self.say("The game is over: nothing to hint")
        elif seat.side is None or self.is_computer(seat.side) or seat.decision().side != seat.side:
            self.say("It is not your decision now: nothing to hint")
        elif not self._hinting:
            self._hinting = True
            self.say("The computer is thinking of a hint...")
            self._find_hint(seat)

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, seat) -> None:
        from rules.ai.hint import Hinter

        if self._hinter is None:
            self._hinter = Hinter()
        try:
            found = self._hinter.hint(seat)
        except Exception as exc:  # noqa: BLE001 - a hint that fails must not end the game
            found = f"No hint: {type(exc).__name__}: {exc}"
        self.app.call_from_thread(self._show_hint, found, seat.action_count)

    def _show_hint(self, found, count: int) -> None:
        from rich.text import Text

        from tui.dialogs.text_view import TextDialog
        from tui.widgets.text import clean

        self._hinting = False
        if isinstance(found, str) or found is None:
            self.say(found or "It is not your decision now: nothing to hint")
        elif self.seat.action_count != count:
            self.say("The game moved on while the computer thought: ask again (H)")
        else:
            self.say(f"Hint: {found.words}")
            self.app.push_screen(TextDialog(Text("\n".join(clean(line) for line in found.lines()))))

    def action_computer_speed(self) -> None:
        self._pace = (self._pace + 1) % len(PACES)
        self.say(f"Computer speed: {PACES[self._pace][0]}")

    def undo_to_person(self) -> bool:
        """Undo the computer's replies and the person's own last decision; False if there was none."""
        if self.pilot is None or self.pilot.watching:
            return False
        return self.pilot.undo_to_person() > 0
