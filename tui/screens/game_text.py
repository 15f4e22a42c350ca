"""What the game screen says: the palette text, refusal reasons, event lines; and action helpers.

Functions of the game screen's flow state (`self` is the `GameScreen`), kept
apart so the screen module stays about wiring. None of this is rule logic:
everything comes from the game service and the rule set's descriptions.
"""

from __future__ import annotations

import functools

from rich.text import Text

from rules.events import Message as MessageEvent
from rules.events import Rolled
from rules.hexgrid import Hex
from tui.keys import FREE_FOR_RULESETS
from tui.widgets.text import clean, event_line, hex_label, lit, side_name

UNIT_FIELDS = ("target", "targets", "defender", "enemy", "victim", "other")
"""Action fields that name the unit aimed at (its hex is the action's target on the map)."""


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


def action_hex(action, state) -> Hex | None:
    """The hex an action aims at: its own target hex, or the hex of the unit it aims at."""
    h = action.target_hex
    if h is not None:
        return h
    for name in type(action).model_fields:
        if name in ("kind", "side", "unit"):
            continue
        value = getattr(action, name, None)
        if isinstance(value, str) and value in state.units:
            unit = state.units[value]
            if unit.at is not None and not unit.eliminated:
                return unit.at
    return None


def is_move(action) -> bool:
    """A move goes where its path ends (a charge has a path too, but aims at an enemy)."""
    path = getattr(action, "path", None)
    return bool(path) and action.target_hex == Hex(*path[-1])


def _key(out: Text, key: str, label: str) -> None:
    out.append(key, style="bold reverse")
    out.append(f" {label}  ", style="dim")


def palette_text(self) -> tuple[Text, Text | None]:
    """What the action palette shows now, for the game screen `self`: its text and a footer
    pinned to the last row (the keys that answer a pending confirmation or choice)."""
    out = Text(end="", no_wrap=False)
    decision = self.service.decision()
    state = self.service.state
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
            # One outcome a line, its chance in front; likeliest first when the outcomes
            # exclude each other (their chances add up to 1), else in the rule set's order
            # (DHR: casualties, then morale, which overlap).
            outcomes = list(p.outcomes)
            if sum(o.chance for o in outcomes) == 1:
                outcomes.sort(key=lambda o: -o.chance)
            for o in outcomes:
                out.append(f"\n{o.percent:5.1f}% ", style="bold")
                out.append_text(lit(o.label))
        return out, footer
    if self.choices is not None:
        footer = Text(end="")
        _key(footer, "a-" + FREE_FOR_RULESETS[len(self.choices) - 1], "choose")
        _key(footer, "Esc", "cancel")
        out.append("Choose:", style="bold")
        history = self.service.history
        # The dice this choice answers (a defender's blocks): rolled just now by the other side,
        # which is still the active one (a reaction, not a choice of the active side's own).
        reacting = decision.side != self.service.state.active_side
        rolled = last_rolls(self) if reacting and history and history[-1].action.side != decision.side else None
        if rolled:
            out.append(" after ", style="dim")
            out.append_text(rolled)
        for letter, action in zip(FREE_FOR_RULESETS, self.choices):
            out.append(f"\n{letter}", style="bold reverse")
            out.append_text(lit(f" {self.describe(action)}"))
        return out, footer
    if self.mode is not None:
        unit = state.units.get(self.selected) if self.selected else None
        out.append(f"{self.kind_label(self.mode)}", style="bold")
        if unit is not None:
            out.append_text(lit(f" with {unit.name}"))
        hexes = {h for a in self.candidates if (h := action_hex(a, state)) is not None}
        out.append(f": choose one of {len(hexes)} highlighted hex{'es' if len(hexes) != 1 else ''}")
        if self.message.startswith("Refused"):
            out.append("\n")
            out.append_text(lit(self.message, "bold"))
        footer = Text("move the cursor or n / N: next / previous, Enter: pick   Esc: cancel", style="dim", end="")
        return out, footer
    out.append_text(lit(side_name(state, decision.side), "bold"))
    if decision.player:
        out.append_text(lit(f" ({decision.player})"))
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
    if self.hide_between:
        # Whether another side could react now depends on its hidden hand (QUAD: a tactics
        # card), so the line is the same either way: its keys work whenever its rules allow.
        others = [s for s in state.side_ids() if s != decision.side]
        if others:
            out.append("\n")
            names = ", ".join(side_name(state, s) for s in others)
            out.append_text(lit(f"{names}: interrupt with your own keys when your rules allow (? lists them)", "dim"))
        return out, None
    for side in decision.reactors:
        if side == decision.side:
            continue
        reactions = self.legal(side)
        if reactions:
            out.append("\n")
            out.append_text(lit(f"{side_name(state, side)} may react: ", "italic"))
            _kinds_into(self, out, reactions)
    return out, None


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
            out.append(f"({n})", style="dim")
        out.append(" ")


def refusal(self, h: Hex) -> str:
    """Why the kind being aimed cannot go to `h`: the rule set's own reason, asked of the service."""
    view = self.view
    label = self.kind_label(self.mode or "")
    if not view.board.in_bounds(h):
        return f"{hex_label(h)} is off the map"
    if not self.candidates:
        return f"no {label} possible"
    probe = self.candidates[0]
    update = None
    fields = type(probe).model_fields
    unit = view.unit_at(h)
    if "path" in fields:
        # A path through the highlighted hexes to a neighbour of `h`, then `h`: the rules
        # then say what is wrong with `h` itself (impassable, too far), not "not next to".
        mover = self.service.state.units.get(self.selected) if self.selected else None
        paths = [list(a.path) for a in self.candidates if getattr(a, "path", None) and h.distance(Hex(*a.path[-1])) == 1]
        if mover is not None and mover.at is not None and mover.at.distance(h) == 1:
            paths = []
        update = {"path": [*min(paths, key=len), h] if paths else [h]}
    for name in ("to", "at", "hex"):
        if name in fields:
            update = {name: h}
    for name in fields:
        if name in UNIT_FIELDS and isinstance(getattr(probe, name), str):
            if unit is None:
                return f"there is no unit at {hex_label(h)} to {label.lower()}"
            update = {name: unit.id}
    if update is not None:
        try:
            reason = self.service.check(probe.model_copy(update=update))
        except Exception:  # noqa: BLE001 - a reason is a courtesy; the fallback below still helps
            reason = ""
        if reason:
            return reason
    return f"{hex_label(h)} is not a valid hex for {label}: choose a highlighted one"


def events_message(self, events, side: str | None) -> str:
    """What `events` did, in a line, leaving out messages private to other sides than `side`.

    The last roll comes first ("Marines attack [1 4 6]: 2 hits"), so the message
    line tells what was rolled even when the dice log is hidden.
    """
    state = self.service.state
    shown = []
    last_roll = None
    for event in events:
        if isinstance(event, Rolled):
            last_roll = event.record
            continue
        if not event.visible_to(side):
            continue
        shown.append(event_line(event, state))
    if last_roll is not None:
        from tui.widgets.dice_log import roll_short

        shown = [roll_short(last_roll, self.names()).plain, *shown[-2:]]
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
    if p.outcomes:
        out.append("\n")
        for o in p.outcomes:
            out.append(f"\n{o.percent:6.2f}%  ", style="bold")
            out.append_text(lit(o.label))
            out.append(f"  ({o.chance})", style="dim")
    for note in p.notes:
        out.append("\n")
        out.append_text(lit(note, "dim"))
    return out
