"""The army builder: units from a list or a design, counts, the running total against a points limit, save, load.

One screen for every rule set with army costing (rules/armycost.py): A Hundred
Wars' units come from its bundled lists, Dirtside's from its bundled forces and
from the vehicle design screen (d). The total is always shown; a unit that
would pass the limit is refused with the reason, and so is saving an army over
it. Reached from the title (a) and by `hexwar army RULESET FILE --edit`.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from rules import registry
from rules.armycost import costing
from saves.armies import (Army, CostedEntry, add_entry, army_lines, catalogue, empty_army, list_armies, load_army,
                          refusal, save_army, set_count)
from saves.errors import SaveError
from tui.widgets.text import lit

KEYS = ("Enter/+: add one   -: one fewer   x: remove   d: design a vehicle   "
        "ctrl+s: save   ctrl+o: load   Tab: next field   Esc: back")


def default_path(ruleset: str) -> Path:
    from saves.store import saves_dir

    return saves_dir() / "armies" / f"{ruleset}-army.toml"


class ArmyBuilderScreen(Screen[None]):
    """Build an army of one rule set within a points limit."""

    HELP_TITLE = "the army builder"
    DEFAULT_CSS = """
    #builder-fields { height: 1; }
    #builder-fields Label { width: auto; }
    #builder-fields Input { width: 36; }
    #builder { height: 1fr; }
    #builder Vertical { width: 1fr; }
    #builder OptionList { height: 1fr; }
    #total { text-style: bold; }
    """
    BINDINGS = [
        Binding("plus", "count(1)", "One more", show=False),
        Binding("minus", "count(-1)", "One fewer", show=False),
        Binding("x,delete", "remove", "Remove", show=False),
        Binding("d", "design", "Design a vehicle", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("ctrl+o", "load", "Load", show=False),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(self, ruleset: str, file: str | Path | None = None, limit: int | None = None) -> None:
        super().__init__()
        self.ruleset = registry.resolve(ruleset)
        self.design = costing(self.ruleset).DESIGN
        self.units: list[CostedEntry] = catalogue(self.ruleset)
        self.path = Path(file) if file else default_path(self.ruleset)
        self.army: Army = empty_army(self.ruleset, self.path.stem)
        self.limit = limit
        self.message = ""
        if file and self.path.exists():
            self._load(self.path)
        elif file and str(file) in list_armies(self.ruleset):  # a bundled list: start from it, save as yours
            self._load(str(file))
            self.path = default_path(self.ruleset).with_name(f"{file}.toml")

    def compose(self) -> ComposeResult:
        name = registry.entries()[[e.id for e in registry.entries()].index(self.ruleset)].name
        yield Static(lit(f" Army builder: {name}"), classes="screen-title")
        with Horizontal(id="builder-fields"):
            yield Label("Points limit ")
            yield Input("" if self.limit is None else str(self.limit), placeholder="none, a number or a scenario",
                        id="limit", compact=True)
            yield Label("  File ")
            yield Input(str(self.path), id="file", compact=True)
        with Horizontal(id="builder"):
            with Vertical():
                yield Static("Units to add (Enter or +)")
                yield OptionList(*[Option(lit(f"{e.entry.name}  {e.each} pts"), id=str(i))
                                   for i, e in enumerate(self.units)], id="catalogue")
            with Vertical():
                yield Static("The army (+ - x)")
                yield OptionList(id="army")
        yield Static("", id="total")
        yield Static("", id="message")
        yield Static(KEYS, classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one("#catalogue", OptionList).focus()
        self.show()

    # --- what is shown ----------------------------------------------------------

    def show(self, message: str | None = None) -> None:
        if message is not None:
            self.message = message
        rows = self.query_one("#army", OptionList)
        at = rows.highlighted
        rows.clear_options()
        rows.add_options([Option(lit(line), id=e.entry.name) for line, e in zip(army_lines(self.army), self.army.entries)])
        if self.army.entries:
            rows.highlighted = min(at or 0, len(self.army.entries) - 1)
        self.query_one("#total", Static).update(lit(self.total_line(), "bold"))
        self.query_one("#message", Static).update(lit(self.message))

    def total_line(self) -> str:
        cap = f" of {self.limit}" if self.limit is not None else " (no limit)"
        why = refusal(self.army, self.limit)
        return f"Total: {self.army.total} points{cap}" + (f"   NOT legal: {why}" if why else "   legal")

    # --- fields -------------------------------------------------------------------

    @on(Input.Changed, "#limit")
    def limit_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        if not text or text == "none":
            self.limit = None
        elif text.isdigit():
            self.limit = int(text)
        else:
            from saves.army_sides import scenario_limit

            found = scenario_limit(self.ruleset, text)  # None for a name no file can have, too
            if found is None:
                self.show(f"{text!r} is neither a number of points nor a scenario of {self.ruleset} with a points limit")
                return
            self.limit = found
        self.show("")

    @on(Input.Changed, "#file")
    def file_changed(self, event: Input.Changed) -> None:
        self.path = Path(event.value.strip() or default_path(self.ruleset))

    @on(Input.Submitted)
    def next_field(self, _: Input.Submitted) -> None:
        self.focus_next()

    # --- units --------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#catalogue")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.add(self.units[int(event.option.id)])

    def add(self, unit: CostedEntry, count: int = 1) -> None:
        try:
            self.army = add_entry(self.army, unit, count, self.limit)
        except SaveError as exc:
            self.show(f"Refused: {exc}")
            return
        self.show(f"Added {unit.entry.name} ({unit.each} points).")

    def _army_row(self) -> CostedEntry | None:
        rows = self.query_one("#army", OptionList)
        if rows.highlighted is None or not self.army.entries:
            return None
        return self.army.entries[rows.highlighted]

    def action_count(self, step: int) -> None:
        if self.focused is self.query_one("#catalogue", OptionList) and step > 0:
            at = self.query_one("#catalogue", OptionList).highlighted
            if at is not None:
                self.add(self.units[at])
            return
        row = self._army_row()
        if row is None:
            self.show("The army has no unit to change: add one from the list first.")
            return
        try:
            self.army = set_count(self.army, row, row.entry.count + step, self.limit)
        except SaveError as exc:
            self.show(f"Refused: {exc}")
            return
        self.show(f"{row.entry.name}: {row.entry.count + step}.")

    def action_remove(self) -> None:
        row = self._army_row()
        if row is not None:
            self.army = set_count(self.army, row, 0)
            self.show(f"Removed {row.entry.name}.")

    def action_design(self) -> None:
        if self.design is None:
            self.show(f"{self.ruleset} builds its units from lists, not by design.")
            return
        from tui.screens.unit_design import UnitDesignScreen

        taken = {e.entry.name for e in self.army.entries} | {e.entry.name for e in self.units}
        name = next(f"Design {n}" for n in range(1, 1000) if f"Design {n}" not in taken)

        def designed(unit: CostedEntry | None) -> None:
            if unit is not None:
                self.units.append(unit)
                self.query_one("#catalogue", OptionList).add_option(
                    Option(lit(f"{unit.entry.name}  {unit.each} pts"), id=str(len(self.units) - 1)))
                self.add(unit)

        self.app.push_screen(UnitDesignScreen(self.ruleset, name), designed)

    # --- files --------------------------------------------------------------------

    def action_save(self) -> None:
        why = refusal(self.army, self.limit)
        if why:
            self.show(f"Refused: not saved, {why}.")
            return
        if not self.army.entries:
            self.show("Refused: not saved, the army has no units.")
            return
        from tui.dialogs.files import typed_path

        path, refused = typed_path(str(self.path))
        if refused:  # `hexwar web`: nothing written outside the data folder
            self.show(f"Refused: not saved, {refused[0].lower()}{refused[1:]}.")
            return

        def write(yes: bool | None = True) -> None:
            if not yes:
                self.show("Not saved.")
                return
            file = self.army.file.model_copy(update={"name": path.stem, "title": self.army.file.title or path.stem,
                                                     "limit": self.limit})
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                save_army(Army(file, self.army.entries), path)
            except (OSError, ValueError, SaveError) as exc:
                self.show(f"Not saved: {exc}")
                return
            self.show(f"Saved {path}.")

        if path.exists():
            from tui.dialogs.confirm import ConfirmDialog

            self.app.push_screen(ConfirmDialog(f"Replace {path.name}?", f"{path} exists."), write)
        else:
            write()

    def action_load(self) -> None:
        text = self.query_one("#file", Input).value.strip()
        from tui.dialogs.files import typed_path

        refused = typed_path(text)[1] if "/" in text or text.endswith(".toml") else ""
        if refused:  # `hexwar web`: nothing read outside the data folder
            self.message = f"Not loaded: {refused}"
        else:
            self._load(text)
        self.show()

    def _load(self, where: str | Path) -> None:
        try:
            army = load_army(where, self.ruleset)
        except (SaveError, OSError, ValueError) as exc:
            self.message = f"Not loaded: {exc}"
            return
        if army.file.ruleset != self.ruleset:
            self.message = f"Not loaded: {where} is a {army.file.ruleset} army, not {self.ruleset}"
            return
        self.army = army
        if self.limit is None and army.file.limit is not None:
            self.limit = army.file.limit
            if self.is_mounted:
                self.query_one("#limit", Input).value = str(army.file.limit)
        self.message = f"Loaded {army.file.title or army.file.name} ({army.total} points)."

    def action_back(self) -> None:
        self.app.pop_screen()
