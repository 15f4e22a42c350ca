"""Small Dirtside set-ups built in Python, and helpers to drive the rule set with forced dice and chits."""

from __future__ import annotations

from rules.board import Board
from rules.core import Context, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.dice import ScriptedDice
from rules.hexgrid import Hex, from_offset
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import ADAPTER
from rules.rulesets.dirtside.chits import faces_for
from rules.rulesets.dirtside.state import DSState

F = faces_for


def at(col: int, row: int) -> Hex:
    return from_offset(col, row)


def board(width: int = 20, height: int = 16, terrain: dict[Hex, str] | None = None) -> Board:
    b = Board.flat(width, height)
    cells = list(b.terrain)
    for h, t in (terrain or {}).items():
        cells[b._index(h)] = t
    return Board(width=width, height=height, terrain=tuple(cells))


def tank(name="Tank", *, size=3, armour=3, gun=("HKP", 3), fc="superior", fcs=1, **design) -> dict:
    weapons = [{"type": gun[0], "cls": gun[1]}] + design.pop("more", [])
    return {"name": name, "kind": "vehicle",
            "design": {"size": size, "armour": armour, "mobility": design.pop("mobility", "tracked_fast"),
                       "power": "hmt", "fc": fc, "fcs": fcs, "weapons": weapons, **design}}


def team(name="Squad", troop="line", kind="rifle") -> dict:
    return {"name": name, "kind": "infantry", "troop": troop, "team": kind}


def unit(id: str, side: str, where: Hex | None, elements: list[dict], **stats) -> UnitSetup:
    return UnitSetup(id=id, side=side, name=stats.pop("name", id), at=where, stats={"elements": elements, **stats})


def launcher(id="site", side="blue", missiles=("HE",), launchers=1) -> UnitSetup:
    return unit(id, side, None, [{"name": "Launcher", "kind": "emplacement",
                                  "design": {"size": 3, "armour": 2, "mobility": None, "emplacement": True}}],
                role="launcher", off_table=True, launchers=launchers, missiles=list(missiles))


def setup(units: list[UnitSetup], b: Board | None = None, sides=("blue", "red"), victory=(), max_turns=None) -> Setup:
    return Setup(ruleset="dirtside", name="test", board=b or board(),
                 sides=[SideSetup(id=s, name=s.capitalize()) for s in sides], units=units,
                 victory=list(victory), max_turns=max_turns)


def start(s: Setup, seed: int = 1, first: str | None = None, **options) -> DSState:
    from rules.rulesets.dirtside import turn

    # ad hoc designs that reach one rule may break the design rules (tested in test_army / test_design)
    state = turn.setup(s, seed, {o.id: o.default for o in RULESET.options} | options, designs_checked=False)
    if first:
        ids = state.side_ids()
        i = ids.index(first)
        state.order = ids[i:] + ids[:i]
        state.active_side = first
    return state


def play(state: DSState, action, *faces) -> Context:
    """Apply an action (text or model) with forced dice; every scripted face must be used."""
    if isinstance(action, str):
        from rules.actions import parse_action
        action = parse_action(ADAPTER, action)
    dice_box = []

    def factory(sink):
        d = ScriptedDice(*faces, sink=sink)
        dice_box.append(d)
        return d

    ctx = Context(factory)
    RULESET.apply(state, action, ctx)
    assert dice_box[0].remaining == [], f"unused faces: {dice_box[0].remaining}"
    return ctx


def texts(ctx: Context) -> list[str]:
    return [e.text() for e in ctx.events]


__all__ = ["F", "Hex", "VictoryCondition", "at", "board", "tank", "team", "unit", "launcher", "setup", "start",
           "play", "texts"]
