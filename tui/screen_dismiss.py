"""`Screen.dismiss` made safe against type-ahead (every screen of the app; imported by tui/app.py)."""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import Screen

_textual_dismiss = Screen.dismiss


def _dismiss_once(self, result=None):
    """`Screen.dismiss`, but only once and only while the screen is on top.

    Textual's own pops whatever screen is on top and calls the result callback
    again each time, so two Enters typed together on a dialog (type-ahead, SSH
    lag) closed the dialog and then the screen under it, or ran its choice
    twice (issue 9, item 1; upstream guarded only a button's double dismiss,
    Textualize/textual#4621). A dismiss that arrives late is ignored. One that
    arrives before the screen has mounted (a key typed ahead of it) waits until
    it has: Textual would remove its children mid-mount and its on_mount (or a
    MarkdownViewer's) would find nothing.
    """
    if self.is_attached and not self.is_mounted:
        def once_mounted() -> None:  # returns nothing: Textual refuses to await a dismiss in the screen's own handler
            _dismiss_once(self, result)

        self.call_later(once_mounted)
        return AwaitComplete()
    stack = self.app.screen_stack if self.is_attached else []
    if getattr(self, "_dismissed", False) or not stack or stack[-1] is not self:
        return AwaitComplete()
    self._dismissed = True
    return _textual_dismiss(self, result)


Screen.dismiss = _dismiss_once  # type: ignore[method-assign]
