"""What the game screen says: the palette text, refusal reasons, event lines; and action helpers.

Functions of the game screen's flow state (`self` is the `GameScreen`), kept
apart so the screen module stays about wiring. None of this is rule logic:
everything comes from the game service and the rule set's descriptions.
"""

from __future__ import annotations

import functools

from rich.text import Text

from rules.core import Context, Refusal
from rules.dice import SeededDice
from rules.events import Message as MessageEvent
from rules.events import Rolled
from rules.hexgrid import Hex
from tui.keys import FREE_FOR_RULESETS
from tui.widgets.text import clean, hex_label, lit, side_name

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


def palette_text(self) -> Text:
    """What the action palette shows now, for the game screen `self` (its flow state and service)."""
    out = Text(end="", no_wrap=False)
    decision = self.service.decision()
    state = self.service.state
    if decision.side is None:
        out.append("The game is over. ", style="bold")
        out.append("G: summary and log   u: undo   q: quit")
        return out
    if self.pending is not None:
        out.append("Enter", style="bold reverse")
        out.append(" confirm ", style="dim")
        out.append("Esc", style="bold reverse")
        out.append(" cancel ", style="dim")
        if self.preview is not None:
            out.append("I", style="bold reverse")
            out.append(" all odds ", style="dim")
        out.append_text(lit(self.describe(self.pending), "bold"))
        p = self.preview
        if p is not None:
            if p.dice:
                out.append("\nRolls: ", style="dim")
                out.append_text(lit(p.dice))
            if p.outcomes:
                out.append("\n")
                ranked = sorted(p.outcomes, key=lambda o: -o.chance)
                out.append_text(lit(" | ".join(f"{o.label} {o.percent:.1f}%" for o in ranked)))
        return out
    if self.choices is not None:
        out.append("Choose: ", style="bold")
        for letter, action in zip(FREE_FOR_RULESETS, self.choices):
            out.append(f" {letter}", style="bold reverse")
            out.append_text(lit(f" {self.describe(action)} "))
        out.append("\nthe letter: choose   Esc: cancel", style="dim")
        return out
    if self.mode is not None:
        unit = state.units.get(self.selected) if self.selected else None
        out.append(f"{self.kind_label(self.mode)}", style="bold")
        if unit is not None:
            out.append_text(lit(f" with {unit.name}"))
        out.append(f": choose one of {len(self.candidates)} highlighted hexes")
        out.append("\nmove the cursor or n / N: next / previous, Enter: pick   Esc: cancel", style="dim")
        if self.message.startswith("Refused"):
            out.append("\n")
            out.append_text(lit(self.message, "bold"))
        return out
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
        return out
    for side in decision.reactors:
        if side == decision.side:
            continue
        reactions = self.legal(side)
        if reactions:
            out.append("\n")
            out.append_text(lit(f"{side_name(state, side)} may react: ", "italic"))
            _kinds_into(self, out, reactions)
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
    """Why the kind being aimed cannot go to `h`: the rule set's reason, from a dry run on a copy."""
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
        update = {"path": [h]}
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
            action = probe.model_copy(update=update)
            state = self.service.state.model_copy(deep=True)
            ctx = Context(lambda sink: SeededDice(state.seed, len(self.service.history), sink))
            self.ruleset.apply(state, action, ctx)
        except Refusal as exc:
            return str(exc)
        except Exception:
            pass
    return f"{hex_label(h)} is not a valid hex for {label}: choose a highlighted one"


def events_message(self, events, side: str | None) -> str:
    """What `events` did, in a line, leaving out messages private to other sides than `side`."""
    # Unit ids only: a side id such as "a" could be an ordinary word of a message.
    names = {u.id: u.name for u in self.service.state.units.values()}
    shown = []
    for event in events:
        if isinstance(event, Rolled):
            continue
        if isinstance(event, MessageEvent) and event.side is not None and event.side != side:
            continue
        text = event.text()
        for uid, name in names.items():
            if uid in text.split():
                text = " ".join(clean(name) if w == uid else w for w in text.split())
        shown.append(text)
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
