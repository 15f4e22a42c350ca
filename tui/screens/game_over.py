"""Game over: who won and why, casualties, turns, and the whole log to look back over."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from rules.events import Message, Rolled
from tui.keys import GAME_OVER_KEYS, bindings
from tui.widgets.dice_log import roll_text
from tui.widgets.text import event_line, lit, side_name


def summary_text(service) -> Text:
    """Winner, reason, turns and casualties of a finished game (the full state: the game is over)."""
    state = service.state
    result = state.result
    out = Text(end="")
    if result is None:
        out.append("The game is not over.", style="bold")
        return out
    if result.winner:
        out.append_text(lit(f"{side_name(state, result.winner)} won", "bold"))  # "won" fits "The Rebels" too
    else:
        out.append("A draw", style="bold")
    out.append_text(lit(f": {result.reason}"))
    out.append(f"\nTurns played: {result.turn or state.turn}    Actions: {len(service.history)}")
    for side in state.sides:
        units = [u for u in state.units.values() if u.side == side.id]
        lost = [u for u in units if u.eliminated]
        out.append("\n")
        out.append_text(lit(side.name or side.id, "bold"))
        out.append(f": lost {len(lost)} of {len(units)} units")
        if lost:
            out.append_text(lit(" (" + ", ".join(u.name for u in lost) + ")", "dim"))
        losses = _losses(service, {u.id for u in units})
        if losses:
            out.append_text(lit("; " + ", ".join(f"{n} {name} lost" for name, n in losses.items())))
    return out


def _losses(service, unit_ids: set[str]) -> dict[str, int]:
    """How much each tracked number of these units went down over the game (figures, quality...)."""
    from rules.events import Changed

    out: dict[str, int] = {}
    for step in service.history:
        for event in step.events:
            if isinstance(event, Changed) and event.unit in unit_ids:
                before, after = event.before, event.after
                if type(before) is int and type(after) is int and after < before:
                    out[event.field] = out.get(event.field, 0) + before - after
    return out


def log_lines(service) -> list[Text]:
    """Every action and what it did, rolls included (private messages left out)."""
    state = service.state
    names = {s.id: s.name or s.id for s in state.sides} | {u.id: u.name for u in state.units.values()}
    out: list[Text] = []
    for n, step in enumerate(service.history, 1):
        try:
            head = service.ruleset.describe(step.before, step.action)
        except Exception:
            head = step.action.text()
        out.append(lit(f"{n}. {head}", "bold"))
        for event in step.events:
            if event.seen_by is not None:
                continue
            if isinstance(event, Rolled):
                line = Text("   ", end="")
                line.append_text(roll_text(event.record, names))
                out.append(line)
            else:
                out.append(lit(f"   {event_line(event, state)}"))
    return out


class GameOverScreen(Screen[str]):
    """Dismissed with "map" (look at the final position), "title" or "quit"."""

    KEYS = GAME_OVER_KEYS
    HELP_TITLE = "game over"
    BINDINGS = bindings(GAME_OVER_KEYS)

    def __init__(self, service) -> None:
        super().__init__()
        self.service = service

    def compose(self) -> ComposeResult:
        yield Static(" Game over", classes="screen-title")
        with Vertical(id="game-over"):
            yield Static(summary_text(self.service), id="summary")
            yield Static("The log (up/down, PgUp/PgDn to scroll):", classes="dim")
            yield RichLog(markup=False, highlight=False, wrap=True, min_width=1, id="game-log")
        yield Static(" Esc: back to the map   t: title screen   q: quit   ?: help", classes="keys-line")

    def on_mount(self) -> None:
        log = self.query_one("#game-log", RichLog)
        for line in log_lines(self.service):
            log.write(line)
        log.focus()

    def action_back(self) -> None:
        self.dismiss("map")

    def action_title(self) -> None:
        self.dismiss("title")

    def action_quit(self) -> None:
        self.dismiss("quit")

    def action_help(self) -> None:
        self.app.show_help(self)
