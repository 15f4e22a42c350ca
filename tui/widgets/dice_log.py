"""The dice log: every roll (who, why, the dice, the number needed, the outcome), newest last."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from rules.events import Rolled
from tui.widgets.text import lit


def roll_text(record, names: dict[str, str]) -> Text:
    """One log line for a `RollRecord`; `names` maps unit and side ids to names (shown literally)."""
    out = Text(end="")
    who = names.get(record.unit or "", record.unit) or names.get(record.side or "", record.side)
    if who:
        out.append_text(lit(who, "bold"))
        out.append(" ")
    out.append_text(lit(record.purpose))
    out.append(f" {len(record.faces)}d{record.sides} ")
    out.append("[" + " ".join(record.shown_faces()) + "]", style="bold")
    if record.need is not None and record.test is not None:
        need = {">=": f"{record.need}+", ">": f">{record.need}", "<=": f"<={record.need}", "<": f"<{record.need}"}
        out.append(f" need {need[record.test]}")
    if record.outcome:
        out.append(": ")
        out.append_text(lit(record.outcome, "italic"))
    return out


class DiceLog(RichLog):
    """Scrollable log of `Rolled` events; follows the newest line."""

    def __init__(self, **kwargs) -> None:
        super().__init__(markup=False, highlight=False, wrap=True, max_lines=1000, auto_scroll=True, **kwargs)
        self.count = 0

    def add_events(self, events, names: dict[str, str]) -> None:
        """Append the rolls among `events`."""
        for event in events:
            if isinstance(event, Rolled):
                self.count += 1
                self.write(roll_text(event.record, names))

    def rebuild(self, events, names: dict[str, str]) -> None:
        """Show exactly the rolls among `events` (after undo, redo or load)."""
        self.clear()
        self.count = 0
        self.add_events(events, names)
