"""The computer's hints for Skirmish: a model's worth by its points and its state, the going by the rules' own costs."""

from __future__ import annotations

from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.terrain import HARD_COVER, in_cover
from rules.rulesets.skirmish.terrain import step_cost  # noqa: F401 - the going in inches (text #4): the paths' cost

contact = 0.1
"""Skirmish is fought with firearms across the table: closing in matters, as in the generic reading."""

STATE_FACTOR = {"fleeing": 0.3, "downed": 0.5, "suppressed": 0.8}
"""What is left of a model's worth in each state: a downed model neither moves nor shoots and may die, a
fleeing one is leaving the table, a suppressed one is slowed. The generic reading counted none of these
(booleans are not numbers to it): a model shot down was worth as much as a healthy one."""

HARD = 1.15
"""A model in hard cover (building, rubble: +2 to the TN to hit it, text #4) keeps its worth longer."""
SOFT = 1.07
"""A model in other cover (woods, behind a low wall)."""


def unit_value(state: SkirmState, unit) -> float:
    """Points (a leader 2, a model 1: what morale counts), its skills, less for what it suffers."""
    s = unit.stats
    worth = 5.0 * s.points + 0.3 * (s.skill + s.shooting + s.cqc + s.willpower - 20)
    for flag, factor in STATE_FACTOR.items():
        if getattr(unit, flag, False):
            worth *= factor
    if unit.at is not None and state.board.terrain_at(unit.at) in HARD_COVER:
        worth *= HARD
    elif unit.at is not None and in_cover(state.board, unit.at):
        worth *= SOFT
    return worth + (0.4 if unit.overwatch else 0.0)


def _standing(state: SkirmState) -> list:
    """The models on the table that may still act: not downed, not fleeing."""
    return [u for u in state.units.values() if u.on_map and not u.downed and not u.fleeing and u.at is not None]


ALONE = 0.2
"""The share of a model's worth at risk for each enemy that can reach it beyond the friends near it."""
RISK = 0.6
"""At most this share of a model's worth is at risk however many enemies can reach it."""


def _reach(u) -> int:
    """Hexes within which `u` may charge a model in its next activation (its move, and contact)."""
    return u.stats.speed + 1


def side_value(state: SkirmState, side: str) -> float:
    """What a side stands to lose by models standing alone among enemies: each of its standing models that
    more standing enemies can charge (within their move) than friends stand by it (within the friend's move)
    has `ALONE` of its worth at risk per enemy too many. The search plays its own side's next activations
    before the enemy answers (a passed roll keeps the initiative), so it never saw the charge that came: the
    team's sergeant sprinted alone to the hut's door in turn 1 and was charged down (teaching, seeds 3004
    and 3014 against the greedy player)."""
    ready = _standing(state)
    total = 0.0
    for u in ready:
        if u.side != side:
            continue
        foes = friends = 0
        for v in ready:
            if v is not u and v.at.distance(u.at) <= _reach(v):
                if v.side == side:
                    friends += 1
                else:
                    foes += 1
        if foes > friends:
            total -= min(RISK, ALONE * (foes - friends)) * unit_value(state, u)
    return total


BESET = 3
"""Enemies within this many hexes of a model may charge it with a short move, or shoot it at close range."""
OUTNUMBERED = 2
"""A move is not searched when it ends with this many more such enemies than friends by the model."""


def prune(state: SkirmState, side: str, actions: list) -> list:
    """The actions worth searching: no move that ends beset, with `OUTNUMBERED` more standing enemies than
    standing friends within `BESET` hexes, unless it ends on a hex the side must hold (a charge is not a move:
    it fights at once). The search plays its own side's next activations before the enemy's answer (a passed
    roll keeps the initiative), and the walk to the objective weighs more than a model: the team's sergeant
    sprinted alone to the checkpoint hut's door in turn 1, beside three militiamen, and was charged down,
    which broke the team (teaching, seeds 3004 and 3014 against the greedy player)."""
    ready = _standing(state)
    goals = {tuple(h) for c in state.victory if c.kind == "hold" and c.side == side for h in c.hexes}
    out = []
    for a in actions:
        if a.kind == "move" and a.path and tuple(a.path[-1]) not in goals:
            mover = state.units.get(a.unit)
            if mover is not None and not mover.fleeing:
                end = a.path[-1]
                near = [v for v in ready if v.id != a.unit and v.at.distance(end) <= BESET]
                foes = sum(1 for v in near if v.side != side)
                if foes - (len(near) - foes) >= OUTNUMBERED:
                    continue
        out.append(a)
    return out
