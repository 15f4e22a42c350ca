"""hexwar for a player at a distance: one seat's game screen and nothing else of this machine.

`hexwar join` (and each SSH session, and `hexwar web --join`) runs this app.
It has no title screen, so no load or save dialog and no new game: a player
reaching it over SSH can see and do only what their seat allows. Leaving the
game screen ends the app. With no seat yet, it first asks for a join code.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from tui import app as tui_app
from tui.app import HexwarApp, exit_status, quick_escape
from tui.hangup import leave_app_on_hangup
from rules.seat import ViewSeat
from tui.remote.client import HostGone, join
from tui.remote.seating import RemoteSeating
from tui.screens.game import GameScreen

MAX_CODE = 40
CODE_TIMEOUT = 300.0
"""Seconds the code screen waits for a valid code before it ends (a browser tab left at the
prompt holds a process of the host's machine)."""


def game_screen(seat: ViewSeat) -> GameScreen:
    """The game screen of `seat`, told of every push from the host."""
    screen = GameScreen(None, seating=RemoteSeating(seat))
    seat.link.on_change = lambda: screen.post_message(GameScreen.HostPushed())
    return screen


class CodeScreen(Screen[None]):
    """Asks for a join code and joins the host's game it opens."""

    def __init__(self, socket_path: str) -> None:
        super().__init__()
        self.socket_path = socket_path

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static("hexwar: join a game", classes="screen-title")
            yield Static("Enter the join code the host gave you, then Enter. (ctrl+q leaves)")
            yield Input(placeholder="xxxx-xxxx-xxxx-xxxx", max_length=MAX_CODE, id="code")
            yield Static("", id="code-message")

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()
        self.set_timer(CODE_TIMEOUT, self.give_up)

    def give_up(self) -> None:
        if self.app.seat is None:
            self.app.exit(message="No join code was entered in time: goodbye.")

    @on(Input.Submitted, "#code")
    def join(self, event: Input.Submitted) -> None:
        message = self.query_one("#code-message", Static)
        try:
            seat = join(self.socket_path, code=event.value.strip())
        except PermissionError as exc:
            message.update(f"{exc}. Try again.")
            event.input.value = ""
            return
        except HostGone as exc:
            message.update(f"{exc}.")
            return
        self.app.seat = seat
        # Pushed, not switched: the code screen is the default screen, which has no result
        # callback for switch_screen to pop (IndexError). Leaving the game ends the app anyway.
        self.app.push_screen(game_screen(seat))


class RemoteApp(HexwarApp):
    """The game screen of one remote seat (or the code screen first)."""

    CSS_PATH = str(Path(tui_app.__file__).parent / "app.tcss")

    def __init__(self, seat: ViewSeat | None = None, socket_path: str | None = None) -> None:
        super().__init__(None, autosave=False, hide_between=False, catch_errors=True)
        self.seat = seat
        self.socket_path = socket_path

    def get_default_screen(self):
        if self.seat is not None:
            return game_screen(self.seat)
        return CodeScreen(self.socket_path or "")

    def on_mount(self) -> None:
        """Nothing to start: the default screen is the game (or the code screen)."""

    # Nothing of this machine is offered: every way back to a title screen leaves.
    def to_title(self) -> None:
        self.exit()

    def new_game(self) -> None:
        self.exit()

    def load_dialog(self, *args, **kwargs) -> None:
        self.exit()

    def resume(self) -> None:
        self.exit()


def run_remote(seat: ViewSeat | None, socket_path: str | None = None) -> int:
    """Run the remote app; its exit status (1 after an internal error, as for the local app)."""
    quick_escape()
    app = RemoteApp(seat, socket_path)
    leave_app_on_hangup(app)
    try:
        app.run()
    finally:
        if app.seat is not None:
            app.seat.link.close()
    return exit_status(app)
