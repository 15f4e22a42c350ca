"""The host's lobby: `hexwar serve` at a terminal shows its games, their join codes and who is on.

The lobby runs the host (and its SSH door) in its own event loop, so it sees
the games live: each with its rule set, scenario, turn, whose decision it is
and who is connected. For the game under the cursor it lists the seats, each
with its join code, its registered keys and its players online; `c` copies
the seat's code, `k` registers an SSH public key for it, `n` creates a game
(rule set, scenario, and a side the host's computer plays, if any). Leaving the lobby stops the host; the games stay in
their files and the next `hexwar serve` resumes them.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Input, Static

from saves.errors import SaveError
from tui.remote.host import SPECTATOR, Host
from tui.remote.keys import KeyRefused, fingerprint_of
from tui.remote.lobby_new_game import NewHostedGame

REFRESH = 0.25
"""Seconds between looks at the games (a move or a connection shows within this)."""
MAX_KEY_FILE = 16 * 1024


def seat_name(host: Host, game: str, side: str) -> str:
    return host.seat_title(game, side)


def game_row(host: Host, name: str) -> tuple[str, ...]:
    """One line of the games table: name, rule set, scenario, turn, whose decision, who is on."""
    about = host.about(name)
    if about["over"]:
        whose = "over: " + (seat_name(host, name, about["winner"]) if about["winner"] else "a draw")
    else:
        whose = seat_name(host, name, about["deciding"]) if about["deciding"] else "-"
    online = host.games[name].connected()
    on = [seat_name(host, name, s) for s in host.seat_names(name) if s != SPECTATOR and online.get(s)]
    watching = online.get(SPECTATOR, 0)
    who = ", ".join(on) or "nobody"
    if watching:
        who += f" +{watching} watching"
    return (name, about["ruleset"], about["scenario"] or "-", str(about["turn"]), whose, who, str(about["actions"]))


class RegisterKey(ModalScreen[str | None]):
    """Register an SSH public key for one seat: a key line pasted, or a .pub file's path."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, host: Host, game: str, side: str) -> None:
        super().__init__()
        self.host, self.game, self.side = host, game, side

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-dialog"):
            yield Static(f"Register a key for {self.game}: {seat_name(self.host, self.game, self.side)}",
                         classes="screen-title")
            yield Static("Paste the player's public key (ssh-ed25519 AAAA... name) or type the path of "
                         "their .pub file, then Enter. That key then seats them here without a code.")
            yield Input(placeholder="ssh-ed25519 AAAA... or ~/keys/ann.pub", id="key")
            yield Static("", id="dialog-message")

    def on_mount(self) -> None:
        self.query_one("#key", Input).focus()

    @on(Input.Submitted, "#key")
    def register(self, event: Input.Submitted) -> None:
        from saves.files import read_bytes

        text = event.value.strip()
        message = self.query_one("#dialog-message", Static)
        try:
            if text and not text.split()[0].startswith(("ssh-", "ecdsa-", "sk-")):
                text = read_bytes(Path(text).expanduser(), MAX_KEY_FILE).decode("utf-8", "replace")
            fingerprint, about = fingerprint_of(text)
            new = self.host.register_key(fingerprint, self.game, self.side, about)
        except (KeyRefused, SaveError) as exc:
            message.update(str(exc))
            return
        self.dismiss(f"Key {fingerprint} {'registered' if new else 'was already registered'} for "
                     f"{self.game}: {seat_name(self.host, self.game, self.side)}.")


