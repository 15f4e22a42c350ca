"""The objective on the game screen (issue 24 item 2): every victory condition and how far each side is.

Everything comes from the seat's `objectives()` (rules/victory.py): computed from what the seat may
know, worded by the rules; this module only lays it out for the dialog, the rules reference, the
first message of a new game and the status line.
"""

from __future__ import annotations

from rich.text import Text

from rules.victory import headline
from tui.widgets.text import lit, side_name


def _who(seat, side: str | None) -> str:
    return side_name(seat.view(), side) if side else "Either side"


def objective_text(seat) -> Text:
    """Every condition, by the side it lets win, with how far it is now."""
    view = seat.view()
    found = seat.objectives()
    out = Text(end="")
    out.append("Objective", style="bold")
    limit = f", turn {view.turn} of {view.max_turns}" if view.max_turns else f", turn {view.turn}"
    out.append_text(lit(f" ({clean_title(view)}{limit})", "dim"))
    if not found:
        out.append("\n\nThe scenario names no victory condition.", style="dim")
        return out
    order = [s for s in view.side_ids()] + [None]
    for side in order:
        mine = [o for o in found if o.side == side]
        if not mine:
            continue
        out.append("\n\n")
        if side:
            heading = f"Victory for {_who(seat, side)}:"  # not "wins if": "The Rebels wins" reads wrong
        else:
            heading = "Otherwise:" if len(mine) < len(found) else "For every side:"
        out.append_text(lit(heading, "bold"))
        for o in mine:
            out.append("\n  - ")
            out.append_text(lit(o.goal))
            out.append("\n    ")
            out.append_text(lit(o.progress, "italic"))
    return out


def clean_title(view) -> str:
    return view.scenario or "this scenario"


def objective_markdown(seat) -> str:
    """The same, as a section of the rules reference (text from files shown literally)."""
    lines = ["## This scenario's objective", ""]
    found = seat.objectives()
    if not found:
        return "\n".join([*lines, "The scenario names no victory condition.", ""])
    for o in found:
        lines.append(f"- **{_escape(_who(seat, o.side))}**: {_escape(o.goal)} — *{_escape(o.progress)}*")
    return "\n".join([*lines, "", "(O on the game screen shows this with the latest count.)", ""])


def _escape(text: str) -> str:
    """Markdown's special characters as text (a name or a condition from a scenario file)."""
    return "".join("\\" + ch if ch in "\\`*_{}[]()#+-.!|<>~" else ch for ch in text.replace("\n", " "))


def brief(seat, side: str | None) -> str:
    """A few words for the status line: the objective of `side` (or the deciding side) that matters most."""
    try:
        found = seat.objectives()
    except Exception:  # noqa: BLE001 - the status line must never fail
        return ""
    top = headline(found, side)
    return top.short if top is not None else ""


def first_message(seat, side: str | None) -> str:
    """The first message of a new game: the side's objective in full and where the rest is."""
    found = seat.objectives()
    top = headline(found, side)
    if top is None:
        return ""
    who = f"{_who(seat, top.side)}: " if top.side and top.side != side else ""
    return f"Objective: {who}{top.goal} - {top.progress}. O: every condition"
