"""The skirmish game state: models, who has the initiative, the model acting now, and paused moves."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core import GameState
from rules.reaction import Pausable, waiting
from rules.hexgrid import Hex
from rules.rulesets.skirmish.units import SkirmUnit

Grade = Literal["passed", "failed", "horde", "crawl", "adjust", "flee"]
"""What an activation allows: a pass moves and shoots; a fail (or a Horde pass) moves or shoots; a downed
model crawls 2"; after a Horde failure the rest only adjust 2" (text #3)."""


class Acting(BaseModel):
    """The model activated now and what it has done."""

    unit: str
    grade: Grade
    moves: int = 0
    """Moves made (a Sprint makes a second one instead of shooting)."""
    moved: int = 0
    """Inches moved this activation (aimed fire, Bulky, Bolt, Heavy, scopes depend on it)."""
    shot: bool = False
    lost: bool = False
    """The activation roll failed: the initiative passes when the model has acted (text #3)."""
    man_down: bool = False
    """The model was downed or killed during its own activation ('Man down!')."""


class Paused(BaseModel):
    """An enemy action paused for overwatch (SKIRM-A22): the mover's rest of path and what follows it."""

    unit: str
    """The active model that was interrupted."""
    rest: list[Hex] = Field(default_factory=list)
    """Hexes of its move still to go."""
    then: Literal["move", "charge", "shoot", "spray"] = "move"
    at: Hex | None = None
    """The charge target's hex, or the shot's (first) target."""
    shots: int = 1
    second: Hex | None = None
    aim: str = "none"
    hits: list[Hex] = Field(default_factory=list)
    face: str | None = None
    """Where a plain move leaves the mover facing."""
    watchers: list[str] = Field(default_factory=list)
    """Overwatch models that may still fire at this point."""
    on_ladder: Hex | None = None
    """Where the mover hangs on a ladder or rope: it was caught right after climbing by one (text #4)."""
    bottom: Hex | None = None
    """The foot of that climb: where the mover lands if it falls off."""
    levels: int = 0
    """How far it would fall (levels, 1 hex = 1 model height)."""


class PendingMelee(BaseModel):
    """A fight won by a model whose loser still stands: the winner pushes back or stays locked (text #5B)."""

    winner: str
    loser: str


class SkirmState(GameState, Pausable):
    """The whole game; `paused` (the core's reaction stack) holds a move or shot paused for overwatch."""

    units: dict[str, SkirmUnit]
    phase: Literal["rolloff", "activation"] = "rolloff"
    acting: Acting | None = None
    melee: PendingMelee | None = None
    nominated: dict[str, str] = Field(default_factory=dict)
    """The Flow of Battle: side -> the model it must activate next."""
    horde_stop: list[str] = Field(default_factory=list)
    """Sides whose Horde activation failed: their other models only adjust 2" this turn."""
    morale_broken: list[str] = Field(default_factory=list)
    """Sides that have reached half their points downed or dead."""
    home_edge: dict[str, str] = Field(default_factory=dict)
    """Side -> 'N', 'S', 'E' or 'W': the table edge its fleeing models run to."""
    turn_ended: int | None = None

    def watch(self) -> Paused | None:
        """The enemy action paused for overwatch now, if any."""
        top = waiting(self, "overwatch")
        return None if top is None else Paused.model_validate(top.data)

    def standing(self, side: str) -> list[SkirmUnit]:
        """The side's models on the table and not downed."""
        return [u for u in self.units_of(side) if not u.downed]

    def to_activate(self, side: str) -> list[SkirmUnit]:
        return [u for u in self.units_of(side) if not u.activated]

    def enemies(self, side: str) -> list[SkirmUnit]:
        return [u for u in self.units.values() if u.side != side and u.on_map]
