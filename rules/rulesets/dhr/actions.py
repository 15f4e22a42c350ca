"""DHR actions: what a side may do at a decision point.

The bag is drawn with `draw` at the start of the game; afterwards the next chip
is drawn as the previous activation ends. A drawn chip activates one unit of
that side (By Unit) or one unit of that type (By Type, the commander picks it by
acting with it). The activated unit moves (`move`, several steps, terrain checks
on the way), attacks (`fire`, `melee`, `overrun`, `call`), special figures
`attach` and `drop` out, and `end` closes the activation.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from rules.actions import Action
from rules.hexgrid import Hex


class Draw(Action):
    """Draw a chip from the bag (the first of the game; later ones come by themselves)."""

    kind: Literal["draw"] = "draw"


class Move(Action):
    """Move along a path, one MP per hex, terrain checks on the way (DHR-A04)."""

    kind: Literal["move"] = "move"
    unit: str
    path: list[Hex]


class Fire(Action):
    """Fire one weapon at the unit in hex `at` with the first `slots` RoF slots (DHR-A08).
    `line` lays machine-gun line fire over every enemy along the line up to `at` (DHR-A10)."""

    kind: Literal["fire"] = "fire"
    unit: str
    at: Hex
    weapon: int = 0
    slots: int = 1
    line: bool = False
    dice: list[int] = Field(default_factory=list)
    """How the dice are shared out, one count per target: with `line`, the units along the
    line nearest first (the target last); without, a machine gun's traversing fire over the
    figures in the hex: the unit, then each special figure attached to it (DHR-A10). Empty:
    the default, a die per figure nearest first (`spread_dice`)."""


class Cross(Action):
    """After a failed terrain check, spend another MP to cross into `to` automatically
    (Movement, hex based; DHR-A04). Not taking it is the other choice: stop there."""

    kind: Literal["cross"] = "cross"
    unit: str
    to: Hex


class Melee(Action):
    """Close with the adjacent enemy in hex `at`: both sides strike at once ("Melee")."""

    kind: Literal["melee"] = "melee"
    unit: str
    at: Hex


class Cast(Action):
    """A Wizard casts spell `spell` of his spell book at hex `at` ("Special Figures": Wizard)."""

    kind: Literal["cast"] = "cast"
    unit: str
    at: Hex
    spell: int = 0


class Overrun(Action):
    """A vehicle dashes through the adjacent infantry in `at` (vehicles option)."""

    kind: Literal["overrun"] = "overrun"
    unit: str
    at: Hex


class Call(Action):
    """An RTO calls an off-board artillery mission or air strike on hex `at`."""

    kind: Literal["call"] = "call"
    unit: str
    at: Hex
    strike: Literal["artillery", "air"] = "artillery"


class Attach(Action):
    """A special figure joins the friendly unit in (or next to) hex `at`."""

    kind: Literal["attach"] = "attach"
    unit: str
    at: Hex


class Drop(Action):
    """A special figure drops out of the unit it sticks with, into the free hex `at` next to it."""

    kind: Literal["drop"] = "drop"
    unit: str
    at: Hex


class End(Action):
    """End the activation (or set aside a chip no unit can use)."""

    kind: Literal["end"] = "end"


DHRAction = Annotated[
    Union[Draw, Move, Cross, Fire, Melee, Cast, Overrun, Call, Attach, Drop, End], Field(discriminator="kind")
]
