"""The I key's texts on the game screen: every choice with all its odds, and the pending action's whole
preview (split from tui/screens/game_text.py; `self` is the `GameScreen`, read through its seat)."""

from __future__ import annotations

from rich.text import Text

from rules.outcomes import reader
from tui.glossary import explain, glossary
from tui.widgets.text import lit


def choices_odds_text(self) -> Text:
    """Every choice offered by letter, each with all its odds (I while choosing): the whole list on one page."""
    out = Text("Every choice and its odds", style="bold", end="")
    n = len(self.flow.letters)
    for index, action in enumerate(self.choices):
        base = index - index % n
        if index % n == 0 and len(self.choices) > n:
            last = min(base + n, len(self.choices))
            out.append(f"\n\nChoices {base + 1}-{last} (PgDn / PgUp to reach their letters)", style="dim")
        out.append("\n\n")
        out.append(self.flow.letters[index % n], style="bold reverse")
        out.append_text(lit(f" {self.describe(action)}", "bold"))
        seat = self.flow.seat_of(action.side) or self.seat
        try:
            p = seat.preview(action)
        except Exception:  # noqa: BLE001 - odds are a courtesy
            p = None
        if p is None:
            out.append("\n  no dice", style="dim")
            continue
        if p.dice:
            out.append("\n  Rolls: ", style="dim")
            out.append_text(lit(p.dice))
        said = reader(seat.ruleset, seat.view())
        for o in p.shown():
            out.append("\n    never  " if o.chance == 0 else f"\n  {o.percent:6.2f}%  ", style="bold")
            out.append_text(lit(said(o)))
    return out


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
        said = reader(self.ruleset, self.seat.view())
        for o in p.shown():
            if o.chance == 0:  # not "0.00% fails morale (0)"
                out.append("\n  never  ", style="bold")
                out.append_text(lit(said(o)))
                continue
            out.append(f"\n{o.percent:6.2f}%  ", style="bold")
            out.append_text(lit(said(o)))
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
