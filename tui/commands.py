"""Command palette providers: the screen's key table and the legal actions of the moment.

Both only post a message; the screen does the work (STYLE.md section 4).
`discover()` fills the palette before anything is typed.
"""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

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
