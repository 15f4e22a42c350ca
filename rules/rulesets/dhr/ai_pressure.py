"""A DHR side comes to the enemy where only casualties win (part of the computer's `prune` hint).

In a scenario without a hex to hold (tower, field), the only wins are the casualties conditions and a game that runs
to its last turn is a draw. The evaluation sees contact a little (`contact`, 0.08 a hex) and cover more (a unit's
worth grows with the DV of its hex), and the look-ahead ends at the next chip drawn: a move out of the woods towards
the enemy showed only the fire it might draw, never the melee it would bring a turn later. So tower's orcs (hand to
hand only) stood in the woods walking a hex to and fro while the Tower's crossbows (range 6) and the Mage's
lightning (6) shot them down: seed 3003 against the greedy player, the Horde lost at turn 8 with both warbands still
in the woods of the top row. Against the greedy Tower (seeds 7000-7119, 60 games as the Horde) it won 20 and drew 8;
with this rule (stop 38, for the outranged side only) 25 and 2.

The side that outranges stood off too: against the greedy Horde, which wanders into the woods beyond the Tower's
reach, all five drawn games of the bench's row (seeds 3000-3019) were the Tower's, standing in its tower while the
clock ran out (seed 3000: 29 of the 30 figures it needed). Stop 42 brings the side that outranges on too, from the
first turn: 60 games as the Tower against the greedy player (seeds 7000-7119) 36 won, 13 drawn before, 53 won, 1
drawn with it.

So a unit of such a side (`pressed`) that stands beyond its reach of every enemy comes on: of its moves
only those that bring it nearer its reach are searched, and the chip is not ended nor set aside while one of them
is open. Once in reach it is free (to fight, to shoot, to stand). A prune and not a term of the evaluation: a
term the Horde scores against itself the Tower scores for itself, and the Tower then kept away from the Horde.
"""

from __future__ import annotations

from rules.actions import Action
from rules.rulesets.dhr.ai_reach import destination, moving
from rules.rulesets.dhr.state import DHRState, hosts


def reach_of(unit) -> int:
    """The hexes `unit` attacks at without a range band's penalty: its longest weapon or spell, else melee."""
    s = unit.stats
    ranges = [w.range for w in s.weapons] + [max(1, sp.range) for sp in s.spells]
    return max(ranges, default=1)


def pressed(state: DHRState, side: str) -> bool:
    """Only casualties win for `side` here (a casualties condition of its own, no hex to hold, a turn limit that ends
    in a draw) and one side reaches farther than the other: the outranged side (tower's Horde: shortbows and hex
    bolts of range 5 against crossbows and lightning of 6, and ten-figure warbands that fight only hand to hand)
    cannot win standing off, and the side that outranges it gains nothing by standing beyond its own reach. Where
    both reach as far (field's archers, 8 on both sides) each stands in the other's reach from the first turn, and
    bringing both sides on measured no better there (stop 42: York 48 of 80 games against the greedy player
    either way, seeds 3000, 5000, 7000): neither is pressed."""
    if not state.max_turns or any(c.kind == "hold" for c in state.victory):
        return False
    if not any(c.kind == "casualties" and c.side == side for c in state.victory):
        return False
    reaches: dict[str, int] = {}
    for u in state.units.values():
        if u.on_map:
            reaches[u.side] = max(reaches.get(u.side, 0), reach_of(u))
    return len(set(reaches.values())) > 1


def _gap(unit, at, enemies: list) -> int:
    """Hexes `unit` at `at` stands beyond its reach of the nearest enemy."""
    return min(at.distance(e) for e in enemies) - reach_of(unit)


def close_in(state: DHRState, side: str, actions: list[Action]) -> list[Action]:
    """`actions` less, for a pressed side (`pressed`), the moves of a unit beyond its reach of every enemy
    that do not bring it nearer, and the end of the activation (or setting the chip aside) while such a unit has
    a move that does."""
    if not pressed(state, side):
        return actions
    enemies = [h for h, u in hosts(state).items() if u.side != side]
    if not enemies:
        return actions
    gaps: dict[str, int] = {}
    closing: set[str] = set()
    for a in actions:
        unit, to = moving(state, a)
        if unit is None or unit.side != side:
            continue
        if unit.id not in gaps:
            gaps[unit.id] = _gap(unit, unit.at, enemies)
        if gaps[unit.id] > 0 and _gap(unit, to, enemies) < gaps[unit.id]:
            closing.add(unit.id)
    if not closing:
        return actions

    def kept(a: Action) -> bool:
        if a.kind == "end":
            return False
        to = destination(a)
        if to is None or a.unit not in closing:
            return True
        return _gap(state.units[a.unit], to, enemies) < gaps[a.unit]

    return [a for a in actions if kept(a)]
