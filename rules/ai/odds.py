"""The rules' exact odds in the computer's search: an action's previewed expectation steadies its own dice.

The computer tries an action that rolls dice a few times with its own dice, and
each try's score swings with the dice: a charge in QUAD teaching scored with a
spread (standard deviation) of 0.9 to 2.4 over its tries, a DHR fire 2.3 to 3.9.
Most of that swing is the material the dice took, and the preview (the rules'
own enumeration of the same procedure, from the seat's view) gives its exact
expectation through the rule set's `outcome_value` hint. So each try's material
change is taken out of its score and the exact expectation put in its place (a
control variate): score - (material change) + (previewed worth). Over 200 tries
of the same actions the spread fell to 0.2 to 1.7 (QUAD) and 0.8 to 1.5 (DHR);
the means moved by 0.1 to 0.5, the part of the hint's reading that is not
material (a QUAD unit falling back, 0.3 a hex).
"""

from __future__ import annotations

from rules.actions import Action
from rules.ai.evaluate import Evaluator
from rules.core import GameState


class ExactOdds:
    """For one decision of `seat`: each action's previewed worth to its side, and a try's material change."""

    def __init__(self, seat, ev: Evaluator, side: str) -> None:
        self.seat = seat
        self.ev = ev
        self.side = side
        self.value_of = getattr(ev.hints, "outcome_value", None)
        self._exact: dict[int, float | None] = {}
        self._base: dict[int, float] = {}
        self._view: GameState | None = None

    @property
    def usable(self) -> bool:
        return self.value_of is not None

    def exact(self, key: int, action: Action) -> float | None:
        """The chance-weighted worth of `action`'s previewed outcomes (None: no preview, or no hint to read it)."""
        if key in self._exact:
            return self._exact[key]
        worth = None
        if self.value_of is not None:
            try:
                preview = self.seat.preview(action)
            except Exception:  # noqa: BLE001 - a preview the rules cannot make here: the dice alone then
                preview = None
            if preview is not None and preview.outcomes:
                if self._view is None:
                    self._view = self.seat.view()
                worth = sum(float(o.chance) * self.value_of(self._view, action, o.label, self.side)
                            for o in preview.outcomes)
        self._exact[key] = worth
        return worth

    def change(self, world: GameState, state: GameState) -> float:
        """The material `state` has gained for the side over `world` (its units' worth, not its assets)."""
        if id(world) not in self._base:
            self._base[id(world)] = self.ev.material(world, self.side, assets=False)
        return self.ev.material(state, self.side, assets=False) - self._base[id(world)]
