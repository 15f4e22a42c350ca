"""Which enemy each Dirtside unit fires at, by the rules' exact odds (part of the computer's `prune` hint).

A unit's fire is its combat action: every weapon it has at one target. The search tried each target once or
twice with its own dice, and a shot that knocks a tank out one time in three then looked like a miss two times in
three. Valley, seed 3003 against the greedy player: on turn 1 the Anvil Platoon fired at the Shade Commandos (worth
1.8 by the preview's odds) where at the Iron Troop, the only enemy armour and the one whose guns reach it, the shot
was worth 4.5 (a tank destroyed 34%); then it drove up and the Iron Troop's opportunity fire destroyed Anvil 2. So,
of a unit's fire actions, only the one whose exact outcomes (its preview's, each read by `outcome_value`) are worth
most is searched, as DHR and Hundred Wars do (rules/best_shot.py); the search still decides whether to fire now,
move or end.
"""

from __future__ import annotations

from rules.actions import Action
from rules.best_shot import each_weapons_best
from rules.rulesets.dirtside.ai_outcomes import outcome_value
from rules.rulesets.dirtside.preview import for_action
from rules.rulesets.dirtside.state import DSState

_MEMO: dict[tuple, float | None] = {}


def _fingerprint(state: DSState) -> tuple:
    """What a shot's odds read of the state: every unit on the map, where it stands and what it is now; the ruins,
    smoke and the acting unit's move so far."""
    return (state.scenario, state.current, state.moved, tuple(state.rubble),
            tuple(c.model_dump_json() for c in state.clouds),
            tuple((u.id, u.at, u.stats.model_dump_json()) for u in state.units.values() if u.on_map))


def shot_worth(state: DSState, action: Action, side: str) -> float | None:
    """The exact expected worth to `side` of a fire action (None: no preview to weigh it by)."""
    try:
        p = for_action(state, action)
    except Exception:  # noqa: BLE001 - a guessed state the preview cannot read: the search weighs the shot alone
        return None
    if p is None or not p.outcomes:
        return None
    return sum(float(o.chance) * outcome_value(state, action, o, side) for o in p.outcomes)


def _unit_fire(a: Action) -> tuple | None:
    """A unit's fire actions stand for one another (each is its whole combat action, at one target)."""
    return ("fire", a.unit_id) if a.kind == "fire" else None


def best_targets(state: DSState, side: str, actions: list[Action]) -> list[Action]:
    """`actions` with, of each unit's fire actions, only the one worth most by its exact odds."""
    drop, _ = each_weapons_best(actions, side, lambda: _fingerprint(state),
                                lambda a: shot_worth(state, a, side), _MEMO, _unit_fire)
    return [a for i, a in enumerate(actions) if i not in drop]
