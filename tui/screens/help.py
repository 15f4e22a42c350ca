"""`?` help: every key of the screen it was opened from, from that screen's key table."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keys import GLOBAL_KEYS, MAP_KEYS, Key
from tui.widgets.text import lit


def help_text(title: str, table: tuple[Key, ...], *, map_keys: bool = False, kinds=None) -> Text:
    """The key list: the screen's table, the map's keys, and a rule set's action keys."""
    out = Text(end="")
    out.append(f"Keys: {title}\n", style="bold")
    rows: list[tuple[str, str, str]] = []
    if map_keys:
        rows += [(k, "", h) for k, h in MAP_KEYS]
    rows += [(k.shown, k.label, k.help) for k in table + GLOBAL_KEYS]
    for key, label, text in rows:
        out.append(f"\n{key:>13}  ", style="bold")
        if label:
            out.append(f"{label}: ")
        out.append_text(lit(text, "dim"))
    if kinds:
        out.append("\n\nActions of this rule set (when the palette lists them):", style="bold")
        for kind in kinds.values():
            out.append(f"\n{kind.key:>13}  ", style="bold")
            out.append_text(lit(kind.label))
            if kind.needs_target:
                out.append(" (then choose the hex)", style="dim")
    return out


class HelpScreen(ModalScreen[None]):
    """Lists keys; any of Escape, q, ? or Enter closes it."""

    BINDINGS = [Binding("escape,q,question_mark,enter", "close", "Close", show=False)]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            with VerticalScroll(id="help-body"):
                yield Static(self.text, id="help-text")
            yield Static("Esc / ? : close    up/down: scroll", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
