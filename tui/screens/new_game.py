"""New game: rule set, scenario, who plays each side, the seed, and the rule set's options."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from rules.dice import new_seed
from rules import registry
from tui.dialogs import files
from tui.dialogs.players import COMPUTER, PERSON, PLAYERS
from tui.keys import NEW_GAME_KEYS, bindings
from tui.widgets.lists import SafeSelect
from tui.widgets.text import clean, lit
from tui.widgets.tick import Tick

LEVEL_CHOICES = [("easy (overlooks options)", "easy"), ("normal", "normal"), ("hard (searches most, slower)", "hard")]
"""The computer's levels (rules/ai/levels.py: LEVELS), for every side it plays."""
ScenarioSource = Callable[[str], list[files.ScenarioEntry]]
SetupLoader = Callable[[files.ScenarioEntry], object]
BalanceSource = Callable[[str, str], str]


def measured_balance(ruleset: str, scenario: str) -> str:
    """The scenario's measured balance (saves/scenarios/balance.toml), "" when never measured."""
    try:
        from saves.balance_record import balance_line
    except ImportError:
        return ""
    return balance_line(ruleset, scenario)


class NewGameScreen(Screen[None]):
    """The new-game form; ctrl+g or the Start button starts the game."""

    KEYS = NEW_GAME_KEYS
    HELP_TITLE = "a new game"
    BINDINGS = bindings(NEW_GAME_KEYS)

    def __init__(
        self,
        ruleset: str | None = None,
        scenario: str | None = None,
        seed: int | None = None,
        scenario_source: ScenarioSource = files.scenarios,
        loader: SetupLoader = files.load_scenario,
        balance: BalanceSource = measured_balance,
    ) -> None:
        super().__init__()
        self.entries = registry.entries()
        ids = [e.id for e in self.entries]
        self.ruleset_id = ruleset if ruleset in ids else (ids[0] if ids else None)
        self.scenario_name = scenario
        self.seed = seed
        """A seed given to replay a game; None: a fresh secret one (rules.dice.new_seed) when it starts."""
        self.scenario_source = scenario_source
        self.loader = loader
        self.balance = balance
        self.scenarios: list[files.ScenarioEntry] = []
        self.setup = None
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Static(" New game   (ctrl+g: start   Esc: back   Tab: next field)", classes="screen-title")
        with VerticalScroll(id="new-game-form"):
            with Horizontal(classes="row"):
                yield Label("Rule set", classes="field-label")
                yield SafeSelect(
                    [(lit(e.name), e.id) for e in self.entries],
                    value=self.ruleset_id if self.ruleset_id else Select.BLANK,
                    allow_blank=False if self.entries else True,
                    id="ruleset",
                )
            with Horizontal(classes="row"):
                yield Label("Scenario", classes="field-label")
                yield SafeSelect([], id="scenario", prompt="(no scenarios)")
            yield Static("", id="scenario-about")
            yield Static("Who plays each side", classes="section")
            yield VerticalScroll(id="sides")
            with Horizontal(classes="row"):
                yield Label("Computer level", classes="field-label")
                yield SafeSelect(LEVEL_CHOICES, value="normal", allow_blank=False, id="level")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field-label")
                yield Input("" if self.seed is None else str(self.seed), id="seed", type="integer", max_length=12,
                            placeholder="secret (a number replays a game)")
            yield Static("Optional rules", classes="section")
            yield VerticalScroll(id="options")
            with Horizontal(classes="row switch-row"):
                yield Tick("Pass-the-keyboard screen between sides (off for solo play)", True, id="hide")
            yield Static("", id="form-error")
            yield Button("Start the game", id="start", variant="primary")

    async def on_mount(self) -> None:
        await self.fill_for_ruleset()
        self.query_one("#ruleset").focus()

    @on(Select.Changed, "#ruleset")
    async def ruleset_changed(self, event: Select.Changed) -> None:
        if event.value != self.ruleset_id and event.value is not Select.BLANK:
            self.ruleset_id = str(event.value)
            self.scenario_name = None
            await self.fill_for_ruleset()

    @on(Select.Changed, "#scenario")
    async def scenario_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK and event.value != self.scenario_name:
            self.scenario_name = str(event.value)
            await self.fill_for_scenario()

    async def fill_for_ruleset(self) -> None:
        """Scenarios and options of the chosen rule set."""
        options_box = self.query_one("#options", VerticalScroll)
        await options_box.remove_children()
        select = self.query_one("#scenario", Select)
        if self.ruleset_id is None:
            self.show_error("No rule set is installed.")
            return
        try:
            ruleset = registry.get(self.ruleset_id)
        except Exception as exc:
            self.show_error(f"The rule set {self.ruleset_id} cannot be loaded: {exc}")
            return
        self.scenarios = self.scenario_source(self.ruleset_id)
        names = [s.name for s in self.scenarios]
        if self.scenario_name not in names:
            self.scenario_name = names[0] if names else None
        with select.prevent(Select.Changed):
            select.set_choices([(lit(s.title or s.name), s.name) for s in self.scenarios])
            if self.scenario_name:
                select.value = self.scenario_name
        self._generation += 1
        gen = self._generation
        rows = []
        for spec in ruleset.options:
            wid = f"opt-{gen}-{spec.id}"
            if isinstance(spec.default, bool):
                # The help on its own lines under the box: it wraps instead of being cut at 80 columns.
                rows.append(Horizontal(Tick(lit(spec.label), bool(spec.default), id=wid), classes="row switch-row"))
                if spec.help:
                    rows.append(Static(lit(spec.help), classes="option-help"))
            elif spec.choices:
                rows.append(Horizontal(
                    Label(lit(spec.label), classes="field-label"),
                    SafeSelect([(lit(c), c) for c in spec.choices], value=str(spec.default), allow_blank=False, id=wid),
                    classes="row",
                ))
            else:
                rows.append(Horizontal(
                    Label(lit(spec.label), classes="field-label"),
                    Input(str(spec.default), id=wid, type="integer" if isinstance(spec.default, int) else "text"),
                    classes="row",
                ))
        if not rows:
            rows.append(Static("(this rule set has no optional rules)", classes="dim"))
        await options_box.mount_all(rows)
        await self.fill_for_scenario()

    async def fill_for_scenario(self) -> None:
        """Sides and description of the chosen scenario; its option defaults."""
        sides_box = self.query_one("#sides", VerticalScroll)
        await sides_box.remove_children()
        about = self.query_one("#scenario-about", Static)
        self.setup = None
        entry = next((s for s in self.scenarios if s.name == self.scenario_name), None)
        if entry is None:
            about.update(lit("No bundled scenario for this rule set yet."))
            return
        try:
            self.setup = self.loader(entry)
        except Exception as exc:
            about.update(lit(f"This scenario cannot be read: {exc}"))
            return
        self.show_error("")
        text = self.setup.description or entry.description or ""
        # Reflow the file's line breaks; keep its paragraphs.
        about_text = lit("\n".join(" ".join(p.split()) for p in text.split("\n\n")))
        measured = self.balance(entry.ruleset, entry.name)
        if measured:
            about_text = Text.assemble(lit(f"Balance: {measured}", "italic"), "\n", about_text)
        about.update(about_text)
        rows = []
        from tui.flow_armies import army_select

        for n, side in enumerate(self.setup.sides):
            rows.append(Horizontal(
                Label(lit(side.name or side.id), classes="field-label"),
                SafeSelect(PLAYERS, value=PERSON, allow_blank=False, classes="who", id=f"who-{self._generation}-{n}"),
                *army_select(self, entry, side.id, n),  # a side that may take an army file (saves/army_sides.py)
                classes="row side-row",
            ))
        await sides_box.mount_all(rows)
        ruleset = registry.get(self.ruleset_id)
        for spec in ruleset.options:
            if spec.id in self.setup.options:
                self.set_option(spec, self.setup.options[spec.id])

    def set_option(self, spec, value) -> None:
        try:
            widget = self.query_one(f"#opt-{self._generation}-{spec.id}")
        except Exception:
            return
        if isinstance(widget, Tick):
            widget.value = bool(value)
        elif isinstance(widget, Select):
            widget.value = str(value)
        elif isinstance(widget, Input):
            widget.value = str(value)

    def chosen_options(self) -> dict[str, bool | int | str]:
        ruleset = registry.get(self.ruleset_id)
        out: dict[str, bool | int | str] = {}
        for spec in ruleset.options:
            widget = self.query_one(f"#opt-{self._generation}-{spec.id}")
            if isinstance(widget, Tick):
                out[spec.id] = widget.value
            elif isinstance(widget, Select):
                out[spec.id] = str(widget.value)
            elif isinstance(widget, Input):
                raw = widget.value.strip()
                if isinstance(spec.default, int):
                    try:
                        out[spec.id] = int(raw)
                    except ValueError:
                        raise ValueError(f"{spec.label}: a whole number is expected, not {raw!r}") from None
                else:
                    out[spec.id] = raw
        return out

    def chosen_computers(self) -> dict[str, str]:
        """The sides the computer plays (chosen under "Who plays each side"), each with the chosen level."""
        level = str(self.query_one("#level", Select).value)
        out = {}
        for n, side in enumerate(self.setup.sides if self.setup is not None else []):
            try:
                widget = self.query_one(f"#who-{self._generation}-{n}", Select)
            except Exception:
                continue
            if widget.value == COMPUTER:
                out[side.id] = level
        return out

    def show_error(self, text: str) -> None:
        self.query_one("#form-error", Static).update(lit(text, "bold red"))

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        if self.setup is None:
            self.show_error("Choose a scenario first.")
            return
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw else new_seed()
        except ValueError:
            self.show_error(f"The seed must be a whole number, not {clean(raw)!r}.")
            return
        try:
            options = self.chosen_options()
        except ValueError as exc:
            self.show_error(str(exc))
            return
        hide = self.query_one("#hide", Tick).value
        from rules.service import GameService
        from tui.flow_armies import chosen_armies

        try:
            setup = chosen_armies(self, self.setup)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        try:
            service = GameService.new(setup, seed, options, store=self.app.autosave_store())
        except Exception as exc:
            self.app.show_error("The game cannot start", str(exc))
            return
        if raw:  # a seed typed to replay a game replays the computer's choices too
            service.computer_seed = seed
        self.app.start_game(service, hide=hide, replace=True, computers=self.chosen_computers())

    def action_back(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.show_help(self)
