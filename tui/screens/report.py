"""The after-action report screen: charts of strength and of who was ahead, each with its table.

The charts are textual-plotext's (plotext in a Textual widget); every chart has
the same figures beside it as a plain-text table (monochrome terminals,
`--plain`, screen readers), and the tables the charts do not draw follow
below. The figures come from rules/after_action.py; the tables' words from
tui/report_text.py, which `hexwar report` writes as Markdown too.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from rules.after_action import build, lead
from rules.ai.evaluate import evaluator_for
from tui.keys import Key, bindings
from tui.report_text import heading, plain_table, tables
from tui.widgets.text import lit

REPORT_KEYS: tuple[Key, ...] = (
    Key("down,j", "scroll(1)", "Scroll down", "the next lines of the report", display="down"),
    Key("up,k", "scroll(-1)", "Scroll up", "the lines above", display="up"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("q,escape", "leave", "Back", "back to where the report was opened from", display="q Esc"),
)


class ReportScreen(Screen[None]):
    """The report of a `Replay`'s game as `side` may know it (None: everything)."""

    KEYS = REPORT_KEYS
    HELP_TITLE = "the after-action report"
    BINDINGS = bindings(REPORT_KEYS)
    DEFAULT_CSS = """
    ReportScreen #report-body { height: 1fr; }
    ReportScreen .report-row { height: 14; }
    ReportScreen PlotextPlot { width: 1fr; height: 14; }
    ReportScreen .report-table { width: auto; max-width: 50%; padding: 0 1; }
    ReportScreen .report-text { padding: 0 1; }
    ReportScreen #report-keys { height: 1; dock: bottom; }
    """

    def __init__(self, replay, side: str | None = None) -> None:
        super().__init__()
        self.report = build(replay, side, evaluator_for(replay.source.ruleset))

    def compose(self) -> ComposeResult:
        report = self.report
        found = {title.split(";")[0]: (title, header, rows) for title, header, rows in tables(report)}
        ids = [sid for sid, _ in report.sides]
        with VerticalScroll(id="report-body"):
            yield Static(lit("\n".join(heading(report))), classes="report-text", id="report-heading")
            charted = []
            for title, series in self.charts(ids).items():
                table = found.get(title)
                if table is None or not report.rows:
                    continue
                charted.append(title)
                with Horizontal(classes="report-row"):
                    plot = PlotextPlot(id=f"chart-{len(charted)}")
                    plot.plt.title(title.split(" (")[0])
                    turns = [r.turn for r in report.rows]
                    for label, values in series:
                        plot.plt.plot(turns, values, label=label, marker="braille")
                    plot.plt.xticks(turns, [str(t) for t in turns])
                    plot.plt.xlabel("turn")
                    yield plot
                    yield Static(lit("\n".join(plain_table(table))), classes="report-table")
            for title, header, rows in found.values():
                if title.split(";")[0] not in charted:
                    yield Static(lit("\n" + "\n".join(plain_table((title, header, rows)))), classes="report-text")
        yield Static("up/down scroll   ? help   q back", id="report-keys")

    def charts(self, ids: list[str]) -> dict[str, list[tuple[str, list[float]]]]:
        """The series of each chart, by its table's title."""
        rows, names = self.report.rows, dict(self.report.sides)
        out = {"Strength by turn": [(names[s], [r.sides[s].strength for r in rows]) for s in ids]}
        if rows and all(r.sides[s].score is not None for r in rows for s in ids):
            title = "Who was ahead (the computer's evaluation)"
            if len(ids) == 2:
                out[title] = [(f"{names[ids[0]]} ahead (+)", [lead(r, ids) or 0.0 for r in rows])]
            else:
                out[title] = [(names[s], [r.sides[s].score for r in rows]) for s in ids]
        return out

    def action_scroll(self, by: int) -> None:
        body = self.query_one("#report-body", VerticalScroll)
        body.scroll_relative(y=by * 3, animate=False, immediate=True)

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_leave(self) -> None:
        self.app.pop_screen()
