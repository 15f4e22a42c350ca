"""The Dirtside game state: units, the chit pool, the activation in progress, and events scheduled across
turns (fire missions on the way, cruise missiles in flight)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core import GameState
from rules.reaction import Pause
from rules.hexgrid import Hex
from rules.rulesets.dirtside.chits import ChitPool
from rules.rulesets.dirtside.units import DSUnit
from rules.unknown import Unknown


class Mission(BaseModel):
    """A fire mission called by an observer; the battery's next activation must resolve it (§9.3)."""

    side: str
    battery: str
    at: Hex
    munition: str
    sheaf: str = "converged"
    called_turn: int
    observer: str


class Flight(BaseModel):
    """A cruise missile on its way: launched one turn, flown by its side in the next (house rule)."""

    id: str
    side: str
    launcher: str
    target: Hex | Unknown
    """The real target chit (UNKNOWN in the enemy's view)."""
    chits: list[Hex]
    """Every chit on the table, the real one among up to two dummies (the enemy cannot tell which)."""
    warhead: str | Unknown
    launched: int
    """The turn of launch; it lands in turn launched + 1."""


class Cloud(BaseModel):
    """A smoke cloud: a line of hexes running downwind from its upwind end (§10.2, §14.5)."""

    hexes: list[Hex]
    source: str = "artillery"


class Minefield(BaseModel):
    """A mine marker: everything within 2 hexes of `at` is in the field (§10.1, §14.5)."""

    id: str
    at: Hex
    jumping: bool = False
    armed: bool = True
    layer: str | None = None
    """A minelayer's field arms once its layer is more than 2 hexes away (§10.1)."""


class Bridge(BaseModel):
    """A bridge a bridgelayer has laid across the river hexside between `a` and `b` (§13): vehicles up to `cls`
    cross it without the river's cost; its layer recovers it from either end."""

    a: Hex
    b: Hex
    cls: int
    layer: str


class DSState(GameState):
    units: dict[str, DSUnit]
    pool: ChitPool = Field(default_factory=ChitPool)
    order: list[str] = Field(default_factory=list)
    """Sides in activation order for this turn."""
    current: str | None = None
    """The unit whose activation is in progress."""
    moved: bool = False
    spent: float = 0
    """Movement spent by the activating unit (more than half its BMF steps its fire die down, §5.1)."""
    acted: bool = False
    running: bool = False
    """The activating combat walker runs: it may not fire this activation (§4.4)."""
    flying: bool = False
    """The active side is spending a go flying its due cruise missiles."""
    passes: int = 0
    missions: list[Mission] = Field(default_factory=list)
    flights: list[Flight] = Field(default_factory=list)
    launched: int = 0
    rubble: list[Hex] = Field(default_factory=list)
    fired: dict[str, list[Hex]] = Field(default_factory=dict)
    """Batteries that fired this turn, and from where (counter-battery targets, §9.7)."""
    turn_ended: int | None = None
    clouds: list[Cloud] = Field(default_factory=list)
    wind: int | None = None
    """The wind, one of the 6 hex directions (rolled with a d6 when smoke is first laid, §10.2, §14.5)."""
    mines: list[Minefield] = Field(default_factory=list)
    bridges: list[Bridge] = Field(default_factory=list)
    zad_done: list[str] = Field(default_factory=list)
    """'ads unit:element>target' pairs that have fired zone air defence this turn (once per target, §11.1)."""
    popup: str | None = None
    """A VTOL popping up: it fires, and only opportunity fire answers it, with a d6 secondary die (§4.4)."""
    no_offensive: list[str] = Field(default_factory=list)
    """Sides that lost their command unit this turn: no new offensive (close assault) for the rest of it (§3.3)."""
    ground_zero: list[Hex] = Field(default_factory=list)
    """Where nuclear shells have burst: no entry within 2, only sealed vehicles and powered infantry within 6."""
    biochem_used: bool = False
    mined: list[str] = Field(default_factory=list)
    """Minefields that have already attacked the activating unit in this activation (§10.1)."""
    positions: list[Hex] = Field(default_factory=list)
    """Dug-in positions: where units started dug in, and hasty defences dug by engineers; any unit in one is dug in."""
    follow_through: bool = False
    """The activating unit just won a follow-through: its activation starts over (§8.5 step 10)."""
    followed: bool = False
    """The activating unit is in its follow-through activation (one per activation [R])."""
    follow_from: Hex | None = None
    """The captured position the follow-through starts from."""
    paused: list[Pause] = Field(default_factory=list)
    """An attack waiting for the target side's answer (evade, decoys, dog-fight): `rules/reaction.py`."""

    def unit(self, uid: str) -> DSUnit:
        return self.units[uid]

    def bridge_over(self, a: Hex, b: Hex) -> Bridge | None:
        """The bridge laid across the hexside between `a` and `b`, if any."""
        return next((x for x in self.bridges if {x.a, x.b} == {a, b}), None)

    def dug_in(self, unit: DSUnit) -> bool:
        """The unit stands in a dug-in position (one it started in, or engineers' hasty defences, §2.1, §13)."""
        return unit.at is not None and unit.at in self.positions

    def due_flights(self, side: str) -> list[Flight]:
        return [f for f in self.flights if f.side == side and f.launched < self.turn]
