"""Skirmish actions: the roll-off, activations, moves, fire, CQC, overwatch and the reactions to them."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from rules.actions import Action
from rules.hexgrid import Direction, Hex


class RollOff(Action):
    """'Leaders roll off with d10' for the initiative (text #3); later turns roll off by themselves."""

    kind: Literal["rolloff"] = "rolloff"


class Activate(Action):
    """Choose a model and make its activation roll (text #3; SKIRM-A07)."""

    kind: Literal["activate"] = "activate"
    unit: str


class Nominate(Action):
    """'The Flow of Battle': a leader's activation roll nominates the enemy model that activates next."""

    kind: Literal["nominate"] = "nominate"
    unit: str
    target: str


class Move(Action):
    """Move the acting model along `path` (destination last); it then faces `face`, or its last step."""

    kind: Literal["move"] = "move"
    unit: str
    path: list[Hex]
    face: Direction | None = None


class Pivot(Action):
    """Turn the acting model to face `face` (pivoting is not moving, text #5 'Aiming')."""

    kind: Literal["pivot"] = "pivot"
    unit: str
    face: Direction


class Shoot(Action):
    """Fire `shots` (1 or 2) at the model at `at`; a second shot may go at `second` (SKIRM-A20); `aim` for aimed
    fire (SKIRM-A08)."""

    kind: Literal["shoot"] = "shoot"
    unit: str
    at: Hex
    shots: int = 1
    second: Hex | None = None
    aim: Literal["none", "hit", "reroll", "damage"] = "none"


class Spray(Action):
    """Suppressive full-auto fire into the 6" area around `at`: one hit roll per hex of `hits` (SKIRM-A21)."""

    kind: Literal["spray"] = "spray"
    unit: str
    at: Hex
    hits: list[Hex]


class Charge(Action):
    """Move along `path` into contact with the enemy at `at` and fight (text #5B); an empty path fights from here."""

    kind: Literal["charge"] = "charge"
    unit: str
    path: list[Hex] = Field(default_factory=list)
    at: Hex


class Overwatch(Action):
    """Reserve the model's fire: it goes on overwatch and its activation ends (text #3 'Overwatch')."""

    kind: Literal["overwatch"] = "overwatch"
    unit: str


class EndActivation(Action):
    """End the acting model's activation."""

    kind: Literal["end"] = "end"
    unit: str


class OverwatchFire(Action):
    """A model on overwatch interrupts the active enemy and fires at it (+1 TN; SKIRM-A22)."""

    kind: Literal["watchfire"] = "watchfire"
    unit: str
    at: Hex
    shots: int = 1


class WatchCharge(Action):
    """Overwatch as movement (option): the watcher charges the interrupted model along `path` and fights it."""

    kind: Literal["watchcharge"] = "watchcharge"
    unit: str
    path: list[Hex] = Field(default_factory=list)
    at: Hex


class WatchMove(Action):
    """Overwatch as movement (option): the watcher moves away ('fleeing') along `path` instead of shooting."""

    kind: Literal["watchmove"] = "watchmove"
    unit: str
    path: list[Hex]


class HoldFire(Action):
    """The overwatching side lets the enemy's action go on (its models stay on overwatch)."""

    kind: Literal["hold"] = "hold"


class PushBack(Action):
    """The CQC winner pushes the loser back 1"; with `fire` it then fires its weapon at full RoF at it."""

    kind: Literal["push"] = "push"
    fire: bool = False


class Lock(Action):
    """The CQC winner follows up: both stay 'locked in combat'."""

    kind: Literal["lock"] = "lock"


SkirmAction = Annotated[
    Union[RollOff, Activate, Nominate, Move, Pivot, Shoot, Spray, Charge, Overwatch, EndActivation,
          OverwatchFire, WatchCharge, WatchMove, HoldFire, PushBack, Lock],
    Field(discriminator="kind"),
]
ADAPTER = TypeAdapter(SkirmAction)
