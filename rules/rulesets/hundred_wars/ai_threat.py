"""The fire each side has in store for the other, for the A Hundred Wars computer's evaluation (ai_hints.side_value).

A Move counter is obeyed in Phase 5 and the next fire comes a turn later, past the look-ahead: read only as a
walk toward the enemy (`contact`), a counter into the enemy's reach looked as good as one that stops short, and
a unit in reach of guns it could not answer stood there turn after turn. Against the random player the
Martians' Riders and Guard Blades stood eleven hexes from the Colonials' Gatlings (Range 60 cm) from turn 4 to
turn 12 and were shot away one by one, 0 to 370 (mars-expedition, seed 3019 of the strength table). So each
side counts what the other's revealed weapons can take from it at the next fire: each weapon's best shot among
the side's units in its Range where they stand (or are heading), by the rules' exact odds, through the terrain on
the line (`line_level`). Read in the open, a Gatling across a river rolled V.Hard (its Range score divided by ten:
never sighted at 25 cm) counted as a threat to the Dragon Battery it could not fire at, and the battery's to it;
Red's Gatling stood there four turns while the battery shot the Rifles (first-blinds, seed 3028 against the
random player: lost 0 to 64).
The other side's weapons are the side's own threat and its weapons the other's: the evaluation (mine less theirs)
weighs the exchange of fire, and a unit closes only where it gives more than it takes."""

from __future__ import annotations

from functools import lru_cache

from rules.rulesets.hundred_wars import field, odds
from rules.rulesets.hundred_wars.ai_shots import POINTS, PRESENT
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.state import HwState

SHARE = 0.5
"""Share of the fire in store counted: each weapon fires once a turn, at one target, if its side chooses it."""


def line_level(state: HwState, frm, to) -> str:
    """The terrain a shot from `frm` at `to` is fired through or into, as the rules read it (field.fire_level); a
    piece not yet rolled counts as Hard, the likeliest of its 1d10 (2-7)."""
    return field.fire_level(state, frm, to, None)


@lru_cache(maxsize=16384)
def shot_loss(distance_cm: int, hex_cm: int, fire: int, reach_cm: int, armour: int, cost: int,
              level: str = "easy") -> float:
    """Exact expected worth one shot takes from a unit of `armour` and `cost` points at this distance through
    terrain of `level` (0 beyond Range): a destroyed unit all of its points and its presence, a damaged one the
    points hit."""
    if distance_cm > reach_cm or fire <= 0:
        return 0.0
    total = 0.0
    for (what, k), p in odds.attack(max(distance_cm, hex_cm), hex_cm, level, fire, armour).items():
        if what == "destroyed":
            total += float(p) * (POINTS * cost + PRESENT)
        elif what == "damage":
            total += float(p) * POINTS * min(k, cost)
    return total


def fire_in_store(state: HwState, side: str, heading) -> float:
    """What the other sides' revealed weapons can take from `side` at the next fire: each weapon's best shot
    among `side`'s units on the table (revealed, or hidden under its blind: a shot at a blind hits what it
    hides), where `heading` puts them."""
    targets = []
    for u in state.units.values():
        if u.side != side or u.blind or u.eliminated:
            continue
        here = heading(state, u) or u.at
        if here is not None:
            targets.append((here, u.stats.armour, unit_cost(u.stats)))
    if not targets:
        return 0.0
    total = 0.0
    for g in state.units.values():
        if g.side == side or g.blind or not g.on_map or g.eliminated:
            continue
        there = heading(state, g) or g.at
        for w in g.stats.weapons:
            if w.fire > 0:  # the line's terrain read only for the targets in Range
                total += max((shot_loss(d, state.hex_cm, w.fire, w.range, armour, cost, line_level(state, there, h))
                              for h, armour, cost in targets if (d := there.distance(h) * state.hex_cm) <= w.range),
                             default=0.0)
    return total
