"""The computer's hints for A Hundred Wars: damage received decides the game, agreeing to end is for a side ahead, a
unit hidden under a blind counts as there, a commander keeps back and near the units it orders, the fire each side
has in store for the other counts (ai_threat.py), and the other sides' blinds are guessed (which actions are
searched: ai_shots.py)."""

from __future__ import annotations

import random
from functools import lru_cache

from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import moving, odds
from rules.rulesets.hundred_wars.ai_shots import POINTS, PRESENT, best_shots  # the weights, defined once
from rules.rulesets.hundred_wars.ai_threat import SHARE, fire_in_store, line_level
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.moving import move_factor
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.rulesets.hundred_wars.victory import damage_received, result, standing
from rules.unknown import UNKNOWN, known

AGREED = 5.0
"""Agreeing to end while not ahead gives the game away to a draw or a loss."""
HIDDEN = 0.2
"""A unit hidden under a blind on the table, more than the same unit revealed (on top of `PRESENT`): a blind is
not a target worth choosing for a player who weighs shots (what it hides, if anything, is a guess), and it may be
a dummy. Lifting a blind then pays only for the shot it opens."""
CONTACT = 0.1
"""Worth of a hex closer to the enemy, per unit (the evaluation's `contact`, given in plugins.py)."""
EXPOSED = 0.5
"""Share of a commander's points counted against its side for each revealed enemy weapon that reaches it, times
that shot's chance to destroy it: a commander lost is its points and every order of its side after."""
BEHIND = 2.0
"""A commander's walk to the nearest enemy, given back this many times over the evaluation's `contact`: once, it
stood where it was worth nothing either way, and the look-ahead's luck walked Tilas toward the Colonials' blinds
(hiding Gatlings) in the first turns of mars-expedition (seed 3017); twice, each hex back is worth `CONTACT`, and
`beyond_orders` holds it near the units it must order."""
OFF_TABLE = 1.0
"""A blind still off the table: its units cannot fight, and a game nobody comes on to is a 0-0 draw. Neither
side sees the other on the table at set-up, so nothing else in the reading says that coming on is worth it."""


GUESSED = PRESENT + HIDDEN
"""Another side's blind on the table, as `determinize` guesses it (not a dummy, holding nothing the view shows):
counted as one hidden unit. Counted nothing, a shot at a blind could gain nothing, and the computer never fired
at one: the Colonials' Missile Battery (Range 120 cm) stood silent while the Martians stayed under their
blinds, until a Dragon Battery's one shot destroyed it (mars-expedition, seed 3004 against the random player:
lost 0 to 110); a blind a lucky random shot hit gave up 126 points (seed 3011)."""


def unit_value(state: HwState, unit) -> float:
    """A unit is there (a blind is only a guess); its points are counted by `side_value` as damage."""
    return 0.0 if unit.blind else PRESENT


def side_value(state: HwState, side: str) -> float:
    """'The side that has received the most damage is the loser': each point received counts against it;
    having agreed to end the game counts for the side only if it would win now."""
    where = headings(state)
    worth = -POINTS * damage_received(state, side)
    worth -= OFF_TABLE * sum(1 for b in state.units.values()
                             if b.side == side and b.blind and b.at is None and not b.eliminated)
    # A unit under a blind on the table is not on the map (`unit_value` is never asked): counted here, so that
    # revealing it is worth only what it then does. Counted nothing, lifting a blind gained the unit's 0.5 and
    # the computer lifted every blind it had in the first turns, with nothing in range (first-blinds).
    # The blind's marker is a unit on the map too: its walk to the nearest enemy counts against the side
    # (`contact`), and lifting the blind took it off, worth up to a point more than the units it placed.
    # Given back here, a blind counts as the units under it.
    blinds = [b for b in state.units.values() if b.side == side and b.blind and b.on_map
              and isinstance(b.contents, list) and b.contents]
    if blinds:
        theirs = [where(state, u) or u.at for u in state.units.values() if u.side != side and u.on_map]
        for b in blinds:
            worth += (PRESENT + HIDDEN) * sum(1 for u in b.contents if not state.units[u].eliminated)
            here = where(state, b) or b.at
            worth += CONTACT * min((here.distance(t) for t in theirs), default=0)
    worth += GUESSED * sum(1 for b in state.units.values() if b.side == side and b.blind and b.on_map
                           and b.dummy is False and b.contents == [])
    worth += commanders(state, side, where) - CONTACT * beyond_orders(state, side, where)
    worth -= SHARE * fire_in_store(state, side, where)
    if side in state.agreed_end:
        worth += 1.0 if result(state, "").winner == side else -AGREED
    return worth