class LobbyApp(App[None]):
    """The host's own screen."""

    TITLE = "hexwar host"
    CSS = """
    #lobby-head { height: auto; padding: 0 1; }
    #games { height: 1fr; }
    #seats { height: auto; max-height: 12; }
    #lobby-message { height: auto; padding: 0 1; }
    .section { padding: 1 1 0 1; text-style: bold; }
    #lobby-dialog { width: 76; height: auto; padding: 1 2; border: round $accent; background: $surface; }
    NewHostedGame, RegisterKey { align: center middle; }
    .row { height: auto; }
    .field-label { width: 10; padding: 1 1 0 0; }
    .screen-title { text-style: bold; }
    """
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("c", "copy_code", "Copy join code"),
        Binding("k", "register_key", "Register a key"),
        Binding("tab", "switch_table", "Games/seats", show=False),
        Binding("ctrl+q", "stop", "Stop the host", priority=True),
    ]

    def __init__(self, host: Host, ssh_port: int | None = None, host_key: str | Path | None = None,
                 listen: str = "") -> None:
        super().__init__()
        from tui.app import without_colour_on_mono_terms

        without_colour_on_mono_terms(self)  # NO_COLOR: no colour code at all, as in the game's own app
        self.host = host
        self.ssh_port = ssh_port
        self.host_key = host_key
        self.listen = listen
        self.door = None
        self.message = ""
        self._serving = False

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-head")
        yield Static("Games", classes="section")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Static("Seats of the game under the cursor", classes="section")
        yield DataTable(id="seats", cursor_type="row")
        yield Static("", id="lobby-message")
        yield Footer()

    async def on_mount(self) -> None:
        games = self.query_one("#games", DataTable)
        games.add_columns("Game", "Rule set", "Scenario", "Turn", "Whose decision", "Connected", "Actions")
        self.query_one("#seats", DataTable).add_columns("Seat", "Join code", "Keys", "Online")
        await self.host.start()
        self._serving = True
        head = [f"Folder {self.host.folder}", "players on this machine: hexwar join GAME --side SIDE"]
        if self.ssh_port is not None:
            from tui.remote.ssh import SSHDoor

            self.door = SSHDoor(self.host, self.ssh_port, self.host_key or self.host.folder / "ssh_host_key",
                                self.listen)
            try:
                await self.door.start()
                head.append(f"SSH players: ssh -p {self.door.bound_port} play@THIS-HOST, then their join code")
            except OSError as exc:
                self.door = None
                head.append(f"SSH door closed: port {self.ssh_port}: {exc.strerror or exc}")
        for problem in self.host.problems:
            head.append(f"Not served: {problem}")
        self.query_one("#lobby-head", Static).update("\n".join(head))
        self.refresh_tables()
        games.focus()
        self.set_interval(REFRESH, self.refresh_tables)

    # --- what is shown -----------------------------------------------------------------

    @property
    def selected_game(self) -> str | None:
        games = self.query_one("#games", DataTable)
        names = sorted(self.host.games)
        return names[games.cursor_row] if names and 0 <= games.cursor_row < len(names) else None

    @property
    def selected_side(self) -> str | None:
        game = self.selected_game
        if game is None:
            return None
        sides = self.host.seat_names(game)
        row = self.query_one("#seats", DataTable).cursor_row
        return sides[row] if 0 <= row < len(sides) else None

    def refresh_tables(self) -> None:
        try:
            games = self.query_one("#games", DataTable)
            self.query_one("#seats", DataTable)
        except NoMatches:  # the lobby is closing: the timer ticked after its tables were taken down
            return
        rows = [game_row(self.host, name) for name in sorted(self.host.games)]
        if [tuple(games.get_row_at(i)) for i in range(games.row_count)] != rows:
            row = games.cursor_row
            games.clear()
            for r in rows:
                games.add_row(*r)
            if rows:
                games.move_cursor(row=min(max(row, 0), len(rows) - 1))
        self.refresh_seats()

    def refresh_seats(self) -> None:
        seats = self.query_one("#seats", DataTable)
        game = self.selected_game
        rows = []
        if game is not None:
            online = self.host.games[game].connected()
            computers = self.host.games[game].computers
            for side, code in self.host.codes(game).items():
                keys = len(self.host.keys.keys_of(game, side))
                if side in computers:  # no code to give: the host's computer plays it (`serve --ai`)
                    code = f"the computer ({computers[side]})"
                rows.append((seat_name(self.host, game, side), code, str(keys) if keys else "-",
                             str(online.get(side, 0)) if online.get(side) else "-"))
        if [tuple(seats.get_row_at(i)) for i in range(seats.row_count)] != rows:
            row = seats.cursor_row
            seats.clear()
            for r in rows:
                seats.add_row(*r)
            if rows:
                seats.move_cursor(row=min(max(row, 0), len(rows) - 1))

    @on(DataTable.RowHighlighted, "#games")
    def game_highlighted(self) -> None:
        self.refresh_seats()

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#lobby-message", Static).update(text)

    # --- what the host's owner does -----------------------------------------------------

    def action_switch_table(self) -> None:
        games, seats = self.query_one("#games", DataTable), self.query_one("#seats", DataTable)
        (seats if games.has_focus else games).focus()

    def action_copy_code(self) -> None:
        game, side = self.selected_game, self.selected_side
        if game is None or side is None:
            self.say("No game yet: n makes one.")
            return
        if side in self.host.games[game].computers:
            self.say(f"The computer plays {seat_name(self.host, game, side)} in {game}: that seat has no code to give.")
            return
        self.copy_to_clipboard(self.host.code(game, side))
        self.say(f"Copied the join code of {game}: {seat_name(self.host, game, side)} "
                 "(to the clipboard, where the terminal allows it).")

    def action_new_game(self) -> None:
        def made(name: str | None) -> None:
            if name is None:
                return
            self.refresh_tables()
            self.query_one("#games", DataTable).move_cursor(row=sorted(self.host.games).index(name))
            self.refresh_seats()
            self.say(f"New game {name}: give each player their seat's join code.")

        self.push_screen(NewHostedGame(self.host), made)

    def action_register_key(self) -> None:
        game, side = self.selected_game, self.selected_side
        if game is None or side is None:
            self.say("No game yet: n makes one.")
            return

        def done(text: str | None) -> None:
            if text:
                self.refresh_seats()
                self.say(text)

        self.push_screen(RegisterKey(self.host, game, side), done)

    async def action_stop(self) -> None:
        await self.stop_serving()
        self.exit()

    async def stop_serving(self) -> None:
        if not self._serving:
            return
        self._serving = False
        if self.door is not None:
            await self.door.close()
        await self.host.close()

    async def on_unmount(self) -> None:
        await self.stop_serving()


def run_lobby(host: Host, ssh_port: int | None, host_key: str | None, listen: str) -> int:
    LobbyApp(host, ssh_port, host_key, listen).run()
    return 0
