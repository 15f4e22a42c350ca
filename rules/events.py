"""Events: what `apply()` reports happened, for the map, the dice log and the game log.

Each event is data with a `text()` for the log. The TUI renders them; the game
service keeps them per action so the dice log can be rebuilt after a reload.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import RollRecord
from rules.hexgrid import Hex


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    def text(self) -> str:
        return self.kind  # type: ignore[attr-defined]


class Rolled(_Event):
    """Dice were rolled (one record of the dice log)."""

    kind: Literal["rolled"] = "rolled"
    record: RollRecord

    def text(self) -> str:
        who = f"{self.record.unit or self.record.side}: " if (self.record.unit or self.record.side) else ""
        return who + self.record.text()


class Moved(_Event):
    """A unit moved along a path (start first)."""

    kind: Literal["moved"] = "moved"
    unit: str
    path: tuple[Hex, ...]

    def text(self) -> str:
        return f"{self.unit} moves {self.path[0]} -> {self.path[-1]}" if self.path else f"{self.unit} stays"


class Retreated(_Event):
    """A unit fell back or retreated along a path (start first)."""

    kind: Literal["retreated"] = "retreated"
    unit: str
    path: tuple[Hex, ...]
    lost: int = 0
    """Hexes it could not take (and what they cost, where a rule converts them)."""

    def text(self) -> str:
        moved = max(len(self.path) - 1, 0)
        extra = f", {self.lost} hex(es) blocked" if self.lost else ""
        return f"{self.unit} falls back {moved} hex(es){extra}"


class Changed(_Event):
    """A unit's tracked value changed (Quality, figures, suppressed, downed...)."""

    kind: Literal["changed"] = "changed"
    unit: str
    field: str
    before: int | str | bool | None
    after: int | str | bool | None
    why: str = ""

    def text(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"{self.unit} {self.field} {self.before} -> {self.after}{why}"


class Eliminated(_Event):
    """A unit left the game."""

    kind: Literal["eliminated"] = "eliminated"
    unit: str
    why: str = ""

    def text(self) -> str:
        return f"{self.unit} eliminated" + (f" ({self.why})" if self.why else "")


class InitiativePassed(_Event):
    """Who is active changed: a release, a steal, a failed activation, a chip drawn."""

    kind: Literal["initiative"] = "initiative"
    to_side: str | None
    from_side: str | None = None
    why: str = ""

    def text(self) -> str:
        return f"initiative to {self.to_side}" + (f" ({self.why})" if self.why else "")


class PhaseChanged(_Event):
    """A new turn, round or phase began."""

    kind: Literal["phase"] = "phase"
    turn: int
    phase: str

    def text(self) -> str:
        return f"turn {self.turn}: {self.phase}"


class Message(_Event):
    """Anything else worth a line in the log."""

    kind: Literal["message"] = "message"
    message: str
    side: str | None = None
    """When set, only this side may see the message (a card drawn into a hidden hand)."""

    def text(self) -> str:
        return self.message


class GameOver(_Event):
    """The game ended."""

    kind: Literal["game_over"] = "game_over"
    winner: str | None
    reason: str

    def text(self) -> str:
        return f"game over: {self.winner or 'nobody'} wins ({self.reason})"


Event = Annotated[
    Union[Rolled, Moved, Retreated, Changed, Eliminated, InitiativePassed, PhaseChanged, Message, GameOver],
    Field(discriminator="kind"),
]
