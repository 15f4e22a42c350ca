"""The game master's quick resolver: pick a procedure, fill its inputs, see the odds, roll.

No map and no game: the procedures and their exact odds come from the rule
sets (rules/resolver.py), the same code a game uses. A few typed letters find
a procedure ("dh fi": DHR fire) and Enter picks it with the text's defaults, its
odds shown at once; the odds follow every change of an input; Enter in a field
(or ctrl+r anywhere) rolls once with fresh dice and logs the dice, the rule and
the result; Escape goes back to the find box, and from there to the title; ctrl+s
saves the session log as text.
"""

from __future__ import annotations

import random
from datetime import datetime
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
from tui.resolver_find import find
from tui.widgets.text import lit

HINT = (" Quick resolver: type to find a procedure, Enter picks it (its odds at once)\n"
        " Enter in a field or ctrl+r: roll   ctrl+s: save the log   Esc: find, then out")
"""The keys, in two lines that fit 80 columns (one line was cut there)."""

EMPTY_LOG = "Each roll is written here, with its dice; ctrl+s saves this session's rolls as a text file."


def log_path(folder: Path, now: datetime | None = None) -> Path:
    """A new file for a session's log, named by the time; never one that exists (a save must lose nothing)."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    path = Path(folder) / f"resolver-{stamp}.txt"
    n = 1
    while path.exists():
        n += 1
        path = Path(folder) / f"resolver-{stamp}-{n}.txt"
    return path


def catalogue() -> list[tuple[str, Procedure]]:
    """(rule set id, procedure) for every procedure of every rule set, in a stable order."""
    return [(e.id, p) for e in registry.entries() for p in procedures(e.id).values()]


class FindInput(Input):
    """The find box: typing narrows the list, up and down move its highlight, Enter picks."""

    BINDINGS = [
        Binding("down", "screen.move(1)", "Next match", show=False),
        Binding("up", "screen.move(-1)", "Previous match", show=False),
    ]


class ResolverScreen(Screen[None]):
    """Resolve any procedure of any rule set without a map."""

    HELP_TITLE = "the quick resolver"
    DEFAULT_CSS = """
    ResolverScreen #find { height: 1; }
    ResolverScreen #resolver { height: 1fr; }
    ResolverScreen #procedures { width: 32%; height: 1fr; }
    ResolverScreen #resolver-form { width: 1fr; height: 1fr; }
    ResolverScreen #inputs { height: 1fr; }
    ResolverScreen .field { height: 1; }
    ResolverScreen .field Input { width: 10; margin-right: 1; }
    ResolverScreen .field Label { width: 1fr; height: 1; }
    ResolverScreen #odds { height: 1fr; overflow-y: auto; }
    ResolverScreen #resolver-log { height: 6; }
    """
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
        hint = Static(HINT, classes="screen-title", id="resolver-hint")
        hint.styles.height = "auto"  # two lines: the app's .screen-title is one high, and its CSS outranks ours
        yield hint
        yield FindInput(placeholder="find: a rule set and a procedure, e.g. dh fi, q a, hu po", id="find",
                        compact=True)
        with Horizontal(id="resolver"):
            yield SafeOptionList(*self._options(range(len(self.entries))), id="procedures")
            with Vertical(id="resolver-form"):
                yield VerticalScroll(id="inputs")
                yield Static("", id="odds")
        yield RichLog(markup=False, highlight=False, wrap=True, id="resolver-log")

    def _options(self, indexes) -> list[Option]:
        return [Option(f"{rid} {p.id}: {p.title}", id=f"{rid}:{p.id}") for rid, p in (self.entries[i] for i in indexes)]

    def on_mount(self) -> None:
        self.query_one("#procedures", OptionList).highlighted = 0
        self.query_one("#find", Input).focus()
        # Until the first roll the log's rows would be blank: say what comes there (not part of the saved log).
        self.query_one("#resolver-log", RichLog).write(Text(EMPTY_LOG, style="dim"))

    @on(Input.Changed, "#find")
    def narrow(self, event: Input.Changed) -> None:
        event.stop()
        names = {e.id: e.name for e in registry.entries()}
        found = find([(rid, names.get(rid, rid), p) for rid, p in self.entries], event.value)
        listed = self.query_one("#procedures", OptionList)
        listed.clear_options()
        listed.add_options(self._options(found))
        listed.highlighted = 0 if found else None

    def action_move(self, step: int) -> None:
        listed = self.query_one("#procedures", OptionList)
        if step > 0:
            listed.action_cursor_down()
        else:
            listed.action_cursor_up()

    @on(Input.Submitted, "#find")
    async def pick_found(self, event: Input.Submitted) -> None:
        event.stop()
        listed = self.query_one("#procedures", OptionList)
        if listed.highlighted is None:
            self.notify("No procedure matches; try fewer letters.", severity="warning")
            return
        await self.open(str(listed.get_option_at_index(listed.highlighted).id))

    @on(OptionList.OptionSelected, "#procedures")
    async def pick(self, event: OptionList.OptionSelected) -> None:
        await self.open(str(event.option.id))

    async def open(self, key: str) -> None:
        """Show the procedure `key` ("ruleset:procedure") with its defaults and odds; focus its first field."""
        rid, pid = key.split(":", 1)
        proc = procedures(rid)[pid]
        self.current = (rid, proc)
        box = self.query_one("#inputs", VerticalScroll)
        await box.remove_children()
        widgets = []
        for i in proc.inputs:
            default = ("yes" if i.default else "no") if isinstance(i.default, bool) else str(i.default)
            widgets.append(Horizontal(Input(default, id=f"in-{i.name}", compact=True),
                                      Label(lit(f"{i.name}: {i.label}")), classes="field"))
        await box.mount_all(widgets)
        self.refresh_odds()
        fields = box.query(Input)
        if fields:
            fields.first().focus()

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        if event.input.id != "find":
            self.refresh_odds()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in a field rolls (Tab moves between fields): the odds are already on screen."""
        if event.input.id != "find":
            self.action_roll()

    def refresh_odds(self) -> None:
        odds = self.query_one("#odds", Static)
        if self.current is None:
            return
        rid, proc = self.current
        given = {i.name: self.query_one(f"#in-{i.name}", Input).value for i in proc.inputs}
        try:
            self.values = proc.values(given)
            text = "\n".join(preview_lines(proc.odds(self.values), rid))
        except ValueError as exc:
            self.values = None
            odds.update(lit(f"{exc}", "bold"))
            return
        odds.update(lit(f"{rid} {proc.title} [{proc.rule}]\n{text}"))

    def action_roll(self) -> None:
        if self.current is None:
            self.notify("Pick a procedure first: type a few letters of it, then Enter.", severity="warning")
            return
        if self.values is None:
            self.notify("An input is not valid yet: the odds panel says which.", severity="warning")
            return
        rid, proc = self.current
        seed = self.rng.randrange(1, 1_000_000)
        dice = SeededDice(seed, 0)
        results = proc.roll(self.values, dice)
        log = self.query_one("#resolver-log", RichLog)
        if not self.lines:
            log.clear()  # the hint
        head = f"{rid} {proc.title} ({', '.join(f'{k}={v}' for k, v in self.values.items())}) [{proc.rule}]"
        out = [head] + [f"  {r.side + ': ' if r.side else ''}{r.text()}" for r in dice.records] + [f"  => {x}" for x in results]
        self.lines += out
        for line in out:
            log.write(Text(line))

    def action_save_log(self) -> None:
        from saves.files import SaveError, write_atomic
        from saves.store import saves_dir

        if not self.lines:
            self.notify("Nothing rolled yet.", severity="warning")
            return
        try:
            path = write_atomic(log_path(saves_dir()), ("\n".join(self.lines) + "\n").encode(), backup=False)
        except SaveError as exc:
            self.notify(f"The log is not saved: {exc}", severity="error")
            return
        self.notify(f"The log is saved to {path}")

    def action_back(self) -> None:
        """Escape in a field goes back to the find box (the next procedure); in the find box, to the title."""
        find_box = self.query_one("#find", Input)
        if self.focused is not find_box:
            find_box.focus()
            find_box.select_all()
            return
        self.app.pop_screen()
