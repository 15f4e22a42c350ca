"""A game the host holds: its file, its seats, the clients connected to it.

The host reads and changes a game only through its seats (rules/seat.py): a
side's, the spectators' and, for what the host itself tells (the sides, the
turn, who decides), the referee's. The `GameService` stays here for its file:
`HostFileStore` writes it after every action.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from rules.ai.autoplay import Autopilot

from rules.seat import Seat
from rules.seat_local import SPECTATOR, local_seat, spectator_seat
from rules.service import GameService
from saves import players
from saves.store import save_game
from tui.remote.connection import Connection


class HostFileStore:
    """The service's store: the host writes the game's own file after every action."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def autosave(self, service: GameService) -> None:
        save_game(service, self.path)


@dataclass
class HostedGame:
    name: str
    service: GameService
    """Held for its file; read and changed only through `seat`."""
    connections: list[Connection] = field(default_factory=list)
    _seats: dict[str | None, Seat] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        sides = self.table.view().sides  # a game's sides never change
        self.sides: list[str] = [s.id for s in sides]
        self.side_names: dict[str, str] = {s.id: s.name or s.id for s in sides}
        self.computers: dict[str, str] = players.computers(self.service)
        """Side id -> level of the sides the computer plays (tui/remote/host_computers.py), from the file."""
        self.pilot: Autopilot | None = (Autopilot.computers(self.service, list(self.computers), self.computers)
                                        if self.computers else None)
        self.turn_lock = asyncio.Lock()
        """Held while the computer thinks and while a player's request changes the game."""

    def seat(self, side: str | None) -> Seat:
        """A player's seat, SPECTATOR's (what everybody may see) or the referee's (None); made once."""
        if side not in self._seats:
            self._seats[side] = spectator_seat(self.service) if side == SPECTATOR else local_seat(self.service, side)
        return self._seats[side]

    @property
    def table(self) -> Seat:
        """The referee's seat: what the host itself tells of the game (never pushed to a client)."""
        return self.seat(None)

    def connected(self) -> dict[str, int]:
        """Connections per seat; a side the computer plays is always there."""
        out: dict[str, int] = dict.fromkeys(self.computers, 1)
        for c in self.connections:
            if c.side is not None:
                out[c.side] = out.get(c.side, 0) + 1
        return out
