"""The replay screen: a played game again, one action at a time, read-only.

The same widgets as the game screen (map, roster, unit card, dice log, status
line), fed from a seat over the replay's shown position (rules/replay.py): the
chosen side's seat shows what that side could see after that action, the
referee's everything. Nothing here applies an action; `f` branches a new game
from the position shown (saves/branch.py) and plays it in the game screen.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from rules.replay import Replay, freeze_heap, settle_heap, thaw_heap
from tui.keys import Key, bindings
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice_log import DiceLog
from tui.widgets.game_panels import game_panels
from tui.widgets.hex_map import HexMap
from tui.widgets.roster import Roster
from tui.widgets.status_line import StatusLine
from tui.widgets.text import clean, lit, side_name
from tui.widgets.unit_card import UnitCard

REPLAY_KEYS: tuple[Key, ...] = (
    Key("full_stop,n", "step(1)", "Next action", "show the game after the next action", display=". n"),
    Key("comma,b", "step(-1)", "Back one action", "show the game before the last action shown", display=", b"),
    Key("right_square_bracket", "next_turn", "Next turn", "jump to the first action of the next turn", display="]"),
    Key("left_square_bracket", "previous_turn", "Turn back", "jump to the start of this turn (again: the turn before)",
        display="["),
    Key("home", "goto(0)", "Start", "the opening position, before any action"),
    Key("end", "goto(-1)", "End", "the position after the last action"),
    Key("g", "ask_goto", "Go to action N", "type an action number and Enter"),
    Key("p", "play", "Play / pause", "step forward by itself at the chosen speed"),
    Key("plus,equals_sign", "speed(1)", "Faster", "play faster", display="+"),
    Key("minus", "speed(-1)", "Slower", "play slower", display="-"),
    Key("f", "branch", "Play on from here", "a new game from the position shown, saved as a new file"),
    Key("r", "report", "After-action report", "losses, strength, luck and who was ahead, by turn"),
    Key("f2", "toggle_side", "Toggle side panel", "show or hide the roster, card and dice log"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("q,escape", "leave", "Leave", "back to where the replay was opened from", display="q Esc"),
)

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
"""Seconds per action when playing, slowest first."""


class GotoDialog(ModalScreen[int | None]):
    """Asks for an action number (0: the opening)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Go to action (0 to {self.length}):", classes="dialog-title")
            yield Input(id="goto-number", type="integer")
            yield Static("Enter: go    Esc: cancel", classes="dialog-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(int(event.value))
        except ValueError:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(Screen[None]):
    """Watches a played game again; the app pushes it with a loaded `GameService`."""

    KEYS = REPLAY_KEYS
    HELP_TITLE = "the replay"
    BINDINGS = bindings(REPLAY_KEYS)
    DEFAULT_CSS = "ReplayScreen.-narrow #side-panel { display: none; }"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-normal"), (120, "-wide")]

    def __init__(self, service, *, side: str | None = None, referee: bool = False, file: str | Path | None = None,
                 start: int | None = None) -> None:
        super().__init__()
        self.replay = Replay(service)
        self.file = file
        self.side = None if referee else (side if side is not None else self.replay.default_side())
        """Whose eyes: a side's seat, or None for the referee's (everything)."""
        self.ruleset = service.ruleset
        self.speed = 1
        self.playing = None
        self.picked: str | None = None
        """The unit whose card was asked for with Enter (it stays shown while stepping)."""
        self._dice_at = -1
        """The position whose rolls the dice log shows."""
        self.replay.goto(self.replay.length if start is None else start)

    # --- layout, as the game screen's --------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from game_panels()

    @property
    def map(self) -> HexMap:
        return self.query_one("#map", HexMap)

    @property
    def seat(self):
        return self.replay.seat(self.side)

    def on_mount(self) -> None:
        freeze_heap()  # a step's reply must not wait for the collector to walk the game it was opened from
        self.map.cursor_listener = self.cursor_moved
        self.show_position()
        self.map.focus()

    def on_unmount(self) -> None:
        thaw_heap()

    def action_toggle_side(self) -> None:
        panel = self.query_one("#side-panel")
        panel.display = not panel.display
        self.on_resize(None)

    def on_resize(self, event) -> None:
        panel = self.query_one("#side-panel")
        width = self.size.width
        if not panel.display or not width:
            self.map.styles.width = "1fr"
            return
        self.map.styles.width = max(min(self.map.needed_width(), width - 31), 10)
        panel.set_class(width - self.map.styles.width.value - 1 < 44, "-stacked")

    # --- showing the position ------------------------------------------------------------

    def show_position(self) -> None:
        """Every widget from the seat at the shown position."""
        seat = self.seat
        view = seat.view()
        names = {s.id: s.name or s.id for s in view.sides} | {u.id: u.name for u in view.units.values()}
        deciding = seat.decision().side
        self.map.set_state(view, self.ruleset)
        self.map.set_marks(seat.hex_marks())
        moved = self.moved_unit(view)
        self.map.set_highlights(selected=view.units[moved].at if moved else None)
        self.query_one(Roster).show(view, seat, deciding, moved)
        picked = self.picked if self.picked in view.units else None
        self.query_one(UnitCard).show(view, seat, picked or moved)
        self.show_dice(seat, names)
        self.query_one(StatusLine).set_fields(
            turn=view.turn, phase=clean(view.phase), deciding=self.where(view, deciding),
            message=self.last_words(), cursor="")
        self.query_one(ActionBar).show(self.palette_text())
        settle_heap()  # what this step keeps, out of the next full collection's walk

    DICE_KEPT = 12
    """After a jump or a step back the dice log holds the last this many rolls: laying out every roll
    of a long game again took most of a step (hundred_wars, 180 rolls: 0.5 s; a roll costs 1-2 ms to lay out)."""

    def show_dice(self, seat, names) -> None:
        """A step forward adds the action's rolls; anything else lays out the last DICE_KEPT again (at the
        end of a game every roll becomes visible, so that is laid out again too)."""
        log = self.query_one(DiceLog)
        n = self.replay.position
        if n > 0 and n == self._dice_at + 1 and seat.result is None:
            log.add_events(seat.events(since=n - 1), names)
        else:
            rolls = [e for e in seat.events() if e.kind == "rolled"]
            log.rebuild(rolls[-self.DICE_KEPT:], names)
        self._dice_at = n

    def moved_unit(self, view) -> str | None:
        """The unit of the action that led here, when this seat may see it on the map."""
        n = self.replay.position
        if not n:
            return None
        unit = self.replay.source.history[n - 1].action.unit_id
        found = view.units.get(unit) if unit else None
        return unit if found is not None and found.at is not None and not found.eliminated else None

    def where(self, view, deciding) -> str:
        eyes = "referee" if self.side is None else f"{side_name(view, self.side)}'s view"
        who = side_name(view, deciding) if deciding else "game over"
        return f"REPLAY {self.replay.position}/{self.replay.length} ({eyes}), {who}"

    def last_words(self) -> str:
        said = self.replay.last_words(self.side)
        return clean(said) if said else "the opening, before any action"

    def palette_text(self) -> Text:
        state = "playing" if self.playing is not None else "paused"
        out = lit(f"Action {self.replay.position} of {self.replay.length}, {state} "
                  f"({SPEEDS[self.speed]:g} s an action).\n")
        out.append(". next  , back  ] turn  [ turn back  Home/End  g go to  p play  +/- speed\n"
                   "f play on from here  r report  ? help  q leave")
        return out

    @on(HexMap.Selected)
    def hex_picked(self, event) -> None:
        """Enter (or a click) on a unit shows its card as this seat sees it; elsewhere, the moved unit's."""
        seat = self.seat
        view = seat.view()
        unit = view.unit_at(event.hex)
        self.picked = unit.id if unit is not None else None
        self.query_one(UnitCard).show(view, seat, self.picked or self.moved_unit(view))

    def cursor_moved(self, h) -> None:
        self.query_one(StatusLine).set_fields(cursor=self.map.describe(h))

    # --- keys -------------------------------------------------------------------------------

    def action_step(self, by: int) -> None:
        self.moved(self.replay.step(by))

    def action_goto(self, n: int) -> None:
        self.moved(self.replay.goto(self.replay.length if n < 0 else n))

    def action_next_turn(self) -> None:
        self.moved(self.replay.next_turn())

    def action_previous_turn(self) -> None:
        self.moved(self.replay.previous_turn())

    def action_ask_goto(self) -> None:
        def chosen(n: int | None) -> None:
            if n is not None:
                self.action_goto(max(0, n))

        self.app.push_screen(GotoDialog(self.replay.length), chosen)

    def moved(self, _position: int) -> None:
        self.show_position()

    def action_play(self) -> None:
        if self.playing is not None:
            self.stop()
        else:
            if self.replay.position >= self.replay.length:
                self.replay.goto(0)
            self.playing = self.set_interval(SPEEDS[self.speed], self.tick)
        self.query_one(ActionBar).show(self.palette_text())

    def tick(self) -> None:
        self.replay.step(1)
        if self.replay.position >= self.replay.length:
            self.stop()
        self.show_position()

    def stop(self) -> None:
        if self.playing is not None:
            self.playing.stop()
            self.playing = None

    def action_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.playing is not None:
            self.stop()
            self.playing = self.set_interval(SPEEDS[self.speed], self.tick)
        self.query_one(ActionBar).show(self.palette_text())

    def action_branch(self) -> None:
        from saves import branch
        from saves.errors import SaveError
        from saves.store import save_game, saves_dir

        self.stop()
        n = self.replay.position
        position = self.replay.state_after(n)
        if position.result is not None:
            self.app.notify("The game is over here: step back to play on from an earlier position.",
                            severity="warning", markup=False)
            return
        game = branch.branch_game(self.replay.source, position, n, self.file)
        try:
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            path = save_game(game, branch.branch_path(self.file, n, folder))
        except (SaveError, OSError) as exc:
            self.app.show_error("The branch was not saved", str(exc))
            return
        self.app.notify(f"A new game from action {n}, saved as {path}.", markup=False)
        self.app.start_game(game, referee=self.side is None)

    def action_report(self) -> None:
        from tui.screens.report import ReportScreen

        self.stop()
        self.app.push_screen(ReportScreen(self.replay, self.side))

    def action_help(self) -> None:
        """The replay's keys and the map's (not the rule set's action keys: nothing is played here)."""
        from tui.screens.help import HelpScreen, help_table, help_text

        args = (self.HELP_TITLE, self.KEYS)
        self.app.push_screen(HelpScreen(help_text(*args, map_keys=True), help_table(*args, map_keys=True)))

    def action_leave(self) -> None:
        self.stop()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.to_title()
