"""What the map shows while an action is aimed, and why a hex is refused: for the flow (tui/flow.py).

Functions of a `Flow` (`self`), kept apart so each module stays small.
Textual-free; everything is read through the flow's seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.hexgrid import Hex, line


@dataclass
class Highlights:
    """The hexes the map marks: reach (a path kind's ends), targets, a path, a line of sight."""

    reach: set[Hex] = field(default_factory=set)
    targets: set[Hex] = field(default_factory=set)
    path: list[Hex] = field(default_factory=list)
    los: list | None = None
    selected: Hex | None = None


def highlights(self, cursor: Hex | None) -> Highlights:
    """What the map highlights for flow `self`: where the unit may go, its targets, the path, the line of sight."""
    out = Highlights()
    unit = self.seat.view().units.get(self.selected) if self.selected else None
    origin = unit.at if unit is not None and unit.on_map else None
    out.selected = origin
    if self.kind is not None:
        actions = self.candidates
    elif self.selected:
        actions = self.unit_actions()
    else:
        actions = []
    for action in actions:
        h = self.aim(action)
        if h is not None:
            (out.reach if self.target_of(action.kind) == "path" else out.targets).add(h)
    focus = self.pending
    if focus is None and self.kind is not None and cursor is not None:
        focus = next((a for a in self.candidates if self.aim(a) == cursor), None)
    if focus is not None and getattr(focus, "path", None):
        path = [Hex(*h) for h in focus.path]
        if origin is not None and path and path[0] != origin:
            path = [origin, *path]
        out.path = path
    elif self.kind is not None and origin is not None and cursor is not None and cursor != origin:
        if self.target_of(self.kind) != "path":
            out.los = line(origin, cursor)
    return out

def refusal(self, h: Hex) -> str:
    """Why the kind being aimed cannot go to `h`: the rules' own reason, asked of the seat."""
    view = self.seat.view()
    label = self.label(self.kind or "")
    where = str(h)
    if not view.board.in_bounds(h):
        return f"{where} is off the map"
    if not self.candidates:
        return f"no {label} possible"
    probe = self.candidates[0]
    spec = self.kinds.get(probe.kind)
    target = spec.target if spec is not None else "hex"
    name = spec.field if spec is not None else ""
    value = getattr(probe, name) if name else None
    update = None
    if target == "path":
        # A path through the highlighted hexes to a neighbour of `h`, then `h`: the rules
        # then say what is wrong with `h` itself (impassable, too far), not "not next to".
        mover = view.units.get(self.selected) if self.selected else None
        ways = [list(getattr(a, name)) for a in self.candidates]
        paths = [w for w in ways if w and h.distance(Hex(*w[-1])) == 1]
        if mover is not None and mover.at is not None and mover.at.distance(h) <= 1:
            paths = []  # next to it, or its own hex: the rules say "already at", not "the way is blocked"
        update = {name: [*min(paths, key=len), h] if paths else [h]}
    elif isinstance(value, list):
        pass  # a way aimed as a hex (Dirtside's move): no way is made up for it; the words below stand
    elif isinstance(value, str):
        unit = view.unit_at(h)
        if unit is None:
            return f"there is no unit at {where} to {label.lower()}"
        update = {name: unit.id}
    elif name:
        update = {name: h}
    if update is not None:
        seat = self.seat_of(probe.side) or self.seat
        try:
            reason = seat.check(probe.model_copy(update=update))
        except Exception:  # noqa: BLE001 - a reason is a courtesy; the fallback below still helps
            reason = ""
        if reason:
            return reason
    return f"{where} is not a valid hex for {label}: choose a highlighted one"
