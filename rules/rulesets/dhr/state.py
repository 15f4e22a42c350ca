"""The DHR game state: units of figures, the chip bag, the activation in progress."""

from __future__ import annotations

from pydantic import Field

from rules.core import GameState, Side
from rules.hexgrid import Hex
from rules.rulesets.dhr.units import DHRUnit


class DHRSide(Side):
    """A DHR side: the players who command it, in turn (DHR-A21)."""

    players: list[str] = Field(default_factory=list, max_length=8)
    """Commanders within the side, in turn order (DHR's rotating commanders)."""
    commander: int = Field(default=0, ge=0)
    """Index into `players` of who commands now."""


class DHRState(GameState):
    sides: list[DHRSide]
    units: dict[str, DHRUnit]
    bag: list[str] = Field(default_factory=list)
    """Chips still in the bag, kept sorted: the bag has no order until a chip is
    drawn, by a die roll at that moment ("Mix and pull a random poker chip")."""
    set_aside: list[str] = Field(default_factory=list)
    """Chips drawn this round ("mark it with the poker chip")."""
    chip: str | None = None
    """The chip drawn now: "side:type" (By Type) or "side:unit" (By Unit)."""
    eligible: list[str] = Field(default_factory=list)
    """Units the drawn chip may activate."""
    active_unit: str | None = None
    """The unit acting on the chip, once the commander has used it."""
    activated: list[str] = Field(default_factory=list)
    """Units that have gone this round (no double action)."""
    selections: dict[str, int] = Field(default_factory=dict)
    """How often each side has been selected (rotates its commanders, Convention)."""
    mp_left: int = 0
    attacked: bool = False
    """The active unit has attacked: it moves no more this activation."""
    fired: list[int] = Field(default_factory=list)
    """Weapons the active unit has fired this activation (each fires once)."""
    failed_step: list[Hex] = Field(default_factory=list)
    """[from, to] of the active unit's last failed terrain check (not challenge terrain):
    while it stands in `from` it may spend another MP to cross automatically (`cross`),
    or do anything else (stop). Only in the same activation (Movement, DHR-A04)."""
    cast: list[int] = Field(default_factory=list)
    """Spells the active Wizard has cast this activation (each once)."""
    crew_checked: bool = False
    """The crew check of this activation has been made and passed."""
    wrecks: list[Hex] = Field(default_factory=list)
    """Killed vehicles: immobile cover (vehicles option)."""
    smoke: list[Hex] = Field(default_factory=list)
    """Wrecks that smoke: +1 DV to fire through them (DHR-A20)."""


# --- who stands where (queries every module may use) ---------------------------------------


def hosts(state: DHRState) -> dict[Hex, DHRUnit]:
    """Units that hold a hex (special figures attached to a unit stand with it, not alone)."""
    return {u.at: u for u in state.units.values() if u.on_map and u.attached_to is None}


def host_at(state: DHRState, h: Hex) -> DHRUnit | None:
    for u in state.units.values():
        if u.at == h and u.on_map and u.attached_to is None:
            return u
    return None


def attached(state: DHRState, host_id: str) -> list[DHRUnit]:
    return [u for u in state.units.values() if u.attached_to == host_id and u.on_map]


def mp_of(state: DHRState, u: DHRUnit) -> int:
    if u.mp_lost:
        return 0
    return u.stats.mp
