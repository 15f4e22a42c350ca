"""Which enemy each Dirtside unit fires at, by the rules' exact odds (part of the computer's `prune` hint).

A unit's fire is its combat action: every weapon it has at one target. The search tried each target once or
twice with its own dice, and a shot that knocks a tank out one time in three then looked like a miss two times in
three. Valley, seed 3003 against the greedy player: on turn 1 the Anvil Platoon fired at the Shade Commandos (worth
1.8 by the preview's odds) where at the Iron Troop, the only enemy armour and the one whose guns reach it, the shot
was worth 4.5 (a tank destroyed 34%); then it drove up and the Iron Troop's opportunity fire destroyed Anvil 2. So,
of a unit's fire actions, only the one whose exact outcomes (its preview's, each read by `outcome_value`) are worth
most is searched, as DHR and Hundred Wars do (rules/best_shot.py); the search still decides whether to fire now,
move or end. An element lost on a casualties race counts too, at its share of the race as the evaluation weighs it
(`tolls`): read by its material alone, the best target of valley's armies was the other army's (whose every
element lost brings the Free Company's win nearer), and with the Free Company's units cut from the list the search
could not shoot at them instead (seeds 3000 against the greedy player: the Rebels won 2 of 7, 4 before).
"""

from __future__ import annotations

from rules.actions import Action
from rules.ai.evaluate import TOLL
from rules.best_shot import each_weapons_best
from rules.rulesets.dirtside.ai_outcomes import outcome_value
from rules.rulesets.dirtside.preview import for_action
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.victory import elements_lost

_MEMO: dict[tuple, float | None] = {}


def _fingerprint(state: DSState) -> tuple:
    """What a shot's odds read of the state: every unit on the map, where it stands and what it is now; the ruins,
    smoke and the acting unit's move so far."""
    return (state.scenario, state.turn, state.current, state.moved, tuple(state.rubble),
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
    toll = tolls(state, side)
    total = 0.0
    for o in p.outcomes:
        worth = outcome_value(state, action, o, side)
        for e in o.units:
            unit = state.units.get(e.unit)
            if unit is not None and unit.on_map and unit.side in toll:
                alive = len(unit.stats.alive())
                lost = alive if e.eliminated else e.losses if e.loss in ("vehicles", "elements") else 0
                worth += min(lost, alive) * toll[unit.side]
        total += float(o.chance) * worth
    return total


def tolls(state: DSState, side: str) -> dict[str, float]:
    """Side -> the worth to `side` of one of its elements lost on a casualties race: the evaluation's toll
    (rules/ai/evaluate.py, `TOLL` growing to twice that at the last turn) shared by the elements that win it, a
    gain to the side that wins by it and a cost to the others."""
    out: dict[str, float] = {}
    for c in state.victory:
        if c.kind == "casualties" and c.side and c.fraction:
            others = set(state.other_sides(c.side))
            start = elements_lost(state, lambda s: s in others)[1]
            urgency = min(1.0, state.turn / max(1, c.turn or state.max_turns or 10))
            each = TOLL * (1.0 + urgency) / max(1.0, c.fraction * start) * (1.0 if c.side == side else -1.0)
            for s in others:
                out[s] = out.get(s, 0.0) + each
    return out


def _unit_fire(a: Action) -> tuple | None:
    """A unit's fire actions stand for one another (each is its whole combat action, at one target)."""
    return ("fire", a.unit_id) if a.kind == "fire" else None


def best_targets(state: DSState, side: str, actions: list[Action]) -> list[Action]:
    """`actions` with, of each unit's fire actions, only the one worth most by its exact odds."""
    drop, _ = each_weapons_best(actions, side, lambda: _fingerprint(state),
                                lambda a: shot_worth(state, a, side), _MEMO, _unit_fire)
    return [a for i, a in enumerate(actions) if i not in drop]
