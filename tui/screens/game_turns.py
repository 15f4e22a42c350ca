"""The game screen after an action: show what happened, pass the keyboard to the side that now
decides, put the cursor on a unit that can act, and the game's end.

Split from tui/screens/game.py: `GameScreen` takes these methods from `GameTurns` (plain methods:
the screen's message handlers stay in game.py, where Textual finds them).
"""

from __future__ import annotations

from tui.widgets.dice_log import DiceLog


class GameTurns:
    """`GameScreen`'s turn-taking (uses its seat, flow, map, status and widgets)."""

    def apply(self, action, seat=None) -> None:
        """Send `action` through `seat`, or the seat that acts for its side at this keyboard, and
        show what happened."""
        seat = seat or self.flow.seat_of(action.side) or self.seat
        before = self.seat.action_count
        done = seat.apply(action)
        self.flow.clear()
        if not done.ok:
            self.update_highlights()
            self.say(f"Refused: {done.reason}")
            return
        events = self.seat.events(since=before)  # what this seat may see (a host sent it already)
        self._seen_actions = self.seat.action_count
        self.query_one(DiceLog).add_events(events, self.names())
        self._last = (action, tuple(events), action.side)
        self.message = self.last_message(done.events)
        self.after_change()

    def after_change(self) -> None:
        """Redraw after the game changed; hide the screen if another side now decides."""
        if self.seat.result is not None:
            self.refresh_all()
            self.show_game_over()
            return
        side = self.seat.decision().side
        if side != self.viewer and not self.referee and self.hide_between and not self.is_computer(side):
            self.flow.select(None)
            self.ask_to_pass()
            return
        if side != self.viewer and not self.referee and not self.is_computer(side):
            self.flow.select(None)
            self.take_seat()
            self.query_one("#roster-box").scroll_home(animate=False)
            self.rebuild_dice()
            if self._last is not None and not self.remote:  # remote: the line shows what the other side did
                self.message = self.last_message(self._last[1])
        # The selected unit's part is over (DHR: the next chip is another unit's): the palette said only
        # "nothing to do now"; the cursor goes to a unit that can act, as on a new phase.
        done = (side == self.viewer and self.selected is not None
                and not any(a.unit_id == self.selected for a in self.all_legal()))
        if done:
            self.flow.select(None)
        view = self.view
        phase = (side, view.phase, view.turn)
        changed = phase != self._phase
        self._phase = phase
        self.refresh_all()
        if changed or done:
            self.cursor_to_actor()
        self.computer_turn()

    def cursor_to_actor(self) -> None:
        """Put the cursor on a unit that can act, unless it is on one already (a new side's turn)."""
        h = self.flow.actor_hex(self.map.cursor)
        if h is not None:
            self.map.cursor = h

    def passed(self, _=None) -> None:
        """The pass screen is going: sit the side that decides now (still covered, so it paints once)."""
        self.take_seat()
        self.query_one("#roster-box").scroll_home(animate=False)  # the new side's own lines first
        self.rebuild_dice()
        if self._last is not None:  # the previous side's private messages stay with it
            self.message = self.last_message(self._last[1])
        view = self.view
        self._phase = (self.seat.decision().side, view.phase, view.turn)
        self.refresh_all()
        self.cursor_to_actor()

    def show_game_over(self) -> None:
        from tui.screens.game_over import GameOverScreen

        def done(choice: str | None) -> None:
            if choice == "title":
                self.app.to_title()
            elif choice == "quit":
                self.app.exit()

        self.app.push_screen(GameOverScreen(self.seat, self.service), done)
