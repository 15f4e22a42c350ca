"""Game over: who won and why, casualties, turns, and the whole log to look back over."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from rules.events import Rolled
from rules.words import count
from tui.keys import GAME_OVER_KEYS, bindings
from tui.widgets.dice_log import roll_text
from tui.widgets.text import event_line, lit, side_name


def summary_text(seat) -> Text:
    """Winner, reason, turns and casualties of a finished game, as the seat sees it."""
    view = seat.view()
    result = seat.result
    out = Text(end="")
    if result is None:
        out.append("The game is not over.", style="bold")
        return out
    if result.winner:
        out.append_text(lit(f"{side_name(view, result.winner)} won", "bold"))  # "won" fits "The Rebels" too
    else:
        out.append("A draw", style="bold")
    out.append_text(lit(f": {result.reason}"))
    out.append(f"\nTurns played: {result.turn or view.turn}    Actions: {seat.action_count}")
    events = seat.events()
    for side in view.sides:
        units = [u for u in view.units.values() if u.side == side.id and not u.is_marker]
        lost = [u for u in units if u.eliminated]
        out.append("\n")
        out.append_text(lit(side.name or side.id, "bold"))
        out.append(f": lost {len(lost)} of {count(len(units), 'unit')}" if lost else f": lost none of its {count(len(units), 'unit')}")
        if lost:
            out.append_text(lit(" (" + ", ".join(u.name for u in lost) + ")", "dim"))
        losses = _losses(events, {u.id for u in units})
        if losses:
            out.append_text(lit("; " + ", ".join(f"{n} {name} lost" for name, n in losses.items())))
    return out


def _losses(events, unit_ids: set[str]) -> dict[str, int]:
    """How much each tracked number of these units went down over the game (figures, quality...)."""
    from rules.events import Changed

    out: dict[str, int] = {}
    for event in events:
        if isinstance(event, Changed) and event.unit in unit_ids:
            before, after = event.before, event.after
            if type(before) is int and type(after) is int and after < before:
                out[event.field] = out.get(event.field, 0) + before - after
    return out


def filled_log(seat) -> RichLog:
    """The game's log as a scrollable widget, filled as it is made (RichLog keeps the lines until it has a size)."""
    log = RichLog(markup=False, highlight=False, wrap=True, min_width=1, id="game-log")
    for line in log_lines(seat):
        log.write(line)
    return log


def log_lines(seat) -> list[Text]:
    """Every action and what it did, rolls included, as the seat may see them."""
    view = seat.view()
    names = {s.id: s.name or s.id for s in view.sides} | {u.id: u.name for u in view.units.values()}
    out: list[Text] = []
    for step in seat.log():
        out.append(lit(f"{step.number}. {step.text}", "bold"))
        for event in step.events:
            if isinstance(event, Rolled):
                line = Text("   ", end="")
                line.append_text(roll_text(event.record, names))
                out.append(line)
            else:
                out.append(lit(f"   {event_line(event, view)}"))
    return out


class GameOverScreen(Screen[str]):
    """Dismissed with "map" (look at the final position), "title" or "quit"."""

    KEYS = GAME_OVER_KEYS
    HELP_TITLE = "game over"
    BINDINGS = bindings(GAME_OVER_KEYS)
    AUTO_FOCUS = "#game-log"  # a query after compose: safe if the screen closes while opening

    def __init__(self, seat, game=None) -> None:
        """`game`: the GameService this process holds (None for a hosted game's seat: the host keeps it)."""
        super().__init__()
        self.seat = seat
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(" Game over", classes="screen-title")
        with Vertical(id="game-over"):
            yield Static(summary_text(self.seat), id="summary")
            yield Static("The log (up/down, PgUp/PgDn to scroll):", classes="dim")
            yield filled_log(self.seat)
        yield Static(" Esc: map   r: report   w: watch again   t: title   q: quit   ?: help", classes="keys-line")

    def action_back(self) -> None:
        self.dismiss("map")

    def action_title(self) -> None:
        self.dismiss("title")

    def action_quit(self) -> None:
        self.dismiss("quit")

    def _game(self):
        """The game this process holds (a seat of a hosted game has none here: the host keeps it)."""
        return self.game

    def action_report(self) -> None:
        from rules.replay import Replay
        from tui.screens.report import ReportScreen

        if self._game() is None:
            self.app.notify("The host keeps this game: `hexwar report` on its file shows the report.", markup=False)
            return
        self.app.push_screen(ReportScreen(Replay(self._game()), self.seat.side))

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        if self._game() is None:
            self.app.notify("The host keeps this game: `hexwar replay` on its file watches it again.", markup=False)
            return
        self.app.push_screen(ReplayScreen(self._game(), side=self.seat.side, referee=self.seat.side is None,
                                          start=0))

    def action_help(self) -> None:
        self.app.show_help(self)