def commanders(state: HwState, side: str, where=None) -> float:
    """A commander's Orders are the side's every move (a side without one can no longer give a Move counter),
    and it has little to fight with: it keeps its distance from the enemy (its walk to the nearest enemy, which
    the evaluation's `contact` counts against every unit, is given back `BEHIND` times), and while revealed it
    counts against its side `EXPOSED` of its points for each revealed enemy weapon that reaches it, times that
    shot's exact chance to destroy it (`kill_chance`). Pulled toward the enemy like any unit, the Captain (Armour 6, 99 points)
    walked into the Sith Riders and the Dragon Battery's reach, and with him went Red's every order
    (first-blinds, seeds 3008 and 3016 against the random player). Counted once whatever the number of guns and
    the distance, a commander already in reach gained nothing by stepping back: the Martians' Tilas walked on
    into the Colonials' Gatlings and rifles and was shot, and the Martians stood without orders to the end
    (mars-expedition, seeds 3011, 3017 and 3019 against the random player)."""
    mine = [u for u in state.units.values() if u.side == side and not u.blind and not u.eliminated
            and u.stats.orders > 0]
    if not mine:
        return 0.0
    foes = [u for u in state.units.values() if u.side != side and u.on_map]
    if not foes:
        return 0.0
    where = where or heading
    spots = [(where(state, u) or u.at, u) for u in foes]
    guns = [(here, w.fire, w.range) for here, u in spots if not u.blind for w in u.stats.weapons if w.fire > 0]
    worth = 0.0
    for c in mine:
        here = where(state, c) or c.at
        if here is None:
            continue
        worth += BEHIND * CONTACT * min(here.distance(t) for t, _ in spots)
        if c.on_map:
            risk = sum(kill_chance(d, state.hex_cm, fire, reach, c.stats.armour, line_level(state, t, here))
                       for t, fire, reach in guns if (d := here.distance(t) * state.hex_cm) <= reach)
            worth -= EXPOSED * POINTS * points(c) * risk
    return worth


