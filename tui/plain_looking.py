"""Plain-text play's commands that look at the game without changing it: units, unit, look, objective,
dice, log (split from tui/plain.py; `PlainSession` takes them from `PlainLooking`). Never imports textual."""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.seat import Seat
from tui.widgets.text import clean, event_line, side_name


class PlainLooking:
    """What a plain session's seat (`self.seat()`) can see, a sentence a line."""

    def _names(self, seat: Seat) -> dict[str, str]:
        view = seat.view()
        return {u.id: clean(u.name) for u in view.units.values()}

    def objective(self, _: str) -> list[str]:
        """Every victory condition and how far each side is from it, as the game screen's O shows it."""
        from tui.screens.game_objective import objective_text

        return [clean(line) for line in objective_text(self.seat()).plain.splitlines()]

    def units(self, rest: str) -> list[str]:
        seat = self.seat()
        view = seat.view()
        every = rest == "all" or seat.referee
        out = []
        for u in view.units.values():
            if not every and u.side != seat.side:
                continue
            where = "eliminated" if u.eliminated else (f"at {u.at}" if u.at is not None else "off the map")
            marks = clean(" ".join(m for m in (seat.unit_marks(u.id), seat.unit_note(u.id)) if m))
            out.append(f"{u.id} {clean(u.name)} ({side_name(view, u.side)}) {where}" + (f", {marks}" if marks else "") + ".")
        return out or ["No units."]

    def unit(self, rest: str) -> list[str]:
        seat = self.seat()
        view = seat.view()
        if rest not in view.units:
            return [f"No unit {clean(rest)!r} you can see. Type units all."]
        u = view.units[rest]
        rows = "; ".join(f"{clean(k)} {clean(v)}" for k, v in seat.unit_card(rest))
        return [f"{clean(u.name)} ({side_name(view, u.side)}): {rows}."]

    def look(self, rest: str) -> list[str]:
        seat = self.seat()
        view = seat.view()
        try:
            h = Hex.parse(rest)
        except ValueError:
            return [f"Write a hex as col,row, not {clean(rest)!r}."]
        if not view.board.in_bounds(h):
            return [f"{clean(rest)} is off the map ({view.board.width} columns, {view.board.height} rows)."]
        tid = view.board.terrain_at(h)
        info = seat.ruleset.terrain.get(tid)
        words = [f"{h}: {info.label if info else tid}"]
        if info and info.effects:
            words.append(f"({clean(info.effects)})")
        height = view.board.height_at(h)
        if height:
            words.append(f"height {height}")
        features = sorted(view.board.features_at(h))
        if features:
            words.append("with " + ", ".join(features))
        unit = view.unit_at(h)
        line = " ".join(words) + "."
        if unit is not None:
            line += f" {clean(unit.name)} ({side_name(view, unit.side)}) stands here."
        return [line]

    def dice(self, rest: str) -> list[str]:
        seat = self.seat()
        n = int(rest) if rest.isdigit() else 6
        names = self._names(seat)
        rolls = seat.rolls()[-n:] if n else []
        if not rolls:
            return ["No dice rolled yet."]
        out = []
        for r in rolls:
            who = names.get(r.unit or "", r.unit or r.side or "")
            out.append(f"{who + ': ' if who else ''}{clean(r.text())}.")
            out += [f"  {clean(m)}." for m in r.modifiers]
        return out

    def log(self, rest: str) -> list[str]:
        seat = self.seat()
        n = int(rest) if rest.isdigit() else 10
        view = seat.view()
        lines = [clean(event_line(e, view)) + "." for e in seat.events() if e.kind != "rolled"]
        return lines[-n:] if lines and n else ["Nothing has happened yet."]
