"""A check box drawn in plain ASCII: "[x] label" when on, "[ ] label" when off.

Textual's Switch and RadioButton tell on from off by colour alone (the same
glyph either way); this one says it in text, so it reads without colour.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class Tick(Checkbox):
    """An on/off option whose state is written: [x] or [ ]."""

    DEFAULT_CSS = """
    Tick { border: none; padding: 0 1 0 0; width: auto; max-width: 100%; height: 1; background: transparent; }
    Tick:focus { border: none; }
    Tick:focus > .toggle--label { background: $block-cursor-background; color: $block-cursor-foreground; }
    """

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--label")
        return Content.styled("[x]" if self.value else "[ ]", style)
