"""The game master's quick resolver: pick a procedure, fill its inputs, see the odds, roll.

No map and no game: the procedures and their exact odds come from the rule
sets (rules/resolver.py), the same code a game uses. The odds follow every
change of an input; ctrl+r rolls once with fresh dice and logs the dice, the
rule and the result; ctrl+s saves the session log as text.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, RichLog, Static
from tui.widgets.lists import SafeOptionList
from textual.widgets.option_list import Option

from rules import registry
from rules.dice import SeededDice
from rules.resolver import Procedure, preview_lines, procedures
from tui.widgets.text import lit


def catalogue() -> list[tuple[str, Procedure]]:
    """(rule set id, procedure) for every procedure of every rule set, in a stable order."""
    return [(e.id, p) for e in registry.entries() for p in procedures(e.id).values()]


class ResolverScreen(Screen[None]):
    """Resolve any procedure of any rule set without a map."""

    HELP_TITLE = "the quick resolver"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll"),
        Binding("ctrl+s", "save_log", "Save the log"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries = catalogue()
        self.current: tuple[str, Procedure] | None = None
        self.values: dict | None = None
        self.lines: list[str] = []
        """The session log, as text (ctrl+s)."""
        self.rng = random.SystemRandom()

    def compose(self) -> ComposeResult:
        yield Static(" Quick resolver   (Enter: pick   ctrl+r: roll   ctrl+s: save the log   Esc: back)",
                     classes="screen-title")
        with Horizontal(id="resolver"):
            yield SafeOptionList(*[Option(f"{rid} {p.id}: {p.title}", id=f"{rid}:{p.id}") for rid, p in self.entries],
                             id="procedures")
            with Vertical(id="resolver-form"):
                yield VerticalScroll(id="inputs")
                yield Static("", id="odds")
        yield RichLog(markup=False, highlight=False, wrap=True, id="resolver-log")

    def on_mount(self) -> None:
        self.query_one("#procedures", OptionList).focus()

    @on(OptionList.OptionSelected, "#procedures")
    async def pick(self, event: OptionList.OptionSelected) -> None:
        rid, pid = str(event.option.id).split(":", 1)
        proc = procedures(rid)[pid]
        self.current = (rid, proc)
        box = self.query_one("#inputs", VerticalScroll)
        await box.remove_children()
        widgets = []
        for i in proc.inputs:
            widgets.append(Label(lit(f"{i.name}: {i.label}")))
            default = ("yes" if i.default else "no") if isinstance(i.default, bool) else str(i.default)
            widgets.append(Input(default, id=f"in-{i.name}", compact=True))
        await box.mount_all(widgets)
        self.refresh_odds()

    @on(Input.Changed)
    def changed(self, _: Input.Changed) -> None:
        self.refresh_odds()

    @on(Input.Submitted)
    def next_field(self, _: Input.Submitted) -> None:
        self.focus_next()

    def refresh_odds(self) -> None:
        odds = self.query_one("#odds", Static)
        if self.current is None:
            return
        rid, proc = self.current
        given = {i.name: self.query_one(f"#in-{i.name}", Input).value for i in proc.inputs}
        try:
            self.values = proc.values(given)
            text = "\n".join(preview_lines(proc.odds(self.values)))
        except ValueError as exc:
            self.values = None
            odds.update(lit(f"{exc}", "bold"))
            return
        odds.update(lit(f"{rid} {proc.title} [{proc.rule}]\n{text}"))

    def action_roll(self) -> None:
        if self.current is None or self.values is None:
            self.notify("Pick a procedure and fill its inputs first.", severity="warning")
            return
        rid, proc = self.current
        seed = self.rng.randrange(1, 1_000_000)
        dice = SeededDice(seed, 0)
        results = proc.roll(self.values, dice)
        log = self.query_one("#resolver-log", RichLog)
        head = f"{rid} {proc.title} ({', '.join(f'{k}={v}' for k, v in self.values.items())}) [{proc.rule}]"
        out = [head] + [f"  {r.side + ': ' if r.side else ''}{r.text()}" for r in dice.records] + [f"  => {x}" for x in results]
        self.lines += out
        for line in out:
            log.write(Text(line))

    def action_save_log(self) -> None:
        from saves.store import saves_dir

        if not self.lines:
            self.notify("Nothing rolled yet.", severity="warning")
            return
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = Path(folder) / f"resolver-{self.rng.randrange(10**6):06d}.txt"
        path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")
        self.notify(f"The log is saved to {path}")

    def action_back(self) -> None:
        self.app.pop_screen()
