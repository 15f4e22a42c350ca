"""The selected unit's card: name, side, place and the rule set's rows."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.glossary import explain, glossary
from tui.widgets.text import clean, hex_label, lit, side_name


def card_text(view, seat, unit_id: str | None, *, full: bool = False, width: int = 0) -> Text:
    """The card of `unit_id` in `view` (the seat's) as literal text (`full` adds terrain effects).

    With a `width`, short rows share a line ("Speed: 1  Attack: 3") so the card
    fits the few rows the side panel gives it at 80x24; otherwise one row a line.
    """
    out = Text(end="")
    if unit_id is None or unit_id not in view.units:
        out.append("No unit selected.\n", style="dim")
        out.append("Enter on a unit, or n / N.", style="dim")
        return out
    unit = view.units[unit_id]
    out.append_text(lit(unit.name, "bold"))
    out.append_text(lit(f" ({unit.id})", "dim"))
    out.append("\n")
    out.append_text(lit(side_name(view, unit.side)))
    if unit.kind:
        out.append_text(lit(f", {unit.kind}"))
    out.append(f", at {hex_label(unit.at) if not unit.eliminated else 'eliminated'}")
    try:
        marks = seat.unit_marks(unit_id)
    except Exception:  # noqa: BLE001 - a card is information, never a crash
        marks = ""
    meanings = explain(clean(marks), glossary(seat.ruleset), marks=True) if marks else []
    if meanings:  # the roster's marks, in words (issue 9: every token explained where it appears)
        out.append("\n")
        out.append_text(lit("; ".join(meanings), "dim"))
    try:
        rows = seat.unit_card(unit_id)
    except Exception as exc:  # a card is information, never a crash
        rows = [("card", f"unavailable: {exc}")]
    used = width  # cells used on the current line: the first row starts a new one
    for label, value in rows:
        cell = len(clean(f"{label}: {value}"))
        if width and used and used + 2 + cell <= width:
            out.append("  ")
            used += 2 + cell
        else:
            out.append("\n")
            used = cell
        out.append_text(lit(f"{label}: ", "dim"))
        out.append_text(lit(value))
    if full and unit.at is not None:
        board = view.board
        terrain = board.terrain_at(unit.at)
        terrains = seat.ruleset.terrain
        info = terrains.get(terrain)
        out.append("\n")
        if not any(label == "Terrain" for label, _ in rows):  # the rule set's card may say it already
            out.append("\nTerrain: ", style="dim")
            out.append_text(lit(info.label if info else terrain))
            if info and info.effects:
                out.append_text(lit(f" ({info.effects})"))
        if board.height_at(unit.at):
            out.append(f"\nElevation: {board.height_at(unit.at)}")
        for feature in sorted(board.features_at(unit.at)):
            f_info = terrains.get(feature)
            out.append("\nFeature: ", style="dim")
            out.append_text(lit(f_info.label if f_info else feature))
            if f_info and f_info.effects:
                out.append_text(lit(f" ({f_info.effects})"))
    return out


class UnitCard(Static):
    """Shows one unit's card; the screen calls `show` when the selection changes."""

    DEFAULT_CSS = "UnitCard { height: 6; }"

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.text = Text()

    def show(self, view, seat, unit_id: str | None) -> None:
        text = card_text(view, seat, unit_id, width=self.size.width or 29)
        if text.plain == self.text.plain and text.spans == self.text.spans:
            return
        self.text = text
        self.update(text, layout=False)  # a fixed height: nothing else moves
