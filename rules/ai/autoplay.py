"""Computer sides in a game a person plays or watches: who of them acts now, and undo back to the person.

The screen asks `due()` after every change; when a computer side must act (or
may react) it runs `think()` off the screen's thread (a worker: the search may
take a while), then `play()` with the action on the screen's thread, at a pace a
person can follow. `undo_to_person()` takes back the computer's replies and the
person's own last decision with them, so a person can always return to it.

The game is reached only through seats: each computer side's own (to decide and
act), and one referee seat, undo policy "free", that says who decides (every
side's reactions included) and takes the replies back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.actions import Action
from rules.seat import Seat


@dataclass
class Autopilot:
    service: object
    """The GameService: asked only for seats (the computers read it through their own)."""
    players: dict
    """Side id -> the player (a Computer) that plays that side."""
    _asked: set = field(default_factory=set)
    """(version, side) of reactions already declined: a computer is asked once per position."""
    _table: Seat = field(init=False, repr=False)
    """The referee's seat, undo "free": who decides now, and the way back to the person."""

    def __post_init__(self) -> None:
        self._table = self.service.seat(None, undo="free")

    @classmethod
    def computers(cls, service, sides, levels: dict | None = None, rng: random.Random | None = None) -> Autopilot:
        """Computer players for `sides`, each at its level (`levels`: side -> 'easy' | 'normal' | 'hard', normal
        when missing; a ValueError names the levels) and with its own randomness from `rng` (never the game's
        dice; without `rng`, from the seed a person gave the game, `GameService.computer_seed`)."""
        from rules.ai.levels import computer_for

        if rng is None:  # a seed the person gave replays the computer too; else its choices are nobody's to know
            given = getattr(service, "computer_seed", None)
            rng = random.Random(f"computer:{given}") if given is not None else random.Random(
                random.SystemRandom().randrange(2**63))
        levels = levels or {}
        return cls(service, {s: computer_for(levels.get(s), random.Random(rng.randrange(2**63))) for s in sides})

    @property
    def watching(self) -> bool:
        """Every side is the computer's: the person only watches."""
        return set(self.players) >= {s.id for s in self._table.view().sides}

    def _key(self, side: str) -> tuple:
        return (*self._table.version, side)

    def due(self) -> tuple[str, str] | None:
        """(side, 'choose' | 'react') of the computer that should act now, or None (a person's turn, or over)."""
        d = self._table.decision()
        if d.side is None:
            return None
        if d.side in self.players:
            return d.side, "choose"
        for side in d.reactors:
            if side in self.players and self._key(side) not in self._asked:
                return side, "react"
        return None

    def think(self, progress=None) -> Action | None:
        """The due computer's action (None: nothing due, or it lets a reaction go). Reads seats only;
        safe to run in a worker thread while the screen waits."""
        due = self.due()
        if due is None:
            return None
        side, what = due
        seat = self.service.seat(side, undo="free")
        player = self.players[side]
        if what == "choose":
            return player.choose(seat, progress) if _takes_progress(player) else player.choose(seat)
        action = player.react(seat, progress) if _takes_progress(player) else player.react(seat)
        if action is None:
            self._asked.add(self._key(side))
        return action

    def play(self, action: Action):
        """Apply the computer's action through its own seat (it is refused if the game moved meanwhile)."""
        return self.service.seat(action.side, undo="free").apply(action)

    def undo_to_person(self) -> int:
        """Undo the computer's actions back to, and including, a person's last action; returns how many.
        Through the referee seat, whose "free" undo policy lets it take back any side's action."""
        actors = self._table.actors()
        if all(side in self.players for side in actors):
            return 0
        undone = 0
        while actors:
            side = actors.pop()
            if not self._table.undo():
                break
            undone += 1
            if side not in self.players:
                break
        return undone


def _takes_progress(player) -> bool:
    return getattr(player, "name", "") == "computer"
