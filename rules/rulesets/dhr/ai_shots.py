"""Which shot each DHR weapon takes, by the rules' exact odds (the computer's `prune` hint).

A weapon may fire at every enemy in range with one, two or more RoF slots, and a machine gun may
lay its dice along a line or over a hex in several shares: a dozen near-alike fire actions per
weapon. The computer tried each once or twice with its own dice, and one throw says little about
which of them kills more: against the greedy yardstick (which weighs every shot by its exact odds)
it fired a squad's BAR with two slots where four at -1 expected half a figure more, and such picks
added up to a figure or two a game in farm (seed 3000). So, of the shots of one weapon, only the
one whose exact outcomes (the preview's) are worth most is searched; the search still decides
whether to fire that weapon now, move, or end. Each outcome is weighed as the greedy player weighs
it (`outcome_value`), a figure lost also at its share of the enemy's way to a casualties win. A unit that
may no longer move does not end its activation while one of its shots is worth taking (`_must_fire`).
"""

from __future__ import annotations

from rules.actions import Action
from rules.best_shot import each_weapons_best
from rules.rulesets.dhr.preview import preview
from rules.rulesets.dhr.state import DHRState

TOLL_WORTH = 36.0
"""Worth of the whole way to a casualties win (rules/ai/evaluate.py's TOLL at mid-game), shared by figures."""

MIN_SHOT = 0.05
"""A shot expected to be worth less than this (a twentieth of a figure or so) is not worth holding the end for."""

_MEMO: dict[tuple, float | None] = {}


def tolls(state: DHRState) -> dict[str, float]:
    """Side -> the worth of one of its figures on the enemy's way to a casualties win."""
    out: dict[str, float] = {}
    for cond in state.victory:
        if cond.kind == "casualties" and cond.side and cond.fraction:
            for side in state.other_sides(cond.side):
                start = sum(u.start_figures for u in state.units.values() if u.side == side)
                out[side] = out.get(side, 0.0) + TOLL_WORTH / max(1.0, cond.fraction * start)
    return out


def _fingerprint(state: DHRState) -> tuple:
    """What a shot's odds read of the state: where every unit stands, its figures, wounds and crew lost, the wrecks."""
    return (state.scenario, tuple((u.id, u.at, u.figures, u.wounds, u.attached_to, u.rating_loss)
                                  for u in state.units.values() if u.on_map), tuple(state.wrecks), tuple(state.smoke))


def shot_worth(state: DHRState, action: Action, side: str, outcome_value) -> float | None:
    """The exact expected worth to `side` of a fire action (None: no preview to weigh it by)."""
    try:
        p = preview(state, action)
    except Exception:  # noqa: BLE001 - a state the preview cannot read: the search weighs the shot alone
        return None
    if p is None or not p.outcomes:
        return None
    toll = tolls(state)
    total = 0.0
    for o in p.outcomes:
        worth = outcome_value(state, action, o, side)
        for e in o.units:
            unit = state.units.get(e.unit)
            if unit is not None and unit.on_map and e.losses and e.loss == "figures":
                lost = min(e.losses, unit.figures) * toll.get(unit.side, 0.0)
                worth += -lost if unit.side == side else lost
        total += float(o.chance) * worth
    return total


def best_shots(state: DHRState, side: str, actions: list[Action], outcome_value) -> list[Action]:
    """`actions` with, of the fire actions of each weapon, only the one worth most by its exact odds; and no
    end of the activation while the acting unit, which may no longer move, has a shot worth taking."""
    drop, worth = each_weapons_best(actions, side, lambda: _fingerprint(state),
                                    lambda a: shot_worth(state, a, side, outcome_value), _MEMO)
    if not worth:
        return actions
    if _must_fire(state, actions, worth):
        drop.update(i for i, a in enumerate(actions) if a.kind == "end")
    return [a for i, a in enumerate(actions) if i not in drop]


def _must_fire(state: DHRState, actions: list[Action], worth: dict[int, float | None]) -> bool:
    """The acting unit may no longer move (it has attacked, or has no MP left) and one of its shots is worth
    something: firing then costs nothing, so ending the activation only throws the shot away. The look-ahead
    of the few best actions is one throw of the dice against the other side's worst answer; with a weapon's
    shots cut to one, that throw often put the end above it (farm, seed 3000: the end, -15 in the first round,
    over the 2nd Squad's rifles at the MG-42 team, -4)."""
    unit = state.active_unit
    if unit is None or any(a.kind in ("move", "cross") and getattr(a, "unit", None) == unit for a in actions):
        return False
    return any((worth.get(i) or 0.0) > MIN_SHOT for i, a in enumerate(actions)
               if a.kind == "fire" and a.unit == unit)
