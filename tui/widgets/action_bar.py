"""The action palette: a docked panel, updated in place, listing what may be done now and its keys."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class ActionBar(Static):
    """Shows the text the game screen builds (`show`); redraws only when that text changes."""

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self._plain = ""
        self.text = Text()

    def show(self, text: Text) -> None:
        key = text.plain + repr(text.spans)
        if key == self._plain:
            return
        self._plain = key
        self.text = text
        self.update(text, layout=False)  # a fixed height: nothing else moves
