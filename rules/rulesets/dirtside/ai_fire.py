"""The fire each side of a Dirtside game may give next, for the computer's evaluation (the `side_value` hint).

The computer's look-ahead ends before the other side fires (an activation is a move, a fire, an end), so
its reading of a position saw elements and the crossroads but not who stands in whose sights. Teaching,
against the greedy player (seeds 3000-3018, the Federals lost 7 of 10): the Hammer Section's tanks sat in
the village within four hexes of the Village Guard's rifle squads (IAVRs: 43% to knock a tank out a shot)
and were shot and assaulted away, and the rifle platoon crossed open ground in the sights of the Lynx
Troop's APSWs (37% a squad a vehicle) while the tanks, whose HKPs are the Lynx's bane and harmless to
infantry, never lined up a shot at it. Here each unit's best target counts: the worth it may expect to
take from it with every weapon that reaches, by the rules' own exact odds (the fire preview's outcomes).
"""

from __future__ import annotations

from rules.outcomes import DAMAGED, SYSTEMS_DOWN
from rules.rulesets.dirtside import assault, combat, morale, movement, vtol
from rules.rulesets.dirtside.preview import GIVES_WAY, assault_preview
from rules.rulesets.dirtside.shooting_preview import fire_preview
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit

SHARE = 0.5
"""How much of a unit's best shot counts: who activates first decides whether it is fired before its target
moves or fires back."""
DAMAGE_SHARE = 0.4
"""A damaged element keeps 0.6 of its worth (ai_hints' `_element_value`)."""
SYSTEMS_DOWN_WORTH = 1.0

_MEMO: dict[int, tuple[object, dict]] = {}


def _memo(board) -> dict:
    entry = _MEMO.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_MEMO) > 8:
            _MEMO.clear()
        entry = _MEMO[id(board)] = (board, {})
    if len(entry[1]) > 200_000:
        entry[1].clear()
    return entry[1]


def _shape(u: DSUnit) -> tuple:
    """What of a unit the odds of fire by it or at it read: its hex, facing, elements and their state."""
    s = u.stats
    return (u.id, u.at, s.facing, s.confidence, s.under_fire, s.dug_in, bool(s.smoked), s.evasive,
            tuple((e.lost, e.damaged, e.systems_down, e.immobilised) for e in s.elements))


def expected_loss(state: DSState, shooter: DSUnit, target: DSUnit, worth) -> float:
    """The worth `target` may expect to lose to one fire of `shooter` (0 when it cannot fire at it), by the
    fire preview's exact outcomes: an element lost at its share of the unit's worth, a damaged one at
    `DAMAGE_SHARE` of that."""
    if combat.can_fire(state, shooter, target):
        return 0.0
    alive = len(target.stats.alive())
    if not alive:
        return 0.0
    each = worth(state, target) / alive
    total = 0.0
    for o in fire_preview(state, shooter, target).outcomes:
        for e in o.units:
            if e.unit != target.id:
                continue
            lost = min(e.losses, alive) if e.loss in ("vehicles", "elements") else 0
            hurt = lost * each + (DAMAGE_SHARE * each if DAMAGED in e.status else 0.0) \
                + (SYSTEMS_DOWN_WORTH if SYSTEMS_DOWN in e.status else 0.0)
            total += float(o.chance) * hurt
    return min(total, worth(state, target))


HOLD_WORTH = 8.0
"""What a unit pushed off the hex its side must hold gives up (the evaluator's worth of standing there)."""


def assault_loss(state: DSState, attacker: DSUnit, defender: DSUnit, worth) -> float:
    """The worth `defender` may expect to lose to a close assault by `attacker` (0 when it cannot reach or may
    not assault): the preview's exact chance that it gives way at once, times its drop of one confidence level
    and, on a hex its side must hold, the hex."""
    from rules.rulesets.dirtside.ai_hints import CONFIDENCE

    if assault.why_not(state, attacker, defender) or attacker.stats.role != "ground":
        return 0.0
    if attacker.at.distance(defender.at) - 1 > movement.budget(attacker, assault=True):
        return 0.0
    p = sum(float(o.chance) for o in assault_preview(state, attacker, defender).outcomes
            if any(GIVES_WAY in e.status for e in o.units))
    level = defender.stats.confidence
    now = CONFIDENCE.get(level, 1.0)
    drop = worth(state, defender) * (1 - CONFIDENCE.get(morale.drop(level, 1), now) / now) if now else 0.0
    goals = {tuple(h) for c in state.victory if c.kind == "hold" and c.side == defender.side for h in c.hexes}
    return p * (drop + (HOLD_WORTH if tuple(defender.at) in goals else 0.0))


def _loss(state: DSState, shooter: DSUnit, target: DSUnit, worth) -> float:
    memo = _memo(state.board)
    moving = state.current == shooter.id and (state.moved, state.spent)
    key = (_shape(shooter), _shape(target), moving, tuple(tuple(c.hexes) for c in state.clouds), tuple(state.rubble))
    found = memo.get(key)
    if found is None:
        try:
            found = max(expected_loss(state, shooter, target, worth), assault_loss(state, shooter, target, worth))
        except Exception:  # noqa: BLE001 - a guessed state the preview cannot read: no threat counted
            found = 0.0
        memo[key] = found
    return found


def fire_value(state: DSState, side: str, worth) -> float:
    """The worth of what `side`'s ground units on the table may shoot next: each unit's best target, `SHARE`
    of it. `worth(state, unit)` is a unit's worth (ai_hints.unit_value)."""
    ground = [u for u in state.units.values() if u.on_map and u.stats.role == "ground" and u.stats.alive()]
    targets = [u for u in ground if u.side != side and not vtol.high(u)]
    if not targets:
        return 0.0
    total = 0.0
    for shooter in ground:
        if shooter.side == side:
            total += max(_loss(state, shooter, t, worth) for t in targets)
    return SHARE * total
