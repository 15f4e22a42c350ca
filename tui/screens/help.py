"""`?` help: every key of the screen it was opened from, from that screen's key table."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keys import GLOBAL_KEYS, MAP_KEYS, Key
from tui.widgets.text import lit


AIMED = {
    "unit": ", then choose the unit on the map",
    "hex": ", then choose the hex on the map",
    "path": ", then choose where to go on the map",
    "choice": ", then choose an option by letter",
}
"""How each kind of action is aimed, as the help screen says it."""


def help_rows(table: tuple[Key, ...], *, map_keys: bool = False, kinds=None, words=None) -> list[tuple[str, Text] | str]:
    """(key, what it does) rows, with section titles as plain strings."""
    rows: list[tuple[str, Text] | str] = []
    if map_keys:
        rows.append("On the map")
        rows += [(k, lit(h)) for k, h in MAP_KEYS]
        rows.append("Commands")
    for k in table + GLOBAL_KEYS:
        line = Text(end="")
        line.append(f"{k.label}: ", style="bold")
        line.append_text(lit(k.help))
        rows.append((k.shown, line))
    if kinds:
        rows.append("Actions of this rule set (listed on the palette when possible)")
        for kind in kinds.values():
            if not kind.key:
                continue  # offered on the palette only
            line = lit(kind.label, "bold")
            how = AIMED.get(kind.target, "")
            if how:
                line.append(how, style="dim")
            rows.append((kind.key, line))
    if kinds is not None:
        from tui.glossary import COUNT

        rows.append("Words on the palette, the roster and the unit card")
        for token, meaning in [*sorted((words or {}).items()), COUNT]:
            rows.append((token, lit(meaning)))
    return rows


def help_text(title: str, table: tuple[Key, ...], *, map_keys: bool = False, kinds=None, words=None) -> Text:
    """The key list as plain lines (what the help screen shows, for tests and logs)."""
    out = Text(f"Keys: {title}", end="")
    for row in help_rows(table, map_keys=map_keys, kinds=kinds, words=words):
        if isinstance(row, str):
            out.append(f"\n{row}")
        else:
            out.append(f"\n{row[0]:>13}  ")
            out.append_text(row[1])
    return out


def help_table(title: str, table: tuple[Key, ...], *, map_keys: bool = False, kinds=None, words=None) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold", no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row("", Text(f"Keys: {title}", style="bold underline"))
    for row in help_rows(table, map_keys=map_keys, kinds=kinds, words=words):
        if isinstance(row, str):
            grid.add_row("", Text(f"\n{row}", style="bold"))
        else:
            grid.add_row(Text(row[0]), row[1])
    return grid


class HelpScreen(ModalScreen[None]):
    """Lists keys; any of Escape, q, ? or Enter closes it."""

    BINDINGS = [Binding("escape,q,question_mark,enter", "close", "Close", show=False)]
    AUTO_FOCUS = "#help-body"  # a query after compose: safe if the screen closes while opening

    def __init__(self, text: Text, table: Table | None = None) -> None:
        super().__init__()
        self.text = text
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog tall"):
            with VerticalScroll(id="help-body"):
                yield Static(self.table if self.table is not None else self.text, id="help-text")
            yield Static("Esc / ? : close    up/down: scroll", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
