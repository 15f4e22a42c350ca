"""Small A Hundred Wars set-ups built in Python, and helpers to drive the rule set with forced dice."""

from __future__ import annotations

from rules.actions import parse_action
from rules.board import Board, HexFeature
from rules.core import Context, Setup, SideSetup, UnitSetup
from rules.dice import ScriptedDice
from rules.hexgrid import Hex, from_offset
from rules.rulesets.hundred_wars import RULESET, turn
from rules.rulesets.hundred_wars.state import HwState

INF = {"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 16, "range": 20}], "cqb": 20, "armour": 8}
HQ = {"move": [{"mode": "ground", "factor": 10}], "orders": 5, "orders_range": 30, "weapons": [{"fire": 8, "range": 6}],
      "cqb": 12, "armour": 6}


def at(col: int, row: int) -> Hex:
    return from_offset(col, row)


def board(width: int = 12, height: int = 8, terrain: dict[Hex, str] | None = None, gates: tuple[Hex, ...] = ()) -> Board:
    b = Board.flat(width, height)
    cells = list(b.terrain)
    for h, t in (terrain or {}).items():
        cells[b._index(h)] = t
    return Board(width=width, height=height, terrain=tuple(cells),
                 features=tuple(HexFeature(at=g, feature="gate") for g in gates))


def unit(id: str, side: str, where: Hex | None, name: str | None = None, **stats) -> UnitSetup:
    return UnitSetup(id=id, side=side, name=name or id, at=where, stats=stats or dict(INF))


def game(units: list[UnitSetup], *, b: Board | None = None, phase: str = "fire", order=("red", "blue"),
         dummies: int = 0, pips: dict[str, int] | None = None, rolled: dict[str, str] | None = None,
         options: dict | None = None, seed: int = 1) -> HwState:
    """A state in `phase` of turn 1 with edges north (red) and south (blue) already chosen."""
    setup = Setup(ruleset="hundred_wars", name="test", board=b or board(),
                  sides=[SideSetup(id="red", name="Red"), SideSetup(id="blue", name="Blue")], units=units)
    opts = {o.id: o.default for o in RULESET.options}
    opts.update({"dummy_blinds": dummies, **(options or {})})
    state = RULESET.setup(setup, seed, opts)
    state.edges = {"red": "north", "blue": "south"}
    state.phase, state.order, state.step = phase, list(order), 0
    state.active_side = order[0]
    state.pips = dict(pips or {})
    state.terrain_rolls = dict(rolled or {})
    return state


def act(state: HwState, action: str, *faces: int):
    """Apply the action's text form with exactly these dice faces; returns the events."""
    a = parse_action(RULESET.action_adapter, action)
    dice: list[ScriptedDice] = []

    def make(sink):
        d = ScriptedDice(*faces, sink=sink)
        dice.append(d)
        return d

    ctx = Context(make)
    turn.apply(state, a, ctx)
    assert dice[0].remaining == [], f"unused faces {dice[0].remaining}"
    return ctx.events


def back_and_done_worth(service, side: str, unit_id: str, to) -> dict[str, float]:
    """How the computer's evaluation scores, for `side`, a Move counter of `unit_id` to `to` and Done instead
    (each tried once on the game's state): {"counter": ..., "done": ...}."""
    import random

    from rules.ai.evaluate import Evaluator
    from rules.ai.hints import hints_for
    from rules.ai.simulate import attempt

    ruleset = service.ruleset
    actions = service.seat(side).legal_actions()
    back = next(a for a in actions if a.kind == "counter" and a.unit == unit_id and a.to == to and not a.attack)
    done = next(a for a in actions if a.kind == "done")
    ev = Evaluator(hints_for(ruleset), ruleset)
    return {a.kind: ev.score(attempt(ruleset, service.state, a, random.Random(1)).state, side) for a in (back, done)}
