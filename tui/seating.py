"""Who sits at this keyboard: the seats the game screen reads the game through (the referee wiring).

The only module under tui/ that asks the `GameService` for seats. Every other
part of the UI reads the game through the `Seat` it is handed. Three ways to
sit (tests/tui/test_no_raw_state.py keeps the rest of tui/ off the raw state):

- hot seat (the pass-the-keyboard screen on): the deciding side's seat, undo
  policy "own"; the screen switches seats behind the pass screen;
- solo (F4 turns the pass screen off): the deciding side's seat, undo "free";
- referee (`hexwar ... --referee`): the referee seat, which sees everything.

Textual-free.
"""

from __future__ import annotations

from rules.seat import Seat


class Seating:
    """The seats of one game at one keyboard."""

    def __init__(self, service, *, referee: bool = False, solo: bool = False, computers=()) -> None:
        self._service = service
        self.referee = referee
        self.solo = solo
        """Solo play: one person plays every side, so any action may be taken back."""
        self._seats: dict[str | None, Seat] = {}
        self._table = service.seat(None)
        """Asked only for what every player may know: who decides, which sides play."""
        self._sides = [s.id for s in self._table.view().sides]
        self.computers = set(computers)
        """Sides the computer plays (rules/ai): the screen never sits at them; all of them: the person watches."""
        if self.computers >= set(self._sides):
            self.referee = True

    def deciding(self) -> str | None:
        """The side that must decide now (public: the pass screen names it); None when the game is over."""
        return self._table.decision().side

    def sides(self) -> list[str]:
        return list(self._sides)

    def seat(self, side: str | None) -> Seat:
        """The seat of `side` at this keyboard (None: the referee's, in referee mode only)."""
        if side is None and not self.referee:
            raise ValueError("the referee seat is for referee mode (--referee)")
        if side not in self._seats:
            undo = "free" if self.solo else "own"
            self._seats[side] = self._service.seat(side, undo=undo)
        return self._seats[side]

    def for_screen(self, last: str | None = None) -> Seat:
        """The seat the screen shows now: the referee's, or the deciding side's (`last` once the game is over)."""
        if self.referee:
            return self.seat(None)
        people = [s for s in self.sides() if s not in self.computers]
        side = self.deciding() or last or people[0]
        if side in self.computers:  # the computer decides: the person keeps their own seat
            side = last if last in people else people[0]
        return self.seat(side)

    def set_solo(self, solo: bool) -> None:
        """F4: the undo policy follows (seats are made again with it)."""
        if solo != self.solo:
            self.solo = solo
            self._seats.clear()