def beyond_orders(state: HwState, side: str, where=None) -> int:
    """Hexes between the side's units on the table that can move (a blind counted once for each unit it hides)
    and the Orders Range of its nearest commander, summed: a Move counter goes only to a unit or blind in a
    commander's range, so one out of range stands where it is, and its walk to the enemy (`contact`) with it.
    Weighed as that walk, each hex the commander comes nearer is worth a hex of the unit's. With nothing of the kind the
    Martians' Tilas walked the middle of the table giving himself orders while his eleven Dragon Batteries,
    revealed on the far corner, never moved (mars-expedition, seed 3017 against the random player: lost 0-2), and
    the blinds of the Riders and Guard Blades, placed 8 and 10 hexes from his, stood in the Gatlings' reach
    from turn 1 to turn 12 (seed 3019)."""
    where = where or heading
    chiefs = [(where(state, c) or c.at, c.stats.orders_range // max(1, state.hex_cm))
              for c in state.units.values() if c.side == side and not c.blind and not c.eliminated
              and c.stats.orders > 0]
    chiefs = [(h, r) for h, r in chiefs if h is not None]
    if not chiefs:
        return 0
    short = 0
    for u in state.units.values():
        if u.side != side or not u.on_map or u.eliminated:
            continue
        if u.blind:  # a blind needs a commander in range too (turn.counter_actions): weighed by what it hides
            many = sum(1 for i in u.contents if not state.units[i].eliminated) if isinstance(u.contents, list) else 0
        else:
            many = 1 if u.stats.orders == 0 and any(m.factor for m in u.stats.move) else 0
        if many:
            here = where(state, u) or u.at
            short += many * min(max(0, here.distance(h) - r) for h, r in chiefs)
    return short


@lru_cache(maxsize=4096)
def kill_chance(distance_cm: int, hex_cm: int, fire: int, reach_cm: int, armour: int, level: str = "easy") -> float:
    """The exact chance that one shot of a weapon (Fire, Range) destroys a unit of `armour` at this distance
    through terrain of `level` (0 beyond its Range): the Range roll (nearer is likelier sighted), then Fire
    against Armour."""
    if distance_cm > reach_cm:
        return 0.0
    return float(odds.attack(max(distance_cm, hex_cm), hex_cm, level, fire, armour).get(("destroyed", 0), 0))


def heading(state: HwState, unit, table: tuple | None = None) -> Hex | None:
    """Where the computer reads a unit as standing when it is not simply its hex (None: its hex, or still to come).

    A unit with a Move counter: where its next move takes it (`walk_end`: a 1d100 above the Move moves it the
    full Move, the likeliest roll, as the terrain on its way allows). A counter is obeyed in Phase 5, after the
    fire: read where the unit stood, looking a few actions ahead from Phase 3 the computer saw a counter change
    nothing and never gave one (mars-expedition's Martians stood on their edge). A unit hidden under a blind on
    the table: where the blind is (read as still to come, revealing it looked worth a walk across the table, and
    every blind was lifted at once)."""
    if unit.eliminated:
        return None
    if unit.at is None:  # hidden under its blind on the table: there, not still to come
        blind = state.blind_of(unit.id)
        return None if blind is None or not blind.on_map else heading(state, blind, table) or blind.at
    if unit.counter is None:
        return None
    return walk_end(state, unit, table)


def headings(state: HwState):
    """`heading` for one reading of `state`, which does not change while it is read: each unit's looked up once,
    and the table's part of `walk_end`'s key made once, not for each unit. A reading of mars-expedition asks
    `heading` some 70 times, and the key's two sets over every unit on the table took a sixth of a hard
    decision (1.2 s of the slowest, 6.5 s; stop 56)."""
    table = table_key(state)
    found: dict[str, Hex | None] = {}

    def where(state_read: HwState, unit) -> Hex | None:
        if unit.id not in found:
            found[unit.id] = heading(state_read, unit, table)
        return found[unit.id]

    return where


def table_key(state: HwState) -> tuple:
    """What a walk reads of the table besides the unit: the units on it (the path goes round them and stops beside
    an enemy; a walled piece an enemy stands in is harder) and the terrain rolled so far."""
    return (frozenset((u.at, u.side) for u in state.units.values() if u.at is not None and not u.eliminated),
            frozenset(state.terrain_rolls.items()))


def walk_end(state: HwState, unit, table: tuple | None = None) -> Hex | None:
    """Where a full movement roll takes a unit with a Move counter (None: nowhere, it stays): the rules' own walk,
    along the path the rules take toward the counter (moving.walk_path: the shortest free path, stopping at
    contact), the worst terrain so far dividing the Move (AHW-A07), a piece never rolled read as Hard (the
    likeliest of its 1d10). Read along the straight line with the terrain left aside, a Move counter across a
    river rolled V.Hard (a Move of 10 divided to 1 cm) looked like two hexes a turn: the Blue Dragon Battery
    stood at the river's bank from turn 4 to turn 8, its counter on the far bank (first-blinds, seed 3019 against
    the random player, lost 0-59)."""
    factor = move_factor(state, unit)
    if factor // max(1, state.hex_cm) <= 0:
        return None
    # Everything the walk reads: the unit and the table (`table_key`, made once a reading by `headings`). Found
    # once for the board, as the search asks it of the same few positions thousands of times (three quarters of
    # hard's decision time in first-blinds, worked out each time).
    key = (unit.side, unit.at, tuple(unit.counter), unit.mode, factor, moving.mobility(state, unit), state.hex_cm,
           table or table_key(state))
    walks = state.board.memo("ai_walk_end")
    try:
        return walks[key]
    except KeyError:
        if len(walks) >= WALKS_KEPT:
            walks.clear()
        found = walks[key] = _walk_end(state, unit, factor)
        return found


WALKS_KEPT = 50_000
"""At most this many walks are kept for a board (a long game's tries would otherwise keep them all)."""


def _walk_end(state: HwState, unit, factor: int) -> Hex | None:
    path = moving.walk_path(state, unit)
    if len(path) < 2:
        return None
    start = moving.start_level(state, unit, None)
    entered = [moving.step_level(state, unit, a, b, None) for a, b in zip(path, path[1:], strict=False)]
    steps = mp.walk(100, factor, start, entered, state.hex_cm).steps
    return path[steps] if steps else None


def prune(view: HwState, side: str, actions: list) -> list:
    """Each weapon's best shot by its exact odds, and no end of the fire while one is worth taking (ai_shots.py).
    Agreeing to end only while ahead: agreeing otherwise can end the game only in a draw or a loss (`AGREED`).
    Searched all the same, it followed by a lucky shot of the same line outscored the shot played at once: a
    Dragon Battery with a Missile Battery in its sights agreed to end instead of firing (seed 3 of the test)."""
    return best_shots(view, side, never(view, side, actions))


def never(view: HwState, side: str, actions: list) -> list:
    """Every action but agreeing to end while not ahead (`prune`): that can end the game only in a draw or a loss."""
    if result(view, "").winner != side:
        return [a for a in actions if a.kind != "agree_end"]
    return actions


def points(unit) -> int:
    """A unit's value in the text's points (what it costs now)."""
    return unit_cost(unit.stats)


def determinize(view: HwState, side: str, rng: random.Random) -> HwState:
    """A full state consistent with `side`'s view, guessed from nothing else.

    The view shows the other sides' blinds on the table but what they hold, whether they are dummies and what
    a dummy imitates are UNKNOWN, and none of their units still hidden are there (view.py: blinds no one can
    count). So nothing can be dealt into them: each blind is played as a possible threat (never assumed a dummy,
    never given units the view does not show), and only the dice of the copy are the computer's own (a fresh
    seed from its `rng`). Exactly the unknown fields are filled.

    One thing the view does not show is known all the same: the game goes on, so every other side still has
    a real unit somewhere (to come, or under one of its blinds). A side whose real units are all hidden gets
    a stand-in still to come; without it the copy would read that side as off the table and every try would
    end the game in a draw (the computer then never placed a blind: 0-0 in every game of mars-expedition)."""
    out = view.model_copy(deep=True)
    out.seed = rng.randrange(2**31)
    for b in out.units.values():
        if b.contents is UNKNOWN:
            b.contents = []
        if b.dummy is UNKNOWN:
            b.dummy = False
        if b.imitates is UNKNOWN:
            b.imitates = None
    for other in out.side_ids():
        if other != side and not standing(out, other):
            stand_in = HwUnit(id=f"unseen-{other}", side=other, name="an unseen unit", kind="unseen", at=None)
            out.units[stand_in.id] = stand_in
    return known(out)
