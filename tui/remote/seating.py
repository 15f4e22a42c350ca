"""The seating of a player at a distance: one seat, held by the host (tui/seating.py's shape).

Textual-free. The game screen asks its seating which seat to show and who
decides; a remote player has exactly one seat, never another side's, never
the referee's, and no pass-the-keyboard screen.
"""

from __future__ import annotations

from rules.seat import ViewSeat
from tui.remote.client import HostLink


class RemoteSeating:
    """One remote seat (a player's or a spectator's)."""

    referee = False
    solo = False
    remote = True

    def __init__(self, seat: ViewSeat) -> None:
        self._seat = seat
        self._link: HostLink = seat.link  # type: ignore[assignment]  # a remote seat: its link is the connection

    def deciding(self) -> str | None:
        return self._seat.decision().side

    def sides(self) -> list[str]:
        return self._seat.view().side_ids()

    def seat(self, side: str | None) -> ViewSeat:
        if side != self._seat.side:
            raise ValueError("a remote player holds only their own seat")
        return self._seat

    def for_screen(self, last: str | None = None) -> ViewSeat:
        return self._seat

    def set_solo(self, solo: bool) -> None:
        """There is nobody else at this keyboard: nothing to change."""

    def connected(self, short: bool = False) -> str:
        """Who is connected now, for the status line ('online: The Kingdom, The Rebels, 1 watching'),
        or `short`, for a narrow terminal where the names would be cut ('2/2 online, 1 watching')."""
        names = {s.id: s.name or s.id for s in self._seat.view().sides}
        online = self._link.connected
        players = [names.get(side, side) for side in names if online.get(side)]
        watching = online.get("*", 0)
        if short:
            text = f"{len(players)}/{len(names)} online"
        else:
            text = "online: " + (", ".join(players) or "nobody")
        return text + (f", {watching} watching" if watching else "")
