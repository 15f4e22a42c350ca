"""Textual's option lists and Select, safe against page keys that arrive before the list is laid out."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class _SafePages:
    """Textual 8.2.8's `OptionList._move_page` reads `_index_to_line`, which stays empty until the list has been
    laid out: PageUp/PageDown typed right after a list opened (type-ahead, SSH lag) ended the app with
    KeyError: 0 (issue 9 item 1; found again by the 10,000-key monkey on the new-game screen's Select).
    Before layout a page is one line."""

    def _move_page(self, direction) -> None:
        if self._options and self.highlighted is not None and self.highlighted not in self._index_to_line:
            if direction < 0:
                self.action_cursor_up()
            else:
                self.action_cursor_down()
            return
        super()._move_page(direction)  # type: ignore[misc]


class SafeOptionList(_SafePages, OptionList):
    """An OptionList whose page keys are safe before layout."""


class SafeSelectOverlay(_SafePages, SelectOverlay):
    """A Select's drop-down list whose page keys are safe before layout."""


class SafeSelect(Select):
    """A Select whose drop-down list is a `SafeSelectOverlay` (the rest is Textual's)."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield SafeSelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)

    def set_choices(self, options: list) -> None:
        """Set the options; the blank entry (the prompt, "(no scenarios)") only while there is none, so it
        is never offered as a choice beside real ones. Textual fixes `allow_blank` at construction: its
        private flag is the one place it is kept."""
        self._allow_blank = not options
        self.set_options(options)
