"""What the enemy's next attacks may take from a QUAD side (the computer's `threat` hint, rules/contract.py).

The look-ahead ends where the other side plays its card, so a unit that stopped a hex short of an enemy's reach
looked no safer than one inside it. The threat reads every enemy unit's best attack on the side's units as they
stand: an enemy within its Speed and one hex of a unit (it may move next to it) or within its Ranged reach attacks
it with the dice the rules count (QUAD-A04, A14-A17: allies, terrain, support, high ground), and the Quality the
defender is expected to lose comes from the attack's exact distribution (rules/rulesets/quad/odds.py, remembered),
at the defender's worth a point of Quality. The charge's extra dice and the attacker's own losses are left out.
"""

from __future__ import annotations

from functools import lru_cache

from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.combat import attack_inputs
from rules.rulesets.quad.odds import attack_distribution
from rules.rulesets.quad.state import QuadState


@lru_cache(maxsize=4096)
def quality_lost(inputs: proc.AttackInputs) -> float:
    """The defender's expected Quality lost in an attack with these dice."""
    return sum(float(p) * dq for (dq, _back, _aq, _aback), p in attack_distribution(inputs).items())


def _reaches(attacker, target) -> bool:
    d = attacker.at.distance(target.at)
    ranged = attacker.stats.ranged
    return d <= attacker.stats.speed + 1 or (ranged is not None and d <= ranged[1])


def threat(state: QuadState, side: str, unit_value) -> float:
    """The worth `side` may lose to the other sides' next attacks: each enemy unit at the target it takes most
    from, Quality at its share of the target's worth (`unit_value`)."""
    targets = [u for u in state.units.values() if u.side == side and u.on_map and u.stats.quality > 0]
    if not targets:
        return 0.0
    per_quality = {t.id: unit_value(state, t) / t.stats.quality for t in targets}
    total = 0.0
    for e in state.units.values():
        if e.side == side or not e.on_map or e.stats.quality <= 0:
            continue
        total += max((quality_lost(attack_inputs(state, e, t, charged=False)) * per_quality[t.id]
                      for t in targets if _reaches(e, t)), default=0.0)
    return total
