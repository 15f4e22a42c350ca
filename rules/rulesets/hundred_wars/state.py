"""The A Hundred Wars game state: units and blinds, edges, rolled terrain, pips, phase and pending damage."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core import GameState, Side
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars.terrain import Level
from rules.rulesets.hundred_wars.units import HwUnit
from rules.unknown import UNKNOWN

Phase = Literal["setup", "terrain", "edge", "orders", "blinds", "counters", "fire", "move"]
PHASES: tuple[Phase, ...] = ("orders", "blinds", "counters", "fire", "move")
"""Phase 1 Orders, 2 blinds, 3 Move counters, 4 fire, 5 move."""
PHASE_WORDS = {"setup": "setting up", "terrain": "place terrain pieces", "edge": "choose table edges", "orders": "Phase 1: roll for Orders",
               "blinds": "Phase 2: place blinds", "counters": "Phase 3: place Move counters",
               "fire": "Phase 4: fire", "move": "Phase 5: move"}


class PendingDamage(BaseModel):
    """Damage waiting for its allocator (AHW-A13): the target's side if even, the firer's if odd."""

    units: list[str]
    """The units that may take it (a close combat's losing side may have several, AHW-A17)."""
    damage: int
    allocator: str
    why: str = ""


class PieceUnderWay(BaseModel):
    """A terrain piece being placed: its hexes (the chosen hex first; a river's in the order of its course)."""

    terrain: str
    hexes: list[Hex]


class HwSide(Side):
    """A side of A Hundred Wars: nothing beyond its id and name (pips live with the commanders)."""


def commands(u: HwUnit) -> bool:
    """A unit with Orders, wherever it is (on the table, under a blind or in reserve), not destroyed."""
    return not u.eliminated and not u.blind and u.stats.orders > 0


class HwState(GameState):
    units: dict[str, HwUnit]
    sides: list[HwSide]
    phase: Phase = "setup"
    hex_cm: int = 5
    order: list[str] = Field(default_factory=list)
    """This turn's player order: Player 1 first."""
    step: int = 0
    """Index in `order` of the side acting in this phase."""
    rolls: dict[str, int] = Field(default_factory=dict)
    """The last set-up or player-order roll of each side."""
    pieces_left: dict[str, int] = Field(default_factory=dict)
    """Terrain pieces each side may still place while setting up."""
    placing: list[str] = Field(default_factory=list)
    """The order sides place terrain in: the low scorer first."""
    shaping: PieceUnderWay | None = None
    """The terrain piece its placer is still shaping (placing.py): `done` finishes it."""
    edges: dict[str, str] = Field(default_factory=dict)
    """Each side's home table edge."""
    terrain_rolls: dict[str, Level] = Field(default_factory=dict)
    """Terrain piece id -> its rolled level, kept for the game (AHW-A04)."""
    pips: dict[str, int] = Field(default_factory=dict)
    """Commander unit id -> pips left this turn."""
    psi_used: dict[str, int] = Field(default_factory=dict)
    """Psionic unit id -> pips used in the game ('one use only')."""
    psi_phase: list[str] = Field(default_factory=list)
    """Psionic units that have used a pip this phase ('once per phase')."""
    psi_mobile: list[str] = Field(default_factory=list)
    """Units moving this phase as Mobile (both reductions) by a psionic pip (psionics.mobile_target)."""
    jammed: list[str] = Field(default_factory=list)
    """ECM units that have jammed this turn."""
    ecm_used: list[str] = Field(default_factory=list)
    """ECM units that have tried to cancel an enemy order this turn."""
    paused: list[Pause] = Field(default_factory=list)
    """Actions waiting for another side's ECM or psionic reaction (rules/reaction.py, reactions.py)."""
    ecm_teleport: list[str] = Field(default_factory=list)
    """ECM units that have hijacked or disrupted an enemy teleporter this turn."""
    tp_blocked: dict[str, int] = Field(default_factory=dict)
    """Teleporter id -> how many more units ECM still keeps it from dematerialising this turn."""
    ecm_ads: list[str] = Field(default_factory=list)
    """ECM units that have attacked an enemy ADS this turn."""
    ads_cut: dict[str, int] = Field(default_factory=dict)
    """ADS unit id -> the points its ADS is reduced by enemy ECM this turn."""
    fired_at: dict[str, list[str]] = Field(default_factory=dict)
    """Target id -> the units that fired at it this turn (target priorities)."""
    pending: list[PendingDamage] = Field(default_factory=list)
    agreed_end: list[str] = Field(default_factory=list)
    teleported: list[str] = Field(default_factory=list)
    army_lists: dict[str, list[str]] | None = None
    """Only in a side's view, with the `army_lists` option: each other side's units' names, sorted (view.py)."""
    viewer: str | None = None
    """The side this state is the view of (view.py); None: the whole game."""

    def acting(self) -> str | None:
        return self.order[self.step] if self.order and self.step < len(self.order) else None

    def live(self, side: str | None = None) -> list[HwUnit]:
        """Units and blinds on the table (of one side)."""
        if side is None:
            return [u for u in self.units.values() if u.at is not None and not u.eliminated]
        return [u for u in self.units.values() if u.side == side and u.at is not None and not u.eliminated]

    def commanders(self, side: str) -> list[HwUnit]:
        """The side's units with Orders, wherever they are (on the table, under a blind or in reserve)."""
        return [u for u in self.units.values() if u.stats.orders and u.side == side and commands(u)]

    def has_commander(self, side: str) -> bool:
        """Whether `commanders(side)` has any (no list built)."""
        return any(u.side == side and commands(u) for u in self.units.values())

    def commanding(self) -> dict[str, str]:
        """Side -> its first commander's id, for the sides that have one: every side's `has_commander` in one pass
        over the units (asked before every action, turn.py)."""
        first: dict[str, str] = {}
        for u in [u for u in self.units.values() if u.stats.orders]:  # most units have none: `commands` of the rest
            if u.side not in first and commands(u):
                first[u.side] = u.id
        return first

    def blind_of(self, unit_id: str) -> HwUnit | None:
        for u in self.units.values():
            if u.blind and not u.eliminated and u.contents is not UNKNOWN and unit_id in u.contents:
                return u
        return None
