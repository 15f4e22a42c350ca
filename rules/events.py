"""Events: what `apply()` reports happened, for the map, the dice log and the game log.

Each event is data with a `text()` for the log and says who may see it
(`seen_by`). The TUI renders them; the game service keeps them per action so the
dice log can be rebuilt after a reload; a seat hands a side only the events it
may see. The kinds here are the ones every rule set shares; a rule set declares
its own by subclassing `Event` with a new `kind` (the vocabulary is open: events
are never written to a file, a save replays them).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.dice import RollRecord
from rules.hexgrid import Hex
from rules.words import count


class Event(BaseModel):
    """Something that happened; subclasses set `kind`."""

    model_config = ConfigDict(frozen=True)
    kind: str = "event"
    seen_by: tuple[str, ...] | None = None
    """The sides that may see it; None: every side (and spectators)."""

    def text(self) -> str:
        return self.kind

    def visible_to(self, side: str | None) -> bool:
        """Whether `side` may see it (None: the referee, who sees everything)."""
        return side is None or self.seen_by is None or side in self.seen_by


class Rolled(Event):
    """Dice were rolled (one record of the dice log)."""

    kind: Literal["rolled"] = "rolled"
    record: RollRecord

    def text(self) -> str:
        who = f"{self.record.unit or self.record.side}: " if (self.record.unit or self.record.side) else ""
        return who + self.record.text()


class Moved(Event):
    """A unit moved along a path (start first)."""

    kind: Literal["moved"] = "moved"
    unit: str
    path: tuple[Hex, ...]
    plural: bool = False
    """The unit's name is plural: its verb agrees ("Marines move"; the rule set says, rules/words.py `plural_name`)."""

    def text(self) -> str:
        stays = "stay" if self.plural else "stays"
        if not self.path:
            return f"{self.unit} {stays}"
        if self.path[0] == self.path[-1]:
            return f"{self.unit} {stays} at {self.path[0]}"  # stopped before its first step: no "moves 8,3 -> 8,3"
        return f"{self.unit} {'move' if self.plural else 'moves'} {self.path[0]} -> {self.path[-1]}"


class Retreated(Event):
    """A unit fell back or retreated along a path (start first)."""

    kind: Literal["retreated"] = "retreated"
    unit: str
    path: tuple[Hex, ...]
    lost: int = 0
    """Hexes it could not take (and what they cost, where a rule converts them)."""
    plural: bool = False
    """The unit's name is plural: "Marines fall back" (as `Moved.plural`)."""

    def text(self) -> str:
        moved = max(len(self.path) - 1, 0)
        extra = f", {count(self.lost, 'hex')} blocked" if self.lost else ""
        return f"{self.unit} {'fall' if self.plural else 'falls'} back {count(moved, 'hex')}{extra}"


class Changed(Event):
    """A unit's tracked value changed (Quality, figures, suppressed, downed...)."""

    kind: Literal["changed"] = "changed"
    unit: str
    field: str
    before: int | str | bool | None
    after: int | str | bool | None
    why: str = ""
    state: str = ""
    """How a marker reads after "is now" / "is no longer" where its field's name alone would not ('on
    overwatch', 'panicking'): the rule set's words; '' reads the field's name."""
    plural: bool = False
    """The unit's name is plural: "Grenadiers are no longer mobile" (as `Moved.plural`)."""

    def text(self) -> str:
        why = f" ({self.why})" if self.why else ""
        if isinstance(self.after, bool) and isinstance(self.before, bool):
            # A marker set or lifted reads as words, never "downed False -> True".
            is_ = "are" if self.plural else "is"
            return f"{self.unit} {is_} {'now' if self.after else 'no longer'} {self.state or self.field}{why}"
        if self.before is None:  # set for the first time: "red-b5 at 11,0 (blind placed)"
            return f"{self.unit} {self.field} {self.after}{why}"
        return f"{self.unit} {self.field} {self.before} -> {self.after}{why}"


class Eliminated(Event):
    """A unit left the game."""

    kind: Literal["eliminated"] = "eliminated"
    unit: str
    why: str = ""

    def text(self) -> str:
        return f"{self.unit} eliminated" + (f" ({self.why})" if self.why else "")


class InitiativePassed(Event):
    """Who is active changed: a release, a steal, a failed activation, a chip drawn."""

    kind: Literal["initiative"] = "initiative"
    to_side: str | None
    from_side: str | None = None
    why: str = ""

    def text(self) -> str:
        return f"initiative to {self.to_side}" + (f" ({self.why})" if self.why else "")


class PhaseChanged(Event):
    """A new turn, round or phase began."""

    kind: Literal["phase"] = "phase"
    turn: int
    phase: str

    def text(self) -> str:
        return f"turn {self.turn}: {self.phase}"


class Message(Event):
    """Anything else worth a line in the log."""

    kind: Literal["message"] = "message"
    message: str

    def text(self) -> str:
        return self.message


class GameOver(Event):
    """The game ended."""

    kind: Literal["game_over"] = "game_over"
    winner: str | None
    reason: str

    def text(self) -> str:
        # 'won', not 'wins': a side's name is often plural ("The Rebels won")
        return f"game over: {self.winner + ' won' if self.winner else 'a draw'} ({self.reason})"
