"""The computer's hints for Dirtside: a unit's worth by its surviving elements and its confidence, the going."""

from __future__ import annotations

import random

from rules.actions import Action
from rules.board import Board
from rules.hexgrid import Hex
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.artillery import MISSILE_COST
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.victory import elements_lost
from rules.rulesets.dirtside.weapons import MAX_RANGE
from rules.unknown import UNKNOWN, known

contact = 0.1
"""Dirtside is fought at range: closing in matters, as in the generic reading."""

CONFIDENCE = {"CO": 1.0, "ST": 0.9, "SH": 0.75, "BR": 0.5, "RO": 0.3}
"""What is left of a unit's fighting worth at each confidence level (§7: shaken, broken, routed units
fight less or not at all)."""
QUALITY = {"green": 0.85, "regular": 1.0, "veteran": 1.15}
GROUND = ("infantry", "wheeled_high", "tracked")
"""The families whose cheapest going the paths follow (units of every kind share one map of distances)."""


def element_value(e) -> float:
    if e.kind == "infantry":
        worth = 2.0
    else:
        d = e.design
        worth = 2.0 + 0.5 * d.size + 0.4 * d.armour + 0.3 * len(d.weapons)
    if e.damaged:
        worth *= 0.6
    if e.immobilised or e.systems_down:
        worth -= 1.0
    return max(worth, 0.5)


def unit_value(state: DSState, unit) -> float:
    """The worth of its elements still alive, by its quality and confidence. The generic reading counted the
    unit's numbers (its facing, its leadership) and not one element it lost."""
    s = unit.stats
    alive = [e for e in s.elements if not e.lost]
    if not alive:
        return 0.0
    worth = 1.0 + sum(element_value(e) for e in alive)
    return worth * QUALITY.get(s.quality, 1.0) * CONFIDENCE.get(s.confidence, 1.0)


def losses(state: DSState, side: str) -> tuple[int, int]:
    """(elements lost, elements at the start) of `side`, as the casualties condition counts them (the same
    count, victory.py). Valley's Free Company wins once the two armies have lost half of theirs: without this the
    armies fought on as if that race did not exist."""
    return elements_lost(state, lambda s: s == side)


def step_cost(board: Board, a: Hex, b: Hex) -> float | None:
    """Movement factors to step from `a` into `b` for the cheapest ground family (§4.2, §14.2), a river
    hexside included; None where none of them can go."""
    t = board.terrain_at(b)
    best = None
    for fam in GROUND:
        c = ter.step_cost(board, t, fam)
        x = ter.crossing_cost(board, a, b, fam)
        if c is not None and x is not None:
            best = c + x if best is None else min(best, c + x)
    return best


LEAVING = ("move", "assault")
"""Actions that take the unit out of its hex (a close assault ends in the assaulted hex)."""


LAST_TURNS = 2
"""On how many turns up to the one the hold is checked a unit on the hex stays (the turn before too: a
rifle platoon that stepped off on turn 5 never got back on, teaching seed 2001 against the random player)."""


def aim(view: DSState, side: str, actions: list[Action]) -> list[Action]:
    """Of a cruise missile's flights, only those ending on an enemy ground unit, when one is within its reach.

    A flight's 127 hexes are too many to try each: the search kept those the cheap reading of a move likes
    (`Evaluator.hex_worth`: nearest the hex to take) and one at random, so teaching's Federals flew their missile
    into the empty crossroads or next to it while the Village Guard stood two hexes off (against the greedy
    player, seeds 3000-3018: 4 of the 7 games the Federals lost, stop 43)."""
    enemy = {u.at for u in view.units.values() if u.side != side and u.on_map and u.stats.role == "ground"}
    if not any(a.kind == "fly" and a.at in enemy for a in actions):
        return actions
    return [a for a in actions if a.kind != "fly" or a.at in enemy]


def prune(view: DSState, side: str, actions: list[Action]) -> list[Action]:
    """A cruise missile's flights only at enemy units (`aim`), and every action but those taking a unit off a hex its side must hold, in the last turns before the check;
    before them, for a side that must hold a hex, every action but those taking its tanks into IAVR reach
    (`stand_off`).

    A unit on the hex to take stays there on those turns: it may still fire, or end its activation.
    Earlier it may leave (a tank that took the crossroads on turn 1 and could not leave it was shot to
    pieces there: teaching, seed 2011, when this held on every turn). The search's first
    round tries each action once, and a move opens with a contest of dice (the enemy may react first,
    the move then not made), so a move off the crossroads could score as well as staying by luck, and
    the look-ahead then weighed only moves: on the last turn the Federals' rifle platoon walked off the
    crossroads it held and lost (teaching, seed 2003); the tanks did the same in seed 2001."""
    actions = aim(view, side, actions)
    holds = [c for c in view.victory if c.kind == "hold" and c.side == side]
    if not holds:
        return actions
    late = [c for c in holds if view.turn >= (c.turn or view.max_turns or 0) - LAST_TURNS + 1]
    if not late:
        return stand_off(view, side, actions)
    goals = {tuple(h) for c in late for h in c.hexes}
    holding = {u.id for u in view.units.values() if u.side == side and u.on_map and tuple(u.at) in goals}
    if not holding:
        return actions
    return [a for a in actions if not (a.kind in LEAVING and a.unit_id in holding)]


