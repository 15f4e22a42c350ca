"""Building DHR games in tests: small boards, units, and dice-scripted actions."""

from __future__ import annotations

from rules.board import Board, EdgeFeature, HexFeature
from rules.core import Refusal, SideSetup, Setup, UnitSetup, VictoryCondition
from rules.dice import ScriptedDice, SeededDice
from rules.hexgrid import Hex, from_offset
from rules.service import GameService

H = from_offset


def board(width: int = 10, height: int = 8, terrain: dict | None = None, edges=(), roads=()) -> Board:
    cells = ["open"] * (width * height)
    for (col, row), tid in (terrain or {}).items():
        cells[row * width + col] = tid
    return Board(
        width=width, height=height, terrain=tuple(cells),
        edges=tuple(EdgeFeature(at=H(*at), side=side, feature=f) for at, side, f in edges),
        features=tuple(HexFeature(at=H(*at), feature="road") for at in roads),
    )


def unit(id: str, side: str, at, name: str | None = None, kind: str = "", **stats) -> UnitSetup:
    return UnitSetup(id=id, side=side, name=name or id, kind=kind, at=H(*at) if at is not None else None, stats=stats)


RIFLE = {"name": "rifle", "range": 6, "rof": [1, 1]}


def setup(units, b: Board | None = None, options=None, victory=(), max_turns=None, players=None) -> Setup:
    players = players or {}
    return Setup(
        ruleset="dhr", name="test", board=b or board(),
        sides=[SideSetup(id="red", name="Red", players=players.get("red", [])),
               SideSetup(id="blue", name="Blue", players=players.get("blue", []))],
        units=list(units), options=options or {}, victory=list(victory), max_turns=max_turns,
    )


def game(units, seed: int = 1, options=None, **kw) -> GameService:
    s = setup(units, options=options, **kw)
    return GameService.new(s, seed=seed, options=options)


def scripted(service: GameService, action, *faces) -> tuple[list, ScriptedDice]:
    """Apply `action` through the game service with scripted dice in place of the seeded ones;
    returns (events, dice). A refusal raises `Refusal`; every scripted face must be used."""
    if isinstance(action, str):
        action = service.parse(action)
    holder = {}

    def factory(seed, index, sink=None):
        d = ScriptedDice(*faces, sink=sink)
        holder["d"] = d
        return d

    service.dice_source = factory
    try:
        done = service.apply(action, autosave=False)
    finally:
        service.dice_source = SeededDice
    if not done.ok:
        raise Refusal(done.reason)
    dice = holder["d"]
    assert dice.remaining == [], f"unused scripted faces: {dice.remaining}"
    return list(done.events), dice


def activate(service: GameService, unit_id: str) -> None:
    """Put a chip of the unit in hand without rolling (tests start activations directly).

    The bag is left holding one chip of another side's unit, so the draw that follows
    the end of this activation needs no die."""
    st = service.state
    u = st.units[unit_id]
    st.phase = "activate"
    st.chip = f"{u.side}:{u.id}"
    st.eligible = [u.id]
    st.active_side = u.side
    st.active_unit = None
    st.activated = [x for x in st.activated if x != unit_id]
    other = next(v for v in st.units.values() if v.side != u.side and v.on_map)
    st.bag = [f"{other.side}:{other.id}"]


def V(kind: str, side=None, hexes=(), turn=None, fraction=None) -> VictoryCondition:
    return VictoryCondition(kind=kind, side=side, hexes=[H(*h) for h in hexes], turn=turn, fraction=fraction)


__all__ = ["H", "Hex", "board", "unit", "setup", "game", "scripted", "activate", "RIFLE", "V"]


def replay_scenario(scenario: str, seed: int, moves):
    """The shipped scenario's game `seed` after `moves`, (side, the action's words) each, the chips drawn as they
    come (the game's own dice): the seat that decides next, or None once the game is over."""
    from saves.scenarios import load_scenario

    game = GameService.new(load_scenario(scenario, ruleset="dhr"), seed=seed)
    table = game.seat(None)
    seats = {s: game.seat(s) for s in table.view().side_ids()}

    def draw_chips():
        while table.result is None:
            seat = seats[table.decision().side]
            legal = seat.legal_actions()
            if [a.kind for a in legal] != ["draw"]:
                return seat
            assert seat.apply(legal[0]).ok
        return None

    for side, words in moves:
        draw_chips()
        seat = seats[side]
        (action,) = [a for a in seat.legal_actions() if seat.describe(a) == words]
        assert seat.apply(action).ok
    return draw_chips()
