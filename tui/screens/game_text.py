"""What the game screen says: the palette text, event lines, the full preview.

Functions of the game screen (`self` is the `GameScreen`), kept apart so the
screen module stays about wiring. None of this is rule logic: everything comes
from the screen's seat and the rule set's descriptions.
"""

from __future__ import annotations

import functools

from rich.text import Text

from rules.events import Rolled
from tui.glossary import explain, explain_generic, glossary
from tui.keys import FREE_FOR_RULESETS
from tui.widgets.text import event_line, lit, side_name

def guarded(method):
    """Run a handler; any error becomes an error dialog instead of ending the app."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the player sees it in a dialog
            self.app.show_error("Something went wrong", f"{type(exc).__name__}: {exc}")
            return None

    return wrapper


def _key(out: Text, key: str, label: str) -> None:
    out.append(key, style="bold reverse")
    out.append(f" {label}  ", style="dim")


def palette_text(self, hints: bool = True) -> tuple[Text, Text | None]:
    """What the action palette shows now, for the game screen `self`: its text and a footer
    pinned to the last row (the keys that answer a pending confirmation or choice)."""
    out = Text(end="", no_wrap=False)
    decision = self.seat.decision()
    state = self.view
    if decision.side is None:
        out.append("The game is over. ", style="bold")
        out.append("G: summary and log   u: undo   q: quit")
        return out, None
    if self.pending is not None:
        footer = Text(end="")
        _key(footer, "Enter", "confirm")
        _key(footer, "Esc", "cancel")
        if self.preview is not None:
            _key(footer, "I", "all odds")
        out.append_text(lit(self.describe(self.pending), "bold"))
        p = self.preview
        if p is not None:
            if p.dice:
                out.append("\nRolls: ", style="dim")
                out.append_text(lit(p.dice))
            for modifier in p.modifiers:
                out.append("\n")
                out.append_text(lit(modifier, "dim"))
            for o in p.shown():  # one outcome a line, its chance in front
                out.append("\n never " if o.chance == 0 else f"\n{o.percent:5.1f}% ", style="bold")
                out.append_text(lit(o.label))
        words = explain(f"{self.describe(self.pending)} {p.dice if p is not None else ''}", glossary(self.ruleset))
        if words:  # the short tokens of the words above, in full
            out.append("\n")
            out.append_text(lit("; ".join(words), "dim"))
        return out, footer
    if self.choices is not None:
        footer = Text(end="")
        _key(footer, "a-" + FREE_FOR_RULESETS[len(self.choices) - 1], "choose")
        _key(footer, "Esc", "cancel")
        out.append("Choose:", style="bold")
        # The dice this choice answers (a defender's blocks): rolled just now by the other side,
        # which is still the active one (a reaction, not a choice of the active side's own).
        reacting = decision.side != state.active_side
        rolled = last_rolls(self) if reacting and self._last is not None and self._last[2] != decision.side else None
        if rolled:
            out.append(" after ", style="dim")
            out.append_text(rolled)
        texts = [self.describe(action) for action in self.choices]
        for letter, text in zip(FREE_FOR_RULESETS, texts):
            out.append(f"\n{letter}", style="bold reverse")
            out.append_text(lit(f" {text}"))
        words = explain_generic(texts, glossary(self.ruleset))
        if words:  # '#' is a number: "x4 (-1)"
            out.append("\n")
            out.append_text(lit("; ".join(words), "dim"))
        return out, footer
    if self.mode is not None:
        unit = state.units.get(self.selected) if self.selected else None
        out.append(f"{self.kind_label(self.mode)}", style="bold")
        if unit is not None:
            out.append_text(lit(f" with {unit.name}"))
        out.append(f": {aim_count(self)}")
        if self.message.startswith("Refused"):
            out.append("\n")
            out.append_text(lit(self.message, "bold"))
        footer = Text("move the cursor or n / N: next / previous, Enter: pick   Esc: cancel", style="dim", end="")
        return out, footer
    out.append_text(lit(side_name(state, decision.side), "bold"))
    if decision.player:
        out.append_text(lit(f" ({decision.player})"))
    if self.is_computer(decision.side):  # its keys are not offered here: it plays by itself
        out.append_text(lit(" (the computer)"))
    out.append_text(lit(f": {decision.prompt}" if decision.prompt else " to act"))
    actions = self.legal(decision.side)
    if self.selected and self.selected in state.units:
        unit = state.units[self.selected]
        mine = [a for a in self.all_legal() if a.unit_id == self.selected]
        out.append("\n")
        out.append_text(lit(unit.name, "bold"))
        if mine:
            out.append(": ")
            _kinds_into(self, out, mine)
        else:
            out.append(": nothing to do now", style="dim")
    general = [a for a in actions if a.unit_id is None]
    unit_actions = [a for a in actions if a.unit_id is not None]
    shown = actions if not self.selected else general
    others = {a.unit_id for a in unit_actions} - {self.selected}
    if shown or others:
        out.append("\n")
        _kinds_into(self, out, shown)
        if others:
            out.append(f" n: {'next' if self.selected else 'select a'} unit ({len(others)} can act)", style="dim")
    if hints and not self.query_one("#side-panel").display:
        out.append("\nF2: show the side panel (roster, unit card, dice log)", style="dim")
    if not hints:
        return out, None
    if self.hide_between and not self.referee:
        # Whether another side could react now depends on its hidden hand (QUAD: a tactics
        # card), so the line is the same either way: its keys work whenever its rules allow.
        # The computer's sides react by themselves: the line is for the people at this keyboard.
        others = [s for s in state.side_ids() if s != decision.side and not self.is_computer(s)]
        if others:
            out.append("\n")
            names = ", ".join(side_name(state, s) for s in others)
            out.append_text(lit(f"{names}: interrupt with your own keys when your rules allow (? lists them)", "dim"))
        return out, None
    for side in self.flow.acting_sides()[1:]:
        reactions = self.legal(side)
        if reactions:
            out.append("\n")
            out.append_text(lit(f"{side_name(state, side)} may react: ", "italic"))
            _kinds_into(self, out, reactions)
    return out, None


def aim_count(self) -> str:
    """'choose one of 3 highlighted hexes' in the words of the kind's target."""
    n = len(self.flow.hexes())
    what = {"unit": ("unit", "units"), "path": ("hex to go to", "hexes to go to")}
    one, many = what.get(self.flow.target_of(self.mode or ""), ("hex", "hexes"))
    if n == 1:
        return f"choose the highlighted {one}"
    return f"choose one of {n} highlighted {many}"


