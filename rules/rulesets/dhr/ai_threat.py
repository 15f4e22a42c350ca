"""What the enemy's next volleys may take from a DHR side (the computer's `threat` hint, rules/contract.py).

The look-ahead ends where the other side's chip is drawn, so a unit that walked into the open before the
Kar98ks looked as safe as one behind the hedge: only the DV of its own hex counted (`unit_value`). The threat
reads every enemy unit's best volley at the side's units as they stand: each weapon at its best RoF slots, the
expected figures its dice take through the terrain and armour saves along the line (DHR-A01, A02, A07, A08),
the unit firing at whichever target it takes most from. A quick reading in floats, not the exact odds the
preview gives: it is asked of every position the search weighs. Vehicles are left out as targets (the armour
contest; rules/rulesets/dhr/ai_reach.py keeps them out of anti-tank reach), and so is melee: read the same
way (a d6 a figure at its Rating, within the attacker's MP), it changed nothing in farm and hedgerow and no
more than luck in field and tower (stop 50: computer with the threat against computer without, 60-120 games).
"""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.rulesets.dhr.fighters import armoured, fire_number, firers, save_dv
from rules.rulesets.dhr.state import DHRState

SCENES_KEPT = 64
"""Wrecks-and-smoke scenes whose save DVs a board remembers before its memo starts afresh."""


def _under(n: int) -> float:
    """The chance a d6 rolls `n` or less."""
    return min(max(n, 0), 6) / 6.0


def _save_between(state: DHRState):
    """A function (a, b) -> the save DV along the line, remembered for this board, wrecks and smoke (a line's DV
    depends on them alone)."""
    scenes = state.board.memo("dhr.saves")
    scene = (tuple(state.wrecks), tuple(state.smoke))
    seen = scenes.get(scene)
    if seen is None:
        if len(scenes) >= SCENES_KEPT:
            scenes.clear()
        seen = scenes[scene] = {}

    def between(a: Hex, b: Hex) -> int:
        dv = seen.get((a, b))
        if dv is None:
            dv = seen[(a, b)] = save_dv(state, a, b)
        return dv

    return between


def volley(shooter, target, between) -> float:
    """The figures `shooter`'s weapons may be expected to take from `target` in one activation: each weapon
    once, at the RoF slots that take most."""
    d = shooter.at.distance(target.at)
    total = 0.0
    for w in shooter.stats.weapons:
        n = firers(shooter, w)
        if n <= 0 or (w.armament and shooter.weapon_out) or fire_number(shooter, w, d, 1) < 1:
            continue
        through = (1 - _under(between(shooter.at, target.at))) * (1 - _under(target.stats.armour_dv(w.attack)))
        best = 0.0
        for slots in range(1, len(w.rof) + 1):
            hit = fire_number(shooter, w, d, slots)
            if hit < 1:
                break  # each slot more costs one off the firing number
            best = max(best, n * sum(w.rof[:slots]) * _under(hit) * through)
        total += best
    return min(total, float(target.figures))


def threat(state: DHRState, side: str, unit_value) -> float:
    """The worth `side` may lose to the other sides' next volleys: each enemy unit at the target it takes most
    from, figures at their share of the target's worth (`unit_value`)."""
    targets = [u for u in state.units.values()
               if u.side == side and u.on_map and u.attached_to is None and u.figures > 0
               and not armoured(state, u)]
    if not targets:
        return 0.0
    between = _save_between(state)
    per_figure = {t.id: unit_value(state, t) / t.figures for t in targets}
    total = 0.0
    for e in state.units.values():
        if e.side == side or not e.on_map or e.attached_to is not None or e.figures <= 0:
            continue
        total += max(volley(e, t, between) * per_figure[t.id] for t in targets)
    return total
