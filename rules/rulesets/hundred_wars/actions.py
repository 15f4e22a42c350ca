"""A Hundred Wars actions: the set-up roll-off and edge, orders, blinds, Move counters, fire, moves and damage allocation."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from rules.actions import Action
from rules.hexgrid import Direction, Hex


class RollOff(Action):
    """Setting up: every player rolls 1d10; the high scorer chooses their table edge (AHW-A26: ties re-roll)."""

    kind: Literal["roll_off"] = "roll_off"


class ChooseEdge(Action):
    """The high scorer chooses their table edge; the low scorer gets the opposite edge."""

    kind: Literal["edge"] = "edge"
    edge: Literal["north", "south", "west", "east"]


class PlacePiece(Action):
    """Setting up: place one of your terrain pieces (the hex and the open hexes around it; a river's first hex), or
    shape the piece under way: a river's next hex, a hex around the piece left open, a gate (placing.SHAPES)."""

    kind: Literal["piece"] = "piece"
    terrain: str
    at: Hex
    toward: Direction | None = None
    """A river run straight from `at` toward this direction (other pieces cover the hexes around `at`)."""
    gate: bool = False
    """Give the fortification under way a gate (a settlement a road) at `at`."""


class RollOrders(Action):
    """Phase 1: every commander of the side rolls 1d10 for pips (AHW-A03)."""

    kind: Literal["orders"] = "orders"


class PlaceBlind(Action):
    """Phase 2: for 1 pip, bring a blind onto the table within your home quarter; a dummy's `move` is the Move
    it imitates (one of the force's, a secret of its side)."""

    kind: Literal["blind"] = "blind"
    unit: str
    at: Hex
    move: int | None = None


class SetCounter(Action):
    """Phase 3 (or, for 2 pips, during the move: AHW-A25): issue or change a Move counter toward `to`."""

    kind: Literal["counter"] = "counter"
    unit: str
    to: Hex
    attack: Literal["", "ram", "suicide"] = ""
    """Move into contact with the unit at `to` to ram it or to self-destruct against it."""
    level: int | None = None
    """Climb or dive one level toward this one on the way (at half Move)."""


class RemoveCounter(Action):
    """Phase 3: for 1 pip, remove a unit's Move counter."""

    kind: Literal["uncounter"] = "uncounter"
    unit: str


class Fire(Action):
    """Phase 4: one of the unit's weapons fires at a visible enemy unit or blind."""

    kind: Literal["fire"] = "fire"
    unit: str
    weapon: int = 0
    at: Hex


class Repair(Action):
    """Phase 4: Field Repairs on a unit in base to base contact (or itself)."""

    kind: Literal["repair"] = "repair"
    unit: str
    at: Hex


class Reveal(Action):
    """Lift one of your own blinds: the real units are placed, a dummy is removed."""

    kind: Literal["reveal"] = "reveal"
    unit: str


class PsiReveal(Action):
    """A psionic pip on the unit at `at`, within the unit's psionic range (text: "Psionic"): reveal an enemy blind
    (Phase 4); in Phase 3 place or move its Move counter to `to`, or `remove` it; fire its `weapon` at the unit at
    `to` (Phase 4); `simulate` Field Repairs on a unit of yours (Phase 4), ECM on an enemy (a commander's jam in
    Phase 3, an ADS in Phase 4, a teleporter's hijack in Phase 5; while an enemy order or teleport waits, its cancel
    or disruption), a teleport of a unit of yours to `to` (Phase 5), an ADS against an enemy shot that waits, Orders
    (Phase 3: the Move counter of a unit of yours to `to`, or `remove` it) or Mobile (Phase 5: a unit of yours).
    While an enemy action waits: `cancel` the fire of the enemy at `at` or the enemy's psionic pip, or `reroll` a
    die of a shot ('range', 'fire' or 'armour'), a movement die ('move'), the close combat die of the unit at `at`
    ('cqb'), the Orders die of the commander at `at` ('orders'), the teleport die of the teleporter at `at`
    ('teleport'), the ECM (or ADS) die of the unit at `at` in an ECM contest ('ecm') or the terrain die of the
    piece at `at` ('terrain') or the Field Repairs die of the repairer at `at` ('repair')."""

    kind: Literal["psi"] = "psi"
    unit: str
    at: Hex
    to: Hex | None = None
    remove: bool = False
    weapon: int | None = None
    simulate: Literal["", "repairs", "ecm", "teleport", "ads", "orders", "mobile"] = ""
    cancel: bool = False
    reroll: Literal["", "range", "fire", "armour", "move", "cqb", "orders", "teleport", "ecm", "terrain",
                    "repair"] = ""


class Jam(Action):
    """ECM at the unit at `at`: remove 1d10 pips from an enemy commander (Phase 3), hijack an enemy teleporter
    (Phase 5); while an enemy action waits: cancel its new order, or disrupt its teleporter."""

    kind: Literal["jam"] = "jam"
    unit: str
    at: Hex


class EcmAds(Action):
    """ECM: 'Combat an enemy ADS ... beat the enemy's ADS roll to reduce the ADS by the difference' (this turn)."""

    kind: Literal["ecm_ads"] = "ecm_ads"
    unit: str
    at: Hex


class MoveUnit(Action):
    """Phase 5: a unit with a Move counter rolls 1d100 and moves toward it (space units speed up or slow down)."""

    kind: Literal["move"] = "move"
    unit: str
    accelerate: bool = True
    alone: bool = False
    """Text "Groups": 'When factors differ either use a separate roll for the differing units or use the lowest
    unit factor in the group' -- True takes the separate roll: the unit moves on its own roll and Move."""


class Teleport(Action):
    """Phase 5: a teleport unit sends a unit within its range (and its buffers) to `to`, within the chain's range."""

    kind: Literal["teleport"] = "teleport"
    unit: str
    passenger: str = ""
    to: Hex


class Gather(Action):
    """Phase 5: a teleport unit takes a unit within its range into its buffers, to be sent with its next roll."""

    kind: Literal["gather"] = "gather"
    unit: str
    passenger: str


class Carry(Action):
    """Phase 5: `unit` boards the friendly carrier at `at` (in contact), or with `off`, leaves its carrier for `at`."""

    kind: Literal["carry"] = "carry"
    unit: str
    at: Hex
    off: bool = False


class Allocate(Action):
    """Allocate damage: the points come off `first` (then Armour, Fire, Move, Orders), or spread round them."""

    kind: Literal["allocate"] = "allocate"
    unit: str
    first: str


class Done(Action):
    """End this side's part of the phase (unspent pips are kept for the turn)."""

    kind: Literal["done"] = "done"


class AgreeEnd(Action):
    """'... or when all sides agree the game is over': this side agrees (all must, in one turn)."""

    kind: Literal["agree_end"] = "agree_end"


HwAction = Annotated[
    Union[RollOff, PlacePiece, ChooseEdge, RollOrders, PlaceBlind, SetCounter, RemoveCounter, Fire, Repair, Reveal, PsiReveal,
          Jam, EcmAds, MoveUnit, Teleport, Gather, Carry, Allocate, Done, AgreeEnd],
    Field(discriminator="kind"),
]
ADAPTER: TypeAdapter = TypeAdapter(HwAction)
