"""The scenario editor: draw a map and place forces with the keyboard, then save a scenario file.

The model (the draft, its edits, undo, the unit form, saving) is saves/editor and knows no
screen; this screen maps keys to edits and draws the draft with the game's own hex map. Forms
and questions are dialogs (tui/screens/editor_forms.py, tui/dialogs); `?` lists every key.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from rules import registry
from rules.hexgrid import DIRECTIONS, Hex, from_offset, to_offset
from saves.editor import edits as E
from saves.editor.draft import Draft, board_of, feature_kinds, hex_terrains
from saves.editor.session import Session
from tui.keys import Key, bindings
from tui.screens import editor_dialogs as dialogs
from tui.screens import editor_files as files
from tui.widgets.hex_map import HexMap
from tui.widgets.text import lit

EDITOR_KEYS: tuple[Key, ...] = (
    Key("space", "apply_brush", "Paint", "apply the brush to the hex under the cursor (terrain, feature or hexside)"),
    Key("t", "brush('hex',1)", "Next terrain", "the brush paints the next terrain kind of the rule set (T: previous)"),
    Key("T", "brush('hex',-1)", "Previous terrain", "the brush paints the previous terrain kind", palette=False),
    Key("f", "brush('feature',1)", "Next hex feature", "the brush puts or takes away a hex feature (F: previous)"),
    Key("F", "brush('feature',-1)", "Previous hex feature", "the previous hex feature", palette=False),
    Key("e", "brush('edge',1)", "Next hexside feature", "the brush puts or takes away a hexside feature (E: previous)"),
    Key("E", "brush('edge',-1)", "Previous hexside feature", "the previous hexside feature", palette=False),
    Key("d", "direction", "Hexside direction", "the side of the hex the hexside brush draws on (E NE NW W SW SE)"),
    Key("p", "draw", "Draw while moving", "apply the brush to every hex the cursor enters, or stop"),
    Key("plus", "height(1)", "Higher", "raise the hex under the cursor by one", display="+"),
    Key("minus", "height(-1)", "Lower", "lower the hex under the cursor by one", display="-"),
    Key("s", "next_side", "Next side", "the side new units belong to"),
    Key("a", "add_unit", "Add a unit", "place a unit of the current side here and fill its form (the rule set's stats)"),
    Key("A", "army_unit", "Unit from an army", "place a unit taken from one of the rule set's army files"),
    Key("i", "edit_unit", "Edit the unit", "the form of the unit under the cursor (Enter on it does the same)"),
    Key("m", "move_unit", "Move the unit", "pick up the unit under the cursor; m or Enter again puts it down"),
    Key("x,delete", "delete_unit", "Delete the unit", "delete the unit under the cursor", display="x"),
    Key("S", "sides", "Sides", "rename a side, set its rule-set fields, add or remove a side"),
    Key("v", "add_victory", "Add a victory condition", "one of the rule set's victory kinds (hold: the cursor's hex)"),
    Key("V", "remove_victory", "Remove a victory condition", "choose one to remove"),
    Key("L", "turn_limit", "Turn limit", "the last turn of the game (empty: none)"),
    Key("D", "names", "Name and description", "the scenario's file name, title and description"),
    Key("O", "options", "Options", "the scenario's options (the rule set's switchable rules and settings)"),
    Key("R", "resize", "Resize the map", "another width and height (what falls off the edge is dropped)"),
    Key("u", "undo", "Undo", "take back the last edit"),
    Key("U", "redo", "Redo", "make the edit taken back again"),
    Key("P", "problems", "Problems", "everything `hexwar verify` would say of the scenario now"),
    Key("ctrl+n", "new_map", "New map", "a blank map of a chosen size for a chosen rule set"),
    Key("ctrl+s", "save", "Save", "save the scenario file (asks before replacing a file)"),
    Key("ctrl+g", "play", "Play it", "save, then start a game on it (the new-game form)"),
    Key("z", "zoom", "Zoom", "switch the map between compact and outlined hexes"),
    Key("l", "legend", "Legend", "show or hide the terrain legend"),
    Key("question_mark", "help", "Help", "list the keys of this screen", display="?"),
    Key("escape,q", "back", "Back", "return to the title screen (asks if there are unsaved edits)", display="Esc"),
)


@dataclass(frozen=True)
class _Unit:
    id: str
    side: str
    name: str
    kind: str
    at: Hex | None

    @property
    def on_map(self) -> bool:
        return self.at is not None


@dataclass(frozen=True)
class _Side:
    id: str
    name: str


class Picture:
    """What the hex map draws of a draft: its board, sides and units (the map reads no more)."""

    def __init__(self, draft: Draft) -> None:
        self.board = board_of(draft)
        self.sides = [_Side(s.id, s.name) for s in draft.sides]
        self.units = {u.id: _Unit(u.id, u.side, u.name, u.kind, from_offset(*u.at) if u.at else None)
                      for u in draft.units}

    def unit_at(self, h: Hex) -> _Unit | None:
        return next((u for u in self.units.values() if u.at == h), None)


class EditorScreen(Screen[None]):
    """Draw terrain, place and edit units, set sides and victory, save: all from the keyboard."""

    KEYS = EDITOR_KEYS
    HELP_TITLE = "the scenario editor"
    BINDINGS = bindings(EDITOR_KEYS)
    DEFAULT_CSS = """
    EditorScreen #editor { height: 1fr; }
    EditorScreen #editor-map { width: 1fr; height: 1fr; }
    EditorScreen #editor-panel { width: 38; height: 1fr; padding: 0 1; border-left: solid $primary; overflow-y: auto; }
    EditorScreen #editor-status { height: 1; background: $panel; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.brush: tuple[str, str] = ("hex", hex_terrains(session.draft.ruleset)[0])
        self.direction = "E"
        self.drawing = False
        self.side = session.draft.sides[0].id
        self.carrying: str | None = None
        """The unit being moved (picked up with m)."""
        self.message = "? lists the keys. t terrain, space paint, a add a unit, ctrl+s save."
        self._board_key: object = None

    @property
    def draft(self) -> Draft:
        return self.session.draft

    @property
    def rules(self):
        return registry.get(self.draft.ruleset)

    def compose(self) -> ComposeResult:
        yield Static("", id="editor-title", classes="screen-title")
        with Horizontal(id="editor"):
            yield HexMap(id="editor-map")
            yield Static("", id="editor-panel")
        yield Static("", id="editor-status")

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(HexMap).focus()

    # --- drawing ----------------------------------------------------------------------------

    @property
    def cursor(self) -> tuple[int, int]:
        return to_offset(self.query_one(HexMap).cursor)

    def redraw(self, message: str | None = None) -> None:
        if message is not None:
            self.message = message
        d = self.draft
        hex_map = self.query_one(HexMap)
        key = (d.width, d.height, d.terrain, d.heights, d.features, d.edges, d.units, d.sides)
        if key != self._board_key:
            hex_map.set_state(Picture(d), self.rules)  # type: ignore[arg-type]
            self._board_key = key
        where = self.session.path.name if self.session.path else "not saved yet"
        star = " *" if self.session.dirty else ""
        self.query_one("#editor-title", Static).update(lit(
            f" Scenario editor: {d.ruleset} {d.name} ({d.width}x{d.height}), {where}{star}   ? keys"))
        self.query_one("#editor-panel", Static).update(lit(self.panel_text()))
        self.query_one("#editor-status", Static).update(lit(self.message))

    def panel_text(self) -> str:
        d = self.draft
        at = self.cursor
        kind, tid = self.brush
        info = self.rules.terrain.get(tid)
        brush = f"{info.label if info else tid}" + (f" on the {self.direction} side" if kind == "edge" else "")
        lines = [f"Brush: {brush} ({kind})" + ("  DRAWING" if self.drawing else ""),
                 f"Hex {at[0]},{at[1]}: {d.terrain_at(at)}, height {d.height_at(at)}"]
        lines += [f"  feature {f}" for (h, f) in sorted(d.features) if h == at]
        lines += [f"  {s} side: {f}" for (h, s, f) in sorted(d.edges) if h == at]
        for u in d.units_at(at):
            lines.append(f"  unit {u.id} {u.name} ({u.side})")
        if self.carrying:
            lines.append(f"Moving {self.carrying}: m or Enter puts it down")
        lines.append("")
        lines.append(f"New units join: {self.side}")
        for s in d.sides:
            count = sum(u.side == s.id for u in d.units)
            lines.append(f"  {s.id}: {s.name}, {count} unit{'s' if count != 1 else ''}")
        lines.append(f"Turn limit: {d.max_turns if d.max_turns is not None else 'none'}")
        lines.append(f"Victory ({len(d.victory)}):")
        for v in d.victory:
            lines.append(f"  {v.kind}" + (f" {v.side}" if v.side else "") + (f" turn {v.turn}" if v.turn else "")
                         + (f" {len(v.hexes)} hex" if v.hexes else ""))
        problems = self.session.problems()
        lines.append("")
        lines.append(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}" + (" (P lists them)" if problems else ": it will load"))
        lines += [f"  {p.text()}" for p in problems[:3]]
        return "\n".join(lines)

    def edit(self, label: str, fn, *args, **kwargs) -> bool:
        """Make an edit through the session (undoable); a refusal is shown and changes nothing."""
        try:
            self.session.apply(label, fn, *args, **kwargs)
        except E.EditRefused as exc:
            self.redraw(f"Refused: {exc}")
            return False
        self.redraw(label)
        return True

    def on_hex_map_cursor_moved(self, _: HexMap.CursorMoved) -> None:
        if self.drawing:
            self.action_apply_brush()
        else:
            self.redraw()

    def on_hex_map_selected(self, _: HexMap.Selected) -> None:
        if self.carrying:
            self.action_move_unit()
        elif self.draft.units_at(self.cursor):
            self.action_edit_unit()

    # --- the map ----------------------------------------------------------------------------

    def action_brush(self, kind: str, step: int) -> None:
        ids = hex_terrains(self.draft.ruleset) if kind == "hex" else feature_kinds(self.draft.ruleset, kind)
        if not ids:
            what = {"feature": "hex features", "edge": "hexside features"}[kind]
            self.redraw(f"{self.draft.ruleset} has no {what}")
            return
        current = self.brush[1] if self.brush[0] == kind and self.brush[1] in ids else None
        i = (ids.index(current) + step) % len(ids) if current else (0 if step > 0 else len(ids) - 1)
        self.brush = (kind, ids[i])
        self.redraw(f"Brush: {ids[i]}")

    def action_direction(self) -> None:
        self.direction = DIRECTIONS[(DIRECTIONS.index(self.direction) + 1) % len(DIRECTIONS)]
        self.redraw(f"Hexsides on the {self.direction} side")

    def action_draw(self) -> None:
        self.drawing = not self.drawing
        self.redraw("Drawing: every hex the cursor enters is painted" if self.drawing else "Drawing stopped")
        if self.drawing:
            self.action_apply_brush()

    def action_apply_brush(self) -> None:
        kind, tid = self.brush
        at = self.cursor
        if kind == "hex":
            if self.draft.terrain_at(at) != tid:
                self.edit(f"Painted {tid} at {at[0]},{at[1]}", E.paint, at, tid)
            else:
                self.redraw()
        elif kind == "feature":
            self.edit(f"Feature {tid} at {at[0]},{at[1]}", E.toggle_feature, at, tid)
        else:
            self.edit(f"Hexside {tid} on the {self.direction} side of {at[0]},{at[1]}", E.toggle_edge, at,
                      self.direction, tid)

    def action_height(self, step: int) -> None:
        at = self.cursor
        self.edit(f"Height {self.draft.height_at(at) + step} at {at[0]},{at[1]}", E.set_height, at,
                  self.draft.height_at(at) + step)

    def action_zoom(self) -> None:
        hex_map = self.query_one(HexMap)
        hex_map.zoom = 1 - hex_map.zoom

    def action_legend(self) -> None:
        hex_map = self.query_one(HexMap)
        hex_map.show_legend = not hex_map.show_legend

    # --- units ------------------------------------------------------------------------------

    def action_next_side(self) -> None:
        ids = [s.id for s in self.draft.sides]
        self.side = ids[(ids.index(self.side) + 1) % len(ids)] if self.side in ids else ids[0]
        self.redraw(f"New units join {self.side}")

    def unit_here(self):
        units = self.draft.units_at(self.cursor)
        if not units:
            self.redraw("No unit here")
        return units[-1] if units else None

    def action_add_unit(self) -> None:
        dialogs.add_unit(self)

    def action_army_unit(self) -> None:
        dialogs.army_unit(self)

    def action_edit_unit(self) -> None:
        unit = self.unit_here()
        if unit is not None:
            dialogs.edit_unit(self, unit)

    def action_move_unit(self) -> None:
        if self.carrying is None:
            unit = self.unit_here()
            if unit is not None:
                self.carrying = unit.id
                self.redraw(f"Moving {unit.id}: move the cursor, then m or Enter")
            return
        unit_id, self.carrying = self.carrying, None
        at = self.cursor
        self.edit(f"Moved {unit_id} to {at[0]},{at[1]}", E.move_unit, unit_id, at)

    def action_delete_unit(self) -> None:
        unit = self.unit_here()
        if unit is not None:
            self.edit(f"Deleted {unit.id} ({unit.name})", E.delete_unit, unit.id)

    # --- the scenario -----------------------------------------------------------------------

    def action_sides(self) -> None:
        dialogs.sides(self)

    def action_add_victory(self) -> None:
        dialogs.add_victory(self)

    def action_remove_victory(self) -> None:
        dialogs.remove_victory(self)

    def action_turn_limit(self) -> None:
        dialogs.turn_limit(self)

    def action_names(self) -> None:
        dialogs.names(self)

    def action_options(self) -> None:
        dialogs.options(self)

    def action_resize(self) -> None:
        dialogs.resize(self)

    def action_undo(self) -> None:
        try:
            self.redraw(f"Undone: {self.session.undo()}")
        except E.EditRefused as exc:
            self.redraw(str(exc).capitalize())

    def action_redo(self) -> None:
        try:
            self.redraw(f"Redone: {self.session.redo()}")
        except E.EditRefused as exc:
            self.redraw(str(exc).capitalize())

    def action_problems(self) -> None:
        files.problems(self)

    def action_new_map(self) -> None:
        files.new_map(self)

    def action_save(self) -> None:
        files.save(self)

    def action_play(self) -> None:
        files.save(self, then_play=True)

    def action_help(self) -> None:
        """The map's keys and this screen's (not the rule set's action keys: nothing is played here)."""
        from tui.screens.help import HelpScreen, help_table, help_text

        args = (self.HELP_TITLE, self.KEYS)
        self.app.push_screen(HelpScreen(help_text(*args, map_keys=True), help_table(*args, map_keys=True)))

    def action_back(self) -> None:
        if self.carrying:
            self.carrying = None
            self.redraw("Move cancelled")
            return
        files.leave(self)

    def replace_session(self, session: Session) -> None:
        self.session = session
        self.brush = ("hex", hex_terrains(session.draft.ruleset)[0])
        self.side = session.draft.sides[0].id
        self._board_key = None
        self.query_one(HexMap).cursor = Hex(0, 0)
        self.redraw(f"New {session.draft.ruleset} map, {session.draft.width}x{session.draft.height}")


def open_editor(app) -> None:
    """From the title screen: a blank map of a rule set, or a copy of a bundled scenario to change."""
    from saves.editor.session import session_for
    from saves.scenarios import list_scenarios
    from tui.dialogs.choice import ChoiceDialog

    choices = [(f"new:{e.id}", f"A new {e.name} map (12x8; ctrl+n for another size)") for e in registry.entries()]
    choices += [(f"copy:{i.ruleset}:{i.name}", f"A copy of {i.ruleset} {i.title}")
                for i in list_scenarios() if not i.error]

    def chosen(key: str | None) -> None:
        if key is None:
            return
        what, rid, *name = key.split(":")
        try:
            session = session_for(name[0] if name else None, rid)
        except Exception as exc:  # noqa: BLE001 - a broken bundled file: say so, stay on the title
            app.show_error("This scenario cannot be edited", str(exc))
            return
        app.push_screen(EditorScreen(session))

    app.push_screen(ChoiceDialog("Scenario editor: what to edit", choices), chosen)
