"""'Pass the keyboard': hides the screen between two sides' decisions at one keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from tui.keys import PASS_KEYS, bindings
from tui.widgets.text import lit


class PassKeyboardScreen(Screen[None]):
    """A blank screen naming the side to decide next; Enter shows that side's view."""

    KEYS = PASS_KEYS
    BINDINGS = bindings(PASS_KEYS)

    def __init__(self, side_name: str, prompt: str = "", on_ready=None) -> None:
        super().__init__()
        self.side_name = side_name
        self.prompt = prompt
        self.on_ready = on_ready
        """Called before the screen goes: the screen below redraws for the new side while still
        covered, so uncovering it paints once."""

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(lit(f"Pass the keyboard to {self.side_name}"), id="pass-title")
            if self.prompt:
                yield Static(lit(self.prompt), classes="dim")
            yield Static("Press Enter when ready.  (F4 on the map turns this screen off.)", classes="dim")

    def action_ready(self) -> None:
        if self.on_ready is not None:
            self.on_ready()
            self.on_ready = None
        self.dismiss(None)
