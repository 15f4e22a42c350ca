"""Small skirmish set-ups built in Python, and a helper to apply actions with forced dice."""

from __future__ import annotations

from rules.board import Board, EdgeFeature, HexFeature
from rules.core import Context, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.dice import ScriptedDice
from rules.hexgrid import Hex, from_offset
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.state import Acting, SkirmState

o = from_offset


def board(width: int = 16, height: int = 10, terrain: dict[Hex, str] | None = None,
          heights: dict[Hex, int] | None = None, features=(), edges=()) -> Board:
    b = Board.flat(width, height)
    cells = list(b.terrain)
    elev = [0] * (width * height)
    for h, t in (terrain or {}).items():
        cells[b._index(h)] = t
    for h, z in (heights or {}).items():
        elev[b._index(h)] = z
    return Board(width=width, height=height, terrain=tuple(cells), elevation=tuple(elev) if heights else (),
                 features=tuple(HexFeature(at=h, feature=f) for h, f in features),
                 edges=tuple(EdgeFeature(at=h, side=d, feature=f) for h, d, f in edges))


def model(id: str, side: str, at: Hex | None, **stats) -> UnitSetup:
    return UnitSetup(id=id, side=side, name=id, at=at, stats=stats)


def setup(units: list[UnitSetup], b: Board | None = None, victory=(), max_turns=None) -> Setup:
    return Setup(ruleset="skirmish", name="test", board=b or board(),
                 sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")],
                 units=units, victory=[VictoryCondition(**v) for v in victory], max_turns=max_turns)


def start(s: Setup, active: str = "red", **options) -> SkirmState:
    """A game past its roll-off: `active` has the initiative."""
    state = RULESET.setup(s, 1, options)
    state.phase = "activation"
    state.active_side = active
    return state


def act(state: SkirmState, action, *faces: int, all_used: bool = True) -> list:
    """Apply `action` with these d10 faces; every face must be used (unless told). Returns the events."""
    dice_box: list[ScriptedDice] = []

    def make(sink):
        d = ScriptedDice(list(faces), sink=sink)
        dice_box.append(d)
        return d

    ctx = Context(make)
    RULESET.apply(state, action, ctx)
    if all_used:
        assert dice_box[0].remaining == [], f"unused faces {dice_box[0].remaining}"
    return ctx.events


def acting(state: SkirmState, uid: str, grade: str = "passed") -> SkirmState:
    """Make `uid` the acting model with the given grade, as if its activation roll had just been made."""
    u = state.units[uid]
    u.activated = True
    state.active_side = u.side
    state.acting = Acting(unit=uid, grade=grade, lost=grade == "failed")
    return state


def texts(events) -> list[str]:
    return [e.text() for e in events]
