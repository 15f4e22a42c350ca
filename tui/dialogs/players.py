"""Who plays each side of a loaded game: a person at this keyboard or the computer."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static
import rules.levels
from tui.widgets.lists import SafeSelect

from tui.widgets.text import lit

PERSON, COMPUTER = "person", "computer"
PLAYERS = [("a person", PERSON), ("the computer", COMPUTER)]
"""Who may play a side: the same two choices on the new-game form and after loading a game."""
LEVELS = [(level, level) for level in rules.levels.LEVELS]
"""The computer's levels (rules/levels.py), chosen beside each side the computer plays."""


class PlayersDialog(ModalScreen[dict[str, str] | None]):
    """One choice per side (and the computer's level); ctrl+g or the button opens the game (the computer's
    sides returned, side -> level), Esc cancels."""

    DEFAULT_CSS = """
    PlayersDialog .side-row { height: auto; }
    PlayersDialog .field-label { width: 1fr; padding: 1 1 0 0; }
    PlayersDialog .who { width: 20; }
    PlayersDialog .level { width: 14; }
    PlayersDialog SelectCurrent Static#label { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS = [
        Binding("ctrl+g", "open", "Open", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
    ]
    AUTO_FOCUS = "#open"  # a query after compose: safe if the dialog closes while opening

    def __init__(self, sides: list[tuple[str, str]], computers=()) -> None:
        super().__init__()
        self.sides = sides
        """(id, name) of every side, in the scenario's order."""
        self.levels = dict(computers) if isinstance(computers, dict) else dict.fromkeys(computers, "normal")
        """Side -> level of the sides the computer plays now (marked)."""
        self.computers = set(self.levels)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("Who plays each side (and the computer's level)", classes="dialog-title")
            for n, (sid, name) in enumerate(self.sides):
                with Horizontal(classes="row side-row"):
                    yield Label(lit(name or sid), classes="field-label")
                    yield SafeSelect(PLAYERS, value=COMPUTER if sid in self.computers else PERSON, allow_blank=False,
                                 classes="who", id=f"who-{n}")
                    yield SafeSelect(LEVELS, value=self.levels.get(sid, "normal"), allow_blank=False,
                                     classes="level", id=f"level-{n}", disabled=sid not in self.computers)
            yield Button("Open the game", id="open", variant="primary")
            yield Static("ctrl+g: open    Tab: next field    Esc: cancel", classes="dialog-keys")

    def chosen(self) -> dict[str, str]:
        return {sid: str(self.query_one(f"#level-{n}", Select).value) for n, (sid, _) in enumerate(self.sides)
                if self.query_one(f"#who-{n}", Select).value == COMPUTER}

    @on(Select.Changed, ".who")
    def who_changed(self, event: Select.Changed) -> None:
        """A level is chosen only for a side the computer plays."""
        n = (event.select.id or "").removeprefix("who-")
        for level in self.query(f"#level-{n}").results(Select):
            level.disabled = event.value != COMPUTER

    @on(Button.Pressed, "#open")
    def pressed(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
