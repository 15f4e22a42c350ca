"""What the A Hundred Wars computer searches (its `prune` hint, with the agreement rule of ai_hints.py): which
shot each weapon takes and when the fire may end, by the rules' exact odds; no ram or suicide counter where it
can only lose (`rash_attack`); no lifting of its own dummies (`lifts_a_dummy`).

The computer tried each shot once or twice with its own dice, then played the few best on against the other
side's worst answer, one throw each. A shot is a single 1d100 Range roll (half the shots at a few hexes are
'not sighted') and then the Fire and Armour dice: one throw says little. On first-blinds (seeds 3000-3019 of
the strength table) the computer ended its fire with its Dragon Battery's shot at the 2nd Rifles (39% to
destroy them) untaken, because in the one throw of its line the shot missed and the enemy's answer hit (seed
3013, against the random player: it lost 0 to 292); and its Gatling fired at the Sith Riders (Armour 18: 8% to
destroy) rather than at the Guard Blades (Armour 12) by the luck of one throw (seed 3004, against the greedy
player). A shot costs nothing in this game (each weapon once a phase, no ammunition, the unit still moves in
Phase 5), so: of the shots of one weapon at units on the table, only the one worth most by its exact outcomes
(the preview's) is searched, and the side does not end its fire while one of them is worth taking. Shots at
a blind are left to the search (what the blind hides is a guess)."""

from __future__ import annotations

from rules.actions import Action
from rules.best_shot import each_weapons_best
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.preview import preview
from rules.rulesets.hundred_wars.state import HwState

POINTS = 0.1
"""Worth of one point of value (the text's unit costs; the damage received decides the game): a destroyed
100-point unit is worth 10. The evaluation's weight too (ai_hints.side_value), defined once here."""
PRESENT = 0.5
"""A unit on the table, revealed or hidden under its blind (ai_hints.unit_value)."""
MIN_SHOT = 0.05
"""A shot expected to take less than half a point of value is not worth holding the end of the fire for."""

_MEMO: dict[tuple, float | None] = {}


def _fingerprint(state: HwState) -> tuple:
    """What a shot's odds read of the state: every unit on the table, where it stands and what it is now, and the
    terrain rolled so far."""
    return (state.scenario, tuple((u.id, u.at, u.blind, u.level, u.facing, u.stats.model_dump_json())
                                  for u in state.units.values() if u.on_map and not u.eliminated),
            tuple(sorted(state.terrain_rolls.items())))


def shot_worth(state: HwState, action: Action, side: str) -> float | None:
    """The exact expected worth to `side` of a fire action at a unit on the table, as the evaluation reads it
    (a point of damage a point of value, a destroyed unit all of its points and its presence); None: a shot
    at a blind, or one the preview cannot read."""
    target = state.unit_at(action.at) if action.at is not None else None
    if target is None or target.blind:
        return None
    try:
        p = preview(state, action)
    except Exception:  # noqa: BLE001 - a guessed state the preview cannot read: the search weighs the shot alone
        return None
    if p is None or not p.outcomes:
        return None
    total = 0.0
    for o in p.outcomes:
        worth = 0.0
        for e in o.units:
            unit = state.units.get(e.unit)
            if unit is None or unit.blind:
                continue
            cost = unit_cost(unit.stats)
            lost = POINTS * cost + PRESENT if e.eliminated else POINTS * min(e.losses, cost)
            worth += -lost if unit.side == side else lost
        total += float(o.chance) * worth
    return total


def rash_attack(state: HwState, action: Action) -> bool:
    """A Move counter that rams or self-destructs against a unit where it can only lose: a blind (a dummy gives
    nothing, what it hides is a guess), a ram into Armour at least its own (each takes the other's Armour as
    damage), a suicide that cannot destroy the target (the closing speed, its Move and the target's at most, is
    the Fire; twice the Armour destroys) or costs more than the target is worth (the attacker is destroyed
    whatever the dice). The counter is obeyed in Phase 5, past the look-ahead: read only as where it takes the
    unit, a suicide counter scored as a plain one, and the computer sent its Captain, 99 points, to self-destruct
    against the Prefect (first-blinds, seed 3004 against the greedy player)."""
    if action.kind != "counter" or not action.attack:
        return False
    unit, target = state.units.get(action.unit), state.unit_at(action.to)
    if unit is None or target is None or target.blind or target.side == unit.side:
        return True
    if action.attack == "ram":
        return unit.stats.armour <= target.stats.armour
    closing = (unit.stats.move_factor(unit.mode or "") + target.stats.move_factor(target.mode or ""))
    return closing < 2 * target.stats.armour or unit_cost(unit.stats) >= unit_cost(target.stats)


def lifts_a_dummy(state: HwState, action: Action) -> bool:
    """Revealing one of the side's own dummies: it is only removed (a decoy thrown away for nothing)."""
    if action.kind != "reveal":
        return False
    blind = state.units.get(action.unit)
    return blind is not None and blind.dummy is True


def best_shots(state: HwState, side: str, actions: list[Action]) -> list[Action]:
    """`actions` without rash attacks or lifted dummies; of each weapon's shots at units on the table, only the
    one worth most by its exact odds; and no end of the fire while one of them is worth taking (`MIN_SHOT`)."""
    actions = [a for a in actions if not rash_attack(state, a) and not lifts_a_dummy(state, a)]
    drop, worth = each_weapons_best(actions, side, lambda: _fingerprint(state),
                                    lambda a: shot_worth(state, a, side), _MEMO)
    if not worth:
        return actions
    if any((w or 0.0) > MIN_SHOT for w in worth.values()):
        drop.update(i for i, a in enumerate(actions) if a.kind == "done")
    return [a for i, a in enumerate(actions) if i not in drop]