IAVR_REACH = MAX_RANGE["IAVR"]
IAVR_TEAMS = ("rifle", "commando")
"""Infantry teams that carry IAVRs against vehicles within `IAVR_REACH` hexes (combat.shots)."""


ASSAULT_EDGE = 2
"""A close assault ends its move within this many hexes of the unit it assaults (§8.5)."""


def reach(view: DSState, unit) -> int:
    """How near enemy infantry that carries IAVRs threatens a tank: its IAVRs' reach, or its close assault's (a
    move of up to twice its BMF ending within `ASSAULT_EDGE` hexes of the target, §8.5) while it may still
    close-assault (not broken or routed) and its side must hold no hex itself: a side that wins by the clock
    (teaching's rebels) may send its infantry out of the village to assault and back; where every side must
    hold the crossroads (valley) reading the assault's reach kept the tanks from it, and the computer's score
    against the greedy player fell from 78% to 55% (seeds 3000-3019, stop 39)."""
    if unit.stats.confidence in ("BR", "RO") or any(c.kind == "hold" and c.side == unit.side for c in view.victory):
        return IAVR_REACH
    return max(IAVR_REACH, int(2 * unit.bmf()) + ASSAULT_EDGE)


def stand_off(view: DSState, side: str, actions: list[Action]) -> list[Action]:
    """Before the last turns, every action but those taking a unit of vehicles alone (tanks) to within reach of
    enemy infantry that carries IAVRs (`reach`: its IAVRs' or its close assault's): a move ending there or
    passing within its IAVRs' reach on the way, a close assault.

    The Federal tanks of teaching close-assaulted the Village Guard on turn 1 and sat in the village two hexes
    from its rifle squads, whose IAVRs knock a tank out 43% a shot; against the greedy player (seeds 3000-3018)
    they were shot and assaulted away in 7 games of 10, which the Federals lost (seed 3024: both tanks knocked
    out by one activation of the Guard on turn 2). The evaluation weighs a unit on the hex to hold at every turn
    and the look-ahead ends before the enemy fires, so sitting on the crossroads from turn 1 outscored standing
    off. The tanks keep their fire (their HKPs outrange everything the rebels have) and close in for the last
    turns, when the hold is checked.

    IAVR reach alone (4 hexes) still let the tanks open every game with a move to 8,6, five hexes from the Guard
    and within its close assault's (6): the greedy rebels assaulted them there in 4 of the 6 games the Federals
    lost (seeds 3000-3018; stop 39), the tanks fell back six hexes or lost an element, and were broken or
    destroyed before the last turns.

    A move that ends out of reach but passes within IAVR reach is left out too: the Guard's opportunity fire hits the
    tanks on the way (against the greedy player, seeds 3000-3018, 5 of the 8 games the Federals lost: 3010 and
    3012 both tanks destroyed driving by two hexes from the Guard; stop 42)."""
    danger = [(u.at, reach(view, u)) for u in view.units.values() if u.side != side and u.on_map
              and u.stats.role == "ground" and u.stats.confidence != "RO" and any(u.has(team) for team in IAVR_TEAMS)]
    if not danger:
        return actions
    tanks = {u.id for u in view.units.values() if u.side == side and u.on_map and u.all_vehicles()}

    def into_reach(a: Action) -> bool:
        if a.unit_id not in tanks or a.kind not in LEAVING or (a.kind == "move" and not a.path):
            return False
        end = a.path[-1] if a.kind == "move" else a.at
        return (any(end.distance(d) <= r for d, r in danger)
                or any(h.distance(d) <= IAVR_REACH for h in a.path for d, _ in danger))

    return [a for a in actions if not into_reach(a)] or actions


WARHEADS = tuple(MISSILE_COST)
"""A cruise missile's possible warheads (what a launcher may buy, artillery.py)."""


def determinize(view: DSState, side: str, rng: random.Random) -> DSState:
    """A full state consistent with `side`'s view: the enemy's secrets drawn at random with the computer's own
    `rng`, exactly the fields the view leaves UNKNOWN. Each enemy unit's leader is one of its elements (DS2: the
    Unit Leader is secret) and each missile on its launchers one of the warheads a launcher may buy; each enemy
    cruise missile's real target is one of its chits on the table and its warhead one of those warheads (the
    view shows every chit and no warhead)."""
    out = view.model_copy(deep=True)
    out.seed = rng.randrange(2**31)
    for u in sorted(out.units.values(), key=lambda u: u.id):
        s = u.stats
        if s.leader is UNKNOWN:
            s.leader = rng.randrange(len(s.elements)) if s.elements else 0
        s.missiles = [rng.choice(WARHEADS) if m is UNKNOWN else m for m in s.missiles]
    for f in out.flights:
        if f.target is UNKNOWN:
            f.target = rng.choice(f.chits)
        if f.warhead is UNKNOWN:
            f.warhead = rng.choice(WARHEADS)
    return known(out)
