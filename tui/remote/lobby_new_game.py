"""The lobby's new game (`n`): rule set, scenario, a name, and a side the host's computer plays, if any.

The computer's side and level are those of `hexwar serve --new RULESET --ai SIDE[:LEVEL]`: recorded in
the game's file (`[game.players]`), played by the host (tui/remote/host_computers.py).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from rules import registry
from rules.dice import new_seed
from rules.levels import DEFAULT, LEVELS
from saves.errors import SaveError
from tui.remote.host import Host
from tui.widgets.lists import SafeSelect

NOBODY = "-"
"""The computer choice meaning every side is a person's."""


class NewHostedGame(ModalScreen[str | None]):
    """A new game on the host: rule set and scenario (and a name, or one is made), and who the computer plays."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host

    def compose(self) -> ComposeResult:
        entries = registry.entries()
        with Vertical(id="lobby-dialog"):
            yield Static("A new game on this host", classes="screen-title")
            with Horizontal(classes="row"):
                yield Label("Rule set", classes="field-label")
                yield SafeSelect([(e.name, e.id) for e in entries], value=entries[0].id, allow_blank=False, id="ruleset")
            with Horizontal(classes="row"):
                yield Label("Scenario", classes="field-label")
                yield SafeSelect([], id="scenario", prompt="(no scenarios)")
            with Horizontal(classes="row"):
                yield Label("Computer plays", classes="field-label")
                yield SafeSelect([("nobody: people only", NOBODY)], value=NOBODY, allow_blank=False, id="computer")
            with Horizontal(classes="row"):
                yield Label("Its level", classes="field-label")
                yield SafeSelect([(level, level) for level in LEVELS], value=DEFAULT, allow_blank=False, id="level")
            with Horizontal(classes="row"):
                yield Label("Name", classes="field-label")
                yield Input(placeholder="(made up if left empty)", max_length=40, id="name")
            yield Static("", id="dialog-message")
            with Horizontal(classes="row"):
                yield Button("Create", id="create", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.fill(str(self.query_one("#ruleset", Select).value))
        self.query_one("#ruleset").focus()

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK:
            self.fill(str(event.value))

    @on(Select.Changed, "#scenario")
    def scenario_changed(self, event: Select.Changed) -> None:
        self.fill_sides()

    def fill(self, ruleset: str) -> None:
        from saves.scenarios import default_scenario, list_scenarios

        found = [s for s in list_scenarios(ruleset) if not s.error]
        select = self.query_one("#scenario", Select)
        select.set_choices([(s.title or s.name, s.name) for s in found])
        if found:
            select.value = default_scenario(ruleset).name
        self.fill_sides()

    def fill_sides(self) -> None:
        """The computer's choices: nobody, or one of the chosen scenario's sides."""
        from saves.scenarios import load_scenario

        ruleset, scenario = self.query_one("#ruleset", Select).value, self.query_one("#scenario", Select).value
        sides: list[tuple[str, str]] = []
        if scenario is not Select.BLANK and ruleset is not Select.BLANK:
            try:
                sides = [(s.name or s.id, s.id) for s in load_scenario(str(scenario), str(ruleset)).sides]
            except (SaveError, ValueError):
                sides = []
        computer = self.query_one("#computer", Select)
        computer.set_choices([("nobody: people only", NOBODY), *sides])
        computer.value = NOBODY

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#create")
    @on(Input.Submitted, "#name")
    def create(self) -> None:
        from rules.service import GameService
        from saves import players
        from saves.scenarios import load_scenario

        ruleset = self.query_one("#ruleset", Select).value
        scenario = self.query_one("#scenario", Select).value
        computer = self.query_one("#computer", Select).value
        level = self.query_one("#level", Select).value
        name = self.query_one("#name", Input).value.strip() or None
        message = self.query_one("#dialog-message", Static)
        if scenario is Select.BLANK:
            message.update("Choose a scenario.")
            return
        try:
            service = GameService.new(load_scenario(str(scenario), str(ruleset)), new_seed())
            if computer not in (NOBODY, Select.BLANK):
                players.record(service, {str(computer): str(level)})
            game = self.host.add_game(service, name)
        except (ValueError, SaveError) as exc:
            message.update(str(exc))
            return
        self.dismiss(game.name)
