"""The game screen: map, roster, unit card, dice log, action palette and status line.

It holds a `Seat` (rules/seat.py), never the game's raw state: everything on
screen is read through the seat of the side at the keyboard (tui/seating.py
picks it: the deciding side's, or the referee's in referee mode). The action
flow (select -> target -> preview -> confirm) lives in tui/flow.py; this
module wires it to the widgets and the keys (the key commands are in
game_keys.py, the palette's words in game_text.py, what follows an action in
game_turns.py).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.screen import Screen
from textual.message import Message

from rules.hexgrid import Hex
from tui.flow import Flow, Step
from tui.keys import FREE_FOR_RULESETS, GAME_KEYS, bindings
from tui.messages import ApplyAction
from tui.screens import game_text
from tui.screens.game_keys import GameKeys
from tui.screens.game_objective import brief, first_message
from tui.screens.game_text import guarded
from tui.screens.game_turns import GameTurns
from tui.computer import ComputerSides
from tui.seating import Seating
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice_log import DiceLog
from tui.widgets.game_panels import game_panels
from tui.widgets.hex_map import HexMap
from tui.widgets.roster import Roster
from tui.widgets.status_line import StatusLine
from tui.widgets.text import clean, hex_label, side_name
from tui.widgets.unit_card import UnitCard


class GameScreen(ComputerSides, GameKeys, GameTurns, Screen[None]):
    """Plays one game; the app pushes it with a ready `GameService`."""

    KEYS = GAME_KEYS
    HELP_TITLE = "the game screen"
    BINDINGS = bindings(GAME_KEYS)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-normal"), (120, "-wide")]
    """Below 70 columns the side panel starts hidden (F2 shows it); from 120 it is wider."""

    class HostPushed(Message):
        """The game host sent a change (another player acted, joined or left): posted from its thread."""

    def __init__(self, service, *, hide_between: bool = True, referee: bool = False, seating=None,
                 computers=()) -> None:
        super().__init__()
        self.service = service
        """For saving and for making seats only (tui/seating.py); the game is read through `seat`.
        None for a game held by a host (`seating` is then a tui.remote.seating.RemoteSeating)."""
        self.remote = seating is not None
        self.hide_between = hide_between and not self.remote
        """Show the pass-the-keyboard screen when the deciding side changes."""
        self.seating = seating or Seating(service, referee=referee, solo=not hide_between, computers=computers)
        self.start_computers(() if self.remote else computers)
        others = None if self.remote else self.seating.seat
        self.flow = Flow(self.seating.for_screen(), others=others, letters=FREE_FOR_RULESETS,
                         not_here=frozenset(self.pilot.players) if self.pilot else frozenset())
        self._seen_actions = self.seat.action_count
        """The actions whose events the dice log holds (a host's push brings the others')."""
        self.ruleset = self.seat.ruleset
        self.message = ""
        self.kind_by_key = {k.key: kind for kind, k in self.ruleset.action_kinds.items() if k.key}
        self._last: tuple[object, tuple, str] | None = None
        """The last action, its events and its side (its message is worded again for each seat)."""
        self._phase: tuple | None = None
        """(deciding side, phase, turn) when last drawn: a change puts the cursor on a unit that can act."""

    # --- the seat and the flow state ---------------------------------------------------

    @property
    def seat(self):
        return self.flow.seat

    @property
    def referee(self) -> bool:
        return self.seating.referee

    @property
    def viewer(self) -> str | None:
        """The side whose view is on screen (None: the referee)."""
        return self.seat.side

    @property
    def view(self):
        return self.seat.view()

    selected = property(lambda self: self.flow.selected)
    mode = property(lambda self: self.flow.kind)
    candidates = property(lambda self: self.flow.candidates)
    pending = property(lambda self: self.flow.pending)
    preview = property(lambda self: self.flow.preview)
    choices = property(lambda self: self.flow.choices)

    def take_seat(self) -> None:
        """Sit the side that decides now (or stay the referee)."""
        self.flow.seat = self.seating.for_screen(last=self.viewer)

    def legal(self, side: str | None) -> list:
        return self.flow.legal(side) if side is not None else []

    def all_legal(self) -> list:
        return self.flow.all_legal()

    def palette_actions(self) -> list[tuple[str, object]]:
        """(description, action) of every legal action now, for the command palette."""
        return [(clean(text), action) for text, action in self.flow.palette_actions()]

    def describe(self, action) -> str:
        return self.flow.describe(action)

    def last_message(self, events) -> str:
        """The message line after the last action: what it did as this seat may see it, else the action in
        this seat's words (another side's action in the words for others: it may carry that side's secret)."""
        assert self._last is not None
        action, _, side = self._last
        try:
            said = self.events_message(events)
            if said:
                return said
            said = self.seat.describe(action)
            if side and side != self.viewer:  # "Done with Phase 3" alone read as the person's own
                return f"{self.names().get(side, side)}: {said}"
            return said
        except Exception:  # noqa: BLE001 - words are a courtesy; the action's text form always works
            return self._last[0].text()

    def names(self) -> dict[str, str]:
        """Unit and side ids to their names, for the dice log (from the seat's view)."""
        view = self.view
        return {s.id: s.name or s.id for s in view.sides} | {u.id: u.name for u in view.units.values()}

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from game_panels()

    @property
    def map(self) -> HexMap:
        return self.query_one("#map", HexMap)

    @property
    def palette(self) -> ActionBar:
        return self.query_one("#palette", ActionBar)

    @property
    def status(self) -> StatusLine:
        return self.query_one("#status", StatusLine)

    def on_mount(self) -> None:
        self.map.cursor_listener = self.cursor_moved
        if not self.seat.action_count and self.seat.result is None and not self.message:
            self.message = first_message(self.seat, self.viewer or self.seat.decision().side)  # a new game
        view = self.view
        self._phase = (self.seat.decision().side, view.phase, view.turn)
        self.rebuild_dice()
        self.refresh_all()
        self.cursor_to_actor()
        self.map.focus()
        if self.seat.result is not None:
            self.call_after_refresh(self.show_game_over)
        elif self.hide_between and not self.referee and self.seat.action_count and not self.one_person():
            # A saved game goes on: whoever opened it may not be the side whose secrets show now.
            self.call_after_refresh(self.ask_to_pass)
        self.computer_turn()

    PANEL_MIN = 30
    """The side panel's narrowest; from TWO_COLUMNS cells it shows the roster beside the card and dice."""
    TWO_COLUMNS = 44

    def on_resize(self, event) -> None:
        self.fit_layout()

    def fit_layout(self) -> None:
        """The map takes the width it needs and no more; the side panel the rest."""
        panel = self.query_one("#side-panel")
        width = self.size.width
        self.update_palette()  # it tells F2 while the panel is hidden
        if not panel.display or not width:
            self.map.styles.width = "1fr"
            return
        # The side panel keeps room for its two columns; what is left may hold the outlined map.
        self.map.fit_zoom(width - self.TWO_COLUMNS - 1, self.map.size.height)
        map_width = max(min(self.map.needed_width(), width - self.PANEL_MIN - 1), 10)
        self.map.styles.width = map_width
        panel.set_class(width - map_width - 1 < self.TWO_COLUMNS, "-stacked")

    def ask_to_pass(self) -> None:
        """The pass-the-keyboard screen for the side that decides now."""
        from tui.screens.pass_keyboard import PassKeyboardScreen

        decision = self.seat.decision()
        who = side_name(self.view, decision.side)
        if decision.player:
            who += f" ({clean(decision.player)})"
        self.app.push_screen(PassKeyboardScreen(who, decision.prompt, on_ready=self.passed), lambda _: self.map.focus())

    # --- rendering ------------------------------------------------------------------

    def refresh_all(self) -> None:
        """Hand the seat's view to every widget."""
        self.flow.forget_gone()
        view = self.view
        self.map.set_state(view, self.ruleset)
        self.map.set_marks(self.seat.hex_marks())
        self.query_one(Roster).show(view, self.seat, self.seat.decision().side, self.selected)
        self.query_one(UnitCard).show(view, self.seat, self.selected)
        self.update_highlights()
        self.update_palette()
        self.update_status()

    def update_status(self, cursor: Hex | None = None) -> None:
        view = self.view
        decision = self.seat.decision()
        deciding = side_name(view, decision.side) if decision.side else "game over"
        if decision.player:
            deciding += f" ({clean(decision.player)})"
        if self.referee:
            deciding = f"REFEREE, {deciding}"
        if self.remote:
            # Below 120 columns the names would be cut: "2/2 online" still says who is there.
            deciding = f"{deciding} | {self.seating.connected(short=self.app.size.width < 120)}"
        self.status.set_fields(
            turn=f"Turn {view.turn}/{view.max_turns}" if view.max_turns else view.turn, phase=clean(view.phase),
            deciding=deciding, message=self.status_message(), goal=brief(self.seat, self.viewer or decision.side),
            cursor=self.cursor_text(cursor if cursor is not None else self.map.cursor),
        )

    def cursor_text(self, h: Hex | None) -> str:
        if h is None:
            return ""
        describe = getattr(self.map, "describe", None)
        if describe is not None:
            return describe(h)
        return hex_label(h)

    def say(self, message: str) -> None:
        """Put a message on the status line (and on the palette when it is long, see `update_palette`)."""
        self.message = message
        self.status.set_fields(message=self.status_message())
        self.update_palette()

    def status_message(self) -> str:
        """The last message, after a warning that stays while the autosave keeps failing (issue 9 item 2)."""
        store = getattr(self.service, "store", None)  # a remote seat has no service: the host saves
        failed = getattr(store, "last_error", None) is not None
        if failed:
            return "AUTOSAVE FAILED (ctrl+s saves) | " + clean(self.message)
        if getattr(store, "read_only", ""):  # a copy of a game another hexwar has open (issue 24 item 16)
            return "NOT AUTOSAVED: a copy (ctrl+s saves) | " + clean(self.message)
        return clean(self.message)

    def update_highlights(self, cursor: Hex | None = None) -> None:
        lit = self.flow.highlights(cursor if cursor is not None else self.map.cursor)
        self.map.set_highlights(reach=lit.reach, targets=lit.targets, path=lit.path, los=lit.los, selected=lit.selected)

    def kind_label(self, kind: str) -> str:
        return self.flow.label(kind)

    def kind_key(self, kind: str) -> str:
        k = self.ruleset.action_kinds.get(kind)
        return k.key if k and k.key else "?"

    palette_text = game_text.palette_text
    events_message = game_text.events_message
    update_palette = game_text.update_palette

    def rebuild_dice(self) -> None:
        self.query_one(DiceLog).rebuild(self.seat.events(), self.names())

    # --- the action flow ------------------------------------------------------------

    def run_step(self, step: Step) -> None:
        """Show what a flow step asks: a message, an action to send, where the cursor goes."""
        if step.picked:
            self._drop_stale_message()
        if step.apply is not None:
            self.apply(step.apply)
            return
        if step.cursor is not None and step.cursor != self.map.cursor:
            self.map.cursor = step.cursor  # show where it goes (the map scrolls there if need be)
        self.query_one(UnitCard).show(self.view, self.seat, step.card or self.selected)
        self.update_highlights()
        if step.look:
            step = Step(say=self.cursor_text(self.map.cursor))
        if step.say is not None:
            self.say(step.say)
        else:
            self.update_palette()

    def select_unit(self, unit_id: str | None, *, move_cursor: bool = False) -> None:
        self.flow.select(unit_id)
        unit = self.view.units.get(unit_id) if unit_id else None
        self.run_step(Step(cursor=unit.at if move_cursor and unit is not None else None))

    def _drop_stale_message(self) -> None:
        """A refusal or an aiming hint is over once an action is picked."""
        if self.message.startswith("Refused") or ": pick " in self.message:
            self.message = ""
            self.status.set_fields(message="")

    @on(HostPushed)
    @guarded
    def host_pushed(self, _=None) -> None:
        """Another player acted (or joined, or left): show it without a key press."""
        if getattr(self.seat, "closed", False):
            self.say("The host has gone: the game is safe in its file. q leaves.")
            return
        count = self.seat.action_count
        if count < self._seen_actions:
            self.rebuild_dice()
        elif count > self._seen_actions:
            events = self.seat.events(since=self._seen_actions)
            self.query_one(DiceLog).add_events(events, self.names())
            self.message = self.events_message(events) or self.message
        self._seen_actions = count
        self.flow.clear()
        self.after_change()


    # --- messages from the map, the palette and the keys ------------------------------

    @guarded
    def cursor_moved(self, h: Hex) -> None:
        """The map's cursor moved (called by the map at once, so the status line goes out in the
        map's frame: `HexMap.cursor_listener`)."""
        if self.mode is not None or self.pending is not None:
            self.update_highlights(h)
        self.status.set_fields(cursor=self.cursor_text(h))

    @on(HexMap.Selected)
    @guarded
    def map_selected(self, event) -> None:
        self.hex_selected(event.hex)

    def hex_selected(self, h: Hex) -> None:
        """Enter (or a click) on a hex."""
        self.run_step(self.flow.enter(h))

    def choose_kind(self, kind: str) -> None:
        self.run_step(self.flow.choose_kind(kind, self.map.cursor))

    def make_pending(self, action) -> None:
        self.run_step(self.flow.make_pending(action))

    @on(ApplyAction)
    @guarded
    def palette_picked(self, event: ApplyAction) -> None:
        if event.action not in self.all_legal():
            self.say("That action is no longer possible")
            return
        if event.action.unit_id and event.action.unit_id != self.selected:
            self.flow.select(event.action.unit_id)
        self.make_pending(event.action)

    @guarded
    def on_key(self, event) -> None:
        key = event.key
        step = self.flow.letter(key)
        if step is not None:
            event.stop()
            event.prevent_default()
            self.run_step(step)
            return
        if key in self.kind_by_key and self.seat.result is None:
            event.stop()
            event.prevent_default()
            self.choose_kind(self.kind_by_key[key])
