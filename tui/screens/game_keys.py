"""The game screen's key commands (its key table in tui/keys.py): flow keys, undo, panels, save, quit.

A mixin of `GameScreen` (tui/screens/game.py), kept apart so each module stays
small; like the screen, it reads the game only through the seat.
"""

from __future__ import annotations

from pathlib import Path

from tui.screens import odds_text
from tui.screens.game_text import guarded
from tui.widgets.unit_card import UnitCard


class GameKeys:
    """`action_*` methods of the game screen."""

    @guarded
    def action_cancel(self) -> None:
        if self.focused is not None and self.focused is not self.map:
            self.set_focus(self.map)
            self.say("The map has the keys again")
            return
        said = self.flow.cancel()
        self.update_highlights()
        self.query_one(UnitCard).show(self.view, self.seat, self.selected)
        self.say(said)

    @guarded
    def action_confirm(self) -> None:
        self.run_step(self.flow.confirm(self.map.cursor))

    @guarded
    def action_choices_page(self, step: int) -> None:
        self.run_step(self.flow.page(step))

    def _cycle(self, step: int) -> None:
        self.run_step(self.flow.cycle(step, self.map.cursor))

    @guarded
    def action_next_unit(self) -> None:
        self._cycle(1)

    @guarded
    def action_previous_unit(self) -> None:
        self._cycle(-1)

    @guarded
    def action_undo(self) -> None:
        if self.undo_to_person():  # against the computer: its replies and your own last decision
            self._changed_by_hand("Undone back to your last decision")
            return
        # The seat's undo policy: at one keyboard with the pass screen on, a side takes back
        # only its own last action, never a roll; solo play (F4) or the referee: anything.
        reason = self.seat.why_no_undo()
        if reason == "nothing to undo":
            self.say("Nothing to undo")
            return
        if reason:
            self.say(f"Cannot undo: {reason} (F4 turns solo play on)")
            return
        if not self.seat.undo():
            self.say("Nothing to undo")
            return
        self._changed_by_hand("Undone")

    @guarded
    def action_redo(self) -> None:
        if not self.seat.redo():
            self.say("Nothing to redo")
            return
        self._changed_by_hand("Redone")

    def _changed_by_hand(self, message: str) -> None:
        self.flow.clear()
        self._last = None
        self.message = message
        self.after_change()
        self.rebuild_dice()

    @guarded
    def action_unit_detail(self) -> None:
        from tui.screens.unit_detail import UnitDetailScreen

        if self.pending is not None and self.preview is not None:
            from tui.dialogs.text_view import TextDialog

            self.app.push_screen(TextDialog(odds_text.preview_text(self)))
            return
        if self.choices:
            from tui.dialogs.text_view import TextDialog

            self.app.push_screen(TextDialog(odds_text.choices_odds_text(self)))
            return
        view = self.view
        unit = view.unit_at(self.map.cursor) if self.map.cursor is not None else None
        uid = unit.id if unit is not None else self.selected
        if uid is None:
            self.say("No unit here: put the cursor on one, or select one")
            return
        self.app.push_screen(UnitDetailScreen(view, self.seat, uid))

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
        self.map.zoom_chosen = True
        self.map.zoom = 0 if self.map.zoom else 1
        self.fit_layout()

    def action_legend(self) -> None:
        self.map.show_legend = not self.map.show_legend
        self.fit_layout()  # room for the legend beside the map

    def action_toggle_side(self) -> None:
        panel = self.query_one("#side-panel")
        panel.display = not panel.display
        self.fit_layout()

    def action_toggle_dice(self) -> None:
        """The dice log takes the unit card's rows (I still shows the card), or gives them back."""
        card = self.query_one(UnitCard)
        card.display = not card.display
        dice = self.query_one("#dice")
        self.call_after_refresh(lambda: dice.scroll_end(animate=False))  # the newest roll stays in sight
        self.say("Dice log: longer (F3: the unit card back)" if not card.display else "Unit card back")

    def action_toggle_hide(self) -> None:
        self.hide_between = not self.hide_between
        self.seating.set_solo(not self.hide_between)
        self.service.prefs["solo"] = not self.hide_between  # kept in the save (issue 9 item 15)
        if not self.referee:
            self.take_seat()
        self.say("Pass-the-keyboard screen " + ("on" if self.hide_between else "off (solo play)"))

    def action_rules(self) -> None:
        from tui.screens.rules_reference import RulesReferenceScreen

        from tui.screens.game_objective import objective_markdown

        self.app.push_screen(RulesReferenceScreen(self.ruleset, before=objective_markdown(self.seat)))

    @guarded
    def action_objective(self) -> None:
        from tui.dialogs.text_view import TextDialog
        from tui.screens.game_objective import objective_text

        self.app.push_screen(TextDialog(objective_text(self.seat)))

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_summary(self) -> None:
        if self.seat.result is not None:
            self.show_game_over()
            return
        from tui.screens.game_log import GameLogScreen

        self.app.push_screen(GameLogScreen(self.seat))

    @guarded
    def action_save(self) -> None:
        if self.service is None:
            self.say("The host keeps this game: it saves it after every action")
            return
        from tui.dialogs.save import SaveDialog

        view = self.view
        suggested = f"{view.scenario or view.ruleset}-turn{view.turn}.toml"
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

        if self.service is None:
            detail = "The host keeps the game: join again with the same code to go on."
        else:
            from tui.dialogs.files import autosave_note

            detail = autosave_note(self.service)  # what is really saved (issue 9, item 2)

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmDialog("Leave hexwar?", detail), answer)
