"""Who plays each side of a loaded game: a person at this keyboard or the computer."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static
from tui.widgets.lists import SafeSelect

from tui.widgets.text import lit

PERSON, COMPUTER = "person", "computer"
PLAYERS = [("a person", PERSON), ("the computer", COMPUTER)]
"""Who may play a side: the same two choices on the new-game form and after loading a game."""


class PlayersDialog(ModalScreen[list[str] | None]):
    """One choice per side; ctrl+g or the button opens the game (the computer's sides returned), Esc cancels."""

    BINDINGS = [
        Binding("ctrl+g", "open", "Open", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
    ]

    def __init__(self, sides: list[tuple[str, str]], computers=()) -> None:
        super().__init__()
        self.sides = sides
        """(id, name) of every side, in the scenario's order."""
        self.computers = set(computers)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("Who plays each side", classes="dialog-title")
            for n, (sid, name) in enumerate(self.sides):
                with Horizontal(classes="row side-row"):
                    yield Label(lit(name or sid), classes="field-label")
                    yield SafeSelect(PLAYERS, value=COMPUTER if sid in self.computers else PERSON, allow_blank=False,
                                 classes="who", id=f"who-{n}")
            yield Button("Open the game", id="open", variant="primary")
            yield Static("ctrl+g: open    Tab: next field    Esc: cancel", classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one("#open", Button).focus()

    def chosen(self) -> list[str]:
        return [sid for n, (sid, _) in enumerate(self.sides) if self.query_one(f"#who-{n}", Select).value == COMPUTER]

    @on(Button.Pressed, "#open")
    def pressed(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
