"""The game screen: map, roster, unit card, dice log, action palette and status line.

It owns the `GameService` handle and holds no rule logic: it asks the service
who decides, what is legal and what an action would roll, sends the chosen
action, and hands views and events down to the widgets. The action flow is a
small state machine: nothing chosen -> a unit selected -> an action kind being
aimed (valid hexes highlighted) -> one action pending (its preview shown) ->
applied. Escape steps back one stage.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen

from rules.hexgrid import Hex, line
from tui.keys import FREE_FOR_RULESETS, GAME_KEYS, bindings
from tui.messages import ApplyAction
from tui.screens import game_text
from tui.screens.game_text import action_hex, guarded, is_move
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice_log import DiceLog
from tui.widgets.hex_map import HexMap
from tui.widgets.roster import Roster
from tui.widgets.status_line import StatusLine
from tui.widgets.text import clean, hex_label, lit, side_name
from tui.widgets.unit_card import UnitCard


class GameScreen(Screen[None]):
    """Plays one game; the app pushes it with a ready `GameService`."""

    KEYS = GAME_KEYS
    HELP_TITLE = "the game screen"
    BINDINGS = bindings(GAME_KEYS)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-normal"), (120, "-wide")]
    """Below 70 columns the side panel starts hidden (F2 shows it); from 120 it is wider."""

    def __init__(self, service, *, hide_between: bool = True) -> None:
        super().__init__()
        self.service = service
        self.ruleset = service.ruleset
        self.hide_between = hide_between
        """Show the pass-the-keyboard screen when the deciding side changes."""
        self.viewer: str | None = None
        """The side whose view is on screen."""
        self.selected: str | None = None
        self.mode: str | None = None
        """The action kind being aimed, while the player picks its hex."""
        self.candidates: list = []
        self.pending = None
        """The action waiting for Enter / space, with its preview on the palette."""
        self.preview = None
        self.choices: list | None = None
        """Actions offered by letter, when one key has several hexless choices."""
        self.message = ""
        self.kind_by_key = {k.key: kind for kind, k in self.ruleset.action_kinds.items()}
        self._legal_key = None
        self._legal: dict[str, list] = {}
        self._view = None
        self._last: tuple[str, tuple] | None = None
        """The last action in words and its events (its message is re-read for each viewer)."""
        self._phase: tuple | None = None
        """(deciding side, phase, turn) when last drawn: a change puts the cursor on a unit that can act."""

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="game-main"):
            yield HexMap(id="map")
            with Vertical(id="side-panel"):
                with VerticalScroll(id="roster-box"):
                    yield Roster(id="roster")
                yield UnitCard(id="card")
                yield DiceLog(id="dice")
        yield ActionBar(id="palette")
        yield StatusLine(id="status")

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
        self.viewer = self.service.decision().side
        self._phase = (self.viewer, self.service.state.phase, self.service.state.turn)
        self.rebuild_dice()
        self.refresh_all()
        self.cursor_to_actor()
        self.map.focus()
        if self.service.result is not None:
            self.call_after_refresh(self.show_game_over)
        elif self.hide_between and self.service.history:
            # A saved game goes on: whoever opened it may not be the side whose secrets show now.
            self.call_after_refresh(self.ask_to_pass)

    def ask_to_pass(self) -> None:
        """The pass-the-keyboard screen for the side that decides now."""
        from tui.screens.pass_keyboard import PassKeyboardScreen

        decision = self.service.decision()
        who = side_name(self.service.state, decision.side)
        if decision.player:
            who += f" ({clean(decision.player)})"
        self.app.push_screen(PassKeyboardScreen(who, decision.prompt, on_ready=self.passed), lambda _: self.map.focus())

    # --- questions to the service (cached per state) ----------------------------------

    @property
    def view(self):
        if self._view is None:
            over = self.service.result is not None
            self._view = self.service.view_for(None if over else self.viewer)
        return self._view

    def legal(self, side: str | None) -> list:
        """Legal actions of `side` now (cached until the state changes)."""
        key = (len(self.service.history), len(self.service.redo_stack), id(self.service.state))
        if key != self._legal_key:
            self._legal_key = key
            self._legal = {}
        if side is None:
            return []
        if side not in self._legal:
            self._legal[side] = self.service.legal_actions(side)
        return self._legal[side]

    def acting_sides(self) -> list[str]:
        decision = self.service.decision()
        if decision.side is None:
            return []
        return [decision.side, *[s for s in decision.reactors if s != decision.side]]

    def all_legal(self) -> list:
        return [a for side in self.acting_sides() for a in self.legal(side)]

    def palette_actions(self) -> list[tuple[str, object]]:
        """(description, action) of every legal action now, for the command palette."""
        out = []
        for action in self.all_legal():
            out.append((clean(self.describe(action)), action))
        return out

    def describe(self, action) -> str:
        try:
            return self.service.describe(action)
        except Exception:
            return action.text()

    def own_units(self) -> list:
        side = self.service.decision().side or self.viewer
        return [u for u in self.view.units.values() if u.side == side and u.on_map]

    def names(self) -> dict[str, str]:
        """Unit and side ids to their names, for the dice log."""
        state = self.service.state
        return {s.id: s.name or s.id for s in state.sides} | {u.id: u.name for u in state.units.values()}

    # --- rendering ------------------------------------------------------------------

    def refresh_all(self) -> None:
        """Hand the current view to every widget."""
        self._view = None
        view = self.view
        if self.selected and (self.selected not in view.units or not view.units[self.selected].on_map):
            self.selected = None
        self.map.set_state(view, self.ruleset)
        self.query_one(Roster).show(view, self.ruleset, self.service.decision().side, self.selected)
        self.query_one(UnitCard).show(view, self.ruleset, self.selected)
        self.update_highlights()
        self.update_palette()
        self.update_status()

    def update_status(self, cursor: Hex | None = None) -> None:
        state = self.service.state
        decision = self.service.decision()
        deciding = side_name(state, decision.side) if decision.side else "game over"
        if decision.player:
            deciding += f" ({clean(decision.player)})"
        self.status.set_fields(
            turn=state.turn, phase=clean(state.phase), deciding=deciding, message=clean(self.message),
            cursor=self.cursor_text(cursor if cursor is not None else self.map.cursor),
        )

    def cursor_text(self, h: Hex | None) -> str:
        if h is None:
            return ""
        describe = getattr(self.map, "describe", None)
        if describe is not None:
            return describe(h)
        view = self.view
        if not view.board.in_bounds(h):
            return hex_label(h)
        terrain = view.board.terrain_at(h)
        info = self.ruleset.terrain.get(terrain)
        text = f"{hex_label(h)} {info.label if info else terrain}"
        unit = view.unit_at(h)
        if unit is not None:
            text += f" {clean(unit.name)}"
        return text

    def say(self, message: str) -> None:
        """Put a message on the status line (and on the palette when it is long, see `update_palette`)."""
        self.message = message
        self.status.set_fields(message=clean(message))
        self.update_palette()

    def update_highlights(self, cursor: Hex | None = None) -> None:
        view = self.view
        reach: set[Hex] = set()
        targets: set[Hex] = set()
        path: list[Hex] = []
        los = None
        unit = view.units.get(self.selected) if self.selected else None
        origin = unit.at if unit is not None and unit.on_map else None
        if self.mode is not None:
            actions = self.candidates
        elif self.selected:
            actions = [a for a in self.all_legal() if a.unit_id == self.selected]
        else:
            actions = []
        for action in actions:
            h = action_hex(action, self.service.state)
            if h is None:
                continue
            (reach if is_move(action) else targets).add(h)
        cursor = cursor if cursor is not None else self.map.cursor
        focus = self.pending if self.pending is not None else None
        if focus is None and self.mode is not None and cursor is not None:
            focus = next((a for a in self.candidates if action_hex(a, self.service.state) == cursor), None)
        if focus is not None and getattr(focus, "path", None):
            path = [Hex(*h) for h in focus.path]
            if origin is not None and path and path[0] != origin:
                path = [origin, *path]
        elif self.mode is not None and origin is not None and cursor is not None and cursor != origin:
            if not any(is_move(a) for a in self.candidates):
                los = line(origin, cursor)
        self.map.set_highlights(reach=reach, targets=targets, path=path, los=los, selected=origin)

    def kind_label(self, kind: str) -> str:
        k = self.ruleset.action_kinds.get(kind)
        return k.label if k else kind

    def kind_key(self, kind: str) -> str:
        k = self.ruleset.action_kinds.get(kind)
        return k.key if k else "?"

    palette_text = game_text.palette_text
    refusal = game_text.refusal
    events_message = game_text.events_message

    def update_palette(self) -> None:
        text, footer = self.palette_text()
        lines = text.plain.count("\n") + 1
        long_message = len(self.message) > 24  # about what the status line shows of it at 80x24
        if lines < 4 and long_message and self.pending is None and self.choices is None and self.mode is None:
            # The status line has little room for the message: repeat it where there is some.
            text.append("\n")
            text.append_text(lit(self.message, "italic"))
        rows = 4
        if self.pending is not None or self.choices is not None:
            rows = self.palette.rows_for(text, footer)  # room for every outcome or choice
        self.palette.show(text, footer, rows)

    def rebuild_dice(self) -> None:
        self.query_one(DiceLog).rebuild(self.service.events, self.names())

    # --- the action flow ------------------------------------------------------------

    def clear_flow(self) -> None:
        self.mode = None
        self.candidates = []
        self.pending = None
        self.preview = None
        self.choices = None

    def select_unit(self, unit_id: str | None, *, move_cursor: bool = False) -> None:
        self.clear_flow()
        self.selected = unit_id
        view = self.view
        self.query_one(UnitCard).show(view, self.ruleset, self.selected)
        if move_cursor and unit_id and view.units[unit_id].at is not None:
            self.map.cursor = view.units[unit_id].at
        self.update_highlights()
        self.update_palette()

    def choose_kind(self, kind: str) -> None:
        """The player pressed an action kind's key."""
        label = self.kind_label(kind)
        actions = [a for a in self.all_legal() if a.kind == kind]
        if not actions:
            self.say(f"{label} is not possible now")
            return
        if self.selected:
            for_unit = [a for a in actions if a.unit_id == self.selected]
            if for_unit:
                actions = for_unit
            elif any(a.unit_id is None for a in actions):
                actions = [a for a in actions if a.unit_id is None]
            else:
                name = clean(self.service.state.units[self.selected].name)
                self.say(f"{name} cannot {label.lower()} now")
                return
        elif any(a.unit_id is None for a in actions):
            actions = [a for a in actions if a.unit_id is None]
        else:
            # Only units can: take the one under the cursor if it can, else the first, and select it.
            here = self.view.unit_at(self.map.cursor) if self.map.cursor is not None else None
            uid = here.id if here is not None and any(a.unit_id == here.id for a in actions) else actions[0].unit_id
            self.select_unit(uid, move_cursor=True)
            actions = [a for a in actions if a.unit_id == uid]
        self.clear_flow()
        spec = self.ruleset.action_kinds.get(kind)
        state = self.service.state
        aimed = [a for a in actions if action_hex(a, state) is not None]
        if spec is not None and spec.needs_target and aimed and (len(aimed) > 1 or len(actions) > 1):
            self.mode = kind
            self.candidates = aimed
            self.say(f"{label}: choose a highlighted hex")
            self.update_highlights()
            self.update_palette()
            return
        if len(actions) == 1:
            self.make_pending(actions[0])
            return
        self.choices = actions[: len(FREE_FOR_RULESETS)]
        self.update_palette()

    def make_pending(self, action) -> None:
        """Show what `action` will do (and the odds), waiting for Enter or space."""
        self.choices = None
        self._drop_stale_message()
        self.pending = action
        try:
            self.preview = self.service.preview(action)
        except Exception:
            self.preview = None
        spec = self.ruleset.action_kinds.get(action.kind)
        reaction = action.side != self.service.decision().side  # an interruption (a steal): confirm it
        if self.preview is None and not (spec and spec.needs_target) and not reaction:
            self.apply(action)
            return
        target = action_hex(action, self.service.state)
        if target is not None and target != self.map.cursor and self.mode is None:
            self.map.cursor = target  # show where it goes (the map scrolls there if need be)
        self.update_highlights()
        self.update_palette()

    def hex_selected(self, h: Hex) -> None:
        """Enter (or a click) on a hex."""
        state = self.service.state
        if self.pending is not None:
            target = action_hex(self.pending, state)
            if target is None or target == h:
                self.apply(self.pending)
                return
            others = [a for a in (self.candidates or self.unit_actions()) if action_hex(a, state) == h]
            if others and self.pending not in others:
                self.pick_at(others)
                return
            self.apply(self.pending)  # the palette says Enter confirms: anywhere but on another target
            return
        if self.mode is not None:
            here = [a for a in self.candidates if action_hex(a, state) == h]
            if here:
                self.pick_at(here)
            else:
                self.say(f"Refused: {self.refusal(h)}")
            return
        view = self.view
        unit = view.unit_at(h)
        acting = self.acting_sides()
        if unit is not None and unit.side in acting:
            if unit.id == self.selected:
                self.select_unit(None)
            else:
                self.select_unit(unit.id)
                self.say(f"{clean(unit.name)} selected")
            return
        if self.selected:
            here = [a for a in self.unit_actions() if action_hex(a, state) == h]
            if here:
                self.pick_at(here)
                return
        if unit is not None:
            self.query_one(UnitCard).show(view, self.ruleset, unit.id)
            self.say(f"{clean(unit.name)} ({side_name(view, unit.side)}): I for details")
            return
        if self.selected:
            self.select_unit(None)
        self.say(self.cursor_text(h))

    def _drop_stale_message(self) -> None:
        """A refusal or an aiming hint is over once an action is picked."""
        if self.message.startswith("Refused") or self.message.endswith("highlighted hex"):
            self.message = ""
            self.status.set_fields(message="")

    def unit_actions(self) -> list:
        return [a for a in self.all_legal() if a.unit_id == self.selected] if self.selected else []

    def pick_at(self, actions: list) -> None:
        if len(actions) == 1:
            self.make_pending(actions[0])
        else:
            self.mode = None
            self.candidates = []
            self.choices = actions[: len(FREE_FOR_RULESETS)]
            self._drop_stale_message()
            self.update_palette()

    def apply(self, action) -> None:
        """Send `action` to the service and show what happened."""
        done = self.service.apply(action)
        if not done.ok:
            self.clear_flow()
            self.update_highlights()
            self.update_palette()
            self.say(f"Refused: {done.reason}")
            return
        self.clear_flow()
        self.query_one(DiceLog).add_events(done.events, self.names())
        self._last = (self.describe(action), done.events)
        self.message = self.events_message(done.events, self.viewer) or self._last[0]
        self.after_change()

    def after_change(self) -> None:
        """Redraw after the state changed; hide the screen if another side now decides."""
        self._view = None
        if self.service.result is not None:
            self.viewer = None
            self.refresh_all()
            self.show_game_over()
            return
        side = self.service.decision().side
        if side != self.viewer and self.viewer is not None and self.hide_between:
            from tui.screens.pass_keyboard import PassKeyboardScreen

            self.selected = None
            decision = self.service.decision()
            who = side_name(self.service.state, side)
            if decision.player:
                who += f" ({clean(decision.player)})"
            self.app.push_screen(
                PassKeyboardScreen(who, decision.prompt, on_ready=self.passed),
                lambda _: self.map.focus(),
            )
            return
        if side != self.viewer:
            self.selected = None
            self.query_one("#roster-box").scroll_home(animate=False)
            if self._last is not None:
                self.message = self.events_message(self._last[1], side) or self._last[0]
        phase = (side, self.service.state.phase, self.service.state.turn)
        changed = side != self.viewer or phase != self._phase
        self._phase = phase
        self.viewer = side
        self.refresh_all()
        if changed:
            self.cursor_to_actor()

    def cursor_to_actor(self) -> None:
        """Put the cursor on a unit that can act, unless it is on one already (a new side's turn)."""
        acting = [a.unit_id for a in self.all_legal() if a.unit_id]
        if not acting:
            return
        view = self.view
        here = view.unit_at(self.map.cursor) if self.map.cursor is not None else None
        if here is not None and here.id in acting:
            return
        for uid in acting:
            unit = view.units.get(uid)
            if unit is not None and unit.on_map:
                self.map.cursor = unit.at
                return

    def passed(self, _=None) -> None:
        self.query_one("#roster-box").scroll_home(animate=False)  # the new side's own lines first
        self.viewer = self.service.decision().side
        if self._last is not None:  # the previous side's private messages stay with it
            self.message = self.events_message(self._last[1], self.viewer) or self._last[0]
        self.refresh_all()
        self.cursor_to_actor()

    def show_game_over(self) -> None:
        from tui.screens.game_over import GameOverScreen

        def done(choice: str | None) -> None:
            if choice == "title":
                self.app.to_title()
            elif choice == "quit":
                self.app.exit()

        self.app.push_screen(GameOverScreen(self.service), done)

    # --- messages from the map, the palette and the keys ------------------------------

    @on(HexMap.CursorMoved)
    @guarded
    def cursor_moved(self, event) -> None:
        h = event.hex
        if self.mode is not None or self.pending is not None:
            self.update_highlights(h)
        self.status.set_fields(cursor=self.cursor_text(h))

    @on(HexMap.Selected)
    @guarded
    def map_selected(self, event) -> None:
        self.hex_selected(event.hex)

    @on(ApplyAction)
    @guarded
    def palette_picked(self, event: ApplyAction) -> None:
        legal = self.all_legal()
        if event.action not in legal:
            self.say("That action is no longer possible")
            return
        if event.action.unit_id and event.action.unit_id != self.selected:
            self.selected = event.action.unit_id
            self.query_one(UnitCard).show(self.view, self.ruleset, self.selected)
        self.make_pending(event.action)

    @guarded
    def on_key(self, event) -> None:
        key = event.key
        if self.choices is not None and len(key) == 1 and key in FREE_FOR_RULESETS:
            index = FREE_FOR_RULESETS.index(key)
            event.stop()
            event.prevent_default()
            if index < len(self.choices):
                self.make_pending(self.choices[index])
            return
        if key in self.kind_by_key and self.service.result is None:
            event.stop()
            event.prevent_default()
            self.choose_kind(self.kind_by_key[key])

    # --- key table actions ------------------------------------------------------------

    @guarded
    def action_cancel(self) -> None:
        if self.focused is not None and self.focused is not self.map:
            self.set_focus(self.map)
            self.say("The map has the keys again")
            return
        if self.pending is not None and self.mode is not None:
            self.pending = None
            self.preview = None
        elif self.pending is not None or self.mode is not None or self.choices is not None:
            self.clear_flow()
        elif self.selected:
            self.select_unit(None)
            self.say("")
            return
        else:
            self.say("")
            return
        self.say("cancelled")
        self.update_highlights()
        self.update_palette()

    @guarded
    def action_confirm(self) -> None:
        if self.pending is not None:
            self.apply(self.pending)
        elif self.mode is not None:
            self.hex_selected(self.map.cursor)
        else:
            # The "end" half of the key: the deciding side's one action without a unit
            # (pass, release, end activation) waits for a second space or Enter.
            side = self.service.decision().side
            ending = [a for a in self.legal(side) if a.unit_id is None and action_hex(a, self.service.state) is None]
            if len(ending) == 1:
                self.pending = ending[0]
                try:
                    self.preview = self.service.preview(ending[0])
                except Exception:  # noqa: BLE001 - a preview is a courtesy
                    self.preview = None
                self.update_highlights()
                self.update_palette()
            else:
                self.say("Nothing to confirm: choose an action first")

    def _cycle(self, step: int) -> None:
        if self.mode is not None:
            self._cycle_targets(step)
            return
        units = self.own_units()
        with_actions = {a.unit_id for a in self.legal(self.service.decision().side) if a.unit_id}
        able = [u for u in units if u.id in with_actions] or units
        if not able:
            self.say("No unit to select")
            return
        ids = [u.id for u in able]
        if self.selected in ids:
            nxt = ids[(ids.index(self.selected) + step) % len(ids)]
        else:
            nxt = ids[0] if step > 0 else ids[-1]
        self.select_unit(nxt, move_cursor=True)
        self.say(f"{clean(self.view.units[nxt].name)} selected")

    def _cycle_targets(self, step: int) -> None:
        """While aiming, n / N jump the cursor between the valid hexes, nearest first."""
        state = self.service.state
        hexes = sorted({h for a in self.candidates if (h := action_hex(a, state)) is not None})
        if not hexes:
            return
        origin = state.units[self.selected].at if self.selected in state.units else None
        if origin is not None:
            hexes.sort(key=lambda h: (origin.distance(h), h.r, h.q))
        cursor = self.map.cursor
        index = hexes.index(cursor) + step if cursor in hexes else (0 if step > 0 else -1)
        self.map.cursor = hexes[index % len(hexes)]

    @guarded
    def action_next_unit(self) -> None:
        self._cycle(1)

    @guarded
    def action_previous_unit(self) -> None:
        self._cycle(-1)

    @guarded
    def action_undo(self) -> None:
        # Two people at one keyboard (the pass screen on): a side takes back only its own
        # last action, never a roll; played solo (F4 off), anything may be undone.
        side = (self.service.decision().side or self.viewer) if self.hide_between else None
        why = getattr(self.service, "why_no_undo", None)
        reason = why(side) if why is not None and self.service.history else ""
        if reason:
            self.say(f"Cannot undo: {reason} (F4 turns solo play on)")
            return
        if not self.service.undo():
            self.say("Nothing to undo")
            return
        self.clear_flow()
        self.rebuild_dice()
        self._last = None
        self.message = "Undone"
        self.after_change()

    @guarded
    def action_redo(self) -> None:
        if not self.service.redo():
            self.say("Nothing to redo")
            return
        self.clear_flow()
        self.rebuild_dice()
        self._last = None
        self.message = "Redone"
        self.after_change()

    @guarded
    def action_unit_detail(self) -> None:
        from tui.screens.unit_detail import UnitDetailScreen

        if self.pending is not None and self.preview is not None:
            from tui.dialogs.text_view import TextDialog

            self.app.push_screen(TextDialog(game_text.preview_text(self)))
            return
        view = self.view
        unit = view.unit_at(self.map.cursor) if self.map.cursor is not None else None
        uid = unit.id if unit is not None else self.selected
        if uid is None:
            self.say("No unit here: put the cursor on one, or select one")
            return
        self.app.push_screen(UnitDetailScreen(view, self.ruleset, uid))

    PANELS = (("#map", "Map"), ("#roster-box", "Roster"), ("#dice", "Dice log"))
    """What Tab cycles through; the roster and the dice log scroll with the arrows and PgUp/PgDn."""

    def _focus_panel(self, step: int) -> None:
        shown = [(w, name) for sel, name in self.PANELS for w in self.query(sel) if w.display and w.region.height]
        shown = [(w, name) for w, name in shown if w.parent is None or w.parent.display]
        if not shown:
            return
        widgets = [w for w, _ in shown]
        index = widgets.index(self.focused) if self.focused in widgets else 0
        widget, name = shown[(index + step) % len(shown)]
        widget.can_focus = True
        self.set_focus(widget)
        if widget is self.map:
            self.say("The map has the keys again")
        else:
            self.say(f"{name}: scroll; Esc: map")  # arrows, PgUp/PgDn, Home/End

    def action_focus_next(self) -> None:
        self._focus_panel(1)

    def action_focus_previous(self) -> None:
        self._focus_panel(-1)

    def action_zoom(self) -> None:
        self.map.zoom = 0 if self.map.zoom else 1

    def action_legend(self) -> None:
        self.map.show_legend = not self.map.show_legend

    def action_toggle_side(self) -> None:
        panel = self.query_one("#side-panel")
        panel.display = not panel.display

    def action_toggle_dice(self) -> None:
        """The dice log takes the unit card's rows (I still shows the card), or gives them back."""
        card = self.query_one(UnitCard)
        card.display = not card.display
        self.say("Dice log: longer (F3: the unit card back)" if not card.display else "Unit card back")

    def action_toggle_hide(self) -> None:
        self.hide_between = not self.hide_between
        self.say("Pass-the-keyboard screen " + ("on" if self.hide_between else "off (solo play)"))

    def action_rules(self) -> None:
        from tui.screens.rules_reference import RulesReferenceScreen

        self.app.push_screen(RulesReferenceScreen(self.ruleset))

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_summary(self) -> None:
        if self.service.result is not None:
            self.show_game_over()
            return
        from tui.screens.game_log import GameLogScreen

        self.app.push_screen(GameLogScreen(self.service))

    @guarded
    def action_save(self) -> None:
        from tui.dialogs.save import SaveDialog

        state = self.service.state
        suggested = f"{state.scenario or state.ruleset}-turn{state.turn}.toml"
        self.app.push_screen(SaveDialog(suggested), self.save_to)

    def save_to(self, path) -> None:
        if path is None:
            return
        from tui.dialogs import files

        try:
            files.save_game(self.service, path)
        except Exception as exc:  # noqa: BLE001
            self.app.show_error("The game could not be saved", str(exc))
            return
        self.say(f"Saved as {Path(path).name}")

    def action_quit(self) -> None:
        from tui.dialogs.confirm import ConfirmDialog

        from tui.dialogs.files import autosave_note

        detail = autosave_note(self.service)  # what is really saved (issue 9, item 2)

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmDialog("Leave hexwar?", detail), answer)
