"""The action flow's reading of the game through its seats: which seat acts for a side, what it may do.

Split from tui/flow.py: `Flow` takes these methods from `FlowSeats`. Textual-free, like the flow.
"""

from __future__ import annotations


class FlowSeats:
    """Which seat acts for each side and what the rules offer it (`Flow` sets `seat`, `others`,
    `not_here` and `selected`)."""

    @property
    def kinds(self) -> dict:
        return self.seat.ruleset.action_kinds

    def target_of(self, kind: str) -> str:
        spec = self.kinds.get(kind)
        return spec.target if spec is not None else "none"

    def label(self, kind: str) -> str:
        spec = self.kinds.get(kind)
        return spec.label if spec is not None else kind

    def seat_of(self, side: str | None):
        """The seat that acts for `side`: the one on screen, or that side's own at this keyboard."""
        if side in self.not_here:
            return None
        if side is None or self.seat.referee or side == self.seat.side:
            return self.seat
        return self.others(side) if self.others is not None else None

    def deciding(self) -> str | None:
        return self.seat.decision().side

    def legal(self, side: str | None = None) -> list:
        side = side or self.deciding()
        if side is None or side in self.not_here:
            return []
        if self.seat.referee:
            return self.seat.legal_actions(side)
        seat = self.seat_of(side)
        return seat.legal_actions() if seat is not None else []

    def acting_sides(self) -> list[str]:
        """The deciding side, then the sides at this keyboard that may react now."""
        decision = self.seat.decision()
        if decision.side is None:
            return []
        sides = [decision.side, *[s for s in decision.reactors if s != decision.side]]
        if self.others is not None and not self.seat.referee:
            for side in self.seat.view().side_ids():
                if side not in sides and side not in self.not_here and self.others(side).may_act():
                    sides.append(side)
        return sides

    def all_legal(self) -> list:
        return [a for side in self.acting_sides() for a in self.legal(side)]

    def why_not(self, kind: str) -> str:
        """The rules' reason no `kind` action is on offer (for the selected unit, if any), asked of the
        deciding side's seat; words only: a failure here must not stop the key."""
        side = self.deciding()
        seat = (self.seat_of(side) if side and not self.seat.referee else None) or self.seat
        try:
            return seat.why_not(kind, self.selected, side)
        except Exception:  # noqa: BLE001 - the reason is a courtesy; the refusal stands without it
            return "it is not among the choices now"

    def describe(self, action) -> str:
        seat = self.seat_of(action.side) or self.seat
        try:
            return seat.describe(action)
        except Exception:  # noqa: BLE001 - words are a courtesy; the action's text form always works
            return action.text()

    def palette_actions(self) -> list[tuple[str, object]]:
        return [(self.describe(a), a) for a in self.all_legal()]
