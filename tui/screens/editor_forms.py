"""The scenario editor's forms: labelled text fields, checked as they are typed, in a dialog.

One dialog serves the unit form (built from the rule set's stats model by saves/editor/form.py),
sides, victory conditions, the turn limit, names and the new-map size: Enter goes to the next
field and, on the last one, accepts (so does ctrl+s); Escape cancels; ctrl+up / ctrl+down step a
number, a choice or a flag when the form knows how (`stepper`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.widgets.text import lit


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    value: str = ""
    hint: str = ""
    """Its type and limits, shown after the label."""


Values = dict[str, str]


class FieldsDialog(ModalScreen[Values | None]):
    """Returns the fields' texts by key, or None on Escape; `check` lists what is wrong so far."""

    DEFAULT_CSS = """
    FieldsDialog .form-row { height: 1; }
    FieldsDialog .form-label { width: 40%; height: 1; }
    FieldsDialog .form-row Input { width: 1fr; }
    FieldsDialog #form-hint { height: auto; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("ctrl+s", "accept", "Accept", show=False),
        Binding("ctrl+up", "step(1)", "Step up", show=False),
        Binding("ctrl+down", "step(-1)", "Step down", show=False),
    ]

    def __init__(self, title: str, fields: list[Field], check: Callable[[Values], list[str]] | None = None,
                 stepper: Callable[[Values, str, int], Values | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.check = check
        self.stepper = stepper

    def compose(self) -> ComposeResult:
        # Nearly the screen's height, not the 13 rows of a "tall" dialog: a unit's form has a dozen fields, and
        # four in sight at 80x24 was too few to fill it (this is the editor's, not the game screen's, modal).
        box = Vertical(classes="dialog wide")
        box.styles.height = "90%"
        with box:
            yield Static(lit(self.title_text), classes="dialog-title")
            # One row a field (its label beside it): twice as many in sight as a label above each, about
            # eight at 80x24; the focused field's type and limits on the line under them.
            body = VerticalScroll(classes="dialog-body", id="form-fields")
            body.styles.height, body.styles.max_height = "1fr", "100%"
            with body:
                for f in self.fields:
                    yield Horizontal(Label(lit(f.label), classes="form-label"),
                                     Input(f.value, id=f"field-{f.key}", compact=True), classes="form-row")
            yield Static("", id="form-hint")
            yield Static("", id="form-problems")
            yield Static("Enter: next field (on the last: done)   ctrl+s: done   ctrl+up/down: step   Esc: cancel",
                         classes="dialog-keys")

    def on_mount(self) -> None:
        if self.fields:
            self.query_one(f"#field-{self.fields[0].key}", Input).focus()
        self.show_problems()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focused field's type and limits, in full, under the fields."""
        key = (event.widget.id or "").removeprefix("field-")
        f = next((f for f in self.fields if f.key == key), None)
        self.query_one("#form-hint", Static).update(lit(f"{f.label}: {f.hint}" if f and f.hint else "", "italic"))

    def values(self) -> Values:
        return {f.key: self.query_one(f"#field-{f.key}", Input).value for f in self.fields}

    def show_problems(self) -> list[str]:
        problems = self.check(self.values()) if self.check else []
        box = self.query_one("#form-problems", Static)
        box.update(lit("\n".join(problems[:8]) + (f"\n(and {len(problems) - 8} more)" if len(problems) > 8 else ""),
                       "bold") if problems else lit("No problems.", "dim"))
        return problems

    @on(Input.Changed)
    def changed(self, _: Input.Changed) -> None:
        self.show_problems()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        last = f"field-{self.fields[-1].key}" if self.fields else ""
        if event.input.id == last:
            self.action_accept()
        else:
            self.focus_next()

    def action_step(self, step: int) -> None:
        focused = self.focused
        if self.stepper is None or not isinstance(focused, Input) or not (focused.id or "").startswith("field-"):
            return
        key = focused.id.removeprefix("field-")
        new = self.stepper(self.values(), key, step)
        if new is not None:
            focused.value = new[key]

    def action_accept(self) -> None:
        self.dismiss(self.values())

    def action_cancel(self) -> None:
        self.dismiss(None)
