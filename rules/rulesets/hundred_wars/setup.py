"""Building a game: units from the scenario, blinds real and dummy, and the set-up roll-off and table edges."""

from __future__ import annotations

from rules.core import Context, Refusal, Setup, side_of
from rules.dice import KEYED, LEGACY, SeededDice
from rules.events import PhaseChanged
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars.state import HwSide, HwState
from rules.rulesets.hundred_wars.units import HwStats, HwUnit

EDGES = ("north", "south", "west", "east")
OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west"}
MAX_DUMMIES = 10


def build(setup: Setup, seed: int, options: dict, dice: int = KEYED) -> HwState:
    """Units on the map as the scenario places them; every unit without a hex goes under a blind."""
    side_ids = [s.id for s in setup.sides]
    if len(side_ids) > len(EDGES):
        raise ValueError(f"A Hundred Wars plays at most {len(EDGES)} sides here (one per table edge)")
    hex_cm = int(options.get("hex_cm", 5))
    if not 1 <= hex_cm <= 100:
        raise ValueError("the hex size is 1 to 100 cm")
    dummies = int(options.get("dummy_blinds", 2))
    if not 0 <= dummies <= MAX_DUMMIES:
        raise ValueError(f"dummy blinds per side are 0 to {MAX_DUMMIES}")
    units: dict[str, HwUnit] = {}
    for us in setup.units:
        if us.side not in side_ids:
            raise ValueError(f"unit {us.id} belongs to no side ({us.side!r})")
        stats = HwStats.model_validate(us.stats)
        if us.at is not None and not setup.board.in_bounds(us.at):
            raise ValueError(f"unit {us.id} stands off the map at {us.at}")
        units[us.id] = HwUnit(id=us.id, side=us.side, name=us.name, kind=us.kind, at=us.at, stats=stats,
                              start=stats.model_copy(deep=True), mode=stats.main_mode)
    # Which blind hides what: secret, dealt from the game's keyed stream (the seed as key).
    rng = SeededDice(seed, derivation=dice, stream="hundred_wars:blinds")
    tags = blind_tags(rng, sum(1 for u in units.values() if u.at is None) + dummies * len(side_ids), dice)
    for side in side_ids:
        groups: dict[str, list[str]] = {}
        for u in units.values():
            if u.side == side and u.at is None:
                groups.setdefault(u.stats.blind or f"#{u.id}", []).append(u.id)
        contents = list(groups.values()) + [[] for _ in range(dummies)]
        rng.shuffle(contents)
        for i, group in enumerate(contents, start=1):
            i = next(tags) if tags is not None else i
            bid = f"{side}-b{i}"
            if bid in units:
                raise ValueError(f"unit id {bid} is kept for a blind")
            side_name = next(x.name for x in setup.sides if x.id == side)
            units[bid] = HwUnit(id=bid, side=side, name=f"{side_name} blind {i}", kind="blind", blind=True,
                                contents=group, dummy=not group, mode="ground")
    sides = [side_of(HwSide, s) for s in setup.sides]
    return HwState(ruleset="hundred_wars", scenario=setup.name, seed=seed, dice=dice, board=setup.board, sides=sides,
                   units=units, options=dict(options), victory=list(setup.victory), max_turns=setup.max_turns,
                   hex_cm=hex_cm, phase="setup", active_side=side_ids[0])


TAG_LETTERS = "abcdefghjkmnpqrstuvwxyz"


def blind_tags(rng: SeededDice, n: int, dice: int):
    """Blind labels that count nothing: three letters each, dealt from the keyed stream, so that a blind
    numbered 6 on the table does not tell that its side has six (None, numbers: games of the old dice)."""
    if dice == LEGACY:
        return None
    tags: list[str] = []
    while len(tags) < n:
        tag = "".join(TAG_LETTERS[rng.below(len(TAG_LETTERS))] for _ in range(3))
        if tag not in tags:
            tags.append(tag)
    return iter(tags)


def roll_each(state: HwState, sides: list[str], ctx: Context, purpose: str) -> list[str]:
    """Every side rolls 1d10; ties re-roll among the tied (AHW-A26). High scorer first; the rolls go to `rolls`."""
    rolls = {}
    for s in sides:
        (rolls[s],) = ctx.dice.roll(1, 10, purpose, side=s, rule="Turns; AHW-A26")
    if len(sides) == len(state.sides):
        state.rolls = dict(rolls)
    out: list[str] = []
    for score in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in sides if rolls[s] == score]
        out += roll_each(state, tied, ctx, purpose + " (tie)") if len(tied) > 1 else tied
    return out


def roll_off(state: HwState, ctx: Context) -> None:
    """Setting up: 'Players roll 1d10 ... The high scorer chooses their table edge.'"""
    state.order = roll_each(state, state.side_ids(), ctx, "set-up")
    if state.options.get("place_terrain", False):
        from rules.rulesets.hundred_wars import placing

        placing.start(state, ctx)
        return
    state.phase, state.step = "edge", 0
    state.active_side = state.order[0]
    ctx.emit(PhaseChanged(turn=state.turn, phase="choose table edges"))


def free_edges(state: HwState) -> list[str]:
    n = len(state.sides)
    usable = EDGES[: 2 if n <= 2 else 4]
    return [e for e in usable if e not in state.edges.values()]


def choose_edge(state: HwState, side: str, edge: str, ctx: Context) -> None:
    if edge not in free_edges(state):
        raise Refusal(f"the {edge} edge is not free (free: {', '.join(free_edges(state))})")
    state.edges[side] = edge
    if len(state.sides) == 2:
        other = state.other_sides(side)[0]
        state.edges[other] = OPPOSITE[edge]
    state.step += 1
    if len(state.edges) < len(state.sides):
        state.active_side = state.order[state.step]
        return
    pieces = field.piece_map(state.board)
    for s in state.side_ids():  # 'All terrain pieces in the home quarter are rolled for prior to deployment'
        for h in field.quarter(state.board, state.edges[s]):
            piece = pieces.get(h)
            if piece is not None:
                field.roll_piece(state, piece, ctx, s)
