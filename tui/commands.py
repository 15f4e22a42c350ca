"""The command palette: its providers (the screen's key table, the legal actions) and a type-ahead-safe palette.

Both providers only post a message; the screen does the work (STYLE.md section 4).
`discover()` fills the palette before anything is typed.
"""

from __future__ import annotations

from functools import partial

from textual import events
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.widgets import Button, Input, LoadingIndicator, OptionList

from tui.keys import Key
from tui.messages import ApplyAction, RunCommand


def _key_table(screen) -> tuple[Key, ...]:
    return getattr(screen, "KEYS", ())


class ScreenCommands(Provider):
    """The active screen's own commands (undo, save, zoom...), from its key table."""

    def _commands(self):
        screen = self.screen
        for key in _key_table(screen):
            if key.palette:
                yield key, partial(screen.post_message, RunCommand(key.action, screen))

    async def discover(self) -> Hits:
        for key, run in self._commands():
            yield DiscoveryHit(key.label, run, help=f"{key.shown}: {key.help}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for key, run in self._commands():
            score = matcher.match(key.label)
            if score > 0:
                yield Hit(score, matcher.highlight(key.label), run, help=f"{key.shown}: {key.help}")


class LegalActions(Provider):
    """Every action the rules allow now, by its description (apply it when picked)."""

    def _actions(self) -> list[tuple[str, object]]:
        screen = self.screen
        lister = getattr(screen, "palette_actions", None)
        if lister is None:
            return []
        try:
            return lister()
        except Exception:  # a palette must never bring the game down
            return []

    async def discover(self) -> Hits:
        for text, action in self._actions()[:40]:
            yield DiscoveryHit(Content(text), partial(self.screen.post_message, ApplyAction(action)), text=text,
                               help="legal now")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, action in self._actions():
            score = matcher.match(text)
            if score > 0:
                # Names come from files: show them literally, never as markup.
                yield Hit(score, Content(text), partial(self.screen.post_message, ApplyAction(action)), text=text,
                          help="legal now")


# --- the palette itself -------------------------------------------------------------------


class SafePalette(CommandPalette):
    """Textual's command palette, safe against keys that arrive together (type-ahead, SSH lag).

    Textual 8.2.8 has two races here (issue 9, item 1):
    - `OptionList._move_page` reads `_index_to_line`, which stays empty until the
      list has been laid out, so PageUp/PageDown right after ctrl+p raised
      KeyError: 0 (the same crash is reported against OptionList downstream, e.g.
      kagan-sh/kagan-legacy#31). Before layout a page is zero lines: we move by one.
    - `Screen.dismiss` pops whatever screen is on top, not itself, and the
      palette's handlers run for messages still queued after it closed: two
      Enters dismissed it twice, popping the title ("Can't pop screen") or the
      game screen under it, and could run the picked command twice; queries
      then found no CommandList. Textualize/textual#4621 guarded the same kind
      of double dismiss for buttons only. Here the palette closes once, and
      ignores input that reaches it after that.
    """

    _IGNORED_ONCE_CLOSED = (Input.Changed, Input.Submitted, Button.Pressed, OptionList.OptionSelected,
                            OptionList.OptionHighlighted, events.Click, events.Key)

    closed = False
    """Set by the first dismiss; nothing the player does reaches the palette after it."""

    def dismiss(self, result=None) -> AwaitComplete:
        if self.closed or self.app.screen_stack[-1:] != [self]:
            # Under another screen it cannot close yet (Textual would pop that one): it stays
            # usable, so Escape closes it once it is on top again.
            return AwaitComplete()
        self.closed = True
        self._cancel_gather_commands()
        return super().dismiss(result)

    def _get_dispatch_methods(self, method_name, message):
        if self.closed and isinstance(message, self._IGNORED_ONCE_CLOSED):
            return iter(())
        return super()._get_dispatch_methods(method_name, message)

    def _action_escape(self) -> None:
        if not self.closed:
            super()._action_escape()

    def _action_cursor_down(self) -> None:
        if not self.closed and self.query(CommandList):
            super()._action_cursor_down()

    def _action_command_list(self, action: str) -> None:
        if self.closed:
            return
        lists = self.query(CommandList)
        if not lists:
            return
        options = lists.first()
        if action in ("page_up", "page_down") and options.highlighted is not None:
            if options.highlighted not in options._index_to_line:  # not laid out yet: see the class docstring
                action = "cursor_up" if action == "page_up" else "cursor_down"
        super()._action_command_list(action)

    def _watch__list_visible(self) -> None:
        if self.query(CommandList) and self.query("#--input"):
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        if self.query(CommandList) and self.query(LoadingIndicator):
            await super()._watch__show_busy()
