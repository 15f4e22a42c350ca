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
        n = record.need
        # Worded as the odds preview words it: "needing 4+", "needing 3 or less".
        need = {">=": f"{n}+", ">": f"{n + 1}+", "<=": f"{n} or less", "<": f"{n - 1} or less"}
        out.append(f" need {need.get(record.test, f'{record.test}{n}')}")
    if record.outcome:
        out.append(": ")
        out.append_text(lit(record.outcome, "italic"))
    for modifier in record.modifiers:  # where the dice and the number needed came from
        out.append("\n  ")
        out.append_text(lit(modifier, "dim"))
    return out


def roll_short(record, names: dict[str, str]) -> Text:
    """A roll in a few words for the message line: who, why, the faces and the outcome."""
    out = Text(end="")
    who = names.get(record.unit or "", record.unit) or names.get(record.side or "", record.side)
    if who:
        out.append_text(lit(f"{who} "))
    out.append_text(lit(record.purpose))
    out.append(" [" + " ".join(record.shown_faces()) + "]")
    if record.outcome:
        out.append_text(lit(f": {record.outcome}"))
    return out


def _verdict(outcome: str) -> str:
    """The last clause of an outcome: '5 + 9 = 14 vs TN 10: passed' -> 'passed'; '2 hits' stays."""
    return outcome.rsplit(": ", 1)[-1]


def roll_chain(records, names: dict[str, str]) -> Text:
    """Several rolls of one action in a line, each with its verdict, in order: 'Kim to hit [9] passed,
    to wound [9] passed, to hit [9] passed, to wound [2] failed'. The message line shows the whole chain:
    the last roll alone can contradict what happened (a first wound downed the model, the second failed)."""
    out = Text(end="")
    last_who = None
    for n, record in enumerate(records):
        if n:
            out.append(", ")
        who = names.get(record.unit or "", record.unit) or names.get(record.side or "", record.side)
        if who and who != last_who:
            out.append_text(lit(f"{who} "))
        last_who = who
        out.append_text(lit(record.purpose))
        out.append(" [" + " ".join(record.shown_faces()) + "]")
        if record.outcome:
            out.append_text(lit(f" {_verdict(record.outcome)}"))
    return out


class DiceLog(RichLog):
    """Scrollable log of `Rolled` events; follows the newest line.

    Lines wrap at the log's own width and are laid out again when that width
    changes (a resize, the side panel growing at 120 columns), so no roll is
    cut at the panel edge and no horizontal scrollbar appears.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(
            markup=False, highlight=False, wrap=True, min_width=1, max_lines=1000, auto_scroll=True, **kwargs
        )
        self.count = 0
        self.texts: list[Text] = []
        """Every line written, newest last (kept to lay them out again at a new width)."""
        self._laid_out_at = 0

    def add_events(self, events, names: dict[str, str]) -> None:
        """Append the rolls among `events`."""
        texts = [roll_text(e.record, names) for e in events if isinstance(e, Rolled)]
        self.count += len(texts)
        self.texts.extend(texts)
        del self.texts[: -self.max_lines]
        if self._laid_out_at and texts:
            # One write of the lines together: the same wrapped lines as a write each, but one layout call, one
            # scroll and one size update (each write's own were most of a replay step back's 12 rolls).
            self.write(Text("\n", end="").join(texts[-self.max_lines:]), width=self._laid_out_at)

    def rebuild(self, events, names: dict[str, str]) -> None:
        """Show exactly the rolls among `events` (after undo, redo or load)."""
        self.clear()
        self.texts = []
        self.count = 0
        self.add_events(events, names)

    def on_resize(self, event) -> None:
        super().on_resize(event)
        # One column stays free for the vertical scrollbar, so a line never
        # becomes wider than the log when the scrollbar appears.
        width = max(1, self.size.width - 1)
        if event.size.width and width != self._laid_out_at:
            self._laid_out_at = width
            self.clear()
            for text in self.texts:
                self.write(text, width=width, scroll_end=True)
