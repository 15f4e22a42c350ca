"""Design a unit field by field (Dirtside's size, armour, mobility, power, weapons, fire control) and see its points.

The fields and the pricing are the rule set's (`DESIGN` of rules/rulesets/<id>/builder.py); every change
re-prices the unit line by line and lists what the design breaks, in the rule set's words.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.armycost import costing
from saves.armies import ArmyEntryFile, CostedEntry
from tui.widgets.text import lit


class UnitDesignScreen(ModalScreen[CostedEntry | None]):
    """up/down: a field; left/right: its value; Enter: add the unit; Esc: cancel."""

    HELP_TITLE = "the unit design"
    WINDOW = 8
    """Fields shown at once; up/down scroll through the rest."""
    BINDINGS = [
        Binding("up", "field(-1)", "Field above", show=False),
        Binding("down", "field(1)", "Field below", show=False),
        Binding("left", "value(-1)", "Previous value", show=False),
        Binding("right", "value(1)", "Next value", show=False),
        Binding("enter", "done", "Add the unit", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
    ]

    def __init__(self, ruleset: str, name: str) -> None:
        super().__init__()
        self.costing = costing(ruleset)
        self.spec = self.costing.DESIGN
        self.values: dict[str, Any] = dict(self.spec.default)
        self.unit_name = name
        self.at = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="design"):
            yield Static(lit(f"Design: {self.unit_name}"), classes="dialog-title")
            yield Static("", id="design-fields")
            yield Static("", id="design-points")
            yield Static("up/down: field   left/right: value   Enter: add to the army   Esc: cancel",
                         classes="dialog-keys")

    def on_mount(self) -> None:
        self.show()

    def priced(self) -> tuple[dict[str, Any], int, list[str]]:
        stats = self.spec.stats(self.values)
        points, problems = self.costing.price(stats, self.unit_name)
        return stats, points, problems

    def show(self) -> None:
        rows = []
        fields = self.spec.fields
        # a window of fields around the cursor, so the price still fits a 24-row terminal
        first = max(0, min(self.at - self.WINDOW // 2, len(fields) - self.WINDOW))
        shown = range(first, min(len(fields), first + self.WINDOW))
        if first:
            rows.append(f"  ({first} more above)")
        for n in shown:
            f = fields[n]
            mark = ">" if n == self.at else " "
            rows.append(f"{mark} {f.label:<26} < {self.values[f.name]} >")
        if shown.stop < len(fields):
            rows.append(f"  ({len(fields) - shown.stop} more below)")
        self.query_one("#design-fields", Static).update(lit("\n".join(rows)))
        _, points, problems = self.priced()
        text = self.spec.lines(self.values) + [f"the unit: {points} points"]
        text += [f"problem: {p}" for p in problems] or ["the design is legal"]
        self.query_one("#design-points", Static).update(lit("\n".join(text)))

    def action_field(self, step: int) -> None:
        self.at = (self.at + step) % len(self.spec.fields)
        self.show()

    def action_value(self, step: int) -> None:
        f = self.spec.fields[self.at]
        i = f.values.index(self.values[f.name]) if self.values[f.name] in f.values else 0
        self.values[f.name] = f.values[(i + step) % len(f.values)]
        self.show()

    def action_done(self) -> None:
        stats, points, problems = self.priced()
        if problems:
            self.notify("Refused: " + "; ".join(problems), severity="warning")
            return
        self.dismiss(CostedEntry(ArmyEntryFile(name=self.unit_name, kind="designed", stats=stats, points=points), points))

    def action_cancel(self) -> None:
        self.dismiss(None)
