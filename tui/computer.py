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


class ComputerSides:
    """Mixin: `start_computers(sides)` once; `computer_turn()` after every change."""

    pilot: Autopilot | None = None
    _pace = 0
    _thinking = False
    _hinting = False

    def start_computers(self, sides) -> None:
        """`sides`: the side ids the computer plays, or a dict side id -> its level (rules/ai/levels.py)."""
        if not sides:  # rules.ai is imported only for a game with a computer side (start-up time)
            self.pilot = None
            return
        from rules.ai.autoplay import Autopilot

        levels = dict(sides) if isinstance(sides, dict) else None
        self.pilot = Autopilot.computers(self.service, list(sides), levels)

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
        from rules.ai.hint import hint

        try:
            found = hint(seat)
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
