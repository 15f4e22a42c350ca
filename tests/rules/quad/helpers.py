"""Small QUAD set-ups built in Python, and helpers to drive the rule set with forced dice."""

from __future__ import annotations

from rules.board import Board
from rules.core import Context, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.dice import ScriptedDice
from rules.hexgrid import Hex
from rules.rulesets.quad import RULESET
from rules.rulesets.quad.cards import Card
from rules.rulesets.quad.state import QuadState


def board(width: int = 10, height: int = 8, terrain: dict[Hex, str] | None = None,
          heights: dict[Hex, int] | None = None) -> Board:
    cells = ["open"] * (width * height)
    elev = [0] * (width * height)
    b = Board.flat(width, height)
    for h, t in (terrain or {}).items():
        cells[b._index(h)] = t
    for h, z in (heights or {}).items():
        elev[b._index(h)] = z
    return Board(width=width, height=height, terrain=tuple(cells), elevation=tuple(elev) if heights else ())


def unit(id: str, side: str, at: Hex | None, quality=3, speed=2, attack=3, defense=2, specials=(), ranged=None,
         name: str | None = None) -> UnitSetup:
    stats = {"quality": quality, "speed": speed, "attack": attack, "defense": defense, "specials": list(specials)}
    if ranged:
        stats["ranged"] = list(ranged)
    return UnitSetup(id=id, side=side, name=name or id, at=at, stats=stats)


def setup(units: list[UnitSetup], b: Board | None = None, leaders=(0, 0), victory=(), max_turns=None) -> Setup:
    return Setup(
        ruleset="quad", name="test", board=b or board(),
        sides=[SideSetup(id="red", name="Red", leader=leaders[0]), SideSetup(id="blue", name="Blue", leader=leaders[1])],
        units=units, victory=list(victory), max_turns=max_turns,
    )


def start(s: Setup, seed: int = 1) -> QuadState:
    return RULESET.setup(s, seed, {})


def activation(state: QuadState, active: str = "red") -> QuadState:
    """Skip the draw phase: `active` holds the activation, roll-off done."""
    state.phase = "activation"
    state.to_draw = []
    ids = state.side_ids()
    i = ids.index(active)
    state.order = ids[i:] + ids[:i]
    state.active_side = active
    state.played = 0
    state.passes = 0
    return state


def give(state: QuadState, side: str, *unit_ids: str, tactics: int = 0) -> None:
    """Put activation cards for `unit_ids` (and tactics cards) in `side`'s hand, replacing it."""
    hand = [Card(id=f"{side}:t:{u}:{i}", rank=state.units[u].rank, kind="activation", unit=u)
            for i, u in enumerate(unit_ids)]
    hand += [Card(id=f"{side}:t:J{i}", rank="J", kind="tactics") for i in range(tactics)]
    state.piles[side].hand = hand


def play(state: QuadState, action, *faces: int) -> tuple[Context, ScriptedDice]:
    """Apply `action` (text or model) with forced dice; asserts every scripted face was used."""
    if isinstance(action, str):
        from rules.actions import parse_action
        action = parse_action(RULESET.action_adapter, action)
    holder: dict = {}

    def factory(sink):
        holder["dice"] = ScriptedDice(*faces, sink=sink)
        return holder["dice"]

    ctx = Context(factory)
    RULESET.apply(state, action, ctx)
    assert holder["dice"].remaining == [], f"unused scripted faces {holder['dice'].remaining}"
    return ctx, holder["dice"]


__all__ = ["board", "unit", "setup", "start", "activation", "give", "play", "VictoryCondition", "Hex"]