def update_palette(self) -> None:
    """Show the palette text. A message too long for the status line (a refusal's reason,
    what a roll did) is repeated there in full, and the palette grows to hold it."""
    text, footer = palette_text(self)
    message = self.message
    quiet = self.pending is None and self.choices is None and self.mode is None
    refused = message.startswith(("Refused", "Cannot")) or " not possible" in message or " cannot " in message
    if len(message) > 24 and message not in text.plain and quiet:
        if refused and self.palette.rows_for(text, footer) + 1 > 4:
            text, footer = palette_text(self, hints=False)  # the reason before the hints
        text.append("\n")
        text.append_text(lit(message, "italic"))
    # Room for every outcome or choice, and for a refusal's reason in full. Other messages keep
    # to four rows (the dice log has every roll): a change of height lays the screen out again,
    # which repaints the map.
    grow = not quiet or (refused and message in text.plain)
    self.palette.show(text, footer, self.palette.rows_for(text, footer) if grow else 4)


def last_rolls(self) -> Text | None:
    """The dice of the last action, short ("Marines attack [1 4 6]: 2 hits"), or None."""
    if self._last is None:
        return None
    from tui.widgets.dice_log import roll_short

    rolls = [e.record for e in self._last[1] if isinstance(e, Rolled)]
    if not rolls:
        return None
    names = self.names()
    out = Text(end="")
    for n, record in enumerate(rolls[-3:]):
        if n:
            out.append("; ")
        out.append_text(roll_short(record, names))
    return out


def _kinds_into(self, out: Text, actions: list) -> None:
    """Append ' key Label(count)' for each kind among `actions`."""
    counts: dict[str, int] = {}
    for action in actions:
        counts[action.kind] = counts.get(action.kind, 0) + 1
    for kind, n in counts.items():
        out.append(f" {self.kind_key(kind)}", style="bold reverse")
        out.append_text(lit(f" {self.kind_label(kind)}"))
        if n > 1:
            out.append(f" ({n} options)", style="dim")
        out.append(" ")


def events_message(self, events) -> str:
    """What `events` did, in a line, leaving out what the screen's seat may not see.

    The last roll comes first ("Marines attack [1 4 6]: 2 hits"), so the message
    line tells what was rolled even when the dice log is hidden.
    """
    state = self.view
    shown = []
    rolls = []
    for event in events:
        if not self.seat.sees(event):
            continue
        if isinstance(event, Rolled):
            rolls.append(event.record)
            continue
        shown.append(event_line(event, state))
    if len(rolls) == 1:
        from tui.widgets.dice_log import roll_short

        shown = [roll_short(rolls[0], self.names()).plain, *shown[-2:]]
    elif rolls:  # a chain: every roll's verdict, so the one that decided is there to read
        from tui.widgets.dice_log import roll_chain

        shown = [roll_chain(rolls, self.names()).plain, *shown[-2:]]
    return "; ".join(shown[-3:])


def preview_text(self) -> Text:
    """The pending action's whole preview: what is rolled, every outcome and its exact chance."""
    out = lit(self.describe(self.pending), "bold")
    p = self.preview
    if p is None:
        out.append("\n\nNo preview for this action.", style="dim")
        return out
    if p.title:
        out.append("\n")
        out.append_text(lit(p.title, "italic"))
    if p.dice:
        out.append("\n\nRolls: ", style="dim")
        out.append_text(lit(p.dice))
    for modifier in p.modifiers:  # each modifier with its rule: where the numbers above come from
        out.append("\n  ")
        out.append_text(lit(modifier))
    if p.outcomes:
        out.append("\n")
        for o in p.shown():
            if o.chance == 0:  # not "0.00% fails morale (0)"
                out.append("\n  never  ", style="bold")
                out.append_text(lit(o.label))
                continue
            out.append(f"\n{o.percent:6.2f}%  ", style="bold")
            out.append_text(lit(o.label))
            if o.chance != 1:
                out.append(f"  (exactly {o.chance})", style="dim")
    for note in p.notes:
        out.append("\n")
        out.append_text(lit(note, "dim"))
    words = explain(f"{self.describe(self.pending)} {p.dice}", glossary(self.ruleset))
    if words:
        out.append("\n\n")
        out.append_text(lit("\n".join(words), "dim"))
    return out
