"""The worth of one outcome of a Dirtside preview (the computer's `outcome_value` hint), in the units of its
`unit_value`: the greedy yardstick, normal's look-ahead steps and hard's rollouts read an attack by its exact odds
with it (rules/ai/players.py, rules/ai/rollout.py), not by the material change of a throw or two.

Each effect is read at what it takes off the unit's worth: an element lost at its own worth (the whole unit's when it
was the last), a damaged, immobilised or systems-down vehicle at what that costs it, confidence levels at their
share. A close assault's preview ends where the combat rounds begin (§8.5 steps 5-9: rounds of chit draws until a
side is destroyed or falls back, too many paths to enumerate); their worth is the mean of `ROUNDS_TRIES` rounds
fought on a copy with dice of a fixed seed (`rounds_worth`). Without it an assault read by its odds would cost the
attacker nothing: valley's Shade Commandos close-assaulted Bravo Mech on turn 1 and died in the rounds (balance
seeds 9102, 9105).
"""

from __future__ import annotations

import random

from rules.clone import clone
from rules.core import Context
from rules.dice import RandomDice
from rules.outcomes import DAMAGED, IMMOBILISED, SYSTEMS_DOWN
from rules.rulesets.dirtside import morale
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.ai_hints import CONFIDENCE, element_value, unit_value
from rules.rulesets.dirtside.preview import FIGHTS, GIVES_WAY, RALLIED, REPAIRED
from rules.rulesets.dirtside.state import DSState

ROUNDS_TRIES = 16
"""Copies a close assault's combat rounds are fought on for their worth (`rounds_worth`)."""
DISABLED = {DAMAGED: "damaged", IMMOBILISED: "immobilised", SYSTEMS_DOWN: "systems_down"}
"""The statuses a preview puts a vehicle in, and the element's field each sets."""


def outcome_value(state: DSState, action, outcome, side: str) -> float:
    """The worth to `side` of one outcome of a preview, from its effects (rules/outcomes.py): what each unit it
    touches loses of its worth (`loss`), an enemy's as a gain; a close assault's combat rounds by `rounds_worth`."""
    total = 0.0
    for e in outcome.units:
        unit = state.units.get(e.unit)
        if unit is None or not unit.on_map:
            continue
        if FIGHTS in e.status:
            total += rounds_worth(state, action, side)
            continue
        worth = loss(state, unit, e)
        total += -worth if unit.side == side else worth
    return total


def loss(state: DSState, unit, e) -> float:
    """What one effect takes off `unit`'s worth (`unit_value`; a rally or a repair takes off less than nothing)."""
    now = unit_value(state, unit)
    alive = unit.stats.alive()
    if e.eliminated or (e.losses and e.loss in ("vehicles", "elements") and e.losses >= len(alive)):
        return now
    scale = now / max(1.0 + sum(element_value(x) for x in alive), 1e-9)  # its quality x confidence
    worth = 0.0
    if e.losses and e.loss in ("vehicles", "elements"):
        kind = unit.vehicles() if e.loss == "vehicles" else unit.infantry()
        worth += scale * sum(element_value(x) for x in kind[:e.losses])
    vehicles = unit.vehicles()
    if vehicles:
        first = vehicles[0]  # the element a preview's draw is read against
        hurt = {DISABLED[s]: True for s in e.status if s in DISABLED}
        if hurt:
            worth += scale * (element_value(first) - element_value(first.model_copy(update=hurt)))
        fixed = next((x for x in vehicles if x.damaged or x.immobilised or x.systems_down), None)
        if REPAIRED in e.status and fixed is not None:  # gained, as a loss of less than nothing
            worth -= scale * (element_value(fixed.model_copy(update=dict.fromkeys(DISABLED.values(), False)))
                              - element_value(fixed))
    level = unit.stats.confidence
    levels = e.losses if e.loss == "levels" else 1 if GIVES_WAY in e.status else 0
    if levels:  # a defender that gives way has failed its confidence test: a level at least, and the hex
        worth += (now - worth) * (1 - CONFIDENCE[morale.drop(level, levels)] / CONFIDENCE.get(level, 1.0))
    if RALLIED in e.status:
        worth -= now * (CONFIDENCE[morale.raise_(level)] / CONFIDENCE.get(level, 1.0) - 1)
    return worth


_MEMO: dict[tuple, float] = {}
MEMO_SIZE = 4096


def _fingerprint(state: DSState, action, side: str) -> tuple:
    """What the combat rounds read: the units in them (where they stand, their elements, confidence and leader),
    the way the attacker advances, the map and its ruins, the house rules, and for whom."""
    units = [state.units.get(u) for u in (action.unit_id, *action.with_units)] + [state.unit_at(action.at)]
    return (side, tuple(action.path or ()), state.scenario, tuple(state.rubble), tuple(sorted(state.options.items())), tuple(
        (u.id, u.at, u.stats.confidence, u.stats.leader, state.dug_in(u),
         tuple((e.lost, e.damaged, e.immobilised, e.systems_down) for e in u.stats.elements))
        for u in units if u is not None))


def rounds_worth(state: DSState, action, side: str) -> float:
    """The mean worth to `side` of a close assault's combat rounds (`assault._rounds`) fought `ROUNDS_TRIES` times on
    a copy, with every unit of the force in it and the attacker at the end of its advance: the material each side
    lost (the units' worth, `unit_value`). The dice are of a fixed seed, so every assault is read on the same; an
    assault read again on the same units is looked up (a fight is some fifty times a preview's cost)."""
    key = _fingerprint(state, action, side)
    if key not in _MEMO:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = _fought(state, action, side)
    return _MEMO[key]


def _fought(state: DSState, action, side: str) -> float:
    from rules.rulesets.dirtside.assault import _rounds

    rng = random.Random(0)
    total = 0.0
    for _ in range(ROUNDS_TRIES):
        copy = clone(state)
        attacker = copy.units.get(action.unit_id or "")
        defender = copy.unit_at(action.at)
        if attacker is None or defender is None:
            return 0.0
        force = [attacker, *(copy.units[u] for u in action.with_units if u in copy.units)]
        path = list(action.path or [])
        if path:
            attacker.at = path[-1]
        soft = any(ter.cover(copy.board, h, frozenset(copy.rubble)) == "soft" for h in path)
        before = {u.id: unit_value(copy, u) for u in (*force, defender)}
        defender.stats.activated = True
        _rounds(copy, force, defender, soft, Context(lambda sink: RandomDice(rng, sink)))
        for u in (*force, defender):
            lost = before[u.id] - (unit_value(copy, u) if u.on_map else 0.0)
            total += -lost if u.side == side else lost
    return total / ROUNDS_TRIES
