"""What the game screen says: the palette text and event lines (the I key's full odds: odds_text.py).

Functions of the game screen (`self` is the `GameScreen`), kept apart so the
screen module stays about wiring. None of this is rule logic: everything comes
from the screen's seat and the rule set's descriptions.
"""

from __future__ import annotations

import functools

from rich.text import Text

from rules.events import Rolled
from rules.outcomes import reader
from tui.glossary import explain, explain_generic, glossary
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
        return _pending_text(self)
    if self.choices is not None:
        return _choices_text(self, decision, state)
    if self.mode is not None:
        return _aiming_text(self, state)
    return _deciding_text(self, decision, state, hints)


def _pending_text(self) -> tuple[Text, Text]:
    """An action waiting for Enter: its words, dice, modifiers and outcomes; the keys that answer."""
    out = Text(end="", no_wrap=False)
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
        said = reader(self.ruleset, self.seat.view())
        for o in p.shown():  # one outcome a line, its chance in front
            out.append("\n never " if o.chance == 0 else f"\n{o.percent:5.1f}% ", style="bold")
            out.append_text(lit(said(o)))
    words = explain(f"{self.describe(self.pending)} {p.dice if p is not None else ''}", glossary(self.ruleset))
    if words:  # the short tokens of the words above, in full
        out.append("\n")
        out.append_text(lit("; ".join(words), "dim"))
    return out, footer


def _aiming_text(self, state) -> tuple[Text, Text]:
    """An action kind being aimed: what is aimed and at how many targets; the keys that pick one."""
    out = Text(end="", no_wrap=False)
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


def _deciding_text(self, decision, state, hints: bool) -> tuple[Text, None]:
    """Nothing picked yet: who decides, the selected unit's and the others' action kinds, who may react."""
    out = Text(end="", no_wrap=False)
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


CHOICE_ROWS = 9
"""The palette's rows while choosing (tui.widgets.action_bar.ActionBar.MAX_ROWS): a title, the choices in
sight, a line of words and the keys."""


def _choices_text(self, decision, state) -> tuple[Text, Text]:
    """The choices in sight, one a row with its odds, and the keys that choose and page (issue 24 item 3:
    at 80x24 a list of 16 showed a-f and "...", and no key showed the rest)."""
    width = max(self.palette.size.width or 78, 20)
    texts = [self.describe(action) for action in self.choices]
    odds = [choice_odds(self, action) for action in self.choices]
    rows_text = [f"a {o} | {t}" if o else f"a {t}" for o, t in zip(odds, texts)]
    head = tail = ""
    parts = texts
    if any(len(r) > width for r in rows_text):  # "Panther: fire | 75mm gun x1 | at 1st Squad": the middle tells
        head, tail, parts = common_words(texts)  # them apart, the rest goes in the title once
    title = Text(end="")
    title.append("Choose:", style="bold")
    if head or tail:
        title.append_text(lit(f" {head} ... {tail}".rstrip(" ."), "dim"))
    # The dice this choice answers (a defender's blocks): rolled just now by the other side,
    # which is still the active one (a reaction, not a choice of the active side's own).
    reacting = decision.side != state.active_side
    rolled = last_rolls(self) if reacting and self._last is not None and self._last[2] != decision.side else None
    if rolled:
        title.append(" after ", style="dim")
        title.append_text(rolled)
    title_rows = 1 if len(title.plain) <= width else 2
    if title_rows == 2:
        title.truncate(2 * width - 12, overflow="ellipsis")
    words = explain_generic(texts, glossary(self.ruleset))
    said = "; ".join(words)
    word_rows = 0 if not said else 1 if len(said) <= width else 2
    rows = max(CHOICE_ROWS - 1 - title_rows - word_rows, 2)
    self.flow.choice_rows = rows  # PgDn moves on by what is in sight
    shown = self.flow.visible_choices(rows)
    first = self.flow.choice_first
    footer = Text(end="")
    _key(footer, f"{shown[0][0]}-{shown[-1][0]}" if len(shown) > 1 else shown[0][0], "choose")
    if len(shown) < len(self.choices):
        _key(footer, "PgDn/PgUp", f"more ({first + 1}-{first + len(shown)} of {len(self.choices)})")
    _key(footer, "Esc", "cancel")
    _key(footer, "I", "all odds")
    out = Text(end="")
    out.append_text(title)
    for letter, action in shown:
        index = self.choices.index(action)
        line = Text(end="")
        line.append(letter, style="bold reverse")
        if odds[index]:  # first: a long description is cut at the right, never the odds
            line.append_text(lit(f" {odds[index]} |", "bold"))
        line.append_text(lit(f" {parts[index]}"))
        line.truncate(width, overflow="ellipsis")  # one row each: the keys stay in sight
        out.append("\n")
        out.append_text(line)
    if said:  # '#' is a number: "x4 (-1)"; two rows at most (I shows the odds of one in full)
        line = lit(said if word_rows == 1 or len(said) <= 2 * width - 12 else said[: 2 * width - 13] + "…", "dim")
        out.append("\n")
        out.append_text(line)
    return out, footer


def common_words(texts: list[str]) -> tuple[str, str, list[str]]:
    """The words every text starts with, those every text ends with, and what is left of each (all of
    each text when that would leave one empty)."""
    split = [t.split(" ") for t in texts]
    if len(split) < 2:
        return "", "", texts
    shortest = min(len(w) for w in split)
    start = 0
    while start < shortest - 1 and all(w[start] == split[0][start] for w in split):
        start += 1
    end = 0
    while end < shortest - start - 1 and all(w[-1 - end] == split[0][-1 - end] for w in split):
        end += 1
    parts = [" ".join(w[start:len(w) - end]) for w in split]
    if not all(parts):
        return "", "", texts
    return " ".join(split[0][:start]), " ".join(split[0][len(split[0]) - end:]), parts


def _short_label(label: str, most: int = 18) -> str:
    """An outcome in a few words: "1st Squad: 0 casualties" -> "0 casualties" (the target is in the title)."""
    label = label.split(": ", 1)[-1]
    return label if len(label) <= most else label[: most - 1] + "…"


def choice_odds(self, action) -> str:
    """A choice's likeliest outcomes in a few words ("55% no effect, 30% 1 casualty"), from the seat."""
    cache = self.__dict__.setdefault("_choice_odds", {})
    seat = self.flow.seat_of(action.side) or self.seat
    key = (seat.version, action.side, action.text())
    if key not in cache:
        try:
            preview = seat.preview(action)
        except Exception:  # noqa: BLE001 - odds are a courtesy
            preview = None
        outcomes = [o for o in preview.shown() if o.chance] if preview is not None else []
        if len(cache) > 200:
            cache.clear()
        said = reader(seat.ruleset, seat.view()) if outcomes else None
        cache[key] = ", ".join(f"{o.percent:.0f}% {_short_label(said(o))}" for o in outcomes[:2])
    return cache[key]


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
